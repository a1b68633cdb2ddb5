/**
 * Planar Float32 image kernels for the appearance stage: O(1)-per-pixel min/max (van Herk /
 * Gil–Werman, from the shared `filters/rank-filter.ts`), box and near-Gaussian blurs from
 * running sums, and block downscaling.
 */

import { boxCascade } from '../filters/box-cascade.ts';
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
 * Box blur of side 2r+1; windows are clipped (and renormalised) at the borders.
 * @example
 * const smooth = boxBlur(plane, 3);
 */
export function boxBlur(p: Plane, r: number): Plane {
  const { width: w, height: h } = p;
  if (r <= 0) return { width: w, height: h, data: p.data.slice() };
  return { width: w, height: h, data: boxCascade(p.data, w, h, r, 1) };
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
  return {
    width: p.width,
    height: p.height,
    data: boxCascade(p.data, p.width, p.height, gaussianRadius(sigma), 3),
  };
}

/** Interleaved RGB of pixels [from, to) into three planes. */
function splitRow(
  src: Uint8Array,
  r: Float32Array,
  g: Float32Array,
  b: Float32Array,
  from: number,
  to: number,
): void {
  for (let i = from, p = 3 * from; i < to; i++, p += 3) {
    r[i] = src[p]!;
    g[i] = src[p + 1]!;
    b[i] = src[p + 2]!;
  }
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
  const src = img.data;
  if (f === 1) {
    const [r, g, b] = planes;
    // Row by row: a small function is optimised after a few rows (one loop over the image
    // would run unoptimised for much of it).
    for (let y = 0; y < h; y++) splitRow(src, r, g, b, y * w, (y + 1) * w);
    return planes.map((data) => ({ width: w, height: h, data })) as [Plane, Plane, Plane];
  }
  const acc = new Float64Array(w * 3);
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
