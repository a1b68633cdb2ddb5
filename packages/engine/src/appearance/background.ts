import type { RgbImage } from '../types.ts';
import { coarseGrid } from './coarse.ts';
import { closingFilter } from '../filters/rank-filter.ts';
import { downscaleRgbToPlanes, gaussianBlur, type Plane } from './filters.ts';
import { growMask, nonPaperMask, type ClosedPage } from './paper-mask.ts';
import { fillMasked } from './refill.ts';
import { restoreSlivers } from './slivers.ts';
import { creaseBands } from './crease-bands.ts';
import { percentile } from '../geometry/raster.ts';

/** Paper background estimate at reduced scale. */
export interface Background {
  /** block size of the reduced grid relative to the image */
  factor: number;
  width: number;
  height: number;
  /** per-channel paper colour B, 0..255, on the reduced grid */
  planes: [Float32Array, Float32Array, Float32Array];
  /** 1 where the reduced pixel is not paper (photo, dark box, coloured area) */
  nonPaper: Uint8Array;
  /** global paper colour (bright percentile), 0..255 */
  paper: [number, number, number];
  /** fraction of the reduced grid that is not paper */
  nonPaperFraction: number;
  /** fraction of the reduced grid that the closing took for ink but that continues a crease's
   *  shading (see slivers.ts), so the background follows it */
  sliverFraction: number;
  /** fraction of the reduced grid that the closing took for ink but that is a fold's shadow band
   *  (see crease-bands.ts), so the background follows it */
  bandFraction: number;
}

export interface BackgroundOptions {
  /** long side of the reduced grid; default 1024 */
  gridSize?: number;
  /** closing window as a fraction of the short side; default 1/120 (about the height of
   *  body text on a letter page, several times its stroke width) */
  windowFraction?: number;
}

/** Block size of the grid the masked regions are refilled on: the fill is smooth anyway. */
const FILL_BLOCK = 4;

/** Closing (max then min) removes dark features narrower than the window, keeping the position
 *  of wider shadows' edges (a plain max filter would shift them and leave halos). */
function closing(p: Plane, r: number): Float32Array {
  return closingFilter(p.data, p.width, p.height, r);
}

/** Gives the `mask`ed pixels that are not `nonPaper` their photo values in the closed planes (in
 *  place), so the background follows them; returns their share of the grid. */
function followPhoto(
  planes: Float32Array[],
  closed: Float32Array[],
  mask: Uint8Array,
  nonPaper: Uint8Array,
): number {
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || nonPaper[i]) continue;
    for (let c = 0; c < 3; c++) closed[c]![i] = planes[c]![i]!;
    count++;
  }
  return count / mask.length;
}

/** Luma of the closed planes, the bright paper level and the paper colour (mean of the
 *  brightest tenth). */
function closedPage(width: number, height: number, [r, g, b]: Float32Array[]): ClosedPage {
  const cr = r!;
  const cg = g!;
  const cb = b!;
  const luma = new Float32Array(width * height);
  // Row by row: small functions are optimised after a few rows (this runs once per page).
  for (let y = 0; y < height; y++) lumaRow(cr, cg, cb, luma, y * width, (y + 1) * width);
  const paperLuma = Math.max(1, percentile(luma, 0.9));
  // Running sums (r, g, b, count) carried from row to row, so they add up in pixel order.
  const sums = new Float64Array(4);
  for (let y = 0; y < height; y++) {
    brightSumsRow(cr, cg, cb, luma, paperLuma, sums, y * width, (y + 1) * width);
  }
  const count = sums[3]!;
  const paper: [number, number, number] = count
    ? [sums[0]! / count, sums[1]! / count, sums[2]! / count]
    : [255, 255, 255];
  return { width, height, r: cr, g: cg, b: cb, luma, paperLuma, paper };
}

/** BT.601 luma of pixels [from, to). */
function lumaRow(
  r: Float32Array,
  g: Float32Array,
  b: Float32Array,
  luma: Float32Array,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) luma[i] = 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!;
}

/** Adds the colour of the pixels in [from, to) with luma ≥ paperLuma to sums (r, g, b, n). */
function brightSumsRow(
  r: Float32Array,
  g: Float32Array,
  b: Float32Array,
  luma: Float32Array,
  paperLuma: number,
  sums: Float64Array,
  from: number,
  to: number,
): void {
  let sr = sums[0]!;
  let sg = sums[1]!;
  let sb = sums[2]!;
  let count = sums[3]!;
  for (let i = from; i < to; i++) {
    if (luma[i]! < paperLuma) continue;
    sr += r[i]!;
    sg += g[i]!;
    sb += b[i]!;
    count++;
  }
  sums[0] = sr;
  sums[1] = sg;
  sums[2] = sb;
  sums[3] = count;
}

/**
 * Estimates the paper background (illumination × paper colour) of a document image: a
 * morphological closing wider than the characters removes the ink while keeping shading and
 * crease shadows (and the tips of crease shadows and the shadow bands of sharp folds it took for
 * ink are given back); regions that are clearly not paper (very dark, or of a different colour
 * than the paper, e.g. photos, highlighter, large logos) are refilled from surrounding paper so
 * dividing by B leaves them in their colours.
 * @example
 * const bg = estimateBackground(page); bg.paper; // [231, 220, 198] under warm light
 */
export function estimateBackground(img: RgbImage, opts: BackgroundOptions = {}): Background {
  const gridSize = opts.gridSize ?? 1024;
  const longSide = Math.max(img.width, img.height);
  const factor = Math.max(1, Math.round(longSide / gridSize));
  const planes = downscaleRgbToPlanes(img, factor);
  const { width, height } = planes[0];
  const short = Math.min(width, height);
  const r = Math.max(2, Math.round((short * (opts.windowFraction ?? 1 / 120)) / 2));
  const closed = planes.map((p) => closing(p, r));
  const raw = planes.map((p) => p.data);
  const bands = creaseBands(raw, closed, width, height, r);
  const slivers = restoreSlivers(raw, closed, width, height);
  const page = closedPage(width, height, closed);
  const n = width * height;
  const { mask, count } = nonPaperMask(page);
  // The bands only now: in the closed page they are paper in shadow, darker and often bluer than
  // the lit paper, and taken for coloured marks they were refilled with their surroundings, which
  // were lit again (a grey smudge beside a fold on a synthetic crumpled form).
  const bandShare = followPhoto(raw, closed, bands, mask);
  const grid = coarseGrid(width, height, FILL_BLOCK);
  const gap = Math.max(1, Math.round((3 * r) / FILL_BLOCK));
  const grow = Math.max(1, Math.round(r / 2 / FILL_BLOCK));
  const grown = count > 0 ? growMask(mask, grid, gap, grow) : new Uint8Array(n);
  const smoothSigma = Math.max(1, r / 2);
  const filled = count > 0 && count < n ? fillMasked(closed, grown, grid) : closed;
  const out = filled.map((d) => gaussianBlur({ width, height, data: d }, smoothSigma).data);
  return {
    factor,
    width,
    height,
    planes: out as [Float32Array, Float32Array, Float32Array],
    nonPaper: grown,
    paper: page.paper,
    nonPaperFraction: count / n,
    sliverFraction: slivers,
    bandFraction: bandShare,
  };
}
