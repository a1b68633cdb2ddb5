/**
 * Repeated box means (one pass = a box blur, three = a near-Gaussian) over a Float32 plane,
 * streamed row by row: each source row gets all horizontal passes in two line buffers, then
 * every vertical pass keeps only the 2r+2 rows of its input it still needs in a ring, with one
 * running row sum. So the plane is read once and written once, however many passes; the
 * intermediate rows stay in cache. Windows are clipped at the borders and renormalised.
 * (Measured on a 0.7 MP plane: a three-pass blur took ~14 ms as whole-plane passes, ~7 ms so.)
 */

import { tap7 } from './tap7.ts';

/**
 * 1-D box mean of radius r over `n` contiguous samples, src[so..) → dst[dof..). Only the
 * clipped ends divide; where the window is full it multiplies by 1/(2r+1), without branches.
 */
function boxLine(
  src: Float32Array,
  so: number,
  dst: Float32Array,
  dof: number,
  n: number,
  r: number,
): void {
  let sum = 0;
  let count = 0;
  for (let j = 0; j <= Math.min(r, n - 1); j++) {
    sum += src[so + j]!;
    count++;
  }
  const head = Math.min(r, n);
  for (let i = 0; i < head; i++) {
    dst[dof + i] = sum / count;
    if (i + r + 1 < n) {
      sum += src[so + i + r + 1]!;
      count++;
    }
  }
  const inv = 1 / (2 * r + 1);
  const mid = n - r - 1;
  // One add per sample on the running sum's dependency chain (not two): the loop is bound by
  // that latency, so this halves its time.
  for (let i = r; i < mid; i++) {
    dst[dof + i] = sum * inv;
    sum += src[so + i + r + 1]! - src[so + i - r]!;
  }
  for (let i = Math.max(r, mid); i < n; i++) {
    dst[dof + i] = sum / count;
    if (i + r + 1 < n) {
      sum += src[so + i + r + 1]!;
      count++;
    }
    sum -= src[so + i - r]!;
    count--;
  }
}

/** Running state of one vertical pass: its input ring of `size` rows and the column sums. */
interface VerticalPass {
  ring: Float32Array;
  size: number;
  acc: Float64Array;
  count: number;
}

/**
 * Writes output row y of a vertical pass into dst[o..o+w): slides the window from y−1 (or fills
 * it for y = 0) using the input rows in the ring, which must hold rows up to min(y+r, h−1).
 */
function verticalRow(
  p: VerticalPass,
  y: number,
  w: number,
  h: number,
  r: number,
  dst: Float32Array,
  o: number,
): void {
  const { ring, size, acc } = p;
  if (y === 0) {
    acc.fill(0);
    const last = Math.min(r, h - 1);
    for (let j = 0; j <= last; j++) {
      const a = (j % size) * w;
      for (let x = 0; x < w; x++) acc[x] = acc[x]! + ring[a + x]!;
    }
    p.count = last + 1;
  } else {
    const add = y + r;
    const rem = y - r - 1;
    if (add < h && rem >= 0) {
      // Full window: slide and write in one sweep.
      const a = (add % size) * w;
      const b = (rem % size) * w;
      slideRow(acc, ring, a, b, 1 / p.count, dst, o, w);
      return;
    } else if (add < h) {
      const a = (add % size) * w;
      for (let x = 0; x < w; x++) acc[x] = acc[x]! + ring[a + x]!;
      p.count++;
    } else if (rem >= 0) {
      const b = (rem % size) * w;
      for (let x = 0; x < w; x++) acc[x] = acc[x]! - ring[b + x]!;
      p.count--;
    }
  }
  const inv = 1 / p.count;
  for (let x = 0; x < w; x++) dst[o + x] = acc[x]! * inv;
}

/**
 * The full-window step of a vertical pass: acc += ring row a − ring row b, dst = acc · inv.
 * Four columns per iteration (they are independent; V8 does not unroll, and the loop overhead
 * is a fair share of this short body).
 */
function slideRow(
  acc: Float64Array,
  ring: Float32Array,
  a: number,
  b: number,
  inv: number,
  dst: Float32Array,
  o: number,
  w: number,
): void {
  let x = 0;
  for (; x + 4 <= w; x += 4) {
    const s0 = acc[x]! + ring[a + x]! - ring[b + x]!;
    const s1 = acc[x + 1]! + ring[a + x + 1]! - ring[b + x + 1]!;
    const s2 = acc[x + 2]! + ring[a + x + 2]! - ring[b + x + 2]!;
    const s3 = acc[x + 3]! + ring[a + x + 3]! - ring[b + x + 3]!;
    acc[x] = s0;
    acc[x + 1] = s1;
    acc[x + 2] = s2;
    acc[x + 3] = s3;
    dst[o + x] = s0 * inv;
    dst[o + x + 1] = s1 * inv;
    dst[o + x + 2] = s2 * inv;
    dst[o + x + 3] = s3 * inv;
  }
  for (; x < w; x++) {
    const s = acc[x]! + ring[a + x]! - ring[b + x]!;
    acc[x] = s;
    dst[o + x] = s * inv;
  }
}

/**
 * `passes` box means of side 2r+1 over a w×h plane, horizontally then vertically (linear
 * passes on separate axes commute), streamed so no full-size intermediate exists.
 * @example
 * const blurred = boxCascade(plane, 691, 1024, 1, 3); // ≈ gaussian of sigma 1.4
 */
export function boxCascade(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  passes: number,
): Float32Array {
  if (r === 1 && passes === 3 && w >= 7 && h >= 7) return tap7(src, w, h);
  return cascade(src, w, h, r, passes, 1);
}

/**
 * boxCascade of four planes interleaved per pixel (x·4 + c): the four running sums of a row
 * are independent, so the horizontal passes, bound by one sum's add latency, do four samples in
 * the time of one.
 * @example
 * const blurred = boxCascade4(litAndChroma, 691, 1024, 85, 3);
 */
export function boxCascade4(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  passes: number,
): Float32Array {
  return cascade(src, w, h, r, passes, 4);
}

type LineFn = (
  src: Float32Array,
  so: number,
  dst: Float32Array,
  dof: number,
  n: number,
  r: number,
) => void;

function cascade(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  passes: number,
  channels: 1 | 4,
): Float32Array {
  const rw = w * channels;
  const out = new Float32Array(rw * h);
  if (w === 0 || h === 0) return out;
  const line: LineFn = channels === 4 ? boxLine4 : boxLine;
  const size = Math.min(2 * r + 2, h);
  const vertical: VerticalPass[] = [];
  for (let k = 0; k < passes; k++) {
    vertical.push({ ring: new Float32Array(size * rw), size, acc: new Float64Array(rw), count: 0 });
  }
  let la = new Float32Array(rw);
  let lb = new Float32Array(rw);
  // At step t source row t enters; pass k (0-based) emits its row t − (k+1)·r, whose input rows
  // up to +r were all emitted earlier in this step or before.
  for (let t = 0; t < h + passes * r; t++) {
    if (t < h) {
      const ring = vertical[0]!.ring;
      const o = (t % size) * rw;
      if (passes === 1) line(src, t * rw, ring, o, w, r);
      else {
        line(src, t * rw, la, 0, w, r);
        for (let k = 1; k < passes - 1; k++) {
          line(la, 0, lb, 0, w, r);
          const swap = la;
          la = lb;
          lb = swap;
        }
        line(la, 0, ring, o, w, r);
      }
    }
    for (let k = 0; k < passes; k++) {
      const y = t - (k + 1) * r;
      if (y < 0 || y >= h) continue;
      const next = vertical[k + 1];
      if (next) verticalRow(vertical[k]!, y, rw, h, r, next.ring, (y % size) * rw);
      else verticalRow(vertical[k]!, y, rw, h, r, out, y * rw);
    }
  }
  return out;
}

/** boxLine over `n` pixels of four interleaved channels (same phases and arithmetic). */
function boxLine4(
  src: Float32Array,
  so: number,
  dst: Float32Array,
  dof: number,
  n: number,
  r: number,
): void {
  const s = [0, 0, 0, 0];
  let count = 0;
  for (let j = 0; j <= Math.min(r, n - 1); j++) {
    for (let c = 0; c < 4; c++) s[c]! += src[so + 4 * j + c]!;
    count++;
  }
  const head = Math.min(r, n);
  for (let i = 0; i < head; i++) {
    for (let c = 0; c < 4; c++) dst[dof + 4 * i + c] = s[c]! / count;
    if (i + r + 1 < n) {
      for (let c = 0; c < 4; c++) s[c]! += src[so + 4 * (i + r + 1) + c]!;
      count++;
    }
  }
  const inv = 1 / (2 * r + 1);
  const mid = n - r - 1;
  let s0 = s[0]!;
  let s1 = s[1]!;
  let s2 = s[2]!;
  let s3 = s[3]!;
  for (let i = r; i < mid; i++) {
    const o = dof + 4 * i;
    dst[o] = s0 * inv;
    dst[o + 1] = s1 * inv;
    dst[o + 2] = s2 * inv;
    dst[o + 3] = s3 * inv;
    const a = so + 4 * (i + r + 1);
    const b = so + 4 * (i - r);
    s0 += src[a]! - src[b]!;
    s1 += src[a + 1]! - src[b + 1]!;
    s2 += src[a + 2]! - src[b + 2]!;
    s3 += src[a + 3]! - src[b + 3]!;
  }
  s[0] = s0;
  s[1] = s1;
  s[2] = s2;
  s[3] = s3;
  for (let i = Math.max(r, mid); i < n; i++) {
    for (let c = 0; c < 4; c++) dst[dof + 4 * i + c] = s[c]! / count;
    if (i + r + 1 < n) {
      for (let c = 0; c < 4; c++) s[c]! += src[so + 4 * (i + r + 1) + c]!;
      count++;
    }
    for (let c = 0; c < 4; c++) s[c]! -= src[so + 4 * (i - r) + c]!;
    count--;
  }
}
