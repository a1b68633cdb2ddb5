import { convolveSeparable, gaussianKernel, reduce } from './filters.ts';
import type { Gray } from './prepare.ts';

/** Dense displacement field: b(x + u, y + v) ≈ a(x, y). */
export interface Flow {
  width: number;
  height: number;
  u: Float64Array;
  v: Float64Array;
}

const WINDOW = gaussianKernel(3, 7); // LK integration window, σ = 3 px at every pyramid level
const LAMBDA = 25; // Tikhonov term: in flat paper (no gradient) the update stays 0
const MAX_STEP = 2; // px per iteration; the pyramid handles larger motion

function sampleBilinear(img: Gray, x: number, y: number): number {
  const { width, height, data } = img;
  const cx = Math.min(width - 1, Math.max(0, x));
  const cy = Math.min(height - 1, Math.max(0, y));
  const x0 = Math.min(width - 2, Math.floor(cx));
  const y0 = Math.min(height - 2, Math.floor(cy));
  const tx = cx - x0;
  const ty = cy - y0;
  const i = y0 * width + x0;
  return (
    (data[i]! * (1 - tx) + data[i + 1]! * tx) * (1 - ty) +
    (data[i + width]! * (1 - tx) + data[i + width + 1]! * tx) * ty
  );
}

function median3x3(src: Float64Array, width: number, height: number): Float64Array {
  const out = new Float64Array(src.length);
  const win = new Float64Array(9);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = Math.min(height - 1, Math.max(0, y + dy));
        for (let dx = -1; dx <= 1; dx++)
          win[n++] = src[yy * width + Math.min(width - 1, Math.max(0, x + dx))]!;
      }
      win.sort();
      out[y * width + x] = win[4]!;
    }
  }
  return out;
}

/** Iterative Lucas–Kanade at one pyramid level, warm-started from (u, v), refined in place. */
function refine(a: Gray, b: Gray, u: Float64Array, v: Float64Array, iterations: number): void {
  const { width, height } = a;
  const n = width * height;
  const ix = new Float64Array(n),
    iy = new Float64Array(n),
    it = new Float64Array(n);
  const warped = new Float64Array(n);
  for (let iter = 0; iter < iterations; iter++) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++)
        warped[y * width + x] = sampleBilinear(b, x + u[y * width + x]!, y + v[y * width + x]!);
    }
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const l = y * width + Math.max(0, x - 1),
          r = y * width + Math.min(width - 1, x + 1);
        const t = Math.max(0, y - 1) * width + x,
          d = Math.min(height - 1, y + 1) * width + x;
        // Gradient of the average of both images: symmetric, converges better than either alone.
        ix[i] = (a.data[r]! + warped[r]! - a.data[l]! - warped[l]!) / 4;
        iy[i] = (a.data[d]! + warped[d]! - a.data[t]! - warped[t]!) / 4;
        it[i] = warped[i]! - a.data[i]!;
      }
    }
    const prod = (f: (i: number) => number): Float64Array => {
      const data = new Float64Array(n);
      for (let i = 0; i < n; i++) data[i] = f(i);
      return convolveSeparable({ width, height, data }, WINDOW).data;
    };
    const sxx = prod((i) => ix[i]! * ix[i]!);
    const syy = prod((i) => iy[i]! * iy[i]!);
    const sxy = prod((i) => ix[i]! * iy[i]!);
    const sxt = prod((i) => ix[i]! * it[i]!);
    const syt = prod((i) => iy[i]! * it[i]!);
    for (let i = 0; i < n; i++) {
      const a11 = sxx[i]! + LAMBDA,
        a22 = syy[i]! + LAMBDA,
        a12 = sxy[i]!;
      const det = a11 * a22 - a12 * a12;
      const du = -(a22 * sxt[i]! - a12 * syt[i]!) / det;
      const dv = -(a11 * syt[i]! - a12 * sxt[i]!) / det;
      u[i] = u[i]! + Math.max(-MAX_STEP, Math.min(MAX_STEP, du));
      v[i] = v[i]! + Math.max(-MAX_STEP, Math.min(MAX_STEP, dv));
    }
    u.set(median3x3(u, width, height));
    v.set(median3x3(v, width, height));
  }
}

/**
 * Dense optical flow by coarse-to-fine iterative Lucas–Kanade (Gaussian window σ 3, Tikhonov
 * regularisation, 3×3 median of the field after each iteration), on a 5-tap reduce pyramid.
 * @example const f = denseFlow(a, shifted); // f.u ≈ shift in x
 */
export function denseFlow(a: Gray, b: Gray): Flow {
  if (a.width !== b.width || a.height !== b.height) throw new Error('flow: images differ in size');
  const pyramidA: Gray[] = [a];
  const pyramidB: Gray[] = [b];
  while (pyramidA.length < 6 && Math.min(pyramidA.at(-1)!.width, pyramidA.at(-1)!.height) >= 48) {
    pyramidA.push(reduce(pyramidA.at(-1)!));
    pyramidB.push(reduce(pyramidB.at(-1)!));
  }
  let u = new Float64Array(pyramidA.at(-1)!.width * pyramidA.at(-1)!.height);
  let v = new Float64Array(u.length);
  for (let level = pyramidA.length - 1; level >= 0; level--) {
    const la = pyramidA[level]!;
    const lb = pyramidB[level]!;
    if (level < pyramidA.length - 1) {
      const coarse = pyramidA[level + 1]!;
      const cu: Gray = { width: coarse.width, height: coarse.height, data: u };
      const cv: Gray = { width: coarse.width, height: coarse.height, data: v };
      u = new Float64Array(la.width * la.height);
      v = new Float64Array(la.width * la.height);
      for (let y = 0; y < la.height; y++) {
        for (let x = 0; x < la.width; x++) {
          u[y * la.width + x] = 2 * sampleBilinear(cu, x / 2, y / 2);
          v[y * la.width + x] = 2 * sampleBilinear(cv, x / 2, y / 2);
        }
      }
    }
    refine(la, lb, u, v, level === 0 ? 3 : 5);
  }
  return { width: a.width, height: a.height, u, v };
}

/**
 * DocUNet local distortion: 7×7 Gaussian (σ 1) blur, halve both images (bicubic), compute the
 * dense flow, and return its mean magnitude, in pixels of the halved image.
 * @example localDistortion(ref, ref) === 0
 */
export function localDistortion(out: Gray, ref: Gray): number {
  const half = (img: Gray): Gray => halve(convolveSeparable(img, gaussianKernel(1, 3)));
  const flow = denseFlow(half(out), half(ref));
  let sum = 0;
  for (let i = 0; i < flow.u.length; i++) sum += Math.hypot(flow.u[i]!, flow.v[i]!);
  return sum / flow.u.length;
}

/** Halve with a 4-tap cubic (Keys a = −0.5) at the pixel-centre-aligned positions 2x + 0.5. */
function halve(img: Gray): Gray {
  const w = Math.round(img.width / 2);
  const h = Math.round(img.height / 2);
  // After the σ 1 blur, sampling at pixel-pair centres is the bicubic value at a half-pixel offset.
  const k = [-0.0625, 0.5625, 0.5625, -0.0625];
  const tmp = new Float64Array(w * img.height);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let t = 0; t < 4; t++)
        s += k[t]! * img.data[y * img.width + Math.min(img.width - 1, Math.max(0, 2 * x - 1 + t))]!;
      tmp[y * w + x] = s;
    }
  }
  const data = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let t = 0; t < 4; t++)
        s += k[t]! * tmp[Math.min(img.height - 1, Math.max(0, 2 * y - 1 + t)) * w + x]!;
      data[y * w + x] = s;
    }
  }
  return { width: w, height: h, data };
}
