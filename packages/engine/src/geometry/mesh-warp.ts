import type { BackwardMap } from '../types.ts';
import { mapFromFunction } from './backward-map.ts';
import { LeastSquares } from './sparse.ts';
import type { TextLine } from './text-lines.ts';

export interface MeshWeights {
  /** conformal (Cauchy–Riemann) rows per cell */
  conformal: number;
  /** second differences of the displacement */
  bending: number;
  /** first differences of the displacement (gradient prior towards the global map) */
  gradient: number;
  /** page border rows on non-clipped sides */
  border: number;
}

export const DEFAULT_MESH_WEIGHTS: MeshWeights = {
  conformal: 0.1,
  bending: 0.01,
  gradient: 0.003,
  border: 10,
};

export interface MeshOptions {
  /** node spacing in px (≈ 0.5–1 line pitch) */
  spacing: number;
  /** sides whose border is known to be the page edge (rows keep them on the frame) */
  anchor: { top: boolean; right: boolean; bottom: boolean; left: boolean };
  /** Huber δ for text rows, px */
  huber: number;
  /** lines whose median residual exceeds this (px) are dropped as mis-grouped */
  dropResidual: number;
  weights?: Partial<MeshWeights>;
  irlsRounds?: number;
  /** point sets that should end on one vertical (justified margins, column edges) */
  verticals?: Array<{ xs: ArrayLike<number>; ys: ArrayLike<number> }>;
  /**
   * Pairs of lines (indices) that should end at one height, with the weight of that row: pieces
   * of one line that a crease kink broke apart.
   */
  joins?: Array<{ a: number; b: number; weight: number }>;
  maxIter?: number;
  tol?: number;
  step?: number;
}

export interface MeshResult {
  /** backward map: output (W×H) → input frame of the lines */
  map: BackwardMap;
  /** forward displacement at the nodes (du, dv), row-major gw×gh */
  du: Float64Array;
  dv: Float64Array;
  gw: number;
  gh: number;
  foldedTriangles: number;
  /** RMS vertical deviation of line samples from their line's mean height, before/after */
  rmsBefore: number;
  rmsAfter: number;
  linesUsed: number;
  iterations: number;
}

/**
 * Content-driven mesh warp (ENGINE-NOTES §3.3): a forward map F(p) = p + d(p) on a grid of
 * nodes with bilinear weights, so that v(p) along every text line equals one unknown height
 * V_ℓ (lines become straight and horizontal). Regularised by conformal (Cauchy–Riemann),
 * bending and gradient rows (v ≡ const would otherwise satisfy every line), with page borders
 * held on the frame. Solved by PCG on the normal equations with IRLS/Huber weights; lines
 * that still disagree are dropped as mis-grouped. Inverted by rasterising the deformed
 * triangles onto the output grid. Returns null with fewer than 3 lines.
 * @example const res = solveMeshWarp(lines, W, H, { spacing: 24, anchor, huber: 3, dropResidual: 6 });
 */
export function solveMeshWarp(
  lines: TextLine[],
  W: number,
  H: number,
  opts: MeshOptions,
): MeshResult | null {
  if (lines.length < 3) return null;
  const wts = { ...DEFAULT_MESH_WEIGHTS, ...opts.weights };
  const gw = Math.max(2, Math.ceil((W - 1) / opts.spacing) + 1);
  const gh = Math.max(2, Math.ceil((H - 1) / opts.spacing) + 1);
  const gx = (W - 1) / (gw - 1);
  const gy = (H - 1) / (gh - 1);
  const N = gw * gh;
  const L = lines.length;
  const verticals = opts.verticals ?? [];
  const ls = new LeastSquares(2 * N + L + verticals.length);
  const U = (i: number, j: number): number => j * gw + i;
  const V = (i: number, j: number): number => N + j * gw + i;

  // Text rows: Σ w_n dv_n − V_ℓ = −y.
  const textRows: Array<{ row: number; line: number }> = [];
  const idx = new Int32Array(5);
  const coef = new Float64Array(5);
  lines.forEach((line, l) => {
    const w = 1 / Math.sqrt(Math.max(1, line.xs.length / 8));
    for (let k = 0; k < line.xs.length; k++) {
      const x = Math.min(W - 1, Math.max(0, line.xs[k]!));
      const y = Math.min(H - 1, Math.max(0, line.ys[k]!));
      const i0 = Math.min(gw - 2, Math.floor(x / gx));
      const j0 = Math.min(gh - 2, Math.floor(y / gy));
      const fx = x / gx - i0;
      const fy = y / gy - j0;
      idx.set([V(i0, j0), V(i0 + 1, j0), V(i0, j0 + 1), V(i0 + 1, j0 + 1), 2 * N + l]);
      coef.set([(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy, -1]);
      textRows.push({ row: ls.add(idx, coef, -y, w), line: l });
    }
  });

  // Join rows: V_a − V_b = 0.
  for (const j of opts.joins ?? []) ls.add([2 * N + j.a, 2 * N + j.b], [1, -1], 0, j.weight);

  // Vertical rows: Σ w_n du_n − U_m = −x for every point of vertical feature m.
  const vertRows: number[] = [];
  verticals.forEach((feat, m) => {
    for (let k = 0; k < feat.xs.length; k++) {
      const x = Math.min(W - 1, Math.max(0, feat.xs[k]!));
      const y = Math.min(H - 1, Math.max(0, feat.ys[k]!));
      const i0 = Math.min(gw - 2, Math.floor(x / gx));
      const j0 = Math.min(gh - 2, Math.floor(y / gy));
      const fx = x / gx - i0;
      const fy = y / gy - j0;
      idx.set([U(i0, j0), U(i0 + 1, j0), U(i0, j0 + 1), U(i0 + 1, j0 + 1), 2 * N + L + m]);
      coef.set([(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy, -1]);
      vertRows.push(ls.add(idx, coef, -x, 0.5));
    }
  });

  const g = Math.sqrt(gx * gy);
  const cx = g / (2 * gx);
  const cy = g / (2 * gy);
  // The regularisers' rows go through two reused buffers (no array per row: a large mesh has
  // tens of thousands of rows, and one buffer type keeps LeastSquares.add monomorphic).
  const ri = new Int32Array(8);
  const rc = new Float64Array(8);
  const row = (n: number, w: number): void => {
    ls.add(ri.subarray(0, n), rc.subarray(0, n), 0, w);
  };
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const a = U(i, j);
      if (i < gw - 1 && j < gh - 1) {
        // Cauchy–Riemann on the cell, scaled to pixels: (u_x − v_y)·g, (u_y + v_x)·g.
        const b = a + 1; // (i+1, j)
        const c = a + gw; // (i, j+1)
        const d = c + 1; // (i+1, j+1)
        ri.set([b, d, a, c, N + c, N + d, N + a, N + b]);
        rc.set([cx, cx, -cx, -cx, -cy, -cy, cy, cy]);
        row(8, wts.conformal);
        ri.set([c, d, a, b, N + b, N + d, N + a, N + c]);
        rc.set([cy, cy, -cy, -cy, cx, cx, -cx, -cx]);
        row(8, wts.conformal);
        // Twist (mixed second difference).
        for (let base = 0; base <= N; base += N) {
          ri[0] = base + a;
          ri[1] = base + b;
          ri[2] = base + c;
          ri[3] = base + d;
          rc[0] = 1;
          rc[1] = -1;
          rc[2] = -1;
          rc[3] = 1;
          row(4, wts.bending);
        }
      }
      for (let base = 0; base <= N; base += N) {
        const n = base + a;
        if (i > 0 && i < gw - 1) {
          ri[0] = n - 1;
          ri[1] = n;
          ri[2] = n + 1;
          rc[0] = 1;
          rc[1] = -2;
          rc[2] = 1;
          row(3, wts.bending);
        }
        if (j > 0 && j < gh - 1) {
          ri[0] = n - gw;
          ri[1] = n;
          ri[2] = n + gw;
          rc[0] = 1;
          rc[1] = -2;
          rc[2] = 1;
          row(3, wts.bending);
        }
        rc[0] = -1;
        rc[1] = 1;
        if (i < gw - 1) {
          ri[0] = n;
          ri[1] = n + 1;
          row(2, wts.gradient);
        }
        if (j < gh - 1) {
          ri[0] = n;
          ri[1] = n + gw;
          row(2, wts.gradient);
        }
      }
    }
  }
  // Scale and translation gauge: the text rows shrink with the page (a smaller page has
  // smaller residuals), so the mean width, height and position are held, not just damped.
  {
    const iL: number[] = [];
    const cL: number[] = [];
    for (let j = 0; j < gh; j++) {
      iL.push(U(gw - 1, j), U(0, j));
      cL.push(1 / gh, -1 / gh);
    }
    ls.add(iL, cL, 0, wts.border * gh);
    const iT: number[] = [];
    const cT: number[] = [];
    for (let i = 0; i < gw; i++) {
      iT.push(V(i, gh - 1), V(i, 0));
      cT.push(1 / gw, -1 / gw);
    }
    ls.add(iT, cT, 0, wts.border * gw);
    const all = Array.from({ length: N }, (_, n) => n);
    const avg = new Array<number>(N).fill(1 / N);
    ls.add(all, avg, 0, wts.border * N);
    ls.add(
      all.map((n) => n + N),
      avg,
      0,
      wts.border * N,
    );
  }
  const { anchor } = opts;
  for (let i = 0; i < gw; i++) {
    if (anchor.top) ls.add([V(i, 0)], [1], 0, wts.border);
    if (anchor.bottom) ls.add([V(i, gh - 1)], [1], 0, wts.border);
  }
  for (let j = 0; j < gh; j++) {
    if (anchor.left) ls.add([U(0, j)], [1], 0, wts.border);
    if (anchor.right) ls.add([U(gw - 1, j)], [1], 0, wts.border);
  }

  // Warm start: V_ℓ = the line's mean height.
  const x = new Float64Array(2 * N + L + verticals.length);
  verticals.forEach((feat, m) => {
    let sx = 0;
    for (let k = 0; k < feat.xs.length; k++) sx += feat.xs[k]!;
    x[2 * N + L + m] = sx / Math.max(1, feat.xs.length);
  });
  lines.forEach((line, l) => {
    let s = 0;
    for (let k = 0; k < line.ys.length; k++) s += line.ys[k]!;
    x[2 * N + l] = s / line.ys.length;
  });
  const rmsOf = (sol: Float64Array, active: Uint8Array): number => {
    let s = 0;
    let n = 0;
    for (const t of textRows) {
      if (!active[t.line]) continue;
      s += ls.residual(t.row, sol) ** 2;
      n++;
    }
    return n ? Math.sqrt(s / n) : 0;
  };
  const active = new Uint8Array(L).fill(1);
  const rmsBefore = rmsOf(x, active);
  let iterations = 0;
  const rounds = opts.irlsRounds ?? 1;
  for (let round = 0; round <= rounds; round++) {
    iterations += ls.solve(x, opts.maxIter ?? 400, opts.tol ?? 1e-5);
    if (round === rounds) break;
    // Drop mis-grouped lines, Huber-weight the rest.
    const perLine: number[][] = lines.map(() => []);
    for (const t of textRows) perLine[t.line]!.push(Math.abs(ls.residual(t.row, x)));
    perLine.forEach((r, l) => {
      const sorted = r.sort((a, b) => a - b);
      if (sorted[sorted.length >> 1]! > opts.dropResidual) active[l] = 0;
    });
    for (const row of vertRows) {
      const r = Math.abs(ls.residual(row, x));
      ls.reweight(row, 0.5 * (r <= opts.huber ? 1 : opts.huber / r));
    }
    for (const t of textRows) {
      const base = 1 / Math.sqrt(Math.max(1, lines[t.line]!.xs.length / 8));
      if (!active[t.line]) {
        ls.reweight(t.row, 0);
        continue;
      }
      const r = Math.abs(ls.residual(t.row, x));
      ls.reweight(t.row, base * (r <= opts.huber ? 1 : opts.huber / r));
    }
  }
  const rmsAfter = rmsOf(x, active);
  const du = x.slice(0, N);
  const dv = x.slice(N, 2 * N);
  const { map, folded } = invertMesh(du, dv, gw, gh, gx, gy, W, H, opts.step ?? 8);
  return {
    map,
    du,
    dv,
    gw,
    gh,
    foldedTriangles: folded,
    rmsBefore,
    rmsAfter,
    linesUsed: active.reduce((a, b) => a + b, 0),
    iterations,
  };
}

/** A cell's two triangles, (i, j) (i+1, j) (i+1, j+1) and (i, j) (i+1, j+1) (i, j+1), as node
 *  offsets from (i, j). */
const TRI_DI = Int8Array.from([0, 1, 1, 0, 1, 0]);
const TRI_DJ = Int8Array.from([0, 0, 1, 0, 1, 1]);

/**
 * Inverts the forward mesh F(p) = p + d(p) by rasterising each cell's two triangles onto the
 * output grid (barycentric interpolation); grid points no triangle covers use the first-order
 * inverse q − d(q). Counts triangles whose orientation flipped (fold-over).
 */
function invertMesh(
  du: Float64Array,
  dv: Float64Array,
  gw: number,
  gh: number,
  gx: number,
  gy: number,
  W: number,
  H: number,
  step: number,
): { map: BackwardMap; folded: number } {
  const dAt = (x: number, y: number): [number, number] => {
    const i0 = Math.max(0, Math.min(gw - 2, Math.floor(x / gx)));
    const j0 = Math.max(0, Math.min(gh - 2, Math.floor(y / gy)));
    const fx = Math.max(0, Math.min(1, x / gx - i0));
    const fy = Math.max(0, Math.min(1, y / gy - j0));
    const a = j0 * gw + i0;
    const w00 = (1 - fx) * (1 - fy);
    const w10 = fx * (1 - fy);
    const w01 = (1 - fx) * fy;
    const w11 = fx * fy;
    return [
      w00 * du[a]! + w10 * du[a + 1]! + w01 * du[a + gw]! + w11 * du[a + gw + 1]!,
      w00 * dv[a]! + w10 * dv[a + 1]! + w01 * dv[a + gw]! + w11 * dv[a + gw + 1]!,
    ];
  };
  const map = mapFromFunction(W, H, step, (x, y) => {
    // Indexed, not destructured (see mapFromFunction).
    const d = dAt(x, y);
    return [x - d[0], y - d[1]];
  });
  let folded = 0;
  // One row of cells at a time: a small function V8 optimises whole after a few rows.
  for (let j = 0; j < gh - 1; j++) folded += rasteriseCellRow(j, du, dv, gw, gx, gy, step, map);
  return { map, folded };
}

/** invertMesh's triangles of cell row j onto the map's grid; returns how many flipped. */
function rasteriseCellRow(
  j: number,
  du: Float64Array,
  dv: Float64Array,
  gw: number,
  gx: number,
  gy: number,
  step: number,
  map: BackwardMap,
): number {
  const { gridW, gridH } = map;
  let folded = 0;
  for (let i = 0; i < gw - 1; i++) {
    for (let t = 0; t < 6; t += 3) {
      // Corners a, b, c at nodes (ia, ja), (ib, jb), (ic, jc): p on the flat page, q moved.
      const ia = i + TRI_DI[t]!;
      const ja = j + TRI_DJ[t]!;
      const ib = i + TRI_DI[t + 1]!;
      const jb = j + TRI_DJ[t + 1]!;
      const ic = i + TRI_DI[t + 2]!;
      const jc = j + TRI_DJ[t + 2]!;
      const px0 = ia * gx;
      const py0 = ja * gy;
      const px1 = ib * gx;
      const py1 = jb * gy;
      const px2 = ic * gx;
      const py2 = jc * gy;
      const qx0 = px0 + du[ja * gw + ia]!;
      const qy0 = py0 + dv[ja * gw + ia]!;
      const qx1 = px1 + du[jb * gw + ib]!;
      const qy1 = py1 + dv[jb * gw + ib]!;
      const qx2 = px2 + du[jc * gw + ic]!;
      const qy2 = py2 + dv[jc * gw + ic]!;
      const area = (qx1 - qx0) * (qy2 - qy0) - (qy1 - qy0) * (qx2 - qx0);
      if (area <= 0) {
        folded++;
        continue;
      }
      const minX = Math.max(0, Math.ceil(Math.min(qx0, qx1, qx2) / step));
      const maxX = Math.min(gridW - 1, Math.floor(Math.max(qx0, qx1, qx2) / step));
      const minY = Math.max(0, Math.ceil(Math.min(qy0, qy1, qy2) / step));
      const maxY = Math.min(gridH - 1, Math.floor(Math.max(qy0, qy1, qy2) / step));
      for (let Y = minY; Y <= maxY; Y++) {
        for (let X = minX; X <= maxX; X++) {
          const sx = X * step;
          const sy = Y * step;
          const l1 = ((qx1 - sx) * (qy2 - sy) - (qy1 - sy) * (qx2 - sx)) / area;
          const l2 = ((qx2 - sx) * (qy0 - sy) - (qy2 - sy) * (qx0 - sx)) / area;
          const l3 = 1 - l1 - l2;
          if (l1 < -1e-9 || l2 < -1e-9 || l3 < -1e-9) continue;
          const o = Y * gridW + X;
          map.x[o] = l1 * px0 + l2 * px1 + l3 * px2;
          map.y[o] = l1 * py0 + l2 * py1 + l3 * py2;
        }
      }
    }
  }
  return folded;
}
