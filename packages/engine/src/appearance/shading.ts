import type { RgbImage } from '../types.ts';
import type { Background } from './background.ts';

/** Lowest background value divided by: caps the gain at 4× so deep shadows don't explode noise. */
const MIN_BACKGROUND = 255 / 4;

export interface Levels {
  /** ratio I/B mapped to black */
  black: number;
  /** ratio I/B mapped to white */
  white: number;
}

/**
 * Walks the image row by row with the background bilinearly upsampled on the fly, calling
 * `visit(rowStart, bgRow)` where bgRow holds B (3 interleaved channels) for that row.
 */
function forEachRowWithBackground(
  img: RgbImage,
  bg: Background,
  rowStep: number,
  visit: (y: number, bgRow: Float32Array) => void,
): void {
  const { width, height } = img;
  const f = bg.factor;
  const bw = bg.width;
  const bh = bg.height;
  // Column lookup: reduced-grid index and weight for each full-res column.
  const cx0 = new Int32Array(width);
  const cfx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    let gx = (x + 0.5) / f - 0.5;
    if (gx < 0) gx = 0;
    if (gx > bw - 1) gx = bw - 1;
    const i0 = Math.min(bw - 2 < 0 ? 0 : bw - 2, Math.floor(gx));
    cx0[x] = i0;
    cfx[x] = bw > 1 ? gx - i0 : 0;
  }
  const lineSmall = new Float32Array(bw * 3);
  const bgRow = new Float32Array(width * 3);
  const [p0, p1, p2] = bg.planes;
  for (let y = 0; y < height; y += rowStep) {
    let gy = (y + 0.5) / f - 0.5;
    if (gy < 0) gy = 0;
    if (gy > bh - 1) gy = bh - 1;
    const j0 = Math.min(Math.max(0, bh - 2), Math.floor(gy));
    const fy = bh > 1 ? gy - j0 : 0;
    const j1 = bh > 1 ? j0 + 1 : j0;
    for (let i = 0; i < bw; i++) {
      const a = j0 * bw + i;
      const b = j1 * bw + i;
      lineSmall[i * 3] = p0[a]! + (p0[b]! - p0[a]!) * fy;
      lineSmall[i * 3 + 1] = p1[a]! + (p1[b]! - p1[a]!) * fy;
      lineSmall[i * 3 + 2] = p2[a]! + (p2[b]! - p2[a]!) * fy;
    }
    for (let x = 0; x < width; x++) {
      const i0 = cx0[x]! * 3;
      const i1 = bw > 1 ? i0 + 3 : i0;
      const fx = cfx[x]!;
      const o = x * 3;
      bgRow[o] = lineSmall[i0]! + (lineSmall[i1]! - lineSmall[i0]!) * fx;
      bgRow[o + 1] = lineSmall[i0 + 1]! + (lineSmall[i1 + 1]! - lineSmall[i0 + 1]!) * fx;
      bgRow[o + 2] = lineSmall[i0 + 2]! + (lineSmall[i1 + 2]! - lineSmall[i0 + 2]!) * fx;
    }
    visit(y, bgRow);
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
  const step = Math.max(1, Math.round(Math.sqrt((img.width * img.height) / 250_000)));
  forEachRowWithBackground(img, bg, step, (y, bgRow) => {
    const row = y * img.width * 3;
    for (let x = 0; x < img.width; x += step) {
      const o = x * 3;
      const r = img.data[row + o]! / Math.max(MIN_BACKGROUND, bgRow[o]!);
      const g = img.data[row + o + 1]! / Math.max(MIN_BACKGROUND, bgRow[o + 1]!);
      const b = img.data[row + o + 2]! / Math.max(MIN_BACKGROUND, bgRow[o + 2]!);
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      hist[Math.min(255, Math.round(l * 200))]!++;
      total++;
    }
  });
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

/**
 * Divides the image by its background per channel (removing shading, crease shadows and colour
 * casts in one go) and applies the levels, writing 8-bit RGB.
 * @example
 * const flat = divideBackground(page, bg, chooseLevels(page, bg));
 */
export function divideBackground(img: RgbImage, bg: Background, levels: Levels): RgbImage {
  const out = new Uint8Array(img.data.length);
  const scale = 255 / Math.max(1e-3, levels.white - levels.black);
  const black = levels.black;
  // Per-channel LUT would need B; instead fold gain and levels into two multiplies per sample.
  forEachRowWithBackground(img, bg, 1, (y, bgRow) => {
    const row = y * img.width * 3;
    const n = img.width * 3;
    for (let k = 0; k < n; k++) {
      const bgv = bgRow[k]!;
      const ratio = img.data[row + k]! / (bgv > MIN_BACKGROUND ? bgv : MIN_BACKGROUND);
      const v = (ratio - black) * scale;
      out[row + k] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
    }
  });
  return { width: img.width, height: img.height, data: out };
}

/** Upsamples the non-paper mask to a full-resolution row lookup (nearest neighbour). */
export function nonPaperAt(bg: Background, x: number, y: number): boolean {
  const gx = Math.min(bg.width - 1, Math.floor(x / bg.factor));
  const gy = Math.min(bg.height - 1, Math.floor(y / bg.factor));
  return bg.nonPaper[gy * bg.width + gx] === 1;
}
