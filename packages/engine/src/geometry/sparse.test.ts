import { describe, expect, it } from 'vitest';
import { lcg } from '../test-random.ts';
import { LeastSquares, sparseKernelLoads } from './sparse.ts';

/** Dense normal equations solved by Gaussian elimination: the reference answer. */
function denseSolve(
  rows: Array<{ idx: number[]; coef: number[]; b: number; w: number }>,
  n: number,
) {
  const M = Array.from({ length: n }, () => new Float64Array(n + 1));
  for (const { idx, coef, b, w } of rows) {
    for (let p = 0; p < idx.length; p++) {
      for (let q = 0; q < idx.length; q++) M[idx[p]!]![idx[q]!]! += w * coef[p]! * coef[q]!;
      M[idx[p]!]![n]! += w * coef[p]! * b;
    }
  }
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[piv]![c]!)) piv = r;
    [M[c], M[piv]] = [M[piv]!, M[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((row, c) => row[n]! / row[c]!);
}

describe('LeastSquares', () => {
  it('solves a sparse system with long (rank-one) rows to the dense answer', () => {
    const rand = lcg(11);
    const n = 300;
    const rows: Array<{ idx: number[]; coef: number[]; b: number; w: number }> = [];
    // Chains of short rows (like the mesh's difference rows) plus data rows.
    for (let j = 0; j + 2 < n; j++)
      rows.push({ idx: [j, j + 1, j + 2], coef: [1, -2, 1], b: 0, w: 0.5 });
    for (let k = 0; k < 400; k++) {
      const a = Math.floor(rand() * (n - 4));
      rows.push({ idx: [a, a + 1, a + 3], coef: [rand(), rand(), -rand()], b: 10 * rand(), w: 1 });
    }
    // Rows over every unknown (the mesh's gauge rows): longer than the formed-matrix limit.
    const all = Array.from({ length: n }, (_, j) => j);
    rows.push({ idx: all, coef: all.map(() => 1 / n), b: 3, w: 50 });
    rows.push({ idx: all, coef: all.map((j) => (j % 2 ? 1 : -1) / n), b: -1, w: 20 });
    const ls = new LeastSquares(n);
    for (const r of rows) ls.add(r.idx, r.coef, r.b, r.w);
    const x = new Float64Array(n);
    const iterations = ls.solve(x, 5000, 1e-12);
    const ref = denseSolve(rows, n);
    expect(iterations).toBeGreaterThan(0);
    for (let j = 0; j < n; j++) expect(x[j]).toBeCloseTo(ref[j]!, 5);
    // Solved: a second call from the answer stops at once.
    expect(ls.solve(x, 5000, 1e-8)).toBe(0);
    // The product AᵀA·p ran in the WebAssembly kernel: the TypeScript loop gives the same bits,
    // iteration for iteration.
    expect(sparseKernelLoads()).toBe(true);
    const ts = new LeastSquares(n);
    ts.typescript = true;
    for (const r of rows) ts.add(r.idx, r.coef, r.b, r.w);
    const y = new Float64Array(n);
    expect(ts.solve(y, 5000, 1e-12)).toBe(iterations);
    expect(Array.from(y)).toEqual(Array.from(x));
  });

  it('re-weighted rows change the answer as if they had been added with the new weight', () => {
    const a = new LeastSquares(2);
    const r0 = a.add([0], [1], 4, 1);
    a.add([1], [1], 2, 1);
    a.add([0, 1], [1, -1], 0, 1);
    a.reweight(r0, 9);
    const b = new LeastSquares(2);
    b.add([0], [1], 4, 9);
    b.add([1], [1], 2, 1);
    b.add([0, 1], [1, -1], 0, 1);
    const xa = new Float64Array(2);
    const xb = new Float64Array(2);
    a.solve(xa, 100, 1e-12);
    b.solve(xb, 100, 1e-12);
    expect(xa[0]).toBeCloseTo(xb[0]!, 9);
    expect(xa[1]).toBeCloseTo(xb[1]!, 9);
    expect(a.residual(r0, xa)).toBeCloseTo(xa[0]! - 4, 9);
  });
});
