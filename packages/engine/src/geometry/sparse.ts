/**
 * Sparse least squares: rows are added one at a time (already weighted), then the normal
 * equations AᵀA x = Aᵀb are solved by Jacobi-preconditioned conjugate gradients without ever
 * forming AᵀA (one pass over the rows per iteration). Float64 throughout.
 */
export class LeastSquares {
  private cols = new Int32Array(1024);
  private vals = new Float64Array(1024);
  private nnz = 0;
  private rowPtr = new Int32Array(256);
  private rhs = new Float64Array(256);
  private weights = new Float64Array(256);
  private m = 0;

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
   */
  solve(x: Float64Array, maxIter = 2000, tol = 1e-6): number {
    const n = this.unknowns;
    const m = this.m;
    const rowPtr = this.rowPtr;
    const cols = this.cols;
    const vals = this.vals;
    const b = this.rhs.subarray(0, m);
    const Ax = new Float64Array(m);
    const mulA = (v: Float64Array, out: Float64Array): void => {
      for (let i = 0; i < m; i++) {
        let s = 0;
        for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) s += vals[k]! * v[cols[k]!]!;
        out[i] = s;
      }
    };
    const mulAt = (v: Float64Array, out: Float64Array): void => {
      out.fill(0);
      for (let i = 0; i < m; i++) {
        const vi = v[i]!;
        if (vi === 0) continue;
        for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++)
          out[cols[k]!] = out[cols[k]!]! + vals[k]! * vi;
      }
    };
    const diag = new Float64Array(n);
    for (let k = 0; k < this.nnz; k++) diag[cols[k]!] = diag[cols[k]!]! + vals[k]! * vals[k]!;
    for (let j = 0; j < n; j++) diag[j] = diag[j]! > 0 ? 1 / diag[j]! : 0;
    // r = Aᵀ(b − A x)
    mulA(x, Ax);
    for (let i = 0; i < m; i++) Ax[i] = b[i]! - Ax[i]!;
    const r = new Float64Array(n);
    mulAt(Ax, r);
    const z = new Float64Array(n);
    for (let j = 0; j < n; j++) z[j] = diag[j]! * r[j]!;
    const p = Float64Array.from(z);
    const AtAp = new Float64Array(n);
    let rz = 0;
    for (let j = 0; j < n; j++) rz += r[j]! * z[j]!;
    const atb = new Float64Array(n);
    mulAt(b, atb);
    let bnorm = 0;
    for (let j = 0; j < n; j++) bnorm += atb[j]! * atb[j]!;
    bnorm = Math.sqrt(bnorm) || 1;
    let iter = 0;
    for (; iter < maxIter; iter++) {
      let rn = 0;
      for (let j = 0; j < n; j++) rn += r[j]! * r[j]!;
      if (Math.sqrt(rn) / bnorm < tol) break;
      const pAp = normalProduct(rowPtr, cols, vals, m, p, AtAp);
      if (pAp <= 0) break;
      const alpha = rz / pAp;
      for (let j = 0; j < n; j++) {
        x[j] = x[j]! + alpha * p[j]!;
        r[j] = r[j]! - alpha * AtAp[j]!;
        z[j] = diag[j]! * r[j]!;
      }
      let rzNew = 0;
      for (let j = 0; j < n; j++) rzNew += r[j]! * z[j]!;
      const beta = rzNew / rz;
      rz = rzNew;
      for (let j = 0; j < n; j++) p[j] = z[j]! + beta * p[j]!;
    }
    return iter;
  }
}

/**
 * One pass over the rows for AᵀA·p (into out) and |A·p|²: each row's dot product with p is
 * used at once, so the rows are read once per iteration instead of twice.
 */
function normalProduct(
  rowPtr: Int32Array,
  cols: Int32Array,
  vals: Float64Array,
  m: number,
  p: Float64Array,
  out: Float64Array,
): number {
  out.fill(0);
  let pAp = 0;
  for (let i = 0; i < m; i++) {
    const k0 = rowPtr[i]!;
    const k1 = rowPtr[i + 1]!;
    let s = 0;
    for (let k = k0; k < k1; k++) s += vals[k]! * p[cols[k]!]!;
    pAp += s * s;
    if (s === 0) continue;
    for (let k = k0; k < k1; k++) out[cols[k]!] = out[cols[k]!]! + vals[k]! * s;
  }
  return pAp;
}
