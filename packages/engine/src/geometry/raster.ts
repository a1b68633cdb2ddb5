import type { GrayImage, RgbImage } from '../types.ts';

/**
 * Luma (BT.601) of an RGB image, optionally area-downscaled so the long side is at most `maxSide`.
 * Returns the image and the factor `scale` such that gray (x, y) ≈ rgb (x / scale, y / scale).
 * @example const { image, scale } = toGray(work, 800);
 */
export function toGray(rgb: RgbImage, maxSide = Infinity): { image: GrayImage; scale: number } {
  const [fw, fh] = fitSize(rgb.width, rgb.height, maxSide);
  if (fw === rgb.width && fh === rgb.height) {
    // Full size: luma straight from the bytes (the same values as via three float planes).
    const out = new Float32Array(fw * fh);
    // Row by row: a small function is optimised after a few rows.
    for (let y = 0; y < fh; y++) lumaBytesRow(rgb.data, out, y * fw, (y + 1) * fw);
    return { image: { width: fw, height: fh, data: out }, scale: 1 };
  }
  const [r, g, b] = channelsDown(rgb, maxSide, [0, 1, 2]) as [GrayImage, GrayImage, GrayImage];
  const out = new Float32Array(r.data.length);
  for (let y = 0; y < r.height; y++) {
    lumaPlanesRow(r.data, g.data, b.data, out, y * r.width, (y + 1) * r.width);
  }
  return { image: { width: r.width, height: r.height, data: out }, scale: r.width / rgb.width };
}

/** BT.601 luma of interleaved RGB bytes for pixels [from, to). */
function lumaBytesRow(d: Uint8Array, out: Float32Array, from: number, to: number): void {
  for (let i = from, p = 3 * from; i < to; i++, p += 3) {
    out[i] = 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;
  }
}

/** BT.601 luma of three float planes for pixels [from, to). */
function lumaPlanesRow(
  r: Float32Array,
  g: Float32Array,
  b: Float32Array,
  out: Float32Array,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) out[i] = 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!;
}

/** Size after fitting the long side into `maxSide` (never upscales). */
export function fitSize(width: number, height: number, maxSide: number): [number, number] {
  const s = Math.min(1, maxSide / Math.max(width, height));
  return [Math.max(1, Math.round(width * s)), Math.max(1, Math.round(height * s))];
}

/**
 * One channel of an RGB image, box-averaged down to fit `maxSide` (exact area weights, so no
 * aliasing of fine texture into the detection features).
 * @example const red = channelDown(work, 700, 0);
 */
export function channelDown(rgb: RgbImage, maxSide: number, channel: number): GrayImage {
  return channelsDown(rgb, maxSide, [channel])[0]!;
}

/**
 * Several channels of an RGB image box-averaged down at once (each source row is read once for
 * all of them); the same values as `channelDown` per channel.
 * @example const [r, g, b] = channelsDown(work, 560, [0, 1, 2]);
 */
export function channelsDown(rgb: RgbImage, maxSide: number, channels: number[]): GrayImage[] {
  const [w, h] = fitSize(rgb.width, rgb.height, maxSide);
  const outs = channels.map(() => new Float32Array(w * h));
  const src = rgb.data;
  if (w === rgb.width && h === rgb.height) {
    channels.forEach((c, k) => {
      const out = outs[k]!;
      for (let i = 0; i < out.length; i++) out[i] = src[i * 3 + c]!;
    });
    return outs.map((data) => ({ width: w, height: h, data }));
  }
  const sx = rgb.width / w;
  const sy = rgb.height / h;
  // Separable area average: first rows, then columns, with the overlap weights of each output
  // column and row computed once (the same values, in the same order, as per pixel).
  const cols = areaTaps(w, sx, rgb.width);
  const rows = areaTaps(h, sy, rgb.height);
  const acc = new Float64Array(w);
  const rgbOrder = channels.length === 3 && channels.every((c, k) => c === k);
  const tmps = rgbOrder
    ? areaRowsRgb(src, rgb.width, rgb.height, cols, w, sx)
    : channels.map((c) => areaRows(src, rgb.width, rgb.height, c, cols, w, sx));
  return channels.map((_, k) => {
    const out = outs[k]!;
    areaColumns(tmps[k]!, w, h, rows, sy, acc, out);
    return { width: w, height: h, data: out };
  });
}

interface Taps {
  start: Int32Array;
  index: Int32Array;
  weight: Float64Array;
}

/** Horizontal area average of one channel of every source row (w per row). */
function areaRows(
  src: Uint8Array,
  W: number,
  H: number,
  channel: number,
  cols: Taps,
  w: number,
  sx: number,
): Float32Array {
  const { start, index, weight } = cols;
  const tmp = new Float32Array(w * H);
  for (let y = 0; y < H; y++) {
    const row = y * W;
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let k = start[x]!; k < start[x + 1]!; k++) {
        acc += weight[k]! * src[(row + index[k]!) * 3 + channel]!;
      }
      tmp[y * w + x] = acc / sx;
    }
  }
  return tmp;
}

/** areaRows for all three channels in one sweep over the source. */
function areaRowsRgb(
  src: Uint8Array,
  W: number,
  H: number,
  cols: Taps,
  w: number,
  sx: number,
): Float32Array[] {
  const planes = [new Float32Array(w * H), new Float32Array(w * H), new Float32Array(w * H)];
  // Row by row: a small function is optimised after a few rows.
  for (let y = 0; y < H; y++) areaRowRgb(src, y * W, cols, w, sx, planes, y * w);
  return planes;
}

/** areaRowsRgb for the source row starting at pixel `row`, into planes[c][o..o+w). */
function areaRowRgb(
  src: Uint8Array,
  row: number,
  cols: Taps,
  w: number,
  sx: number,
  [r, g, b]: Float32Array[],
  o: number,
): void {
  const { start, index, weight } = cols;
  for (let x = 0; x < w; x++) {
    let ar = 0;
    let ag = 0;
    let ab = 0;
    for (let k = start[x]!; k < start[x + 1]!; k++) {
      const wgt = weight[k]!;
      const p = (row + index[k]!) * 3;
      ar += wgt * src[p]!;
      ag += wgt * src[p + 1]!;
      ab += wgt * src[p + 2]!;
    }
    r![o + x] = ar / sx;
    g![o + x] = ag / sx;
    b![o + x] = ab / sx;
  }
}

/** Vertical area average of the horizontally averaged rows into out (h rows of w). */
function areaColumns(
  tmp: Float32Array,
  w: number,
  h: number,
  rows: Taps,
  sy: number,
  acc: Float64Array,
  out: Float32Array,
): void {
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    for (let k = rows.start[y]!; k < rows.start[y + 1]!; k++) {
      addScaledRow(acc, tmp, rows.index[k]! * w, rows.weight[k]!, w);
    }
    divideRow(acc, sy, out, y * w, w);
  }
}

/** acc[x] += wgt · tmp[o + x] for x < w. */
function addScaledRow(acc: Float64Array, tmp: Float32Array, o: number, wgt: number, w: number) {
  for (let x = 0; x < w; x++) acc[x] = acc[x]! + wgt * tmp[o + x]!;
}

/** out[o + x] = acc[x] / d for x < w. */
function divideRow(acc: Float64Array, d: number, out: Float32Array, o: number, w: number) {
  for (let x = 0; x < w; x++) out[o + x] = acc[x]! / d;
}

/** Source samples (clamped index) and overlap weights of each of `n` output cells of width
 *  `s` over `size` source samples, as flat lists: cell i owns taps start[i]..start[i+1]. */
function areaTaps(n: number, s: number, size: number): Taps {
  const start = new Int32Array(n + 1);
  const index: number[] = [];
  const weight: number[] = [];
  for (let i = 0; i < n; i++) {
    start[i] = index.length;
    const a = i * s;
    const b = a + s;
    for (let j = Math.floor(a); j < Math.ceil(b); j++) {
      weight.push(Math.min(b, j + 1) - Math.max(a, j));
      index.push(Math.min(j, size - 1));
    }
  }
  start[n] = index.length;
  return { start, index: Int32Array.from(index), weight: Float64Array.from(weight) };
}

/** Bilinear sample with edge clamping. */
export function bilinear(img: GrayImage, x: number, y: number): number {
  const w = img.width;
  const h = img.height;
  const xc = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
  const yc = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
  const x0 = Math.min(Math.floor(xc), w - 2 < 0 ? 0 : w - 2);
  const y0 = Math.min(Math.floor(yc), h - 2 < 0 ? 0 : h - 2);
  const fx = xc - x0;
  const fy = yc - y0;
  const d = img.data;
  const i = y0 * w + x0;
  const x1 = w > 1 ? 1 : 0;
  const y1 = h > 1 ? w : 0;
  const top = d[i]! * (1 - fx) + d[i + x1]! * fx;
  const bot = d[i + y1]! * (1 - fx) + d[i + y1 + x1]! * fx;
  return top * (1 - fy) + bot * fy;
}

/**
 * Box mean over a (2r+1)² window using a Float64 integral image (Int32 overflows, Float32 loses
 * precision at megapixel sizes). Windows are clipped at the border. The integral rows are kept
 * in a ring of the 2r+2 rows the windows still need, not as a whole image: the same sums
 * without a plane-sized Float64 allocation (8.8 MB at 1280 × 860), and the rows stay in cache.
 * @example const mean = boxMean(gray, 25);
 */
export function boxMean(img: GrayImage, r: number): GrayImage {
  const { width: w, height: h, data } = img;
  const W = w + 1;
  // Integral row j (sums over image rows < j; row 0 and column 0 are zeros) lives in ring slot
  // j mod size; output row y reads rows max(0, y − r) and min(h, y + r + 1), at most 2r+1 apart.
  const size = Math.min(h + 1, 2 * r + 2);
  const ii = new Float64Array(W * size);
  const out = new Float32Array(w * h);
  let next = 1;
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    // Row by row in small functions: they are optimised after a few rows.
    for (; next <= y1; next++) {
      integralRow(data, (next - 1) * w, ii, ((next - 1) % size) * W + 1, (next % size) * W + 1, w);
    }
    boxMeanRow(ii, (y0 % size) * W, (y1 % size) * W, y1 - y0, r, w, out, y * w);
  }
  return { width: w, height: h, data: out };
}

/** Integral-image row: ii[b + x] = ii[a + x] + data[o] + … + data[o + x]. */
function integralRow(
  data: Float32Array,
  o: number,
  ii: Float64Array,
  a: number,
  b: number,
  w: number,
): void {
  let rowSum = 0;
  for (let x = 0; x < w; x++) {
    rowSum += data[o + x]!;
    ii[b + x] = ii[a + x]! + rowSum;
  }
}

/** One boxMean output row (integral rows `top` and `bot`, `rows` apart) into out[o..o+w). */
function boxMeanRow(
  ii: Float64Array,
  top: number,
  bot: number,
  rows: number,
  r: number,
  w: number,
  out: Float32Array,
  o: number,
): void {
  // Columns whose window is not clipped: x0 = x − r, x1 = x + r + 1 without min/max per pixel.
  const inLo = Math.min(w, r);
  const inHi = Math.max(inLo, w - r);
  for (let x = 0; x < inLo; x++) out[o + x] = clippedMean(ii, top, bot, rows, x, r, w);
  const area = rows * (2 * r + 1);
  for (let x = inLo; x < inHi; x++) {
    const x0 = x - r;
    const x1 = x + r + 1;
    const s = ii[bot + x1]! - ii[top + x1]! - ii[bot + x0]! + ii[top + x0]!;
    out[o + x] = s / area;
  }
  for (let x = inHi; x < w; x++) out[o + x] = clippedMean(ii, top, bot, rows, x, r, w);
}

/** boxMean at a column whose window the image border clips. */
function clippedMean(
  ii: Float64Array,
  top: number,
  bot: number,
  rows: number,
  x: number,
  r: number,
  w: number,
): number {
  const x0 = Math.max(0, x - r);
  const x1 = Math.min(w, x + r + 1);
  const s = ii[bot + x1]! - ii[top + x1]! - ii[bot + x0]! + ii[top + x0]!;
  return s / (rows * (x1 - x0));
}

/** q-quantile of values in 0..255 via a 1024-bin histogram (a sort is 10× slower here). */
export function percentile(values: Float32Array, q: number): number {
  const bins = new Uint32Array(1024);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]! * 4;
    bins[v <= 0 ? 0 : v >= 1023 ? 1023 : v | 0]!++;
  }
  let acc = 0;
  const target = q * values.length;
  for (let b = 0; b < 1024; b++) {
    acc += bins[b]!;
    if (acc > target) return b / 4;
  }
  return 255;
}

/** Grey-level statistics of a square patch of an RGB image (`patchStats`). */
export interface PatchStats {
  /** mean BT.601 luma */
  mean: number;
  /** largest minus smallest luma */
  span: number;
  /** mean of max − min channel per pixel */
  chroma: number;
}

/**
 * Luma mean and span and mean chroma of the size × size patch whose top-left pixel is (x0, y0),
 * which must lie inside the image: whether a patch is plain paper (no ink, no edge, no colour).
 * @example const { mean, span } = patchStats(work, 10, 10, 5);
 */
export function patchStats(img: RgbImage, x0: number, y0: number, size: number): PatchStats {
  const { width: w, data } = img;
  let sum = 0;
  let lo = 255;
  let hi = 0;
  let chroma = 0;
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) {
      const i = 3 * (y * w + x);
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      const v = 0.299 * r + 0.587 * g + 0.114 * b;
      sum += v;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      chroma += Math.max(r, g, b) - Math.min(r, g, b);
    }
  }
  const n = size * size;
  return { mean: sum / n, span: hi - lo, chroma: chroma / n };
}
