import type { CoarseGrid } from './coarse.ts';
import { boxCascade4 } from '../filters/box-cascade.ts';
import { gaussianRadius, rankFilter } from './filters.ts';

/** Chromaticity distance from the local paper above which a region is a coloured mark; pale
 *  highlighter on white paper sits at about 0.05–0.1, a crease shadow or a cast at under 0.02. */
const CHROMA_THRESHOLD = 0.018;

/** Closed (ink-free) colour planes of the page with their luma and paper statistics. */
export interface ClosedPage {
  width: number;
  height: number;
  r: Float32Array;
  g: Float32Array;
  b: Float32Array;
  luma: Float32Array;
  /** luma of the bright paper (90th percentile) */
  paperLuma: number;
  /** global paper colour */
  paper: [number, number, number];
}

/**
 * Lit pixels (at least a third as bright as the paper) and lit × chromaticity rgb / (r+g+b) per
 * channel, interleaved per pixel (lit, r, g, b): the inputs of the local paper colour.
 */
function litChroma(page: ClosedPage): Float32Array {
  const { width, height } = page;
  const out = new Float32Array(4 * width * height);
  // Row by row: a function called per row is optimised after a few rows and stays so across
  // pages; one long loop per page would run in the baseline tier until on-stack replacement.
  for (let y = 0; y < height; y++) litChromaRow(page, y * width, (y + 1) * width, out);
  return out;
}

/** litChroma for pixels [from, to). */
function litChromaRow(page: ClosedPage, from: number, to: number, out: Float32Array): void {
  const { r, g, b, luma } = page;
  const min = 0.35 * page.paperLuma;
  for (let i = from; i < to; i++) {
    if (luma[i]! < min) continue;
    const sum = r[i]! + g[i]! + b[i]! + 1e-3;
    const o = 4 * i;
    out[o] = 1;
    out[o + 1] = r[i]! / sum;
    out[o + 2] = g[i]! / sum;
    out[o + 3] = b[i]! / sum;
  }
}

/** Marks the pixels whose chromaticity is far from the local paper's (`local`: the blurred
 *  litChroma), or that are near-black; returns how many. */
function markPixels(
  page: ClosedPage,
  local: Float32Array,
  paperChroma: [number, number, number],
  out: Uint8Array,
): number {
  const { width, height } = page;
  let count = 0;
  for (let y = 0; y < height; y++) {
    count += markRow(page, local, paperChroma, out, y * width, (y + 1) * width);
  }
  return count;
}

/** markPixels for pixels [from, to). */
function markRow(
  page: ClosedPage,
  local: Float32Array,
  paperChroma: [number, number, number],
  out: Uint8Array,
  from: number,
  to: number,
): number {
  const { r, g, b, luma } = page;
  const [pr, pg, pb] = paperChroma;
  const dark = 0.2 * page.paperLuma;
  const t = CHROMA_THRESHOLD;
  let count = 0;
  for (let i = from; i < to; i++) {
    let off = luma[i]! < dark;
    if (!off) {
      const o = 4 * i;
      const w = local[o]!;
      const sum = r[i]! + g[i]! + b[i]! + 1e-3;
      let dr: number;
      let dg: number;
      let db: number;
      if (w > 0.05) {
        dr = r[i]! / sum - local[o + 1]! / w;
        dg = g[i]! / sum - local[o + 2]! / w;
        db = b[i]! / sum - local[o + 3]! / w;
      } else {
        dr = r[i]! / sum - pr;
        dg = g[i]! / sum - pg;
        db = b[i]! / sum - pb;
      }
      off = dr > t || dr < -t || dg > t || dg < -t || db > t || db < -t;
    }
    if (off) {
      out[i] = 1;
      count++;
    }
  }
  return count;
}

/**
 * Pixels that are clearly not paper: near-black, or clearly more colourful than the local paper
 * (photos, logos, stamps, highlighter), so dividing by the refilled background keeps their hue.
 * Chromaticity is intensity-invariant, so shadows and gradients of light keep the paper's value;
 * the local paper chromaticity is a wide mean over lit pixels, so a colour cast that varies
 * across the page (warm lamp on one side) is paper, while a band of highlighter — a small part
 * of the window — stands out against it.
 * (Measured: blurring on a 2× or 4× coarser grid flips enough borderline pixels to change whole
 * refilled regions of a colourful page, so this stays at full resolution.)
 * @example
 * const { mask, count } = nonPaperMask(page); // count / (w·h) ≈ 0.05 for a page with a photo
 */
export function nonPaperMask(page: ClosedPage): { mask: Uint8Array; count: number } {
  const { width, height, paper } = page;
  const sigma = Math.max(4, Math.max(width, height) / 12);
  // The four planes blurred together (interleaved): see boxCascade4.
  const local = boxCascade4(litChroma(page), width, height, gaussianRadius(sigma), 3);
  const paperSum = paper[0] + paper[1] + paper[2] + 1e-3;
  const paperChroma: [number, number, number] = [
    paper[0] / paperSum,
    paper[1] / paperSum,
    paper[2] / paperSum,
  ];
  const mask = new Uint8Array(width * height);
  const count = markPixels(page, local, paperChroma, mask);
  return { mask, count };
}

/**
 * Closes the non-paper mask with a gap of `gap` cells (photos are only partly more colourful than
 * the paper, pixel by pixel), then grows it by `grow` cells so the refill starts from clean
 * paper around each region; both on the coarse grid, where the large closing is f² cheaper.
 * @example
 * const grown = growMask(mask, fillGrid, 2, 1);
 */
export function growMask(
  mask: Uint8Array,
  grid: CoarseGrid,
  gap: number,
  grow: number,
): Uint8Array {
  const { width, height, cw, ch, cell, f } = grid;
  const coarse = new Float32Array(cw * ch);
  for (let y = 0; y < height; y++) {
    const cy = Math.floor(y / f) * cw;
    const o = y * width;
    for (let x = 0; x < width; x++) if (mask[o + x]) coarse[cy + cell[x]!] = 1;
  }
  const plane = { width: cw, height: ch, data: coarse };
  const closed = rankFilter(rankFilter(plane, gap, 'max'), gap, 'min');
  const grown = rankFilter(closed, grow, 'max').data;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const cy = Math.floor(y / f) * cw;
    const o = y * width;
    for (let x = 0; x < width; x++) out[o + x] = grown[cy + cell[x]!]! > 0 ? 1 : 0;
  }
  return out;
}
