import type { RgbImage } from '../types.ts';

/** Depth of the border band that is cleaned, as a share of the page's short side. */
const BAND = 0.12;
/** A pixel this much darker than white (after the appearance stage, paper is ≈ 255) or this
 *  colourful (max − min of RGB) is background, not paper. After the appearance stage a light
 *  wooden or beige desk beyond the page's border is light but tinted (chroma 50–90: a thesis
 *  page's desk strip, a book's page stack); at 100 it stayed, a textured band along the edge. */
const DARK = 185;
const CHROMA = 50;

/**
 * Whitens background left along the edges of a restored page: the table or desk seen between
 * the page's wavy border and the output rectangle (a crumpled edge, a torn or dog-eared
 * corner). Each region of non-paper pixels connected to the image border is whitened, grown
 * by one pixel to take the anti-aliased rim, only when it stays within a band of 12 % of the
 * short side: dark content that reaches further in (a full-bleed photo, a table touching the
 * edge, or a whole unflattened background) is left as it is. Works in place; returns the share
 * of pixels whitened.
 * @example const share = whitenEdgeBackground(page); // 0.004
 */
export function whitenEdgeBackground(img: RgbImage): number {
  const { width: w, height: h, data } = img;
  const band = Math.max(2, Math.round(BAND * Math.min(w, h)));
  const depth = (x: number, y: number) => Math.min(x, y, w - 1 - x, h - 1 - y);
  const isBackground = (i: number): boolean => {
    const r = data[3 * i]!;
    const g = data[3 * i + 1]!;
    const b = data[3 * i + 2]!;
    const hi = Math.max(r, g, b);
    return 0.299 * r + 0.587 * g + 0.114 * b < DARK || hi - Math.min(r, g, b) > CHROMA;
  };
  // 1: in the region being flooded, 2: whitened, 3: in a region that reaches deeper than the
  // band. A flood stops as soon as its region is known to be deep (a whole unflattened
  // background would otherwise be walked pixel by pixel): its pixels so far are marked 3, and a
  // later flood that touches one of them belongs to the same deep region.
  const mark = new Uint8Array(w * h);
  const region: number[] = [];
  // Every pixel of the regions kept for whitening, in flood order.
  const whitened: number[] = [];
  let deep = false;
  const flood = (start: number): void => {
    if (mark[start] || !isBackground(start)) return;
    region.length = 0;
    mark[start] = 1;
    region.push(start);
    deep = false;
    for (let k = 0; k < region.length && !deep; k++) {
      const i = region[k]!;
      const x = i % w;
      const y = (i - x) / w;
      if (depth(x, y) > band) deep = true;
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (y > 0) visit(i - w);
      if (y < h - 1) visit(i + w);
    }
    const m = deep ? 3 : 2;
    for (const i of region) mark[i] = m;
    if (!deep) for (const i of region) whitened.push(i);
  };
  const visit = (j: number): void => {
    const mj = mark[j];
    if (mj === 3) deep = true;
    if (mj || !isBackground(j)) return;
    mark[j] = 1;
    region.push(j);
  };
  for (let x = 0; x < w; x++) {
    flood(x);
    flood((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    flood(y * w);
    flood(y * w + w - 1);
  }
  // The whitened regions grown by one pixel (the grey rim between background and paper): each
  // whitened pixel and its four neighbours, so only the regions' own pixels are visited.
  let changed = 0;
  const whiten = (i: number): void => {
    const o = 3 * i;
    if (data[o] === 255 && data[o + 1] === 255 && data[o + 2] === 255) return;
    data[o] = 255;
    data[o + 1] = 255;
    data[o + 2] = 255;
    changed++;
  };
  for (const i of whitened) {
    const x = i % w;
    whiten(i);
    if (x > 0) whiten(i - 1);
    if (x < w - 1) whiten(i + 1);
    if (i >= w) whiten(i - w);
    if (i + w < w * h) whiten(i + w);
  }
  return changed / (w * h);
}
