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
  // Horizontal 3-tap sums of luma (×1000, integers) for rows y-1, y, y+1.
  let s0 = new Int32Array(w);
  let s1 = new Int32Array(w);
  let s2 = new Int32Array(w);
  const luma = new Int32Array(w);
  const center = new Int32Array(w);
  const rowSums = (y: number, dst: Int32Array) => {
    let p = y * stride;
    for (let x = 0; x < w; x++, p += 3) {
      luma[x] = 299 * data[p]! + 587 * data[p + 1]! + 114 * data[p + 2]!;
    }
    dst[0] = 2 * luma[0]! + luma[1]!;
    for (let x = 1; x < w - 1; x++) dst[x] = luma[x - 1]! + luma[x]! + luma[x + 1]!;
    dst[w - 1] = luma[w - 2]! + 2 * luma[w - 1]!;
  };
  rowSums(0, s1);
  s0.set(s1);
  center.set(luma);
  const thr = threshold * 1000 * 9;
  const k = amount / 9000;
  const next = new Int32Array(w);
  for (let y = 0; y < h; y++) {
    // `center` holds row y's luma; compute row y+1 sums (its luma lands in `luma`).
    if (y + 1 < h) rowSums(y + 1, s2);
    else {
      s2.set(s1);
      luma.set(center);
    }
    next.set(luma);
    const o = y * stride;
    for (let x = 0; x < w; x++) {
      // 9·L − Σ3×3, in luma×1000 units.
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
    const t = s0;
    s0 = s1;
    s1 = s2;
    s2 = t;
    center.set(next);
  }
  return img;
}
