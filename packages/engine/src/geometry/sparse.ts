import { type WasmMemory, reserve, threadKernel, wasmKernel } from '../filters/wasm.ts';
import { SPARSE_WASM } from './sparse-wasm.ts';

/**
 * Sparse least squares: rows are added one at a time (already weighted), then the normal
 * equations AᵀA x = Aᵀb are solved by Jacobi-preconditioned conjugate gradients on AᵀA formed
 * once per solve (rows over almost every unknown stay rank-one terms). Float64 throughout.
 */
export class LeastSquares {
  private cols = new Int32Array(1024);
  private vals = new Float64Array(1024);
  private nnz = 0;
  private rowPtr = new Int32Array(256);
  private rhs = new Float64Array(256);
  private weights = new Float64Array(256);
  private m = 0;

  /** Solve with the TypeScript product even where the WebAssembly kernel loads (tests). */
  typescript = false;

  constructor(readonly unknowns: number) {}

  get rows(): number {
    return this.m;
  }

  /** Adds the row  Σ coef[k]·x[idx[k]] = b  with weight w (the row is scaled by √w). */
  add(idx: ArrayLike<number>, coef: ArrayLike<number>, b: number, w = 1): number {
    const s = Math.sqrt(w);
    if (this.nnz + idx.length > this.cols.length) {
      const size = Math.max(2 * this.cols.length, this.nnz + idx.length);
      const c = new Int32Array(size);
      c.set(this.cols);
      this.cols = c;
      const v = new Float64Array(size);
      v.set(this.vals);
      this.vals = v;
    }
    if (this.m + 2 > this.rhs.length) {
      const size = 2 * this.rhs.length;
      const r = new Int32Array(size + 1);
      r.set(this.rowPtr);
      this.rowPtr = r;
      const b2 = new Float64Array(size);
      b2.set(this.rhs);
      this.rhs = b2;
      const w2 = new Float64Array(size);
      w2.set(this.weights);
      this.weights = w2;
    }
    for (let k = 0; k < idx.length; k++) {
      if (coef[k] === 0) continue;
      this.cols[this.nnz] = idx[k]!;
      this.vals[this.nnz] = coef[k]! * s;
      this.nnz++;
    }
    this.rhs[this.m] = b * s;
    this.weights[this.m] = s;
    this.m++;
    this.rowPtr[this.m] = this.nnz;
    return this.m - 1;
  }

  /** Re-weights a row (IRLS): the row's effective weight becomes w. */
  reweight(row: number, w: number): void {
    const s = Math.sqrt(w);
    const f = this.weights[row]! > 0 ? s / this.weights[row]! : 0;
    if (this.weights[row]! === 0) return;
    for (let k = this.rowPtr[row]!; k < this.rowPtr[row + 1]!; k++)
      this.vals[k] = this.vals[k]! * f;
    this.rhs[row] = this.rhs[row]! * f;
    this.weights[row] = s;
  }

  /** Unweighted residual (A x − b) of one row. */
  residual(row: number, x: Float64Array): number {
    let r = 0;
    for (let k = this.rowPtr[row]!; k < this.rowPtr[row + 1]!; k++)
      r += this.vals[k]! * x[this.cols[k]!]!;
    const s = this.weights[row]!;
    return s > 0 ? (r - this.rhs[row]!) / s : 0;
  }

  /**
   * Solves in place starting from x (warm start). Stops when the relative residual of the normal
   * equations falls below tol or after maxIter iterations; returns the iteration count.
   *
   * AᵀA is formed once per solve (its rows are read by every iteration, a gather per entry,
   * where passing over A's rows costs a gather and a scatter per entry): about twice as fast
   * per iteration. Rows longer than DENSE_ROW (gauge rows over every node) would fill AᵀA
   * densely, so they stay rank-one terms a·(a·p).
   */
  solve(x: Float64Array, maxIter = 2000, tol = 1e-6): number {
    const n = this.unknowns;
    const m = this.m;
    const { rowPtr, cols, vals } = this;
    const b = this.rhs.subarray(0, m);
    // r = Aᵀ(b − A x)
    const res = new Float64Array(m);
    residuals(rowPtr, cols, vals, b, x, res);
    const r = new Float64Array(n);
    this.mulAt(res, r);
    const atb = new Float64Array(n);
    this.mulAt(b, atb);
    const bnorm = Math.sqrt(dot(atb, atb)) || 1;
    const converged = (): boolean => Math.sqrt(dot(r, r)) / bnorm < tol;
    if (maxIter <= 0 || converged()) return 0;
    const normal = this.normalMatrix();
    const diag = new Float64Array(n);
    squaresByColumn(cols, vals, this.nnz, diag);
    for (let j = 0; j < n; j++) diag[j] = diag[j]! > 0 ? 1 / diag[j]! : 0;
    const z = new Float64Array(n);
    for (let j = 0; j < n; j++) z[j] = diag[j]! * r[j]!;
    // p and AᵀA·p live in the kernel's memory when it loads (with AᵀA copied there).
    const product = this.typescript ? null : wasmProduct(normal, n);
    const p = product ? product.p : new Float64Array(n);
    p.set(z);
    const AtAp = product ? product.out : new Float64Array(n);
    let rz = dot(r, z);
    let iter = 0;
    for (; iter < maxIter; iter++) {
      if (iter > 0 && converged()) break;
      const pAp = product
        ? denseProduct(normal.dense, rowPtr, cols, vals, p, AtAp, runProduct(product))
        : normalProduct(normal, rowPtr, cols, vals, p, AtAp);
      if (pAp <= 0) break;
      const rzNew = cgStep(rz / pAp, x, p, r, z, AtAp, diag);
      const beta = rzNew / rz;
      rz = rzNew;
      for (let j = 0; j < n; j++) p[j] = z[j]! + beta * p[j]!;
    }
    return iter;
  }

  /** out = Aᵀ v. */
  private mulAt(v: Float64Array, out: Float64Array): void {
    const { rowPtr, cols, vals } = this;
    out.fill(0);
    for (let i = 0; i < this.m; i++) {
      const vi = v[i]!;
      if (vi === 0) continue;
      for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++)
        out[cols[k]!] = out[cols[k]!]! + vals[k]! * vi;
    }
  }

  /** AᵀA over the rows of at most DENSE_ROW entries, in CSR, plus the longer rows' indices. */
  private normalMatrix(): NormalMatrix {
    return formNormal(this.unknowns, this.m, this.rowPtr, this.cols, this.vals);
  }
}

// The loops of solve and formNormal are small functions of their own: V8 optimises a small
// function as a whole after a few calls, where a long function of many loops is optimised loop
// by loop on the fly and thrown back to the interpreter at each loop it had not reached yet.

/** res = b − A x over the m rows. */
function residuals(
  rowPtr: Int32Array,
  cols: Int32Array,
  vals: Float64Array,
  b: Float64Array,
  x: Float64Array,
  res: Float64Array,
): void {
  for (let i = 0; i < res.length; i++) {
    let s = 0;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) s += vals[k]! * x[cols[k]!]!;
    res[i] = b[i]! - s;
  }
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += a[j]! * b[j]!;
  return s;
}

/** diag[j] += Σ vals² over the first nnz entries of column j. */
function squaresByColumn(cols: Int32Array, vals: Float64Array, nnz: number, diag: Float64Array) {
  for (let k = 0; k < nnz; k++) diag[cols[k]!] = diag[cols[k]!]! + vals[k]! * vals[k]!;
}

/** One conjugate-gradient update with step alpha: x, r and z = diag·r in place; returns r·z. */
function cgStep(
  alpha: number,
  x: Float64Array,
  p: Float64Array,
  r: Float64Array,
  z: Float64Array,
  AtAp: Float64Array,
  diag: Float64Array,
): number {
  let rzNew = 0;
  for (let j = 0; j < x.length; j++) {
    x[j] = x[j]! + alpha * p[j]!;
    const rj = r[j]! - alpha * AtAp[j]!;
    r[j] = rj;
    const zj = diag[j]! * rj;
    z[j] = zj;
    rzNew += rj * zj;
  }
  return rzNew;
}

/** AᵀA over the rows of at most DENSE_ROW entries, in CSR, plus the longer rows' indices. */
function formNormal(
  n: number,
  m: number,
  rowPtr: Int32Array,
  cols: Int32Array,
  vals: Float64Array,
): NormalMatrix {
  const dense: number[] = [];
  // Column → (row, entry) lists of the sparse rows, and a bound on AᵀA's entries.
  const colStart = new Int32Array(n + 1);
  let bound = 0;
  for (let i = 0; i < m; i++) {
    const len = rowPtr[i + 1]! - rowPtr[i]!;
    if (len > DENSE_ROW) {
      dense.push(i);
      continue;
    }
    bound += len * len;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) colStart[cols[k]! + 1]!++;
  }
  for (let j = 0; j < n; j++) colStart[j + 1] = colStart[j + 1]! + colStart[j]!;
  const entryRow = new Int32Array(colStart[n]!);
  const entryK = new Int32Array(colStart[n]!);
  const fill = colStart.slice(0, n);
  listEntries(m, rowPtr, cols, fill, entryRow, entryK);
  const ptr = new Int32Array(n + 1);
  const idx = new Int32Array(Math.min(bound, n * n));
  const val = new Float64Array(idx.length);
  const mark = new Int32Array(n).fill(-1);
  const slot = new Int32Array(n);
  let nnz = 0;
  for (let j = 0; j < n; j++) {
    nnz = normalColumn(
      j,
      nnz,
      colStart,
      entryRow,
      entryK,
      rowPtr,
      cols,
      vals,
      mark,
      slot,
      idx,
      val,
    );
    ptr[j + 1] = nnz;
  }
  return { ptr, idx, val, dense: Int32Array.from(dense) };
}

/** formNormal's column → (row, entry) lists of the rows of at most DENSE_ROW entries. */
function listEntries(
  m: number,
  rowPtr: Int32Array,
  cols: Int32Array,
  fill: Int32Array,
  entryRow: Int32Array,
  entryK: Int32Array,
): void {
  for (let i = 0; i < m; i++) {
    if (rowPtr[i + 1]! - rowPtr[i]! > DENSE_ROW) continue;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) {
      const j = cols[k]!;
      entryRow[fill[j]!] = i;
      entryK[fill[j]!] = k;
      fill[j]!++;
    }
  }
}

/** Row j of AᵀA, written from entry nnz on; returns the next free entry. */
function normalColumn(
  j: number,
  start: number,
  colStart: Int32Array,
  entryRow: Int32Array,
  entryK: Int32Array,
  rowPtr: Int32Array,
  cols: Int32Array,
  vals: Float64Array,
  mark: Int32Array,
  slot: Int32Array,
  idx: Int32Array,
  val: Float64Array,
): number {
  let nnz = start;
  for (let q = colStart[j]!; q < colStart[j + 1]!; q++) {
    const i = entryRow[q]!;
    const aij = vals[entryK[q]!]!;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) {
      const c = cols[k]!;
      if (mark[c] !== j) {
        mark[c] = j;
        slot[c] = nnz;
        idx[nnz] = c;
        val[nnz++] = aij * vals[k]!;
      } else val[slot[c]!] = val[slot[c]!]! + aij * vals[k]!;
    }
  }
  return nnz;
}

/** Rows with more entries than this are kept out of the formed AᵀA (see solve). */
const DENSE_ROW = 256;

interface NormalMatrix {
  ptr: Int32Array;
  idx: Int32Array;
  val: Float64Array;
  /** rows of A applied as rank-one terms */
  dense: Int32Array;
}

/** out = AᵀA·p (the formed sparse part plus the dense rows' rank-one terms); returns p·AᵀA·p. */
function normalProduct(
  normal: NormalMatrix,
  rowPtr: Int32Array,
  cols: Int32Array,
  vals: Float64Array,
  p: Float64Array,
  out: Float64Array,
): number {
  const { ptr, idx, val, dense } = normal;
  const n = out.length;
  let pAp = 0;
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let k = ptr[j]!; k < ptr[j + 1]!; k++) s += val[k]! * p[idx[k]!]!;
    out[j] = s;
    pAp += s * p[j]!;
  }
  return denseProduct(dense, rowPtr, cols, vals, p, out, pAp);
}

/** Adds the dense rows' rank-one terms a·(a·p) to out and their part of p·AᵀA·p to pAp. */
function denseProduct(
  dense: Int32Array,
  rowPtr: Int32Array,
  cols: Int32Array,
  vals: Float64Array,
  p: Float64Array,
  out: Float64Array,
  sparsePAp: number,
): number {
  let pAp = sparsePAp;
  for (let d = 0; d < dense.length; d++) {
    const i = dense[d]!;
    let s = 0;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) s += vals[k]! * p[cols[k]!]!;
    if (s === 0) continue;
    pAp += s * s;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) out[cols[k]!] = out[cols[k]!]! + vals[k]! * s;
  }
  return pAp;
}

/** The exports of sparse.wat. */
interface SparseKernel {
  memory: WasmMemory;
  product(ptr: number, idx: number, val: number, p: number, out: number, n: number): number;
}

/** This thread's instance; its memory (AᵀA of the largest solve so far, about 4 MB for a
 *  9,000-node mesh) stays for the next solve. */
const kernel = threadKernel(wasmKernel<SparseKernel>(SPARSE_WASM));

/** Whether the WebAssembly kernel loads here (the tests check it does on Node). */
export const sparseKernelLoads = (): boolean => kernel() !== null;

/** AᵀA in the kernel's memory (byte offsets), with p and out there as views. */
interface KernelProduct {
  kernel: SparseKernel;
  ptr: number;
  idx: number;
  val: number;
  pAt: number;
  outAt: number;
  n: number;
  p: Float64Array;
  out: Float64Array;
}

/**
 * AᵀA copied into the kernel's memory, with p and out there as views: runProduct then sets out
 * to the sparse part of AᵀA·p and returns its p·AᵀA·p, the same bits as the TypeScript loop.
 */
function wasmProduct(normal: NormalMatrix, n: number): KernelProduct | null {
  const k = kernel();
  if (!k) return null;
  const nnz = normal.ptr[n]!;
  // float64 arrays first (8-byte aligned), then the int32 ones
  const val = 0;
  const p = val + nnz * 8;
  const out = p + n * 8;
  const ptr = out + n * 8;
  const idx = ptr + (n + 1) * 4;
  reserve(k.memory, idx + nnz * 4);
  const buf = k.memory.buffer;
  new Float64Array(buf, val, nnz).set(normal.val.subarray(0, nnz));
  new Int32Array(buf, ptr, n + 1).set(normal.ptr);
  new Int32Array(buf, idx, nnz).set(normal.idx.subarray(0, nnz));
  return {
    kernel: k,
    ptr,
    idx,
    val,
    pAt: p,
    outAt: out,
    n,
    p: new Float64Array(buf, p, n),
    out: new Float64Array(buf, out, n),
  };
}

/** The sparse part of AᵀA·p in the kernel (no closure per solve: one call target for V8). */
function runProduct(w: KernelProduct): number {
  return w.kernel.product(w.ptr, w.idx, w.val, w.pAt, w.outAt, w.n);
}
