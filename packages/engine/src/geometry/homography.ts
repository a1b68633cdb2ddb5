import type { Point } from '../types.ts';

/** Row-major 3×3 homography: [x', y', w']ᵀ = H [x, y, 1]ᵀ. */
export type Homography = Float64Array;

/** Applies a homography to a point. */
export function applyH(h: Homography, x: number, y: number): [number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/** Inverse of a 3×3 matrix (adjugate / determinant). */
export function invert3(m: Float64Array): Float64Array {
  const [a, b, c, d, e, f, g, h, i] = m as unknown as number[];
  const A = e! * i! - f! * h!;
  const B = -(d! * i! - f! * g!);
  const C = d! * h! - e! * g!;
  const det = a! * A + b! * B + c! * C;
  const r = new Float64Array([
    A,
    -(b! * i! - c! * h!),
    b! * f! - c! * e!,
    B,
    a! * i! - c! * g!,
    -(a! * f! - c! * d!),
    C,
    -(a! * h! - b! * g!),
    a! * e! - b! * d!,
  ]);
  for (let k = 0; k < 9; k++) r[k] = r[k]! / det;
  return r;
}

function mul3(a: Float64Array, b: Float64Array): Float64Array {
  const r = new Float64Array(9);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      r[i * 3 + j] = a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!;
    }
  }
  return r;
}

/** Hartley normalisation: centroid to origin, mean distance √2. */
function normaliser(pts: Point[]): Float64Array {
  let cx = 0;
  let cy = 0;
  for (const p of pts) {
    cx += p.x;
    cy += p.y;
  }
  cx /= pts.length;
  cy /= pts.length;
  let d = 0;
  for (const p of pts) d += Math.hypot(p.x - cx, p.y - cy);
  const s = d > 0 ? (Math.SQRT2 * pts.length) / d : 1;
  return new Float64Array([s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1]);
}

/** Solves the n×n system M x = v in place by Gaussian elimination with partial pivoting. */
export function solveDense(M: Float64Array, v: Float64Array, n: number): Float64Array | null {
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs(M[r * n + c]!) > Math.abs(M[piv * n + c]!)) piv = r;
    if (Math.abs(M[piv * n + c]!) < 1e-12) return null;
    if (piv !== c) {
      for (let k = 0; k < n; k++) {
        const t = M[c * n + k]!;
        M[c * n + k] = M[piv * n + k]!;
        M[piv * n + k] = t;
      }
      const t = v[c]!;
      v[c] = v[piv]!;
      v[piv] = t;
    }
    for (let r = c + 1; r < n; r++) {
      const f = M[r * n + c]! / M[c * n + c]!;
      if (f === 0) continue;
      for (let k = c; k < n; k++) M[r * n + k] = M[r * n + k]! - f * M[c * n + k]!;
      v[r] = v[r]! - f * v[c]!;
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = v[r]!;
    for (let k = r + 1; k < n; k++) s -= M[r * n + k]! * x[k]!;
    x[r] = s / M[r * n + r]!;
  }
  return x;
}

/**
 * Homography mapping `from[i]` to `to[i]` (≥ 4 pairs) by the DLT with Hartley normalisation,
 * solved as least squares with h33 = 1 in the normalised frames (well conditioned there).
 * Returns null for degenerate input (collinear points).
 * @example const H = homographyFromPoints(corners, [{x:0,y:0},{x:W,y:0},{x:W,y:H},{x:0,y:H}]);
 */
export function homographyFromPoints(from: Point[], to: Point[]): Homography | null {
  const T1 = normaliser(from);
  const T2 = normaliser(to);
  const n = from.length;
  const M = new Float64Array(64);
  const v = new Float64Array(8);
  for (let k = 0; k < n; k++) {
    const [x, y] = [T1[0]! * from[k]!.x + T1[2]!, T1[4]! * from[k]!.y + T1[5]!];
    const [u, w] = [T2[0]! * to[k]!.x + T2[2]!, T2[4]! * to[k]!.y + T2[5]!];
    const rows: Array<[number[], number]> = [
      [[x, y, 1, 0, 0, 0, -u * x, -u * y], u],
      [[0, 0, 0, x, y, 1, -w * x, -w * y], w],
    ];
    for (const [a, b] of rows) {
      for (let i = 0; i < 8; i++) {
        v[i] = v[i]! + a[i]! * b;
        for (let j = 0; j < 8; j++) M[i * 8 + j] = M[i * 8 + j]! + a[i]! * a[j]!;
      }
    }
  }
  const hn = solveDense(M, v, 8);
  if (!hn) return null;
  const Hn = new Float64Array([...hn, 1]);
  const H = mul3(invert3(T2), mul3(Hn, T1));
  const s = H[8]!;
  if (!Number.isFinite(s) || Math.abs(s) < 1e-15) return null;
  for (let k = 0; k < 9; k++) H[k] = H[k]! / s;
  return H;
}
