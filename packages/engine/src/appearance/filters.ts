/**
 * Planar Float32 image kernels for the appearance stage: O(1)-per-pixel min/max (van Herk /
 * Gil–Werman, from the shared `filters/rank-filter.ts`), box and near-Gaussian blurs from
 * running sums, and block downscaling.
 */

import { rankFilter as rankFilterF32 } from '../filters/rank-filter.ts';

export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

type Op = 'min' | 'max';

/**
 * Square min or max filter of side 2r+1 (edges ignore outside pixels).
 * @example
 * const dilated = rankFilter(plane, 7, 'max');
 */
export function rankFilter(p: Plane, r: number, op: Op): Plane {
  const { width: w, height: h } = p;
  if (r <= 0) return { width: w, height: h, data: p.data.slice() };
  return { width: w, height: h, data: rankFilterF32(p.data, w, h, r, op === 'max') };
}

/**
 * 1-D box mean of radius r over `n` contiguous samples with edge-normalised windows, from
 * src[so..) into dst[dof..). Only the clipped ends divide; the middle, where the window is full,
 * multiplies by a precomputed 1/(2r+1) and has no branches.
 */
function boxLine(
  src: Float32Array,
  so: number,
  dst: Float32Array,
  dof: number,
  n: number,
  r: number,
): void {
  let sum = 0;
  let count = 0;
  for (let j = 0; j <= Math.min(r, n - 1); j++) {
    sum += src[so + j]!;
    count++;
  }
  const head = Math.min(r, n);
  for (let i = 0; i < head; i++) {
    dst[dof + i] = sum / count;
    if (i + r + 1 < n) {
      sum += src[so + i + r + 1]!;
      count++;
    }
  }
  const inv = 1 / (2 * r + 1);
  const mid = n - r - 1;
  for (let i = r; i < mid; i++) {
    dst[dof + i] = sum * inv;
    sum += src[so + i + r + 1]!;
    sum -= src[so + i - r]!;
  }
  for (let i = Math.max(r, mid); i < n; i++) {
    dst[dof + i] = sum / count;
    if (i + r + 1 < n) {
      sum += src[so + i + r + 1]!;
      count++;
    }
    sum -= src[so + i - r]!;
    count--;
  }
}

/**
 * Vertical box mean over whole rows with running row sums (cache friendly). Where the window is
 * full, output, add and remove happen in one sweep per row.
 */
function boxColumns(
  src: Float32Array,
  dst: Float32Array,
  w: number,
  h: number,
  r: number,
  acc: Float64Array,
): void {
  acc.fill(0);
  let count = 0;
  for (let y = 0; y <= Math.min(r, h - 1); y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) acc[x] = acc[x]! + src[o + x]!;
    count++;
  }
  const edge = (y: number) => {
    const o = y * w;
    const inv = 1 / count;
    for (let x = 0; x < w; x++) dst[o + x] = acc[x]! * inv;
    const add = y + r + 1;
    const rem = y - r;
    if (add < h) {
      const a = add * w;
      for (let x = 0; x < w; x++) acc[x] = acc[x]! + src[a + x]!;
      count++;
    }
    if (rem >= 0) {
      const b = rem * w;
      for (let x = 0; x < w; x++) acc[x] = acc[x]! - src[b + x]!;
      count--;
    }
  };
  const head = Math.min(r, h);
  for (let y = 0; y < head; y++) edge(y);
  const inv = 1 / (2 * r + 1);
  const mid = h - r - 1;
  for (let y = r; y < mid; y++) {
    const o = y * w;
    const a = (y + r + 1) * w;
    const b = (y - r) * w;
    for (let x = 0; x < w; x++) {
      const s = acc[x]!;
      dst[o + x] = s * inv;
      acc[x] = s + (src[a + x]! - src[b + x]!);
    }
  }
  for (let y = Math.max(r, mid); y < h; y++) edge(y);
}

/**
 * `passes` box blurs of side 2r+1 (windows clipped and renormalised at the borders): all
 * horizontal passes first, row by row in two line buffers that stay in cache, then the vertical
 * ones. The passes are linear and act on separate axes, so the order does not matter.
 */
function boxPasses(p: Plane, r: number, passes: number): Plane {
  const { width: w, height: h } = p;
  let a = new Float32Array(w * h);
  let b = new Float32Array(w * h);
  let la = new Float32Array(w);
  let lb = new Float32Array(w);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    if (passes === 1) {
      boxLine(p.data, o, a, o, w, r);
      continue;
    }
    boxLine(p.data, o, la, 0, w, r);
    for (let k = 1; k < passes - 1; k++) {
      boxLine(la, 0, lb, 0, w, r);
      [la, lb] = [lb, la];
    }
    boxLine(la, 0, a, o, w, r);
  }
  const acc = new Float64Array(w);
  for (let k = 0; k < passes; k++) {
    boxColumns(a, b, w, h, r, acc);
    [a, b] = [b, a];
  }
  return { width: w, height: h, data: a };
}

/**
 * Box blur of side 2r+1; windows are clipped (and renormalised) at the borders.
 * @example
 * const smooth = boxBlur(plane, 3);
 */
export function boxBlur(p: Plane, r: number): Plane {
  const { width: w, height: h } = p;
  if (r <= 0) return { width: w, height: h, data: p.data.slice() };
  return boxPasses(p, r, 1);
}

/** Box radius whose three passes give variance sigma²: 3·((2r+1)²−1)/12 = sigma². */
export function gaussianRadius(sigma: number): number {
  return Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
}

/**
 * Gaussian blur approximated by three box passes (Wells 1986).
 * @example
 * const g = gaussianBlur(plane, 4);
 */
export function gaussianBlur(p: Plane, sigma: number): Plane {
  if (sigma < 0.5) return { width: p.width, height: p.height, data: p.data.slice() };
  return boxPasses(p, gaussianRadius(sigma), 3);
}

/**
 * Splits interleaved RGB into three planes, averaging f×f blocks (area downscale).
 * @example
 * const [r, g, b] = downscaleRgbToPlanes(img, 4);
 */
export function downscaleRgbToPlanes(
  img: { width: number; height: number; data: Uint8Array },
  f: number,
): [Plane, Plane, Plane] {
  const w = Math.max(1, Math.floor(img.width / f));
  const h = Math.max(1, Math.floor(img.height / f));
  const planes = [0, 1, 2].map(() => new Float32Array(w * h)) as [
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const acc = new Float64Array(w * 3);
  const src = img.data;
  const inv = 1 / (f * f);
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    for (let dy = 0; dy < f; dy++) {
      let p = (y * f + dy) * img.width * 3;
      for (let x = 0; x < w; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let dx = 0; dx < f; dx++, p += 3) {
          r += src[p]!;
          g += src[p + 1]!;
          b += src[p + 2]!;
        }
        acc[x * 3] = acc[x * 3]! + r;
        acc[x * 3 + 1] = acc[x * 3 + 1]! + g;
        acc[x * 3 + 2] = acc[x * 3 + 2]! + b;
      }
    }
    const row = y * w;
    for (let x = 0; x < w; x++) {
      planes[0][row + x] = acc[x * 3]! * inv;
      planes[1][row + x] = acc[x * 3 + 1]! * inv;
      planes[2][row + x] = acc[x * 3 + 2]! * inv;
    }
  }
  return planes.map((data) => ({ width: w, height: h, data })) as [Plane, Plane, Plane];
}
