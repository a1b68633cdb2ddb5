import type { RgbImage } from '../types.ts';
import type { Background } from './background.ts';

/** Lowest background value divided by: caps the gain at 4× so deep shadows don't explode noise. */
const MIN_BACKGROUND = 255 / 4;

export interface Levels {
  /** ratio I/B mapped to black */
  black: number;
  /** ratio I/B mapped to white */
  white: number;
  /**
   * Optional weight 0..1 per background-grid cell (the background's width × height) lifting the
   * black point to 0 where it is 1: the page's photos and logos, whose darks the black point
   * set by the text would crush (a landscape's dark greens went black, its sky deep blue).
   */
  keepDarks?: Float32Array | null;
}

/**
 * Per-row shading correction for an image of any size covering the same page as the
 * background: `gains(y)` returns, for row y, the multiplier per sample (3 interleaved channels)
 * so that `out = I · gain − offset` divides by the background and applies the levels at once.
 */
export interface ShadingRows {
  gains(y: number): Float32Array;
  offset: number;
  /** With `keepDarks`: the offset per pixel of the row whose gains were asked last (`offset`
   *  then only holds where the weight is 0). */
  offsets?: () => Float32Array;
  /** The same row at the background's own columns, for a caller that spreads it as it goes
   *  (a full-resolution pass then needs no per-pixel gain array; see {@link ShadingLine}). */
  line(y: number): ShadingLine;
}

/**
 * One row's shading at the background's columns: output column x lies between reduced columns
 * `cx0[x]` and `cx0[x] + step` with weight `cfx[x]`; its gain for channel c blends
 * `gains[3·i + c]` of the two, and its offset `offsets[i]` (or `offset` without keepDarks).
 */
export interface ShadingLine {
  gains: Float32Array;
  offsets: Float32Array | null;
  cx0: Int32Array;
  cfx: Float32Array;
  /** 1 when there are two reduced columns to blend, 0 for a background one column wide */
  step: number;
}

/**
 * Builds the row sampler: the background is bilinearly upsampled to `width × height` one row at
 * a time (column weights precomputed), so no full-size background is ever stored.
 * @example
 * const rows = shadingRows(bg, levels, 3000, 4000); const g = rows.gains(10);
 */
export function shadingRows(
  bg: Background,
  levels: Levels,
  width: number,
  height: number,
): ShadingRows {
  const bw = bg.width;
  const bh = bg.height;
  const sx = bw / width;
  const sy = bh / height;
  // Levels: I/B from black to white spread over 0..255.
  const scale = 255 / Math.max(1e-3, levels.white - levels.black);
  const cx0 = new Int32Array(width);
  const cfx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    let gx = (x + 0.5) * sx - 0.5;
    gx = gx < 0 ? 0 : gx > bw - 1 ? bw - 1 : gx;
    const i0 = Math.min(Math.max(0, bw - 2), Math.floor(gx));
    cx0[x] = i0;
    cfx[x] = bw > 1 ? gx - i0 : 0;
  }
  const [p0, p1, p2] = bg.planes;
  const keep = levels.keepDarks ?? null;
  // Per reduced column of the current row: gain scale / max(B, MIN), and with keepDarks the
  // levels scale and offset of its lifted black point.
  const line: ShadingLine = {
    gains: new Float32Array(bw * 3),
    offsets: keep ? new Float32Array(bw) : null,
    cx0,
    cfx,
    step: bw > 1 ? 1 : 0,
  };
  const scales = keep ? new Float32Array(bw) : undefined;
  const lineAt = (y: number): ShadingLine => {
    let gy = (y + 0.5) * sy - 0.5;
    gy = gy < 0 ? 0 : gy > bh - 1 ? bh - 1 : gy;
    const j0 = Math.min(Math.max(0, bh - 2), Math.floor(gy));
    const fy = bh > 1 ? gy - j0 : 0;
    const a = j0 * bw;
    const b = bh > 1 ? a + bw : a;
    if (keep) keepLine(keep, a, b, fy, bw, levels.black, levels.white, scales!, line.offsets!);
    gainLine(p0, p1, p2, a, b, fy, bw, scale, line.gains, scales);
    return line;
  };
  const gains = new Float32Array(width * 3);
  const offsets = keep ? new Float32Array(width) : null;
  return {
    offset: levels.black * scale,
    gains(y: number): Float32Array {
      lineAt(y);
      spreadLine(line.gains, bw, cx0, cfx, width, gains);
      if (offsets) spreadPlane(line.offsets!, bw, cx0, cfx, width, offsets);
      return gains;
    },
    ...(offsets ? { offsets: () => offsets } : {}),
    line: lineAt,
  };
}

/** Per reduced column of a row between background rows a and b (weight fy): the black point
 *  lifted by the keep weight, then its levels scale and offset (as `scale` in shadingRows). */
function keepLine(
  keep: Float32Array,
  a: number,
  b: number,
  fy: number,
  bw: number,
  black0: number,
  white: number,
  scales: Float32Array,
  offsetLine: Float32Array,
): void {
  for (let i = 0; i < bw; i++) {
    const w = keep[a + i]! + (keep[b + i]! - keep[a + i]!) * fy;
    const black = black0 * (1 - w);
    const k = 255 / Math.max(1e-3, white - black);
    scales[i] = k;
    offsetLine[i] = black * Math.fround(k);
  }
}

/** Bilinear spread of one value per reduced column to every output column. */
function spreadPlane(
  line: Float32Array,
  bw: number,
  cx0: Int32Array,
  cfx: Float32Array,
  width: number,
  out: Float32Array,
): void {
  const step = bw > 1 ? 1 : 0;
  for (let x = 0; x < width; x++) {
    const i0 = cx0[x]!;
    out[x] = line[i0]! + (line[i0 + step]! - line[i0]!) * cfx[x]!;
  }
}

/** line[3i + c] = scale / max(B_c, MIN) for B_c interpolated between two background rows;
 *  with `scales`, the scale of each reduced column instead of `scale`. */
function gainLine(
  p0: Float32Array,
  p1: Float32Array,
  p2: Float32Array,
  a: number,
  b: number,
  fy: number,
  bw: number,
  scale: number,
  line: Float32Array,
  scales?: Float32Array,
): void {
  for (let i = 0; i < bw; i++) {
    const v0 = p0[a + i]! + (p0[b + i]! - p0[a + i]!) * fy;
    const v1 = p1[a + i]! + (p1[b + i]! - p1[a + i]!) * fy;
    const v2 = p2[a + i]! + (p2[b + i]! - p2[a + i]!) * fy;
    const k = scales ? scales[i]! : scale;
    line[i * 3] = k / (v0 > MIN_BACKGROUND ? v0 : MIN_BACKGROUND);
    line[i * 3 + 1] = k / (v1 > MIN_BACKGROUND ? v1 : MIN_BACKGROUND);
    line[i * 3 + 2] = k / (v2 > MIN_BACKGROUND ? v2 : MIN_BACKGROUND);
  }
}

/** Bilinear spread of the per-column gains to every output column (3 interleaved channels). */
function spreadLine(
  line: Float32Array,
  bw: number,
  cx0: Int32Array,
  cfx: Float32Array,
  width: number,
  gains: Float32Array,
): void {
  const step = bw > 1 ? 3 : 0;
  for (let x = 0; x < width; x++) {
    const i0 = cx0[x]! * 3;
    const i1 = i0 + step;
    const fx = cfx[x]!;
    const o = x * 3;
    gains[o] = line[i0]! + (line[i1]! - line[i0]!) * fx;
    gains[o + 1] = line[i0 + 1]! + (line[i1 + 1]! - line[i0 + 1]!) * fx;
    gains[o + 2] = line[i0 + 2]! + (line[i1 + 2]! - line[i0 + 2]!) * fx;
  }
}

/**
 * Chooses the black and white points of I/B from a sparse sample of the page: white just below
 * the typical paper ratio (so paper texture and noise go to pure white), black at the darkest
 * ink, but never so close to white that a blank page's noise would turn black.
 * @example
 * chooseLevels(page, bg); // { black: 0.21, white: 0.9 }
 */
export function chooseLevels(img: RgbImage, bg: Background): Levels {
  const hist = new Uint32Array(256);
  let total = 0;
  // Identity levels make gains() return 255 / B, so ratio = I · gain / 255.
  const rows = shadingRows(bg, { black: 0, white: 1 }, img.width, img.height);
  const step = Math.max(1, Math.round(Math.sqrt((img.width * img.height) / 250_000)));
  for (let y = 0; y < img.height; y += step) {
    total += levelsRow(img, y, step, rows.gains(y), hist);
  }
  const at = (q: number) => {
    let acc = 0;
    for (let i = 0; i < 256; i++) {
      acc += hist[i]!;
      if (acc >= q * total) return i / 200;
    }
    return 255 / 200;
  };
  const median = at(0.5);
  const white = Math.min(0.95, Math.max(0.75, median * 0.94));
  let black = Math.min(at(0.005), white * 0.45);
  if (black < 0) black = 0;
  return { black, white };
}

/** chooseLevels' histogram of shading-corrected luma for every `step`-th pixel of row y;
 *  returns how many it added. */
function levelsRow(
  img: RgbImage,
  y: number,
  step: number,
  gains: Float32Array,
  hist: Uint32Array,
): number {
  const row = y * img.width * 3;
  let count = 0;
  for (let x = 0; x < img.width; x += step) {
    const o = x * 3;
    const r = img.data[row + o]! * gains[o]!;
    const g = img.data[row + o + 1]! * gains[o + 1]!;
    const b = img.data[row + o + 2]! * gains[o + 2]!;
    const l = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    hist[Math.min(255, Math.round(l * 200))]!++;
    count++;
  }
  return count;
}

/**
 * Divides the image by its background per channel (removing shading, crease shadows and colour
 * casts in one go) and applies the levels, writing 8-bit RGB.
 * @example
 * const flat = divideBackground(page, bg, chooseLevels(page, bg));
 */
export function divideBackground(img: RgbImage, bg: Background, levels: Levels): RgbImage {
  const out = new Uint8Array(img.data.length);
  const rows = shadingRows(bg, levels, img.width, img.height);
  const off = rows.offset;
  const n = img.width * 3;
  for (let y = 0; y < img.height; y++) {
    const gains = rows.gains(y);
    const offsets = rows.offsets?.();
    const row = y * n;
    for (let k = 0; k < n; k++) {
      const v = img.data[row + k]! * gains[k]! - (offsets ? offsets[(k / 3) | 0]! : off);
      out[row + k] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
    }
  }
  return { width: img.width, height: img.height, data: out };
}
