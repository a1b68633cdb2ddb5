import { gaussianKernel, reduce } from './filters.ts';
import type { Gray } from './prepare.ts';

/** DocUNet / Wang et al. 2003 multi-scale SSIM weights, finest scale first. */
export const MS_SSIM_WEIGHTS = [0.0448, 0.2856, 0.3001, 0.2363, 0.1333] as const;
const K1 = 0.01;
const K2 = 0.03;
const L = 255;
const WINDOW = gaussianKernel(1.5, 5); // 11×11 Gaussian window, σ = 1.5

/** Mean SSIM and mean contrast–structure term over the 'valid' part of the window filtering. */
export function ssimTerms(a: Gray, b: Gray): { ssim: number; cs: number } {
  const { width, height } = a;
  const r = (WINDOW.length - 1) / 2;
  const c1 = (K1 * L) ** 2;
  const c2 = (K2 * L) ** 2;
  const vw = width - 2 * r;
  const vh = height - 2 * r;
  if (vw < 1 || vh < 1)
    throw new Error(`ms-ssim: image ${width}×${height} is smaller than the 11×11 window`);
  // Horizontal pass of the five moments, then vertical, over the valid region only.
  const moments = [
    new Float64Array(vw * height),
    new Float64Array(vw * height),
    new Float64Array(vw * height),
    new Float64Array(vw * height),
    new Float64Array(vw * height),
  ];
  const [ma, mb, maa, mbb, mab] = moments as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < vw; x++) {
      let sa = 0,
        sb = 0,
        saa = 0,
        sbb = 0,
        sab = 0;
      for (let k = 0; k < WINDOW.length; k++) {
        const w = WINDOW[k]!;
        const va = a.data[y * width + x + k]!;
        const vb = b.data[y * width + x + k]!;
        sa += w * va;
        sb += w * vb;
        saa += w * va * va;
        sbb += w * vb * vb;
        sab += w * va * vb;
      }
      const i = y * vw + x;
      ma[i] = sa;
      mb[i] = sb;
      maa[i] = saa;
      mbb[i] = sbb;
      mab[i] = sab;
    }
  }
  let ssimSum = 0;
  let csSum = 0;
  for (let y = 0; y < vh; y++) {
    for (let x = 0; x < vw; x++) {
      let sa = 0,
        sb = 0,
        saa = 0,
        sbb = 0,
        sab = 0;
      for (let k = 0; k < WINDOW.length; k++) {
        const w = WINDOW[k]!;
        const i = (y + k) * vw + x;
        sa += w * ma[i]!;
        sb += w * mb[i]!;
        saa += w * maa[i]!;
        sbb += w * mbb[i]!;
        sab += w * mab[i]!;
      }
      const varA = saa - sa * sa;
      const varB = sbb - sb * sb;
      const cov = sab - sa * sb;
      const cs = (2 * cov + c2) / (varA + varB + c2);
      csSum += cs;
      ssimSum += ((2 * sa * sb + c1) / (sa * sa + sb * sb + c1)) * cs;
    }
  }
  return { ssim: ssimSum / (vw * vh), cs: csSum / (vw * vh) };
}

/**
 * Multi-scale SSIM with 5 scales: Π cs_j^w_j (j < 5) · ssim_5^w_5, reducing with the 5-tap
 * kernel between scales. Negative means are clamped to 0 (as pytorch-msssim's relu variant).
 * @example msSsim(gray, gray) === 1
 */
export function msSsim(a: Gray, b: Gray): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error('ms-ssim: images differ in size');
  let x = a;
  let y = b;
  let score = 1;
  for (let s = 0; s < MS_SSIM_WEIGHTS.length; s++) {
    const { ssim, cs } = ssimTerms(x, y);
    const last = s === MS_SSIM_WEIGHTS.length - 1;
    score *= Math.max(0, last ? ssim : cs) ** MS_SSIM_WEIGHTS[s]!;
    if (!last) {
      x = reduce(x);
      y = reduce(y);
    }
  }
  return score;
}
