import type { Gray } from './prepare.ts';

/** Mirror an index into [0, n) including the edge sample (MATLAB 'symmetric'). */
export function mirror(i: number, n: number): number {
  if (n === 1) return 0;
  const period = 2 * n;
  let k = ((i % period) + period) % period;
  if (k >= n) k = period - 1 - k;
  return k;
}

/** Separable convolution with a 1-D kernel, symmetric borders, same size. */
export function convolveSeparable(img: Gray, kernel: readonly number[]): Gray {
  const { width, height, data } = img;
  const r = (kernel.length - 1) / 2;
  const tmp = new Float64Array(width * height);
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += kernel[k + r]! * data[row + mirror(x + k, width)]!;
      tmp[row + x] = s;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += kernel[k + r]! * tmp[mirror(y + k, height) * width + x]!;
      out[y * width + x] = s;
    }
  }
  return { width, height, data: out };
}

/** Normalised 1-D Gaussian with the given radius. */
export function gaussianKernel(sigma: number, radius: number): number[] {
  const k: number[] = [];
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k.push(v);
    sum += v;
  }
  return k.map((v) => v / sum);
}

/** The 5-tap binomial kernel of MATLAB impyramid('reduce'). */
export const REDUCE_KERNEL = [0.0625, 0.25, 0.375, 0.25, 0.0625] as const;

/** Blur with the 5-tap kernel and keep every second sample: size ceil(n/2). */
export function reduce(img: Gray): Gray {
  const blurred = convolveSeparable(img, REDUCE_KERNEL);
  const w = Math.ceil(img.width / 2);
  const h = Math.ceil(img.height / 2);
  const data = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) data[y * w + x] = blurred.data[2 * y * img.width + 2 * x]!;
  }
  return { width: w, height: h, data };
}
