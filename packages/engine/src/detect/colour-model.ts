import type { GrayImage } from '../types.ts';
import { morph } from './mask.ts';
import type { PaperFeatures } from './page-detect.ts';

/**
 * Distance of every pixel's (smoothed) colour to the nearest of k colours clustered from a band
 * along the image border, which is mostly background unless the page fills the frame. Shaded
 * paper stays far from a wood/fabric/desk background even where it is not bright.
 */
export function backgroundDistance(f: PaperFeatures, k = 4): GrayImage {
  const { width: w, height: h } = f;
  const band = Math.max(3, Math.round(0.012 * Math.min(w, h)));
  const samples: number[] = [];
  const [R, G, B] = f.rgb;
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      if (x >= band && y >= band && x < w - band && y < h - band) continue;
      const i = y * w + x;
      samples.push(R.data[i]!, G.data[i]!, B.data[i]!);
    }
  }
  const n = samples.length / 3;
  const centres = new Float64Array(k * 3);
  for (let c = 0; c < k; c++) {
    const s = Math.floor(((c + 0.5) * n) / k) * 3;
    centres.set([samples[s]!, samples[s + 1]!, samples[s + 2]!], c * 3);
  }
  const assign = new Int32Array(n);
  for (let iter = 0; iter < 8; iter++) {
    const acc = new Float64Array(k * 4);
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bd = Infinity;
      for (let c = 0; c < k; c++) {
        const d =
          (samples[i * 3]! - centres[c * 3]!) ** 2 +
          (samples[i * 3 + 1]! - centres[c * 3 + 1]!) ** 2 +
          (samples[i * 3 + 2]! - centres[c * 3 + 2]!) ** 2;
        if (d < bd) {
          bd = d;
          best = c;
        }
      }
      assign[i] = best;
      acc[best * 4] = acc[best * 4]! + samples[i * 3]!;
      acc[best * 4 + 1] = acc[best * 4 + 1]! + samples[i * 3 + 1]!;
      acc[best * 4 + 2] = acc[best * 4 + 2]! + samples[i * 3 + 2]!;
      acc[best * 4 + 3] = acc[best * 4 + 3]! + 1;
    }
    for (let c = 0; c < k; c++) {
      const m = acc[c * 4 + 3]!;
      if (m > 0) for (let q = 0; q < 3; q++) centres[c * 3 + q] = acc[c * 4 + q]! / m;
    }
  }
  const out = new Float32Array(w * h);
  for (let i = 0; i < out.length; i++) {
    let bd = Infinity;
    for (let c = 0; c < k; c++) {
      const d =
        (R.data[i]! - centres[c * 3]!) ** 2 +
        (G.data[i]! - centres[c * 3 + 1]!) ** 2 +
        (B.data[i]! - centres[c * 3 + 2]!) ** 2;
      if (d < bd) bd = d;
    }
    out[i] = Math.min(255, Math.sqrt(bd));
  }
  return { width: w, height: h, data: out };
}

interface Gauss3 {
  mean: [number, number, number];
  inv: Float64Array;
  logDet: number;
}

function fitGauss(samples: number[]): Gauss3 | null {
  const n = samples.length / 3;
  if (n < 30) return null;
  const m: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    m[0] += samples[i * 3]! / n;
    m[1] += samples[i * 3 + 1]! / n;
    m[2] += samples[i * 3 + 2]! / n;
  }
  const c = new Float64Array(9);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) {
        c[a * 3 + b] =
          c[a * 3 + b]! + ((samples[i * 3 + a]! - m[a]!) * (samples[i * 3 + b]! - m[b]!)) / n;
      }
    }
  }
  for (let a = 0; a < 3; a++) c[a * 4] = c[a * 4]! + 1e-5;
  const [A, B, C, D, E, F, G, H, I] = c as unknown as number[];
  const det = A! * (E! * I! - F! * H!) - B! * (D! * I! - F! * G!) + C! * (D! * H! - E! * G!);
  if (!(det > 0)) return null;
  const inv = new Float64Array([
    (E! * I! - F! * H!) / det,
    (C! * H! - B! * I!) / det,
    (B! * F! - C! * E!) / det,
    (F! * G! - D! * I!) / det,
    (A! * I! - C! * G!) / det,
    (C! * D! - A! * F!) / det,
    (D! * H! - E! * G!) / det,
    (B! * G! - A! * H!) / det,
    (A! * E! - B! * D!) / det,
  ]);
  return { mean: m, inv, logDet: Math.log(det) };
}

function mahal(g: Gauss3, v: [number, number, number]): number {
  const d0 = v[0] - g.mean[0];
  const d1 = v[1] - g.mean[1];
  const d2 = v[2] - g.mean[2];
  const m = g.inv;
  return (
    d0 * (m[0]! * d0 + m[1]! * d1 + m[2]! * d2) +
    d1 * (m[3]! * d0 + m[4]! * d1 + m[5]! * d2) +
    d2 * (m[6]! * d0 + m[7]! * d1 + m[8]! * d2) +
    g.logDet
  );
}

/**
 * Colour-model page score: Gaussians in (chromaticity r, chromaticity g, damped luma) fitted to
 * the confident paper (an eroded bright-paper mask) and to the border band outside it. The
 * chromaticity is shading-invariant, so a page whose lower half lies in shadow still separates
 * from a similarly dark desk. Returns 128 + 8·log-likelihood ratio (threshold 128), or null.
 */
export function colourModelScore(f: PaperFeatures, seed: Uint8Array): GrayImage | null {
  const { width: w, height: h } = f;
  const v: [number, number, number] = [0, 0, 0];
  const feat = (i: number) => paperFeature(f, i, v);
  const core = morph(seed, w, h, 3, false);
  const halo = morph(seed, w, h, 4, true);
  const band = Math.max(3, Math.round(0.012 * Math.min(w, h)));
  const fg: number[] = [];
  const bg: number[] = [];
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      const i = y * w + x;
      if (core[i]) {
        const q = feat(i);
        fg.push(q[0], q[1], q[2]);
      } else if (!halo[i] && (x < band || y < band || x >= w - band || y >= h - band)) {
        const q = feat(i);
        bg.push(q[0], q[1], q[2]);
      }
    }
  }
  const gf = fitGauss(fg);
  const gb = fitGauss(bg);
  if (!gf || !gb) return null;
  const out = new Float32Array(w * h);
  // Row by row: a small function is optimised after a few rows (this runs once per page).
  for (let y = 0; y < h; y++) scoreRow(f, gf, gb, out, y * w, (y + 1) * w);
  return { width: w, height: h, data: out };
}

/** colourModelScore's log-likelihood-ratio score for pixels [from, to). */
function scoreRow(
  f: PaperFeatures,
  gf: Gauss3,
  gb: Gauss3,
  out: Float32Array,
  from: number,
  to: number,
): void {
  const v: [number, number, number] = [0, 0, 0];
  for (let i = from; i < to; i++) {
    const q = paperFeature(f, i, v);
    const llr = 0.5 * (mahal(gb, q) - mahal(gf, q));
    out[i] = Math.max(0, Math.min(255, 128 + 8 * llr));
  }
}

/** Pixel i's (chromaticity r, chromaticity g, damped luma), written into and returned as v. */
function paperFeature(
  f: PaperFeatures,
  i: number,
  v: [number, number, number],
): [number, number, number] {
  const [R, G, B] = f.rgb;
  const s = R.data[i]! + G.data[i]! + B.data[i]! + 30;
  v[0] = R.data[i]! / s;
  v[1] = G.data[i]! / s;
  v[2] = (0.15 * f.luma.data[i]!) / 255;
  return v;
}
