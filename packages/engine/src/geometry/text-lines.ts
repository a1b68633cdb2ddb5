import type { GrayImage } from '../types.ts';
import { components } from '../detect/mask.ts';
import { boxMean } from './raster.ts';

/** A text line as a centreline sampled left to right. */
export interface TextLine {
  xs: Float64Array;
  ys: Float64Array;
  /** length along x in pixels */
  length: number;
}

export interface TextLines {
  lines: TextLine[];
  /** median character height (px) */
  charHeight: number;
  /** median distance between neighbouring lines (px), NaN when unknown */
  pitch: number;
  ink: Uint8Array;
}

interface Blob {
  x0: number;
  x1: number;
  /** smoothed centreline sampled every `step` px from x0 */
  xs: number[];
  ys: number[];
  /** end heights and slopes (linear fits over the last ~3 char heights) */
  yL: number;
  yR: number;
  sL: number;
  sR: number;
}

/**
 * Dark-ink mask by adaptive mean threshold: ink is darker than its neighbourhood mean by a
 * margin (page_dewarp uses window 55, C = 25 at ≤1280 px; the margin here scales with the
 * local mean so faded or shaded text still counts).
 * @example const ink = inkMask(gray, 25);
 */
export function inkMask(gray: GrayImage, radius: number): Uint8Array {
  const mean = boxMean(gray, radius);
  const out = new Uint8Array(gray.data.length);
  for (let i = 0; i < out.length; i++) {
    const m = mean.data[i]!;
    out[i] = gray.data[i]! < m - Math.max(12, 0.12 * m) ? 1 : 0;
  }
  return out;
}

function medianOf(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Keeps pixels lying on a vertical run of at least 3 (a 1×3 opening), in one pass. */
function verticalOpen(m: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!m[i]) continue;
      const up = y > 0 && m[i - w] === 1;
      const up2 = y > 1 && m[i - 2 * w] === 1;
      const dn = y < h - 1 && m[i + w] === 1;
      const dn2 = y < h - 2 && m[i + 2 * w] === 1;
      if ((up && dn) || (up && up2) || (dn && dn2)) out[i] = 1;
    }
  }
  return out;
}

/** Horizontal-only dilation by r (joins letters into words and words into lines). */
function smearRows(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let last = -Infinity;
    for (let x = 0; x < w; x++) if (mask[row + x]) last = x;
    // Fill gaps ≤ 2r between ink pixels on the same row.
    let prev = -Infinity;
    for (let x = 0; x < w; x++) {
      if (!mask[row + x]) continue;
      if (x - prev <= 2 * r && prev >= 0) for (let k = prev + 1; k < x; k++) out[row + k] = 1;
      out[row + x] = 1;
      prev = x;
    }
    void last;
  }
  return out;
}

/**
 * Classical text-line detection (after mzucker/page_dewarp, with stricter grouping from
 * ENGINE-NOTES §3.1): adaptive threshold → horizontal smearing → blobs with a fitted
 * centreline (ink centroid per column, quadratic) → blobs linked greedily into lines with gap,
 * vertical offset (≤ 0.5 char height) and angle (≤ 7.5°) gates → sampled centrelines.
 * Expects roughly horizontal text (run it on a rectified page).
 * @example const { lines, charHeight } = detectTextLines(gray);
 */
export function detectTextLines(gray: GrayImage): TextLines {
  const { width: w, height: h } = gray;
  const radius = Math.max(8, Math.round(Math.max(w, h) / 64));
  const ink = inkMask(gray, radius);
  // Character height from connected ink components of plausible size.
  const { labels: inkLabels, sizes: inkSizes } = components(ink, w, h);
  const nInk = inkSizes.length;
  const top = new Int32Array(nInk).fill(h);
  const bot = new Int32Array(nInk).fill(-1);
  const left = new Int32Array(nInk).fill(w);
  const right = new Int32Array(nInk).fill(-1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = inkLabels[y * w + x]!;
      if (!l) continue;
      if (y < top[l]!) top[l] = y;
      if (y > bot[l]!) bot[l] = y;
      if (x < left[l]!) left[l] = x;
      if (x > right[l]!) right[l] = x;
    }
  }
  const heights: number[] = [];
  for (let l = 1; l < nInk; l++) {
    const hh = bot[l]! - top[l]! + 1;
    const ww = right[l]! - left[l]! + 1;
    if (inkSizes[l]! >= 6 && hh >= 4 && hh < h / 20 && ww < 4 * hh) heights.push(hh);
  }
  const charHeight = Math.max(4, medianOf(heights) || 10);
  // Drop ink components far bigger than characters (rules, photos, shadows).
  const clean = new Uint8Array(w * h);
  for (let i = 0; i < clean.length; i++) {
    const l = inkLabels[i]!;
    if (!l) continue;
    const hh = bot[l]! - top[l]! + 1;
    if (hh <= 3 * charHeight && hh >= 0.25 * charHeight) clean[i] = 1;
  }
  const smeared = smearRows(clean, w, h, Math.round(0.6 * charHeight));
  // A thin vertical opening separates lines touching through ascenders/descenders.
  const opened = verticalOpen(smeared, w, h);
  const { labels, sizes } = components(opened, w, h);
  const blobs = fitBlobs(labels, sizes.length, clean, w, h, charHeight);
  const lines = linkBlobs(blobs, charHeight);
  // Pitch: median vertical distance between a line and its nearest neighbour below.
  const gaps: number[] = [];
  for (const a of lines) {
    const xm = a.xs[a.xs.length >> 1]!;
    const ya = a.ys[a.ys.length >> 1]!;
    let best = Infinity;
    for (const b of lines) {
      if (b === a || xm < b.xs[0]! || xm > b.xs[b.xs.length - 1]!) continue;
      let k = 0;
      while (k < b.xs.length - 1 && b.xs[k]! < xm) k++;
      const d = b.ys[k]! - ya;
      if (d > 0.5 * charHeight && d < best) best = d;
    }
    if (Number.isFinite(best)) gaps.push(best);
  }
  return { lines, charHeight, pitch: medianOf(gaps), ink: clean };
}

function fitBlobs(
  labels: Int32Array,
  n: number,
  ink: Uint8Array,
  w: number,
  h: number,
  ch: number,
): Blob[] {
  const x0 = new Int32Array(n).fill(w);
  const x1 = new Int32Array(n).fill(-1);
  const y0 = new Int32Array(n).fill(h);
  const y1 = new Int32Array(n).fill(-1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = labels[y * w + x]!;
      if (!l) continue;
      if (x < x0[l]!) x0[l] = x;
      if (x > x1[l]!) x1[l] = x;
      if (y < y0[l]!) y0[l] = y;
      if (y > y1[l]!) y1[l] = y;
    }
  }
  const blobs: Blob[] = [];
  const step = Math.max(3, Math.round(ch / 2));
  const half = Math.max(2, Math.round(0.8 * ch));
  for (let l = 1; l < n; l++) {
    const bw = x1[l]! - x0[l]! + 1;
    if (bw < 2.5 * ch) continue;
    // Per-column ink centroid and blob extent (column height = local line thickness).
    const sumY = new Float64Array(bw);
    const cnt = new Float64Array(bw);
    const colTop = new Int32Array(bw).fill(h);
    const colBot = new Int32Array(bw).fill(-1);
    for (let y = y0[l]!; y <= y1[l]!; y++) {
      for (let x = x0[l]!; x <= x1[l]!; x++) {
        const i = y * w + x;
        if (labels[i] !== l) continue;
        const c = x - x0[l]!;
        if (y < colTop[c]!) colTop[c] = y;
        if (y > colBot[c]!) colBot[c] = y;
        if (!ink[i]) continue;
        sumY[c] = sumY[c]! + y;
        cnt[c] = cnt[c]! + 1;
      }
    }
    const thick: number[] = [];
    for (let c = 0; c < bw; c += 2) if (colBot[c]! >= 0) thick.push(colBot[c]! - colTop[c]! + 1);
    const thickness = medianOf(thick);
    if (thickness > 2.6 * ch || thickness < 0.4 * ch) continue;
    // Smoothed centreline: ink-weighted mean y over a window of ±0.8 char heights.
    const xs: number[] = [];
    const ys: number[] = [];
    for (let c = Math.min(half, bw >> 1); c < bw - Math.min(half, bw >> 1) + 1; c += step) {
      let sy = 0;
      let sc = 0;
      for (let k = Math.max(0, c - half); k <= Math.min(bw - 1, c + half); k++) {
        sy += sumY[k]!;
        sc += cnt[k]!;
      }
      if (sc < 2) continue;
      xs.push(x0[l]! + c);
      ys.push(sy / sc);
    }
    if (xs.length < 2) continue;
    const endFit = (fromEnd: boolean): [number, number] => {
      const m = Math.max(2, Math.min(xs.length, Math.round((3 * ch) / step)));
      const ix = fromEnd ? xs.slice(-m) : xs.slice(0, m);
      const iy = fromEnd ? ys.slice(-m) : ys.slice(0, m);
      const mx = ix.reduce((a, b) => a + b, 0) / m;
      const my = iy.reduce((a, b) => a + b, 0) / m;
      let sxx = 0;
      let sxy = 0;
      for (let k = 0; k < m; k++) {
        sxx += (ix[k]! - mx) ** 2;
        sxy += (ix[k]! - mx) * (iy[k]! - my);
      }
      const slope = sxx > 0 ? sxy / sxx : 0;
      const xe = fromEnd ? x1[l]! : x0[l]!;
      return [my + slope * (xe - mx), slope];
    };
    const [yL, sL] = endFit(false);
    const [yR, sR] = endFit(true);
    blobs.push({ x0: x0[l]!, x1: x1[l]!, xs, ys, yL, yR, sL, sR });
  }
  return blobs;
}

/** Greedy span linking: each blob gets at most one successor and one predecessor. */
function linkBlobs(blobs: Blob[], ch: number): TextLine[] {
  const maxGap = 2.5 * ch;
  const links: Array<[number, number, number]> = [];
  const order = blobs.map((_, i) => i).sort((a, b) => blobs[a]!.x0 - blobs[b]!.x0);
  for (const i of order) {
    const a = blobs[i]!;
    for (const j of order) {
      const b = blobs[j]!;
      if (i === j || b.x0 < a.x1 - ch || b.x0 - a.x1 > maxGap || b.x1 <= a.x1) continue;
      const xm = (a.x1 + b.x0) / 2;
      const dy = Math.abs(a.yR + a.sR * (xm - a.x1) - (b.yL + b.sL * (xm - b.x0)));
      if (dy > 0.5 * ch) continue;
      const dAngle = Math.abs(Math.atan(a.sR) - Math.atan(b.sL));
      if (dAngle > (7.5 * Math.PI) / 180) continue;
      links.push([Math.max(0, b.x0 - a.x1) + 10 * ch * dAngle + 2 * dy, i, j]);
    }
  }
  links.sort((p, q) => p[0] - q[0]);
  const next = new Int32Array(blobs.length).fill(-1);
  const prev = new Int32Array(blobs.length).fill(-1);
  for (const [, i, j] of links) {
    if (next[i] !== -1 || prev[j] !== -1) continue;
    next[i] = j;
    prev[j] = i;
  }
  const lines: TextLine[] = [];
  for (let i = 0; i < blobs.length; i++) {
    if (prev[i] !== -1) continue;
    const chain: Blob[] = [];
    for (let k = i; k !== -1; k = next[k]!) chain.push(blobs[k]!);
    const start = chain[0]!.x0;
    const end = chain[chain.length - 1]!.x1;
    if (end - start < 8 * ch) continue;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const b of chain) {
      xs.push(...b.xs);
      ys.push(...b.ys);
    }
    if (xs.length < 4) continue;
    lines.push({ xs: Float64Array.from(xs), ys: Float64Array.from(ys), length: end - start });
  }
  return lines;
}

/**
 * Straightness of detected lines: length-weighted RMS distance of each centreline from its own
 * best-fit straight line (px). Lower is straighter; 0 for perfectly straight lines.
 * @example const before = lineWaviness(detectTextLines(gray).lines);
 */
export function lineWaviness(lines: TextLine[]): number {
  let acc = 0;
  let wsum = 0;
  for (const l of lines) {
    const n = l.xs.length;
    if (n < 3) continue;
    let mx = 0;
    let my = 0;
    for (let k = 0; k < n; k++) {
      mx += l.xs[k]!;
      my += l.ys[k]!;
    }
    mx /= n;
    my /= n;
    let sxx = 0;
    let sxy = 0;
    for (let k = 0; k < n; k++) {
      sxx += (l.xs[k]! - mx) ** 2;
      sxy += (l.xs[k]! - mx) * (l.ys[k]! - my);
    }
    const b = sxx > 0 ? sxy / sxx : 0;
    let r = 0;
    for (let k = 0; k < n; k++) r += (l.ys[k]! - my - b * (l.xs[k]! - mx)) ** 2;
    acc += l.length * Math.sqrt(r / n);
    wsum += l.length;
  }
  return wsum > 0 ? acc / wsum : 0;
}
