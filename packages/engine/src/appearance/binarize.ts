import type { RgbImage } from '../types.ts';
import type { Background } from './background.ts';
import { boxBlur } from './filters.ts';

/** Rec. 601 luma of an RGB image as a Float32 plane. */
export function toLuma(img: RgbImage): Float32Array {
  const n = img.width * img.height;
  const out = new Float32Array(n);
  const d = img.data;
  for (let i = 0, p = 0; i < n; i++, p += 3) {
    out[i] = 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;
  }
  return out;
}

/** Writes a single-channel plane back as grey RGB. */
export function grayToRgb(width: number, height: number, luma: Float32Array): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0, p = 0; i < luma.length; i++, p += 3) {
    const v = luma[i]!;
    const b = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
    data[p] = b;
    data[p + 1] = b;
    data[p + 2] = b;
  }
  return { width, height, data };
}

export interface SauvolaOptions {
  /** window radius in pixels; default ≈ long side / 80 (2–3 × body-text height) */
  radius?: number;
  /** sensitivity k; default 0.25 keeps thin strokes */
  k?: number;
  /** dynamic range of the standard deviation; default 128 */
  range?: number;
  /** regions left in grey (photos), as a background whose nonPaper mask marks them */
  keep?: Background;
  /** pixels lighter than this are never black; on a shading-corrected page this drops faint
   *  crease residue that Sauvola alone would turn into black scribbles; default 170. Colour
   *  counts as darkness here (see inkLevel), so light-coloured text is not dropped with it. */
  ceiling?: number;
}

/** Pixels darker than this (luma) are always black: inside a solid logo or a dark band,
 *  wider than Sauvola's window, the local mean is as dark as the pixel and Sauvola would punch
 *  white holes into it. */
const FLOOR = 128;
/** Saturation (max − min channel) below this is grey: tinted crease residue stays light. */
const GREY_SATURATION = 40;
/** Luma levels each unit of saturation above GREY_SATURATION counts as, for the ceiling. */
const SATURATION_WEIGHT = 0.6;

/**
 * The level the ceiling test reads: luma, less a share of the saturation above grey. Light green
 * citations and pink links (luma ≈ 180, saturation 100–140 on a real paper) are text, not faint
 * residue; a highlighter band is bright and saturated too, but Sauvola's local test keeps it
 * white because it is as bright as its surroundings.
 */
function inkLevel(d: Uint8Array, p: number, luma: number): number {
  const r = d[p]!;
  const g = d[p + 1]!;
  const b = d[p + 2]!;
  const sat = Math.max(r, g, b) - Math.min(r, g, b);
  return sat > GREY_SATURATION ? luma - SATURATION_WEIGHT * (sat - GREY_SATURATION) : luma;
}

/** The cell that pixel v of a `size`-pixel side falls in on a grid of `cells` over the same
 *  extent. */
function gridCell(v: number, size: number, cells: number): number {
  return Math.min(cells - 1, Math.floor(((v + 0.5) * cells) / size));
}

/**
 * Sauvola adaptive binarisation (T = m·(1 + k·(s/R − 1))) with local mean and deviation from
 * running box sums in double precision. Photo regions flagged in `keep` stay grey.
 * @example
 * const bw = sauvola(flatPage); // pure black ink on pure white
 */
export function sauvola(img: RgbImage, opts: SauvolaOptions = {}): RgbImage {
  const { width: w, height: h } = img;
  const luma = toLuma(img);
  const radius = opts.radius ?? Math.max(7, Math.round(Math.max(w, h) / 80));
  const k = opts.k ?? 0.25;
  const range = opts.range ?? 128;
  const sq = new Float32Array(luma.length);
  for (let i = 0; i < luma.length; i++) sq[i] = luma[i]! * luma[i]!;
  const mean = boxBlur({ width: w, height: h, data: luma }, radius).data;
  const meanSq = boxBlur({ width: w, height: h, data: sq }, radius).data;
  const out = new Uint8Array(w * h * 3);
  const keep = opts.keep;
  const ceiling = opts.ceiling ?? 170;
  // The keep mask covers the whole page at its own (reduced) size, which need not be this
  // image's size divided by its factor: restore() estimates it on a small copy of the page.
  const keepCol = new Int32Array(w);
  if (keep) for (let x = 0; x < w; x++) keepCol[x] = gridCell(x, w, keep.width);
  for (let y = 0; y < h; y++) {
    const gy = keep ? gridCell(y, h, keep.height) * keep.width : 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const v = luma[i]!;
      let b: number;
      if (keep && keep.nonPaper[gy + keepCol[x]!]) {
        b = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
      } else {
        const m = mean[i]!;
        const s = Math.sqrt(Math.max(0, meanSq[i]! - m * m));
        if (v < FLOOR) b = 0;
        else if (inkLevel(img.data, 3 * i, v) >= ceiling) b = 255;
        else b = v > m * (1 + k * (s / range - 1)) ? 255 : 0;
      }
      const p = i * 3;
      out[p] = b;
      out[p + 1] = b;
      out[p + 2] = b;
    }
  }
  return { width: w, height: h, data: out };
}
