import { gaussianKernel, reduce } from './filters.ts';
import type { Gray } from './prepare.ts';

/** DocUNet multi-scale weights, finest scale first. */
export const MS_SSIM_WEIGHTS = [0.0448, 0.2856, 0.3001, 0.2363, 0.1333] as const;
const WEIGHT_SUM = MS_SSIM_WEIGHTS.reduce((a, b) => a + b, 0);
const K1 = 0.01;
const K2 = 0.03;
const L = 255;
const WINDOW = gaussianKernel(1.5, 5); // MATLAB ssim: imgaussfilt σ 1.5, 11 taps, replicate padding

function blurReplicate(data: Float64Array, width: number, height: number): Float64Array {
  const r = (WINDOW.length - 1) / 2;
  const tmp = new Float64Array(width * height);
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++)
        s += WINDOW[k + r]! * data[row + Math.min(width - 1, Math.max(0, x + k))]!;
      tmp[row + x] = s;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++)
        s += WINDOW[k + r]! * tmp[Math.min(height - 1, Math.max(0, y + k)) * width + x]!;
      out[y * width + x] = s;
    }
  }
  return out;
}

/**
 * Mean SSIM as MATLAB's `ssim(A, ref)`: Gaussian-weighted local statistics (σ 1.5, replicate
 * borders, same size), K1 0.01, K2 0.03, dynamic range 255, averaged over every pixel.
 */
export function ssim(a: Gray, b: Gray): number {
  const { width, height } = a;
  const n = width * height;
  const c1 = (K1 * L) ** 2;
  const c2 = (K2 * L) ** 2;
  const aa = new Float64Array(n),
    bb = new Float64Array(n),
    ab = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    aa[i] = a.data[i]! * a.data[i]!;
    bb[i] = b.data[i]! * b.data[i]!;
    ab[i] = a.data[i]! * b.data[i]!;
  }
  const ma = blurReplicate(a.data, width, height);
  const mb = blurReplicate(b.data, width, height);
  const maa = blurReplicate(aa, width, height);
  const mbb = blurReplicate(bb, width, height);
  const mab = blurReplicate(ab, width, height);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const mua = ma[i]!,
      mub = mb[i]!;
    const varA = maa[i]! - mua * mua;
    const varB = mbb[i]! - mub * mub;
    const cov = mab[i]! - mua * mub;
    sum +=
      ((2 * mua * mub + c1) * (2 * cov + c2)) / ((mua * mua + mub * mub + c1) * (varA + varB + c2));
  }
  return sum / n;
}

/** impyramid('reduce') on uint8 data returns uint8, so each level is rounded. */
function reduce8(img: Gray): Gray {
  const r = reduce(img);
  for (let i = 0; i < r.data.length; i++) r.data[i] = Math.round(r.data[i]!);
  return r;
}

/**
 * DocUNet's multi-scale SSIM (evalUnwarp.m): Σ w_s · ssim_s over 5 scales, reducing both images
 * with the 5-tap [.0625 .25 .375 .25 .0625] kernel between scales. Note it is the weighted
 * *sum* of full SSIM values, not Wang et al.'s product of contrast–structure terms, divided by
 * the weights' sum.
 * @example msSsim(gray, gray) === 1
 */
export function msSsim(a: Gray, b: Gray): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error('ms-ssim: images differ in size');
  let x = a;
  let y = b;
  let score = 0;
  for (let s = 0; s < MS_SSIM_WEIGHTS.length; s++) {
    score += MS_SSIM_WEIGHTS[s]! * ssim(x, y);
    if (s < MS_SSIM_WEIGHTS.length - 1) {
      x = reduce8(x);
      y = reduce8(y);
    }
  }
  // The published weights sum to 1.0001; normalising makes identical images score exactly 1
  // (a 0.01% change against evalUnwarp.m).
  return score / WEIGHT_SUM;
}
