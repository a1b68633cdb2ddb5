import { patchStats } from '../geometry/raster.ts';
import type { RgbImage } from '../types.ts';

/** Patches sampled along the frame's long side (about 5000 over a letter page). */
const GRID = 80;
/** Side of a sampled patch, px. */
const PATCH = 5;
/** A patch is plain paper when its grey levels span at most this… */
const PLAIN_SPAN = 8;
/** …its colour is this close to grey (max − min channel over brightness)… */
const PLAIN_CHROMA = 0.08;
/** …and it is at least this bright. */
const PLAIN_LEVEL = 150;
/** Plain paper must cover at least this share of the frame… */
const MIN_PLAIN = 0.3;
/** …and of each of the frame's four border bands (a desk, a scanner's lid or a shadow there is
 *  not paper)… */
const MIN_PLAIN_BORDER = 0.5;
/** …which are this share of the frame deep. */
const BORDER = 0.05;
/** The plain paper's levels across the whole frame span at most this (2nd to 98th percentile):
 *  one sheet, no light falling off, no shading from a crease or a curl. */
const MAX_SPREAD = 4;
/** Grain inside a plain patch (median span): a camera's sensor noise is well above. */
const MAX_NOISE = 3;

export interface CleanScan {
  /** the frame is a clean scan of a flat page: the page fills it, nothing to detect */
  clean: boolean;
  /** share of the patches that are plain paper */
  plainShare: number;
  /** the least share of plain paper among the four border bands */
  borderShare: number;
  /** 2nd–98th percentile range of the plain patches' mean level */
  spread: number;
  /** median level span inside a plain patch */
  noise: number;
}

function percentileOf(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

/**
 * Tells a clean scan of a flat page (a flatbed's or a scanner app's output, a rasterised PDF)
 * from a photo: its paper is one even level from edge to edge, up to the frame's borders, with
 * hardly any grain. A photo always has light falling off across the sheet, a background or the
 * page's own edge in the frame, and sensor noise. On such a frame a page search only finds
 * printed structure (a form's table, a photo's frame, the gap between two paragraphs) and cuts
 * the page down to it.
 * @example cleanScan(work).clean; // true for a rendered page, false for a photo of it
 */
export function cleanScan(img: RgbImage): CleanScan {
  const { width: w, height: h } = img;
  const step = Math.max(PATCH, Math.floor(Math.max(w, h) / GRID));
  const levels: number[] = [];
  const spans: number[] = [];
  const border = { top: [0, 0], right: [0, 0], bottom: [0, 0], left: [0, 0] };
  const bx = BORDER * w;
  const by = BORDER * h;
  let total = 0;
  for (let y0 = 0; y0 + PATCH <= h; y0 += step) {
    for (let x0 = 0; x0 + PATCH <= w; x0 += step) {
      const { mean, span, chroma } = patchStats(img, x0, y0, PATCH);
      const plain = span <= PLAIN_SPAN && mean >= PLAIN_LEVEL && chroma <= PLAIN_CHROMA * mean;
      total++;
      if (plain) {
        levels.push(mean);
        spans.push(span);
      }
      const cx = x0 + PATCH / 2;
      const cy = y0 + PATCH / 2;
      const bands: (keyof typeof border)[] = [];
      if (cy < by) bands.push('top');
      if (cy > h - by) bands.push('bottom');
      if (cx < bx) bands.push('left');
      if (cx > w - bx) bands.push('right');
      for (const band of bands) {
        border[band][0]!++;
        if (plain) border[band][1]!++;
      }
    }
  }
  const sortedLevels = Float64Array.from(levels).sort();
  const sortedSpans = Float64Array.from(spans).sort();
  const plainShare = total ? levels.length / total : 0;
  const borderShare = Math.min(
    ...Object.values(border).map(([all, plain]) => (all ? plain! / all! : 0)),
  );
  const spread = percentileOf(sortedLevels, 0.98) - percentileOf(sortedLevels, 0.02);
  const noise = percentileOf(sortedSpans, 0.5);
  const clean =
    plainShare >= MIN_PLAIN &&
    borderShare >= MIN_PLAIN_BORDER &&
    spread <= MAX_SPREAD &&
    noise <= MAX_NOISE;
  return { clean, plainShare, borderShare, spread, noise };
}
