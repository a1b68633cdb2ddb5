import type { RgbImage } from '../types.ts';
import { downscaleRgbToPlanes, gaussianBlur, rankFilter, type Plane } from './filters.ts';

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
}

export interface BackgroundOptions {
  /** long side of the reduced grid; default 1024 */
  gridSize?: number;
  /** closing window as a fraction of the short side; default 1/78 (about 1–1.5 × the height of
   *  body text on a letter page, several times its stroke width) */
  windowFraction?: number;
}

const LUMA = [0.299, 0.587, 0.114] as const;

function percentile(values: Float32Array, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Fills masked-out pixels of each plane from unmasked neighbours by normalised convolution,
 *  coarse to fine (the weight blur is shared by the planes). */
function fillMasked(planes: Plane[], mask: Uint8Array, sigmas: number[]): Plane[] {
  const { width, height } = planes[0]!;
  const n = width * height;
  const outs = planes.map((p) => p.data.slice());
  const filled = new Uint8Array(n);
  const weight = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    filled[i] = mask[i] ? 0 : 1;
    weight[i] = mask[i] ? 0 : 1;
  }
  const weighted = planes.map((p) => {
    const d = new Float32Array(n);
    for (let i = 0; i < n; i++) d[i] = mask[i] ? 0 : p.data[i]!;
    return d;
  });
  for (const sigma of sigmas) {
    const w = gaussianBlur({ width, height, data: weight }, sigma).data;
    const vs = weighted.map((d) => gaussianBlur({ width, height, data: d }, sigma).data);
    let remaining = 0;
    for (let i = 0; i < n; i++) {
      if (filled[i]) continue;
      if (w[i]! > 0.02) {
        for (let c = 0; c < outs.length; c++) outs[c]![i] = vs[c]![i]! / w[i]!;
        filled[i] = 1;
      } else remaining++;
    }
    if (remaining === 0) break;
  }
  return outs.map((data) => ({ width, height, data }));
}

/**
 * Estimates the paper background (illumination × paper colour) of a document image: a
 * morphological closing wider than the characters removes the ink while keeping shading and
 * crease shadows; regions that are clearly not paper (very dark, or of a different colour than
 * the paper, e.g. photos, highlighter, large logos) are refilled from surrounding paper so
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
  const small = Math.max(width, height);
  const short = Math.min(width, height);
  const r = Math.max(2, Math.round((short * (opts.windowFraction ?? 1 / 78)) / 2));

  // Closing (max then min) removes dark features narrower than the window, keeping the
  // position of wider shadows' edges (a plain max filter would shift them and leave halos).
  const closed = planes.map((p) => rankFilter(rankFilter(p, r, 'max'), r, 'min')) as [
    Plane,
    Plane,
    Plane,
  ];
  const n = width * height;
  const luma = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    luma[i] =
      LUMA[0] * closed[0].data[i]! + LUMA[1] * closed[1].data[i]! + LUMA[2] * closed[2].data[i]!;
  }
  const paperLuma = Math.max(1, percentile(luma, 0.9));
  // Paper chromaticity from the brightest tenth of the closed image.
  const paper: [number, number, number] = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (luma[i]! < paperLuma) continue;
    paper[0] += closed[0].data[i]!;
    paper[1] += closed[1].data[i]!;
    paper[2] += closed[2].data[i]!;
    count++;
  }
  for (let c = 0; c < 3; c++) paper[c] = count ? paper[c]! / count : 255;
  const paperSum = paper[0] + paper[1] + paper[2] || 1;
  const chroma = paper.map((v) => v / paperSum);

  const nonPaper = new Uint8Array(n);
  let nonPaperCount = 0;
  for (let i = 0; i < n; i++) {
    const r0 = closed[0].data[i]!;
    const g0 = closed[1].data[i]!;
    const b0 = closed[2].data[i]!;
    const sum = r0 + g0 + b0 || 1;
    const dev = Math.max(
      Math.abs(r0 / sum - chroma[0]!),
      Math.abs(g0 / sum - chroma[1]!),
      Math.abs(b0 / sum - chroma[2]!),
    );
    // Dark beyond any plausible shadow, or a different hue than the paper: not paper.
    if (luma[i]! < 0.3 * paperLuma || dev > 0.06) {
      nonPaper[i] = 1;
      nonPaperCount++;
    }
  }
  // Grow the mask so interpolation starts from clean paper around the region.
  const grownMask = new Uint8Array(n);
  if (nonPaperCount > 0) {
    const grown = rankFilter(
      { width, height, data: Float32Array.from(nonPaper) },
      Math.max(1, Math.round(r / 2)),
      'max',
    );
    for (let i = 0; i < n; i++) grownMask[i] = grown.data[i]! > 0 ? 1 : 0;
  }

  const sigmas = [r, r * 4, small / 4, small];
  const smoothSigma = Math.max(1, r / 2);
  const filled =
    nonPaperCount > 0 && nonPaperCount < n ? fillMasked(closed, grownMask, sigmas) : closed;
  const out = filled.map((p) => gaussianBlur(p, smoothSigma).data) as [
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  return {
    factor,
    width,
    height,
    planes: out,
    nonPaper: grownMask,
    paper,
    nonPaperFraction: nonPaperCount / n,
  };
}
