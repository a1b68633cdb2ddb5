/**
 * Square min/max (rank) filter shared by the geometry and appearance stages: separable van
 * Herk / Gil–Werman running extremes, O(1) work per pixel whatever the radius.
 *
 * Speed notes (measured on a 0.7 MP page plane, r = 3: 25 ms → about 6 ms):
 * - Non-negative float32 values order exactly like their bit patterns read as int32, so the
 *   kernels compare ints without branches (`d & (d >> 31)`): on photo data a float `a > b ? …`
 *   mispredicts often enough to cost twice as much. Inputs with a negative value (never the
 *   engine's images and masks) take a direct O(r) path instead.
 * - Blocks of k = 2r+1 samples are aligned at the line start (no padded copy): g holds the
 *   running extreme from the block start, h the one to the block end (clipped at the line end),
 *   and window [a, b] is extreme(h[a], g[b]); a window clipped at the start is g[b] alone (a = 0
 *   is a block start), one clipped at the end inside a's own block is h[a] alone.
 * - The vertical pass runs over whole rows rather than down strided columns.
 * - The loops whose iterations are independent (combining g and h, the row ops) take four
 *   samples per iteration: V8 does not unroll, and the loop overhead was a fair share of these
 *   few-instruction bodies (closing of a 1.1 MP plane, r = 5: ~28 → ~23 ms).
 * - Where WebAssembly SIMD is there (Node ≥ 16), the same filter runs in rank.wat instead, four
 *   samples per instruction (closing of a 1.1 MP plane, r = 5: ~23 → ~4 ms), with the same
 *   values bit for bit; the code below is its fallback and its reference in the tests.
 */
import { RANK_WASM } from './rank-wasm.ts';
import { type WasmMemory, reserve, threadKernel, wasmKernel } from './wasm.ts';

/** Running max over windows of 2r+1 (0 < r < n) along one row of int-ordered samples. */
function maxLine(
  src: Int32Array,
  dst: Int32Array,
  off: number,
  n: number,
  r: number,
  g: Int32Array,
  h: Int32Array,
): number {
  const k = 2 * r + 1;
  let sign = 0;
  for (let s = 0; s < n; s += k) {
    const e = Math.min(n, s + k);
    let acc = src[off + s]!;
    g[s] = acc;
    sign |= acc;
    for (let i = s + 1; i < e; i++) {
      const v = src[off + i]!;
      sign |= v;
      const d = (v - acc) | 0;
      acc += d & ~(d >> 31);
      g[i] = acc;
    }
    acc = src[off + e - 1]!;
    h[e - 1] = acc;
    for (let i = e - 2; i >= s; i--) {
      const d = (src[off + i]! - acc) | 0;
      acc += d & ~(d >> 31);
      h[i] = acc;
    }
  }
  const left = Math.min(r, n);
  for (let i = 0; i < left; i++) dst[off + i] = g[Math.min(i + r, n - 1)]!;
  let i = r;
  for (; i + 4 <= n - r; i += 4) {
    const a0 = h[i - r]!;
    const a1 = h[i - r + 1]!;
    const a2 = h[i - r + 2]!;
    const a3 = h[i - r + 3]!;
    const d0 = (g[i + r]! - a0) | 0;
    const d1 = (g[i + r + 1]! - a1) | 0;
    const d2 = (g[i + r + 2]! - a2) | 0;
    const d3 = (g[i + r + 3]! - a3) | 0;
    dst[off + i] = a0 + (d0 & ~(d0 >> 31));
    dst[off + i + 1] = a1 + (d1 & ~(d1 >> 31));
    dst[off + i + 2] = a2 + (d2 & ~(d2 >> 31));
    dst[off + i + 3] = a3 + (d3 & ~(d3 >> 31));
  }
  for (; i < n - r; i++) {
    const a = h[i - r]!;
    const d = (g[i + r]! - a) | 0;
    dst[off + i] = a + (d & ~(d >> 31));
  }
  const lastBlock = Math.floor((n - 1) / k);
  const gl = g[n - 1]!;
  for (let i = Math.max(r, n - r); i < n; i++) {
    const a = h[i - r]!;
    dst[off + i] = Math.floor((i - r) / k) === lastBlock || a > gl ? a : gl;
  }
  return sign;
}

/** Running min over windows of 2r+1 (0 < r < n) along one row (see maxLine). */
function minLine(
  src: Int32Array,
  dst: Int32Array,
  off: number,
  n: number,
  r: number,
  g: Int32Array,
  h: Int32Array,
): number {
  const k = 2 * r + 1;
  let sign = 0;
  for (let s = 0; s < n; s += k) {
    const e = Math.min(n, s + k);
    let acc = src[off + s]!;
    g[s] = acc;
    sign |= acc;
    for (let i = s + 1; i < e; i++) {
      const v = src[off + i]!;
      sign |= v;
      const d = (v - acc) | 0;
      acc += d & (d >> 31);
      g[i] = acc;
    }
    acc = src[off + e - 1]!;
    h[e - 1] = acc;
    for (let i = e - 2; i >= s; i--) {
      const d = (src[off + i]! - acc) | 0;
      acc += d & (d >> 31);
      h[i] = acc;
    }
  }
  const left = Math.min(r, n);
  for (let i = 0; i < left; i++) dst[off + i] = g[Math.min(i + r, n - 1)]!;
  let i = r;
  for (; i + 4 <= n - r; i += 4) {
    const a0 = h[i - r]!;
    const a1 = h[i - r + 1]!;
    const a2 = h[i - r + 2]!;
    const a3 = h[i - r + 3]!;
    const d0 = (g[i + r]! - a0) | 0;
    const d1 = (g[i + r + 1]! - a1) | 0;
    const d2 = (g[i + r + 2]! - a2) | 0;
    const d3 = (g[i + r + 3]! - a3) | 0;
    dst[off + i] = a0 + (d0 & (d0 >> 31));
    dst[off + i + 1] = a1 + (d1 & (d1 >> 31));
    dst[off + i + 2] = a2 + (d2 & (d2 >> 31));
    dst[off + i + 3] = a3 + (d3 & (d3 >> 31));
  }
  for (; i < n - r; i++) {
    const a = h[i - r]!;
    const d = (g[i + r]! - a) | 0;
    dst[off + i] = a + (d & (d >> 31));
  }
  const lastBlock = Math.floor((n - 1) / k);
  const gl = g[n - 1]!;
  for (let i = Math.max(r, n - r); i < n; i++) {
    const a = h[i - r]!;
    dst[off + i] = Math.floor((i - r) / k) === lastBlock || a < gl ? a : gl;
  }
  return sign;
}

type RowOp = (
  dst: Int32Array,
  o: number,
  a: Int32Array,
  ao: number,
  b: Int32Array,
  bo: number,
  w: number,
) => void;

/** dst[o..o+w) = elementwise max of two int-ordered rows. */
function maxRows(
  dst: Int32Array,
  o: number,
  a: Int32Array,
  ao: number,
  b: Int32Array,
  bo: number,
  w: number,
): void {
  let x = 0;
  for (; x + 4 <= w; x += 4) {
    const p0 = a[ao + x]!;
    const p1 = a[ao + x + 1]!;
    const p2 = a[ao + x + 2]!;
    const p3 = a[ao + x + 3]!;
    const d0 = (b[bo + x]! - p0) | 0;
    const d1 = (b[bo + x + 1]! - p1) | 0;
    const d2 = (b[bo + x + 2]! - p2) | 0;
    const d3 = (b[bo + x + 3]! - p3) | 0;
    dst[o + x] = p0 + (d0 & ~(d0 >> 31));
    dst[o + x + 1] = p1 + (d1 & ~(d1 >> 31));
    dst[o + x + 2] = p2 + (d2 & ~(d2 >> 31));
    dst[o + x + 3] = p3 + (d3 & ~(d3 >> 31));
  }
  for (; x < w; x++) {
    const p = a[ao + x]!;
    const d = (b[bo + x]! - p) | 0;
    dst[o + x] = p + (d & ~(d >> 31));
  }
}

/** dst[o..o+w) = elementwise min of two int-ordered rows. */
function minRows(
  dst: Int32Array,
  o: number,
  a: Int32Array,
  ao: number,
  b: Int32Array,
  bo: number,
  w: number,
): void {
  let x = 0;
  for (; x + 4 <= w; x += 4) {
    const p0 = a[ao + x]!;
    const p1 = a[ao + x + 1]!;
    const p2 = a[ao + x + 2]!;
    const p3 = a[ao + x + 3]!;
    const d0 = (b[bo + x]! - p0) | 0;
    const d1 = (b[bo + x + 1]! - p1) | 0;
    const d2 = (b[bo + x + 2]! - p2) | 0;
    const d3 = (b[bo + x + 3]! - p3) | 0;
    dst[o + x] = p0 + (d0 & (d0 >> 31));
    dst[o + x + 1] = p1 + (d1 & (d1 >> 31));
    dst[o + x + 2] = p2 + (d2 & (d2 >> 31));
    dst[o + x + 3] = p3 + (d3 & (d3 >> 31));
  }
  for (; x < w; x++) {
    const p = a[ao + x]!;
    const d = (b[bo + x]! - p) | 0;
    dst[o + x] = p + (d & (d >> 31));
  }
}

/**
 * Vertical pass over whole rows: g (extreme from each block start) goes into `out`, h (to the
 * block end) overwrites `src` in place, then each output row combines them. Row y reads g at
 * row y + r ≥ y before row y is written, so combining in place in `out` is safe.
 */
function columns(
  src: Int32Array,
  out: Int32Array,
  w: number,
  n: number,
  r: number,
  op: RowOp,
): void {
  const k = 2 * r + 1;
  for (let s = 0; s < n; s += k) {
    const e = Math.min(n, s + k);
    out.set(src.subarray(s * w, (s + 1) * w), s * w);
    for (let y = s + 1; y < e; y++) op(out, y * w, src, y * w, out, (y - 1) * w, w);
    for (let y = e - 2; y >= s; y--) op(src, y * w, src, y * w, src, (y + 1) * w, w);
  }
  const top = Math.min(r, n);
  for (let y = 0; y < top; y++) {
    const from = Math.min(y + r, n - 1) * w;
    out.copyWithin(y * w, from, from + w);
  }
  const lastBlock = Math.floor((n - 1) / k);
  for (let y = r; y < n; y++) {
    const ha = (y - r) * w;
    if (y + r >= n && Math.floor((y - r) / k) === lastBlock)
      out.set(src.subarray(ha, ha + w), y * w);
    else op(out, y * w, src, ha, out, Math.min(y + r, n - 1) * w, w);
  }
}

/** Direct O(r) separable scan for inputs with negative values (or -0), which the int order
 *  would get wrong. */
function direct(src: Float32Array, w: number, h: number, r: number, max: boolean): Float32Array {
  const pass = (
    from: Float32Array,
    to: Float32Array,
    n: number,
    lines: number,
    step: number,
    next: number,
  ) => {
    for (let l = 0; l < lines; l++) {
      for (let i = 0; i < n; i++) {
        let v = from[l * next + i * step]!;
        for (let j = Math.max(0, i - r); j <= Math.min(n - 1, i + r); j++) {
          const s = from[l * next + j * step]!;
          v = max ? (s > v ? s : v) : s < v ? s : v;
        }
        to[l * next + i * step] = v;
      }
    }
  };
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  pass(src, tmp, w, h, 1, w);
  pass(tmp, out, h, w, w, 1);
  return out;
}

/** Scratch plane for the horizontal pass, kept between calls and grown on demand: a fresh
 *  plane per call costs page faults and, being external memory, brings the next full GC
 *  closer. Every call writes all of it that it reads. */
let scratch = new Int32Array(0);

function scratchPlane(n: number): Int32Array {
  if (scratch.length < n) scratch = new Int32Array(n);
  return scratch;
}

/**
 * Separable square max (grow) or min filter of radius r (out-of-image samples ignored).
 * @example
 * const grown = rankFilter(gray, w, h, 3, true);
 */
export function rankFilter(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  max: boolean,
): Float32Array {
  const out = new Float32Array(w * h);
  rankChain(src, w, h, r, [max], out);
  return out;
}

/**
 * Grey closing, min(max(src)) over squares of radius r: removes dark features narrower than the
 * square. Same values as the two rankFilter calls, without the intermediate plane.
 * @example
 * const closed = closingFilter(gray, w, h, 3);
 */
export function closingFilter(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const out = new Float32Array(w * h);
  rankChain(src, w, h, r, [true, false], out);
  return out;
}

/**
 * Square rank filters of radius r applied one after another (`ops`: true max, false min), src →
 * out (`out` may be `src`). `impl` picks the kernel: the WebAssembly one where it loads (the
 * default), or the TypeScript one (its fallback, and the tests' reference).
 */
export function rankChain(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  ops: boolean[],
  out: Float32Array,
  impl: 'wasm' | 'js' = 'wasm',
): void {
  const n = w * h;
  if (r <= 0 || n === 0 || ops.length === 0) {
    if (out !== src) out.set(src.subarray(0, n));
    return;
  }
  const kernel = impl === 'wasm' ? rankKernel() : null;
  if (kernel && wasmChain(kernel, src, w, h, r, ops, out)) return;
  const tmp = scratchPlane(n);
  ops.forEach((max, i) => rankInto(i === 0 ? src : out, w, h, r, max, tmp, out));
}

/** The exports of rank.wat (pointers are byte offsets into `memory`). */
interface RankKernel {
  memory: WasmMemory;
  hpass(
    src: number,
    dst: number,
    w: number,
    h: number,
    r: number,
    max: number,
    buf: number,
  ): number;
  vpass(src: number, dst: number, w: number, h: number, r: number, max: number): void;
}

/** This thread's instance; its memory (two planes of the largest filter so far: about 9 MB for
 *  the 1280 px analysis copies the filters run on) stays for the next call. */
const rankKernel = threadKernel(wasmKernel<RankKernel>(RANK_WASM));

/** Whether the WebAssembly kernel loads here (the tests check it does on Node). */
export const rankKernelLoads = (): boolean => rankKernel() !== null;

/**
 * rankChain in the WebAssembly kernel: src is copied into its memory once, each filter runs
 * there (horizontal pass A → B, vertical pass B → A) and the result is copied out. False, with
 * `out` untouched, when src holds a sign bit (the int order would not hold).
 */
function wasmChain(
  k: RankKernel,
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  ops: boolean[],
  out: Float32Array,
): boolean {
  const n = w * h;
  const rx = Math.min(r, w - 1);
  const ry = Math.min(r, h - 1);
  // Planes A and B, then the horizontal pass's line buffer (w + 4r + 12 samples, see rank.wat).
  const plane = (n * 4 + 15) & ~15;
  reserve(k.memory, 2 * plane + (w + 4 * rx + 16) * 4);
  const mem = new Int32Array(k.memory.buffer);
  const A = 0;
  const B = plane;
  mem.set(new Int32Array(src.buffer, src.byteOffset, n), A >> 2);
  for (let i = 0; i < ops.length; i++) {
    const max = ops[i] ? 1 : 0;
    if (rx > 0) {
      const sign = k.hpass(A, B, w, h, rx, max, 2 * plane);
      if (i === 0 && sign < 0) return false;
    } else {
      if (i === 0) {
        let sign = 0;
        for (let j = 0; j < n; j++) sign |= mem[j]!;
        if (sign < 0) return false;
      }
      mem.copyWithin(B >> 2, A >> 2, (A >> 2) + n);
    }
    if (ry > 0) k.vpass(B, A, w, h, ry, max);
    else mem.copyWithin(A >> 2, B >> 2, (B >> 2) + n);
  }
  new Int32Array(out.buffer, out.byteOffset, n).set(mem.subarray(A >> 2, (A >> 2) + n));
  return true;
}

/** rankFilter into `out` using `tmp` as scratch; `out` may be `src` (it is written last). */
function rankInto(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  max: boolean,
  tmp: Int32Array,
  out: Float32Array,
): void {
  const n = w * h;
  if (r <= 0 || n === 0) {
    if (out !== src) out.set(src.subarray(0, n));
    return;
  }
  const bits = new Int32Array(src.buffer, src.byteOffset, n);
  // A radius beyond the line covers all of it: clamping changes nothing and bounds the blocks.
  const rx = Math.min(r, w - 1);
  const ry = Math.min(r, h - 1);
  let sign = 0;
  if (rx > 0) {
    const g = new Int32Array(w);
    const hh = new Int32Array(w);
    const line = max ? maxLine : minLine;
    for (let y = 0; y < h; y++) sign |= line(bits, tmp, y * w, w, rx, g, hh);
  } else {
    for (let i = 0; i < n; i++) sign |= bits[i]!;
    tmp.set(bits);
  }
  // A sign bit anywhere (a negative value or -0) breaks the int order: redo directly.
  if (sign < 0) {
    out.set(direct(src, w, h, r, max));
    return;
  }
  const dst = new Int32Array(out.buffer, out.byteOffset, n);
  if (ry > 0) columns(tmp, dst, w, h, ry, max ? maxRows : minRows);
  else dst.set(tmp.subarray(0, n));
}
