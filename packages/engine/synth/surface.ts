import type { Rng } from './prng.ts';

export type DistortionFamily = 'perspective' | 'curl' | 'fold' | 'crumple';
export const DISTORTION_FAMILIES: readonly DistortionFamily[] = [
  'perspective',
  'curl',
  'fold',
  'crumple',
];

/** A turn of the surface by `a` radians around a line at signed distance `p`, smoothed over `w` px. */
interface Step {
  p: number;
  a: number;
  w: number;
}

/**
 * A bend across direction (nx, ny): along that direction the paper follows the angle profile
 * θ(d) = Σ a·(S((d−p)/w) − S(−p/w)), integrated by arc length, so a single bend is an isometry
 * (the paper neither stretches nor shrinks and the page outline pulls in where it bends).
 * An optional window limits a crease to a segment, for crumples.
 */
export interface Bend {
  nx: number;
  ny: number;
  steps: Step[];
  window?: { t0: number; half: number; soft: number };
}

/** Sampled arc-length integrals of one bend: s(d) (in-plane) and h(d) (height), 1 px steps. */
interface Profile {
  dMin: number;
  s: Float64Array;
  h: Float64Array;
}

function smoothstep(x: number): number {
  const t = Math.min(1, Math.max(0, x + 0.5));
  return t * t * (3 - 2 * t);
}

function buildProfile(bend: Bend, dMin: number, dMax: number): Profile {
  const n = Math.ceil(dMax - dMin) + 2;
  const theta = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const d = dMin + i;
    let t = 0;
    for (const st of bend.steps)
      t += st.a * (smoothstep((d - st.p) / st.w) - smoothstep(-st.p / st.w));
    theta[i] = t;
  }
  const s = new Float64Array(n);
  const h = new Float64Array(n);
  const i0 = Math.min(n - 1, Math.max(0, Math.round(-dMin)));
  s[i0] = dMin + i0;
  for (let i = i0 + 1; i < n; i++) {
    const mid = (theta[i]! + theta[i - 1]!) / 2;
    s[i] = s[i - 1]! + Math.cos(mid);
    h[i] = h[i - 1]! + Math.sin(mid);
  }
  for (let i = i0 - 1; i >= 0; i--) {
    const mid = (theta[i]! + theta[i + 1]!) / 2;
    s[i] = s[i + 1]! - Math.cos(mid);
    h[i] = h[i + 1]! - Math.sin(mid);
  }
  return { dMin, s, h };
}

function sample(arr: Float64Array, x: number): number {
  const i = Math.max(0, Math.min(arr.length - 2, Math.floor(x)));
  const f = Math.max(0, Math.min(1, x - i));
  return arr[i]! * (1 - f) + arr[i + 1]! * f;
}

/** Random bends for one distortion family on a page of width w and height h (pixels). */
export function randomBends(family: DistortionFamily, w: number, h: number, rng: Rng): Bend[] {
  const diag = Math.hypot(w, h);
  const dir = (angle: number): { nx: number; ny: number } => ({
    nx: Math.cos(angle),
    ny: Math.sin(angle),
  });
  const bends: Bend[] = [];
  switch (family) {
    case 'perspective':
      // Real paper never lies perfectly flat: a barely visible sag.
      bends.push({
        ...dir(rng.range(-0.2, 0.2)),
        steps: [{ p: rng.range(-0.3, 0.3) * w, a: rng.range(-0.08, 0.08), w: w * 0.6 }],
      });
      break;
    case 'curl': {
      const across = rng.bool(0.75) ? 0 : Math.PI / 2; // mostly a book-style curl across the lines
      const span = across === 0 ? w : h;
      const steps: Step[] = [];
      if (rng.bool(0.5)) {
        steps.push({
          p: -span * rng.range(0.15, 0.3),
          a: -rng.range(0.35, 0.8),
          w: span * rng.range(0.25, 0.45),
        });
        steps.push({
          p: span * rng.range(0.15, 0.3),
          a: rng.range(0.35, 0.8),
          w: span * rng.range(0.25, 0.45),
        });
      } else {
        const side = rng.bool() ? 1 : -1;
        steps.push({
          p: side * span * rng.range(0.05, 0.25),
          a: side * rng.range(0.5, 1.0),
          w: span * rng.range(0.3, 0.5),
        });
      }
      bends.push({ ...dir(across + rng.range(-0.12, 0.12)), steps });
      break;
    }
    case 'fold': {
      const folds = rng.bool(0.5) ? 2 : 1;
      const horizontal = rng.bool(0.7);
      const base = horizontal ? Math.PI / 2 : 0;
      const span = horizontal ? h : w;
      const sharp = rng.range(3, 10);
      if (folds === 1) {
        bends.push({
          ...dir(base + rng.range(-0.1, 0.1)),
          steps: [
            {
              p: rng.range(-0.3, 0.3) * span,
              a: rng.pick([-1, 1]) * rng.range(0.25, 0.7),
              w: sharp,
            },
          ],
        });
      } else if (rng.bool(0.5)) {
        // Letter folded in thirds, unfolded again: two parallel creases in opposite directions.
        const sgn = rng.pick([-1, 1]);
        bends.push({
          ...dir(base + rng.range(-0.06, 0.06)),
          steps: [
            {
              p: -span / 6 + rng.range(-0.04, 0.04) * span,
              a: -sgn * rng.range(0.2, 0.6),
              w: sharp,
            },
            {
              p: span / 6 + rng.range(-0.04, 0.04) * span,
              a: -sgn * rng.range(0.2, 0.6),
              w: sharp,
            },
          ],
        });
      } else {
        bends.push({
          ...dir(Math.PI / 2 + rng.range(-0.08, 0.08)),
          steps: [
            {
              p: rng.range(-0.15, 0.15) * h,
              a: rng.pick([-1, 1]) * rng.range(0.2, 0.55),
              w: sharp,
            },
          ],
        });
        bends.push({
          ...dir(rng.range(-0.08, 0.08)),
          steps: [
            { p: rng.range(-0.15, 0.15) * w, a: rng.pick([-1, 1]) * rng.range(0.2, 0.5), w: sharp },
          ],
        });
      }
      break;
    }
    case 'crumple': {
      const creases = rng.int(18, 30);
      for (let i = 0; i < creases; i++) {
        const rho = rng.range(0.02, 0.09) * diag;
        const a = rng.range(0.06, 0.24) * rng.pick([-1, 1]);
        const sharp = rng.range(2, 6);
        const p = rng.range(-0.45, 0.45) * (rng.bool() ? w : h);
        const half = rng.range(0.15, 0.5) * diag;
        bends.push({
          ...dir(rng.range(0, Math.PI)),
          steps: [
            { p: p - rho, a, w: sharp },
            { p, a: -2 * a, w: sharp },
            { p: p + rho, a, w: sharp },
          ],
          window: { t0: rng.range(-0.3, 0.3) * diag, half, soft: half * 0.5 },
        });
      }
      for (let i = 0; i < rng.int(1, 3); i++) {
        bends.push({
          ...dir(rng.range(0, Math.PI)),
          steps: [{ p: rng.range(-0.3, 0.3) * w, a: rng.range(-0.25, 0.25), w: rng.range(3, 8) }],
        });
      }
      break;
    }
  }
  return bends;
}

/**
 * Forward displacement: page pixel (u, v) → 3-D point with the page centre at the origin,
 * x right, y down, z towards the camera. Returns three arrays over a grid with spacing `step`.
 */
export function displaceGrid(
  bends: Bend[],
  w: number,
  h: number,
  step: number,
): { gw: number; gh: number; x: Float64Array; y: Float64Array; z: Float64Array } {
  const gw = Math.ceil(w / step) + 1;
  const gh = Math.ceil(h / step) + 1;
  const x = new Float64Array(gw * gh);
  const y = new Float64Array(gw * gh);
  const z = new Float64Array(gw * gh);
  const cx = w / 2;
  const cy = h / 2;
  const reach = Math.hypot(w, h) / 2 + 4;
  const profiles = bends.map((b) => buildProfile(b, -reach, reach));
  for (let j = 0; j < gh; j++) {
    const v = Math.min(h, j * step);
    for (let i = 0; i < gw; i++) {
      const u = Math.min(w, i * step);
      const rx = u - cx;
      const ry = v - cy;
      let X = rx;
      let Y = ry;
      let Z = 0;
      for (let k = 0; k < bends.length; k++) {
        const b = bends[k]!;
        const prof = profiles[k]!;
        const d = b.nx * rx + b.ny * ry;
        let weight = 1;
        if (b.window) {
          const t = -b.ny * rx + b.nx * ry - b.window.t0;
          const out = Math.abs(t) - b.window.half;
          weight =
            out <= -b.window.soft ? 1 : out >= 0 ? 0 : smoothstep(-out / b.window.soft - 0.5);
          if (weight === 0) continue;
        }
        const idx = d - prof.dMin;
        const ds = sample(prof.s, idx) - d;
        X += weight * b.nx * ds;
        Y += weight * b.ny * ds;
        Z += weight * sample(prof.h, idx);
      }
      const n = j * gw + i;
      x[n] = X;
      y[n] = Y;
      z[n] = Z;
    }
  }
  return { gw, gh, x, y, z };
}
