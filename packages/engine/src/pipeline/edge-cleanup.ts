import type { RgbImage } from '../types.ts';

/** Depth of the border band that is cleaned, as a share of the page's short side. */
const BAND = 0.12;
/** A pixel this much darker than white (after the appearance stage, paper is ≈ 255) or this
 *  colourful (max − min of RGB) is background, not paper. After the appearance stage a light
 *  wooden or beige desk beyond the page's border is light but tinted (chroma 50–90: a thesis
 *  page's desk strip, a book's page stack); at 100 it stayed, a textured band along the edge. */
const DARK = 185;
const CHROMA = 50;

/** A region that meets one side of the frame only, no wider along it than this many times its
 *  depth from it, is printed content that side cut (a logo), not desk: desk shows between the
 *  frame and a wavy border as strips along it, or as bites out of the page no deeper than half
 *  their width (a semicircle is 2 : 1). */
const CUT_CONTENT_SPAN = 1.5;
/** …when it reaches at least this share of the short side in (smaller: a speck)… */
const CUT_CONTENT_DEPTH = 0.02;
/** …and fills at least this share of its bounding box (a disc cut anywhere fills 0.79 or
 *  more; the thin streaks of a dark desk along a crumpled corner, 0.1–0.3). */
const CUT_CONTENT_FILL = 0.5;

/**
 * Whether the border region `region` (pixel indices of a w × h image) is content cut by the
 * frame: it meets one side only and is compact across from it, and solid (see
 * CUT_CONTENT_SPAN).
 */
function cutContent(region: number[], w: number, h: number): boolean {
  let x0 = w;
  let x1 = -1;
  let y0 = h;
  let y1 = -1;
  for (const i of region) {
    const x = i % w;
    const y = (i - x) / w;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  const sides = [y0 === 0, x1 === w - 1, y1 === h - 1, x0 === 0];
  if (sides.filter(Boolean).length !== 1) return false;
  const across = sides[0] || sides[2];
  const span = across ? x1 - x0 + 1 : y1 - y0 + 1;
  const depth = across ? y1 - y0 + 1 : x1 - x0 + 1;
  return (
    depth >= CUT_CONTENT_DEPTH * Math.min(w, h) &&
    span <= CUT_CONTENT_SPAN * depth &&
    region.length >= CUT_CONTENT_FILL * span * depth
  );
}

/** Tinted paper: lighter than DARK but with a channel under this (after the appearance stage
 *  paper is ≈ 255 in every channel). A book's page stack and the shade along its gutter or a
 *  curled edge come out of the appearance stage as light tan or grey bands (channels 200–240). */
const TINT = 235;

/**
 * The pixels of the regions of `candidate` pixels connected to the image border that stay
 * within `band` of it and are not content one side cut (see CUT_CONTENT_SPAN), in flood order.
 */
function borderRegions(w: number, h: number, band: number, candidate: (i: number) => boolean) {
  const depth = (x: number, y: number) => Math.min(x, y, w - 1 - x, h - 1 - y);
  // 1: in the region being flooded, 2: kept, 3: in a region that reaches deeper than the band.
  // A flood stops as soon as its region is known to be deep (a whole unflattened background
  // would otherwise be walked pixel by pixel): its pixels so far are marked 3, and a later
  // flood that touches one of them belongs to the same deep region.
  const mark = new Uint8Array(w * h);
  const region: number[] = [];
  const kept: number[] = [];
  let deep = false;
  const visit = (j: number): void => {
    const mj = mark[j];
    if (mj === 3) deep = true;
    if (mj || !candidate(j)) return;
    mark[j] = 1;
    region.push(j);
  };
  const flood = (start: number): void => {
    if (mark[start] || !candidate(start)) return;
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
    // Content a side cut is kept as deep regions are (and marked so, for later floods).
    if (!deep && cutContent(region, w, h)) deep = true;
    const m = deep ? 3 : 2;
    for (const i of region) mark[i] = m;
    if (!deep) for (const i of region) kept.push(i);
  };
  forEachBorderPixel(w, h, flood);
  return kept;
}

/**
 * Whitens background left along the edges of a restored page: the table or desk seen between
 * the page's wavy border and the output rectangle (a crumpled edge, a torn or dog-eared
 * corner). Each region of non-paper pixels connected to the image border is whitened, grown
 * by one pixel to take the anti-aliased rim, only when it stays within a band of 12 % of the
 * short side: dark content that reaches further in (a full-bleed photo, a table touching the
 * edge, or a whole unflattened background) is left as it is, and so is a compact region that
 * one side cuts (a logo the page's outline clipped: see CUT_CONTENT_SPAN).
 * Then the same for light tinted bands (TINT) joined to the border, on their own or through
 * the desk: a book's page stack, the shade along its gutter. They never take in dark pixels, and
 * a tinted pixel beside dark ink left on the page stays (the soft rim of a letter near the band).
 * Works in place; returns the share of pixels whitened.
 * @example const share = whitenEdgeBackground(page); // 0.004
 */
export function whitenEdgeBackground(img: RgbImage): number {
  const { width: w, height: h, data } = img;
  const band = Math.max(2, Math.round(BAND * Math.min(w, h)));
  const lum = (i: number): number =>
    0.299 * data[3 * i]! + 0.587 * data[3 * i + 1]! + 0.114 * data[3 * i + 2]!;
  const isBackground = (i: number): boolean => {
    const r = data[3 * i]!;
    const g = data[3 * i + 1]!;
    const b = data[3 * i + 2]!;
    const hi = Math.max(r, g, b);
    return lum(i) < DARK || hi - Math.min(r, g, b) > CHROMA;
  };
  const isTinted = (i: number): boolean =>
    Math.min(data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!) < TINT;
  const desk = borderRegions(w, h, band, isBackground);
  // Tinted bands are flooded through the desk regions just found (a band of shade behind a
  // strip of desk reaches the border only through it), but not through other dark pixels.
  const isDesk = new Uint8Array(w * h);
  for (const i of desk) isDesk[i] = 1;
  const tinted = borderRegions(
    w,
    h,
    band,
    (i) => isDesk[i] === 1 || (isTinted(i) && lum(i) >= DARK),
  );
  const inked = (i: number): boolean => lum(i) < DARK && isDesk[i] !== 1;
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
  // Tinted pixels beside ink first, while the ink is still there to be seen.
  const keep = new Uint8Array(w * h);
  for (const i of tinted) {
    if (isDesk[i]) continue;
    const x = i % w;
    if (
      (x > 0 && inked(i - 1)) ||
      (x < w - 1 && inked(i + 1)) ||
      (i >= w && inked(i - w)) ||
      (i + w < w * h && inked(i + w))
    )
      keep[i] = 1;
  }
  for (const i of desk) {
    const x = i % w;
    whiten(i);
    if (x > 0) whiten(i - 1);
    if (x < w - 1) whiten(i + 1);
    if (i >= w) whiten(i - w);
    if (i + w < w * h) whiten(i + w);
  }
  for (const i of tinted) if (!keep[i]) whiten(i);
  return changed / (w * h);
}

/** The outermost rows and columns `whitenBorderSpecks` looks at. */
const FRAME = 2;
/** Paper, after the appearance stage: every channel at least this light. */
const PAPER = 240;

/**
 * Whitens light specks along the very border of a restored page: the desk's anti-aliased
 * rim where a wavy page edge grazes the output frame, too light (grey 185–245) for
 * `whitenEdgeBackground` to take for desk, showed as a faint dotted line along the edge. A pixel
 * in the outer FRAME rows or columns that is lighter than DARK becomes white when the pixel just
 * inside it (FRAME + 1 in from the nearest side) is paper, so a photo or a tint that runs off
 * the page keeps its edge. Works in place; returns the share of pixels whitened.
 * @example whitenBorderSpecks(page); // 0.0004
 */
export function whitenBorderSpecks(img: RgbImage): number {
  const { width: w, height: h, data } = img;
  if (w <= 2 * FRAME + 2 || h <= 2 * FRAME + 2) return 0;
  let changed = 0;
  const paper = (o: number) => Math.min(data[o]!, data[o + 1]!, data[o + 2]!) >= PAPER;
  const check = (x: number, y: number): void => {
    const o = 3 * (y * w + x);
    if (data[o] === 255 && data[o + 1] === 255 && data[o + 2] === 255) return;
    if (0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]! < DARK) return;
    // The nearest side's inward step.
    const d = Math.min(x, y, w - 1 - x, h - 1 - y);
    const [ix, iy] =
      d === x
        ? [FRAME + 1, y]
        : d === w - 1 - x
          ? [w - 2 - FRAME, y]
          : d === y
            ? [x, FRAME + 1]
            : [x, h - 2 - FRAME];
    if (!paper(3 * (iy * w + ix))) return;
    data.fill(255, o, o + 3);
    changed++;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (x === FRAME && y >= FRAME && y < h - FRAME) x = w - FRAME;
      check(x, y);
    }
  }
  return changed / (w * h);
}

/** A finger reaches at most this share of the page's short side in from its border (the
 *  desk band's 12 % cut off the tips of thumbs held well over the margin). */
const FINGER_BAND = 0.2;
/** A finger is at least this share of the page's short side across (fewer pixels: a blot)… */
const FINGER_MIN = 0.015;
/** …and at most this share of it either way (a thumb is 6–12 %): a coloured banner along a
 *  flyer's top is longer. Both are measured on the region's pixels more than FINGER_STRIP of
 *  the short side in from the border, so a brown desk strip down a side that the thumb touches
 *  goes with it, and a strip alone is left to `whitenEdgeBackground`. */
const FINGER_SPAN = 0.25;
const FINGER_STRIP = 0.03;
/** Of the pixels around a finger (off the image border, its own warm rim left out), at most
 *  this share are colourful: the rest are paper, text or a grey desk. A skin-coloured region
 *  among other colours is part of a picture or a logo (a brown disc round a green emblem:
 *  12 %), and a finger over a picture is left there (21–26 %) rather than bite a white hole
 *  out of it. */
const FINGER_FOREIGN = 0.05;
/** Neutral: max − min of RGB below this. */
const NEUTRAL_CHROMA = 30;
/** The rim whitened with a finger: RIM rings whatever they hold but dark neutral pixels (text
 *  the finger touches), then up to WARM_RIM more through warm pixels (its pale, blended edge). */
const RIM = 2;
const WARM_RIM = 4;

/**
 * Skin: red over green over blue with a hue of about 6–45° and a saturation of 0.15–0.8, the
 * range of fingers from light to dark under any light the appearance stage balanced to white.
 * Red stamps (green at or under blue), pink highlighter (blue over green), yellow highlighter
 * (hue over 50°) and paper with a warm cast (saturation under 0.1) fall outside.
 */
function isSkin(r: number, g: number, b: number): boolean {
  if (r < 50 || g > r - 8 || b > g - 3) return false;
  const span = r - b;
  const hue = (g - b) / span;
  return hue >= 0.1 && hue <= 0.75 && span >= 0.15 * r && span <= 0.8 * r;
}

/** Warm: tinted towards skin, however faintly (a finger's edge blended with the paper). */
function isWarm(r: number, g: number, b: number): boolean {
  return r >= g + 4 && g >= b - 2 && r - b >= 12;
}

/**
 * Paints out fingers holding the page: each skin-coloured region that enters from the image
 * border, reaches no further in than FINGER_BAND of the short side, is FINGER_MIN to FINGER_SPAN
 * of it across and lies among neutral pixels (paper, text, a grey desk: see FINGER_FOREIGN)
 * becomes white with its rim (its anti-aliased, shaded edge: see RIM), except where the rim is
 * dark and neutral, so the text a finger touches keeps its strokes. What the finger covered is
 * lost either way; white paper reads as the margin it usually is, where a pink blob over a
 * table made OCR take the table for a picture. Run on the resampled page in colour, before the
 * output mode drops the colour. Works in place; returns the share of pixels whitened.
 * @example const share = whitenFingers(flat); // 0.003 with a thumb over the left margin
 */
export function whitenFingers(img: RgbImage): number {
  const { width: w, height: h, data } = img;
  const n = w * h;
  const short = Math.min(w, h);
  const band = Math.max(2, Math.round(FINGER_BAND * short));
  const minSide = Math.max(3, FINGER_MIN * short);
  const maxSide = FINGER_SPAN * short;
  const strip = FINGER_STRIP * short;
  // 1: skin pixel of the region being flooded or of a rejected one, 2: of a finger (and, after
  // the rings below, its rim).
  const mark = new Uint8Array(n);
  // The region being flooded, then every finger pixel and rim ring, as a queue.
  let queue = new Int32Array(1024);
  let len = 0;
  const push = (j: number): void => {
    if (len === queue.length) {
      const q = new Int32Array(2 * len);
      q.set(queue);
      queue = q;
    }
    queue[len++] = j;
  };
  let fingers = 0;
  const flood = (start: number): void => {
    if (mark[start] || !skinAt(data, start)) return;
    const first = len;
    mark[start] = 1;
    push(start);
    let deep = false;
    let x0 = w;
    let x1 = -1;
    let y0 = h;
    let y1 = -1;
    let neutral = 0;
    let foreign = 0;
    const visit = (j: number): void => {
      if (mark[j]) return;
      if (skinAt(data, j)) {
        mark[j] = 1;
        push(j);
        return;
      }
      const o = 3 * j;
      const r = data[o]!;
      const g = data[o + 1]!;
      const b = data[o + 2]!;
      if (Math.max(r, g, b) - Math.min(r, g, b) < NEUTRAL_CHROMA) neutral++;
      else if (!isWarm(r, g, b)) foreign++;
    };
    for (let k = first; k < len; k++) {
      const i = queue[k]!;
      const x = i % w;
      const y = (i - x) / w;
      const depth = Math.min(x, y, w - 1 - x, h - 1 - y);
      if (depth > band) deep = true;
      if (depth > strip) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (y > 0) visit(i - w);
      if (y < h - 1) visit(i + w);
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const size = bw >= minSide && bh >= minSide && bw <= maxSide && bh <= maxSide;
    if (deep || !size || foreign > FINGER_FOREIGN * (neutral + foreign)) {
      // Rejected: its pixels stay marked 1, so no later flood takes a piece of it.
      len = first;
      return;
    }
    for (let k = first; k < len; k++) mark[queue[k]!] = 2;
    fingers = len;
  };
  forEachBorderPixel(w, h, flood);
  if (fingers === 0) return 0;
  // The rim: ring by ring out from the fingers; a pixel of the first RIM rings is taken unless
  // it is dark and neutral (text the finger touches), one of the next WARM_RIM only when warm.
  let from = 0;
  for (let ring = 0; ring < RIM + WARM_RIM && from < len; ring++) {
    const to = len;
    const take = (j: number): void => {
      if (mark[j] === 2) return;
      const o = 3 * j;
      const r = data[o]!;
      const g = data[o + 1]!;
      const b = data[o + 2]!;
      const hi = Math.max(r, g, b);
      const text = hi - Math.min(r, g, b) < NEUTRAL_CHROMA && hi < 150;
      if (ring < RIM ? text : !isWarm(r, g, b)) return;
      mark[j] = 2;
      push(j);
    };
    for (let k = from; k < to; k++) {
      const i = queue[k]!;
      const x = i % w;
      if (x > 0) take(i - 1);
      if (x < w - 1) take(i + 1);
      if (i >= w) take(i - w);
      if (i + w < n) take(i + w);
    }
    from = to;
  }
  let changed = 0;
  for (let k = 0; k < len; k++) {
    const o = 3 * queue[k]!;
    if (data[o] === 255 && data[o + 1] === 255 && data[o + 2] === 255) continue;
    data[o] = 255;
    data[o + 1] = 255;
    data[o + 2] = 255;
    changed++;
  }
  return changed / n;
}

/** Whether pixel i of an RGB buffer is skin-coloured (see isSkin). */
function skinAt(data: Uint8Array, i: number): boolean {
  return isSkin(data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!);
}

/** Calls fn with the index of every pixel on the border of a w × h image (corners twice):
 *  the top and bottom rows column by column, then the left and right columns row by row. */
function forEachBorderPixel(w: number, h: number, fn: (i: number) => void): void {
  for (let x = 0; x < w; x++) {
    fn(x);
    fn((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    fn(y * w);
    fn(y * w + w - 1);
  }
}
