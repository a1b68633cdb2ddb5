import type { GrayImage, RgbImage } from '../types.ts';

/**
 * Luma (BT.601) of an RGB image, optionally area-downscaled so the long side is at most `maxSide`.
 * Returns the image and the factor `scale` such that gray (x, y) ≈ rgb (x / scale, y / scale).
 * @example const { image, scale } = toGray(work, 800);
 */
export function toGray(rgb: RgbImage, maxSide = Infinity): { image: GrayImage; scale: number } {
  const [r, g, b] = [0, 1, 2].map((c) => channelDown(rgb, maxSide, c)) as [
    GrayImage,
    GrayImage,
    GrayImage,
  ];
  const out = new Float32Array(r.data.length);
  for (let i = 0; i < out.length; i++) {
    out[i] = 0.299 * r.data[i]! + 0.587 * g.data[i]! + 0.114 * b.data[i]!;
  }
  return { image: { width: r.width, height: r.height, data: out }, scale: r.width / rgb.width };
}

/** Size after fitting the long side into `maxSide` (never upscales). */
export function fitSize(width: number, height: number, maxSide: number): [number, number] {
  const s = Math.min(1, maxSide / Math.max(width, height));
  return [Math.max(1, Math.round(width * s)), Math.max(1, Math.round(height * s))];
}

/**
 * One channel of an RGB image, box-averaged down to fit `maxSide` (exact area weights, so no
 * aliasing of fine texture into the detection features).
 * @example const red = channelDown(work, 700, 0);
 */
export function channelDown(rgb: RgbImage, maxSide: number, channel: number): GrayImage {
  const [w, h] = fitSize(rgb.width, rgb.height, maxSide);
  const out = new Float32Array(w * h);
  const sx = rgb.width / w;
  const sy = rgb.height / h;
  const src = rgb.data;
  if (w === rgb.width && h === rgb.height) {
    for (let i = 0; i < out.length; i++) out[i] = src[i * 3 + channel]!;
    return { width: w, height: h, data: out };
  }
  // Separable area average: first rows, then columns.
  const tmp = new Float32Array(w * rgb.height);
  for (let y = 0; y < rgb.height; y++) {
    const row = y * rgb.width;
    for (let x = 0; x < w; x++) {
      const x0 = x * sx;
      const x1 = x0 + sx;
      let acc = 0;
      for (let xi = Math.floor(x0); xi < Math.ceil(x1); xi++) {
        const wgt = Math.min(x1, xi + 1) - Math.max(x0, xi);
        acc += wgt * src[(row + Math.min(xi, rgb.width - 1)) * 3 + channel]!;
      }
      tmp[y * w + x] = acc / sx;
    }
  }
  for (let y = 0; y < h; y++) {
    const y0 = y * sy;
    const y1 = y0 + sy;
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let yi = Math.floor(y0); yi < Math.ceil(y1); yi++) {
        const wgt = Math.min(y1, yi + 1) - Math.max(y0, yi);
        acc += wgt * tmp[Math.min(yi, rgb.height - 1) * w + x]!;
      }
      out[y * w + x] = acc / sy;
    }
  }
  return { width: w, height: h, data: out };
}

/** Bilinear sample with edge clamping. */
export function bilinear(img: GrayImage, x: number, y: number): number {
  const w = img.width;
  const h = img.height;
  const xc = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
  const yc = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
  const x0 = Math.min(Math.floor(xc), w - 2 < 0 ? 0 : w - 2);
  const y0 = Math.min(Math.floor(yc), h - 2 < 0 ? 0 : h - 2);
  const fx = xc - x0;
  const fy = yc - y0;
  const d = img.data;
  const i = y0 * w + x0;
  const x1 = w > 1 ? 1 : 0;
  const y1 = h > 1 ? w : 0;
  const top = d[i]! * (1 - fx) + d[i + x1]! * fx;
  const bot = d[i + y1]! * (1 - fx) + d[i + y1 + x1]! * fx;
  return top * (1 - fy) + bot * fy;
}

/**
 * Box mean over a (2r+1)² window using a Float64 integral image (Int32 overflows, Float32 loses
 * precision at megapixel sizes). Windows are clipped at the border.
 * @example const mean = boxMean(gray, 25);
 */
export function boxMean(img: GrayImage, r: number): GrayImage {
  const { width: w, height: h, data } = img;
  const ii = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let rowSum = 0;
    for (let x = 0; x < w; x++) {
      rowSum += data[y * w + x]!;
      ii[(y + 1) * (w + 1) + x + 1] = ii[y * (w + 1) + x + 1]! + rowSum;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const s =
        ii[y1 * (w + 1) + x1]! -
        ii[y0 * (w + 1) + x1]! -
        ii[y1 * (w + 1) + x0]! +
        ii[y0 * (w + 1) + x0]!;
      out[y * w + x] = s / ((y1 - y0) * (x1 - x0));
    }
  }
  return { width: w, height: h, data: out };
}
