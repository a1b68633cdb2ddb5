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
  /** closing window as a fraction of the short side; default 1/120 (about the height of
   *  body text on a letter page, several times its stroke width) */
  windowFraction?: number;
}

const LUMA = [0.299, 0.587, 0.114] as const;

/** Chromaticity distance from the local paper above which a region is a coloured mark; pale
 *  highlighter on white paper sits at about 0.05–0.1, a crease shadow or a cast at under 0.02. */
const CHROMA_THRESHOLD = 0.018;

/** q-quantile of values in 0..255 via a 1024-bin histogram (a sort is 10× slower here). */
function percentile(values: Float32Array, q: number): number {
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

/** Block size of the grid the masked regions are refilled on: the fill is smooth anyway. */
const FILL_BLOCK = 4;

/**
 * Refills masked-out pixels of each plane from unmasked neighbours by normalised convolution,
 * coarse to fine, on a grid FILL_BLOCK times coarser (then bilinearly upsampled into the holes).
 */
function fillMasked(planes: Plane[], mask: Uint8Array, sigmas: number[]): Plane[] {
  const { width, height } = planes[0]!;
  const cw = Math.max(1, Math.ceil(width / FILL_BLOCK));
  const ch = Math.max(1, Math.ceil(height / FILL_BLOCK));
  const cn = cw * ch;
  const weight = new Float32Array(cn);
  const weighted = planes.map(() => new Float32Array(cn));
  for (let y = 0; y < height; y++) {
    const cy = Math.floor(y / FILL_BLOCK) * cw;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (mask[i]) continue;
      const c = cy + Math.floor(x / FILL_BLOCK);
      weight[c] = weight[c]! + 1 / (FILL_BLOCK * FILL_BLOCK);
      for (let k = 0; k < planes.length; k++) {
        weighted[k]![c] = weighted[k]![c]! + planes[k]!.data[i]! / (FILL_BLOCK * FILL_BLOCK);
      }
    }
  }
  const coarse = planes.map(() => new Float32Array(cn));
  const done = new Uint8Array(cn);
  for (const sigma of sigmas) {
    const sc = Math.max(0.5, sigma / FILL_BLOCK);
    const w = gaussianBlur({ width: cw, height: ch, data: weight }, sc).data;
    const vs = weighted.map((d) => gaussianBlur({ width: cw, height: ch, data: d }, sc).data);
    let remaining = 0;
    for (let i = 0; i < cn; i++) {
      if (done[i]) continue;
      if (w[i]! > 0.02) {
        for (let k = 0; k < planes.length; k++) coarse[k]![i] = vs[k]![i]! / w[i]!;
        done[i] = 1;
      } else remaining++;
    }
    if (remaining === 0) break;
  }
  return planes.map((p, k) => {
    const out = p.data.slice();
    const c = coarse[k]!;
    for (let y = 0; y < height; y++) {
      let gy = (y + 0.5) / FILL_BLOCK - 0.5;
      gy = gy < 0 ? 0 : gy > ch - 1 ? ch - 1 : gy;
      const j0 = Math.floor(gy);
      const j1 = Math.min(ch - 1, j0 + 1);
      const fy = gy - j0;
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (!mask[i]) continue;
        let gx = (x + 0.5) / FILL_BLOCK - 0.5;
        gx = gx < 0 ? 0 : gx > cw - 1 ? cw - 1 : gx;
        const i0 = Math.floor(gx);
        const i1 = Math.min(cw - 1, i0 + 1);
        const fx = gx - i0;
        const top = c[j0 * cw + i0]! * (1 - fx) + c[j0 * cw + i1]! * fx;
        const bot = c[j1 * cw + i0]! * (1 - fx) + c[j1 * cw + i1]! * fx;
        out[i] = top * (1 - fy) + bot * fy;
      }
    }
    return { width, height, data: out };
  });
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
  const r = Math.max(2, Math.round((short * (opts.windowFraction ?? 1 / 120)) / 2));

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
  // Chromaticity (rgb / (r+g+b)) is intensity-invariant: a shadow or a gradient of light that
  // darkens the paper keeps its value, a highlighter or a photo changes it.
  const chroma = [new Float32Array(n), new Float32Array(n), new Float32Array(n)] as const;
  const lit = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r0 = closed[0].data[i]!;
    const g0 = closed[1].data[i]!;
    const b0 = closed[2].data[i]!;
    const sum = r0 + g0 + b0 + 1e-3;
    chroma[0][i] = r0 / sum;
    chroma[1][i] = g0 / sum;
    chroma[2][i] = b0 / sum;
    lit[i] = luma[i]! >= 0.35 * paperLuma ? 1 : 0;
  }
  // Local paper chromaticity: a wide weighted mean over lit pixels, so a colour cast that varies
  // across the page (warm lamp on one side) is paper, while a band of highlighter — a small part
  // of the window — stands out against it.
  const chromaSigma = Math.max(4, small / 12);
  const litBlur = gaussianBlur({ width, height, data: lit }, chromaSigma).data;
  const localChroma = chroma.map((c) => {
    const w = new Float32Array(n);
    for (let i = 0; i < n; i++) w[i] = c[i]! * lit[i]!;
    return gaussianBlur({ width, height, data: w }, chromaSigma).data;
  });
  const paperSum = paper[0] + paper[1] + paper[2] + 1e-3;
  const paperChroma = [paper[0] / paperSum, paper[1] / paperSum, paper[2] / paperSum];

  const nonPaper = new Uint8Array(n);
  let nonPaperCount = 0;
  for (let i = 0; i < n; i++) {
    const wl = litBlur[i]!;
    let dist = 0;
    for (let c = 0; c < 3; c++) {
      const local = wl > 0.05 ? localChroma[c]![i]! / wl : paperChroma[c]!;
      dist = Math.max(dist, Math.abs(chroma[c]![i]! - local));
    }
    // Near-black, or clearly more colourful than the local paper (photos, logos, stamps,
    // highlighter): not paper, so dividing by the refilled background keeps its hue. Shadows and
    // colour casts darken or tint the paper smoothly and stay below the threshold.
    if (luma[i]! < 0.2 * paperLuma || dist > CHROMA_THRESHOLD) {
      nonPaper[i] = 1;
      nonPaperCount++;
    }
  }
  // Close the mask (photos are only partly more colourful than the paper, pixel by pixel), then
  // grow it so interpolation starts from clean paper around the region. Both on the coarse fill
  // grid: the refill is smooth anyway, and the large closing is 16× cheaper there.
  const grownMask = new Uint8Array(n);
  if (nonPaperCount > 0) {
    const cw = Math.ceil(width / FILL_BLOCK);
    const ch = Math.ceil(height / FILL_BLOCK);
    const coarse = new Float32Array(cw * ch);
    for (let y = 0; y < height; y++) {
      const cy = Math.floor(y / FILL_BLOCK) * cw;
      for (let x = 0; x < width; x++) {
        if (nonPaper[y * width + x]) coarse[cy + Math.floor(x / FILL_BLOCK)] = 1;
      }
    }
    const gap = Math.max(1, Math.round((3 * r) / FILL_BLOCK));
    const grow = Math.max(1, Math.round(r / 2 / FILL_BLOCK));
    const plane = { width: cw, height: ch, data: coarse };
    const closedMask = rankFilter(rankFilter(plane, gap, 'max'), gap, 'min');
    const grown = rankFilter(closedMask, grow, 'max').data;
    for (let y = 0; y < height; y++) {
      const cy = Math.floor(y / FILL_BLOCK) * cw;
      for (let x = 0; x < width; x++) {
        grownMask[y * width + x] = grown[cy + Math.floor(x / FILL_BLOCK)]! > 0 ? 1 : 0;
      }
    }
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
