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

/** 1-D box mean of radius r with edge-normalised windows; writes dst[0..n). */
function box1d(
  src: Float32Array,
  dst: Float32Array,
  off: number,
  stride: number,
  n: number,
  r: number,
): void {
  let sum = 0;
  let count = 0;
  for (let j = 0; j <= Math.min(r, n - 1); j++) {
    sum += src[off + j * stride]!;
    count++;
  }
  for (let i = 0; i < n; i++) {
    dst[i] = sum / count;
    const add = i + r + 1;
    const rem = i - r;
    if (add < n) {
      sum += src[off + add * stride]!;
      count++;
    }
    if (rem >= 0) {
      sum -= src[off + rem * stride]!;
      count--;
    }
  }
}

/**
 * Box blur of side 2r+1; windows are clipped (and renormalised) at the borders.
 * @example
 * const smooth = boxBlur(plane, 3);
 */
export function boxBlur(p: Plane, r: number): Plane {
  const { width: w, height: h } = p;
  if (r <= 0) return { width: w, height: h, data: p.data.slice() };
  const line = new Float32Array(Math.max(w, h));
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    box1d(p.data, line, y * w, 1, w, r);
    out.set(line.subarray(0, w), y * w);
  }
  // Vertical pass with whole-row running sums: cache friendly, one add/sub per pixel.
  const vert = new Float32Array(w * h);
  const acc = new Float64Array(w);
  let count = 0;
  for (let y = 0; y <= Math.min(r, h - 1); y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) acc[x] = acc[x]! + out[o + x]!;
    count++;
  }
  for (let y = 0; y < h; y++) {
    const o = y * w;
    const inv = 1 / count;
    for (let x = 0; x < w; x++) vert[o + x] = acc[x]! * inv;
    const add = y + r + 1;
    const rem = y - r;
    if (add < h) {
      const a = add * w;
      for (let x = 0; x < w; x++) acc[x] = acc[x]! + out[a + x]!;
      count++;
    }
    if (rem >= 0) {
      const b = rem * w;
      for (let x = 0; x < w; x++) acc[x] = acc[x]! - out[b + x]!;
      count--;
    }
  }
  return { width: w, height: h, data: vert };
}

/**
 * Gaussian blur approximated by three box passes (Wells 1986).
 * @example
 * const g = gaussianBlur(plane, 4);
 */
export function gaussianBlur(p: Plane, sigma: number): Plane {
  if (sigma < 0.5) return { width: p.width, height: p.height, data: p.data.slice() };
  // Box radius giving variance sigma² over three passes: 3·((2r+1)²−1)/12 = sigma².
  const r = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
  return boxBlur(boxBlur(boxBlur(p, r), r), r);
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
