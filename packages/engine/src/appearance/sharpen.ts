import type { RgbImage } from '../types.ts';

/**
 * Unsharp mask on luminance with a 3×3 box and a noise threshold: the luminance detail
 * (L − box(L)) is added to all three channels where it exceeds `threshold`, so edges get crisper
 * without colour fringes, and sensor noise or paper grain below the threshold is left alone
 * (the levels step already pushed paper to pure white). Works in place with a 3-row ring.
 * @example
 * unsharpMask(page, 0.6, 3);
 */
export function unsharpMask(img: RgbImage, amount = 0.6, threshold = 3): RgbImage {
  const { width: w, height: h, data } = img;
  if (w < 3 || h < 3) return img;
  const stride = w * 3;
  // Per row (ring of three): luma ×1000 (integers) and its horizontal 3-tap sums, edges doubled.
  // Rotating the buffers instead of copying rows keeps every value exactly as before.
  const luma = [new Int32Array(w), new Int32Array(w), new Int32Array(w)];
  const sums = [new Int32Array(w), new Int32Array(w), new Int32Array(w)];
  rowLuma(data, 0, w, luma[1]!, sums[1]!);
  luma[0]!.set(luma[1]!);
  sums[0]!.set(sums[1]!);
  const thr = threshold * 1000 * 9;
  const k = amount / 9000;
  for (let y = 0; y < h; y++) {
    // Row y+1 (or row y again at the bottom edge) into slot 2.
    if (y + 1 < h) rowLuma(data, (y + 1) * stride, w, luma[2]!, sums[2]!);
    else {
      luma[2]!.set(luma[1]!);
      sums[2]!.set(sums[1]!);
    }
    sharpenRow(data, y * stride, w, luma[1]!, sums[0]!, sums[1]!, sums[2]!, thr, k);
    luma.push(luma.shift()!);
    sums.push(sums.shift()!);
  }
  return img;
}

/** Luma ×1000 of one row and its horizontal 3-tap sums (edge samples doubled). */
function rowLuma(data: Uint8Array, p: number, w: number, luma: Int32Array, sums: Int32Array) {
  for (let x = 0; x < w; x++, p += 3) {
    luma[x] = 299 * data[p]! + 587 * data[p + 1]! + 114 * data[p + 2]!;
  }
  sums[0] = 2 * luma[0]! + luma[1]!;
  for (let x = 1; x < w - 1; x++) sums[x] = luma[x - 1]! + luma[x]! + luma[x + 1]!;
  sums[w - 1] = luma[w - 2]! + 2 * luma[w - 1]!;
}

/** Adds the luminance detail 9·L − Σ3×3 (where beyond the threshold) to one row in place. */
function sharpenRow(
  data: Uint8Array,
  o: number,
  w: number,
  center: Int32Array,
  s0: Int32Array,
  s1: Int32Array,
  s2: Int32Array,
  thr: number,
  k: number,
): void {
  for (let x = 0; x < w; x++) {
    const d = 9 * center[x]! - (s0[x]! + s1[x]! + s2[x]!);
    if (d > thr || d < -thr) {
      const add = d * k;
      const p = o + x * 3;
      for (let c = 0; c < 3; c++) {
        const v = data[p + c]! + add;
        data[p + c] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
      }
    }
  }
}
