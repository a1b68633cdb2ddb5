/**
 * Square min/max (rank) filter shared by the geometry and appearance stages: separable van
 * Herk / Gil–Werman running extremes, O(1) comparisons per pixel whatever the radius.
 */

/**
 * Running max (or min) over windows of 2r+1 along `n` samples spaced `stride` apart, by van
 * Herk / Gil–Werman (three comparisons per sample whatever r).
 */
function vanHerk(
  src: Float32Array,
  dst: Float32Array,
  off: number,
  n: number,
  stride: number,
  r: number,
  max: boolean,
  g: Float32Array,
  hh: Float32Array,
  pad: Float32Array,
): void {
  const k = 2 * r + 1;
  const fill = max ? -Infinity : Infinity;
  const m = n + 2 * r;
  // Padded copy: samples outside the line never win.
  for (let i = 0; i < r; i++) {
    pad[i] = fill;
    pad[r + n + i] = fill;
  }
  for (let i = 0; i < n; i++) pad[r + i] = src[off + i * stride]!;
  for (let i = m; i < m + k; i++) pad[i] = fill;
  for (let b = 0; b < m; b += k) {
    const end = b + k;
    let acc = pad[b]!;
    g[b] = acc;
    for (let i = b + 1; i < end; i++) {
      const v = pad[i]!;
      acc = max ? (v > acc ? v : acc) : v < acc ? v : acc;
      g[i] = acc;
    }
    acc = pad[end - 1]!;
    hh[end - 1] = acc;
    for (let i = end - 2; i >= b; i--) {
      const v = pad[i]!;
      acc = max ? (v > acc ? v : acc) : v < acc ? v : acc;
      hh[i] = acc;
    }
  }
  for (let i = 0; i < n; i++) {
    const a = hh[i]!;
    const c = g[i + 2 * r]!;
    dst[off + i * stride] = max ? (a > c ? a : c) : a < c ? a : c;
  }
}

/** Separable square max (grow) or min filter of radius r (out-of-image samples ignored). */
export function rankFilter(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  max: boolean,
): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const size = Math.max(w, h) + 4 * r + 2;
  const g = new Float32Array(size);
  const hh = new Float32Array(size);
  const pad = new Float32Array(size);
  for (let y = 0; y < h; y++) vanHerk(src, tmp, y * w, w, 1, r, max, g, hh, pad);
  for (let x = 0; x < w; x++) vanHerk(tmp, out, x, h, w, r, max, g, hh, pad);
  return out;
}
