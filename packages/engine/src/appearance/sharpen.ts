import type { RgbImage } from '../types.ts';

/**
 * Unsharp mask with a 3×3 box and a noise threshold: differences smaller than `threshold`
 * (sensor noise, paper grain) are left alone, which doubles as a light denoise because the
 * levels step already pushed paper to pure white. Works in place, one row ring at a time.
 * @example
 * unsharpMask(page, 0.6, 3);
 */
export function unsharpMask(img: RgbImage, amount = 0.6, threshold = 3): RgbImage {
  const { width: w, height: h, data } = img;
  if (w < 3 || h < 3) return img;
  const stride = w * 3;
  // Horizontal 3-tap sums for rows y-1, y, y+1 kept in a ring so we can write in place.
  const sums = [new Float32Array(stride), new Float32Array(stride), new Float32Array(stride)];
  const orig = [new Uint8Array(stride), new Uint8Array(stride), new Uint8Array(stride)];
  const rowSums = (y: number, dst: Float32Array, keep: Uint8Array) => {
    const o = y * stride;
    keep.set(data.subarray(o, o + stride));
    for (let c = 0; c < 3; c++) {
      dst[c] = keep[c]! * 2 + keep[3 + c]!;
      for (let x = 1; x < w - 1; x++) {
        const i = x * 3 + c;
        dst[i] = keep[i - 3]! + keep[i]! + keep[i + 3]!;
      }
      const last = (w - 1) * 3 + c;
      dst[last] = keep[last - 3]! + keep[last]! * 2;
    }
  };
  rowSums(0, sums[1]!, orig[1]!);
  sums[0]!.set(sums[1]!);
  orig[0]!.set(orig[1]!);
  for (let y = 0; y < h; y++) {
    if (y + 1 < h) rowSums(y + 1, sums[2]!, orig[2]!);
    else {
      sums[2]!.set(sums[1]!);
      orig[2]!.set(orig[1]!);
    }
    const a = sums[0]!;
    const b = sums[1]!;
    const c = sums[2]!;
    const cur = orig[1]!;
    const o = y * stride;
    for (let i = 0; i < stride; i++) {
      const v = cur[i]!;
      const diff = v - (a[i]! + b[i]! + c[i]!) / 9;
      if (diff > threshold || diff < -threshold) {
        const s = v + amount * diff;
        data[o + i] = s <= 0 ? 0 : s >= 255 ? 255 : (s + 0.5) | 0;
      }
    }
    // Rotate the ring.
    const ts = sums[0]!;
    sums[0] = sums[1]!;
    sums[1] = sums[2]!;
    sums[2] = ts;
    const to = orig[0]!;
    orig[0] = orig[1]!;
    orig[1] = orig[2]!;
    orig[2] = to;
  }
  return img;
}
