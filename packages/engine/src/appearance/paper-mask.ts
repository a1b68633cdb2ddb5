import { coarseGrid, rowTaps, type CoarseGrid } from './coarse.ts';
import { boxCascade4 } from '../filters/box-cascade.ts';
import { gaussianRadius, rankFilter } from './filters.ts';

/** Chromaticity distance from the local paper above which a region is a coloured mark; pale
 *  highlighter on white paper sits at about 0.05–0.1, a crease shadow or a cast at under 0.02. */
const CHROMA_THRESHOLD = 0.018;
/** Extra chromaticity allowed per unit of darkness below the paper (1 − luma / paper luma): the
 *  shadow side of a crease is lit by the ambient light alone, whose colour differs from the lamp's
 *  (a third as bright and 0.02–0.03 bluer on the real UVDoc photo). Treated as a coloured mark,
 *  such a shadow was refilled from the lit paper around it and stayed as a black streak. */
const SHADOW_CHROMA = 0.03;

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
 * A lit pixel counts towards the local paper colour only within this chromaticity distance of
 * the page's paper colour (per channel): casts and ambient-lit shading (under 0.03) count,
 * photos and logos (0.1 and more) do not. Counted, a large photo pulled the paper colour
 * around it toward its own hue, so plain paper beside it (and a curl's shaded paper above it)
 * was taken for a coloured mark and refilled, leaving a grey, ragged band.
 */
const REFERENCE_CHROMA = 0.06;

/** Block size of the grid the local paper chromaticity is averaged on: it is a blur about a
 *  twelfth of the page wide, so 4×4 blocks and bilinear sampling lose nothing visible. */
const LOCAL_BLOCK = 4;

/**
 * Per cell of `grid`, the mean over its pixels of: lit (at least a third as bright as the
 * paper, and within REFERENCE_CHROMA of its colour `paperChroma`) and lit × chromaticity
 * rgb / (r+g+b) per channel, interleaved (lit, r, g, b): the inputs of the local paper colour.
 */
function litChroma(
  page: ClosedPage,
  grid: CoarseGrid,
  paperChroma: [number, number, number],
): Float32Array {
  const { width, height, f, cw, ch, cell } = grid;
  const out = new Float32Array(4 * cw * ch);
  const count = new Float32Array(cw * ch);
  // Row by row: a function called per row is optimised after a few rows and stays so across
  // pages; one long loop per page would run in the baseline tier until on-stack replacement.
  for (let y = 0; y < height; y++) {
    litChromaRow(page, cell, y * width, width, Math.floor(y / f) * cw, paperChroma, out, count);
  }
  for (let c = 0; c < cw * ch; c++) {
    const inv = 1 / count[c]!;
    for (let k = 4 * c; k < 4 * c + 4; k++) out[k] = out[k]! * inv;
  }
  return out;
}

/** litChroma's sums for the image row starting at pixel o, whose cells start at index cy. */
function litChromaRow(
  page: ClosedPage,
  cell: Int32Array,
  o: number,
  width: number,
  cy: number,
  [pr, pg, pb]: [number, number, number],
  out: Float32Array,
  count: Float32Array,
): void {
  const { r, g, b, luma } = page;
  const min = 0.35 * page.paperLuma;
  const t = REFERENCE_CHROMA;
  for (let x = 0; x < width; x++) {
    const c = cy + cell[x]!;
    count[c] = count[c]! + 1;
    const i = o + x;
    if (luma[i]! < min) continue;
    const inv = 1 / (r[i]! + g[i]! + b[i]! + 1e-3);
    const cr = r[i]! * inv;
    const cg = g[i]! * inv;
    const cb = b[i]! * inv;
    if (cr - pr > t || pr - cr > t || cg - pg > t || pg - cg > t || cb - pb > t || pb - cb > t) {
      continue;
    }
    const q = 4 * c;
    out[q] = out[q]! + 1;
    out[q + 1] = out[q + 1]! + cr;
    out[q + 2] = out[q + 2]! + cg;
    out[q + 3] = out[q + 3]! + cb;
  }
}

/** Marks the pixels whose chromaticity is far from the local paper's (`local`: the blurred
 *  litChroma on `grid`, sampled bilinearly), or that are near-black; returns how many. */
function markPixels(
  page: ClosedPage,
  local: Float32Array,
  grid: CoarseGrid,
  paperChroma: [number, number, number],
  out: Uint8Array,
): number {
  const { width, height, cw } = grid;
  const line = new Float32Array(4 * width);
  let count = 0;
  for (let y = 0; y < height; y++) {
    const [j0, j1, fy] = rowTaps(grid, y);
    localRow(local, grid, j0 * cw, j1 * cw, fy, line);
    count += markRow(page, line, paperChroma, out, y * width, width);
  }
  return count;
}

/** The local field at every pixel of one row, between cell rows a and b (weight fy). */
function localRow(
  local: Float32Array,
  grid: CoarseGrid,
  a: number,
  b: number,
  fy: number,
  line: Float32Array,
): void {
  const { width, x0, x1, fx } = grid;
  for (let x = 0; x < width; x++) {
    const f = fx[x]!;
    const c00 = 4 * (a + x0[x]!);
    const c01 = 4 * (a + x1[x]!);
    const c10 = 4 * (b + x0[x]!);
    const c11 = 4 * (b + x1[x]!);
    for (let k = 0; k < 4; k++) {
      const top = local[c00 + k]! * (1 - f) + local[c01 + k]! * f;
      const bot = local[c10 + k]! * (1 - f) + local[c11 + k]! * f;
      line[4 * x + k] = top * (1 - fy) + bot * fy;
    }
  }
}

/** markPixels for the row starting at pixel o (`local`: that row's field, 4 per pixel). */
function markRow(
  page: ClosedPage,
  local: Float32Array,
  paperChroma: [number, number, number],
  out: Uint8Array,
  o: number,
  width: number,
): number {
  const { r, g, b, luma } = page;
  const [pr, pg, pb] = paperChroma;
  const dark = 0.2 * page.paperLuma;
  const invPaper = 1 / page.paperLuma;
  let count = 0;
  for (let x = 0; x < width; x++) {
    const i = o + x;
    let off = luma[i]! < dark;
    if (!off) {
      const q = 4 * x;
      const w = local[q]!;
      const inv = 1 / (r[i]! + g[i]! + b[i]! + 1e-3);
      let dr: number;
      let dg: number;
      let db: number;
      if (w > 0.05) {
        const invW = 1 / w;
        dr = r[i]! * inv - local[q + 1]! * invW;
        dg = g[i]! * inv - local[q + 2]! * invW;
        db = b[i]! * inv - local[q + 3]! * invW;
      } else {
        dr = r[i]! * inv - pr;
        dg = g[i]! * inv - pg;
        db = b[i]! * inv - pb;
      }
      const shade = 1 - luma[i]! * invPaper;
      const t = shade > 0 ? CHROMA_THRESHOLD + SHADOW_CHROMA * shade : CHROMA_THRESHOLD;
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
 * The darker a pixel, the more its chromaticity may differ (SHADOW_CHROMA): shadows take the
 * ambient light's tint, while dark coloured marks are far more saturated.
 * Chromaticity is intensity-invariant, so shadows and gradients of light keep the paper's value;
 * the local paper chromaticity is a wide mean over lit pixels, so a colour cast that varies
 * across the page (warm lamp on one side) is paper, while a band of highlighter — a small part
 * of the window — stands out against it.
 * The local mean is taken on a 4× coarser grid (16× less work for a blur ~85 px wide) and
 * sampled bilinearly. That moves the test's threshold by a hair, so pixels right at it can
 * flip (at most ~0.2 % of a 0.7 MP photo, measured on 12 bench photos); bench:quality --n 8
 * changed in 4 of 32 pages, by at most 0.001 MS-SSIM and 0.1 LD, no family worse.
 * @example
 * const { mask, count } = nonPaperMask(page); // count / (w·h) ≈ 0.05 for a page with a photo
 */
export function nonPaperMask(page: ClosedPage): { mask: Uint8Array; count: number } {
  const { width, height, paper } = page;
  const sigma = Math.max(4, Math.max(width, height) / 12);
  const grid = coarseGrid(width, height, LOCAL_BLOCK);
  const paperSum = paper[0] + paper[1] + paper[2] + 1e-3;
  const paperChroma: [number, number, number] = [
    paper[0] / paperSum,
    paper[1] / paperSum,
    paper[2] / paperSum,
  ];
  // The four planes blurred together (interleaved): see boxCascade4.
  const local = boxCascade4(
    litChroma(page, grid, paperChroma),
    grid.cw,
    grid.ch,
    gaussianRadius(sigma / LOCAL_BLOCK),
    3,
  );
  const mask = new Uint8Array(width * height);
  const count = markPixels(page, local, grid, paperChroma, mask);
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
