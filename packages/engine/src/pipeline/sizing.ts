import type { BackwardMap } from '../types.ts';
import { PAPER_MM, type PaperName } from '../output/encode.ts';

const MM_PER_INCH = 25.4;

export interface OutputSizing {
  width: number;
  height: number;
  /** output pixels per source pixel (≤ 1: never upscaled beyond the source) */
  scale: number;
  widthMm: number;
  heightMm: number;
  dpi: number;
}

/**
 * Chooses the output resolution: the page at the source's own resolution (no upscaling),
 * capped at `maxDpi` for its physical size and at `maxPixels`, and the page's physical size.
 * Physical size comes from the snapped paper, else the source's stated density, else the
 * pixels at `dpi`.
 * @example
 * outputSizing(map, 2.5, 'A4', undefined, 300, 300, 100e6); // ≈ 2480 × 3508, 210 × 297 mm
 */
export function outputSizing(
  map: BackwardMap,
  srcScale: number,
  paper: PaperName | null,
  sourceDpi: number | undefined,
  dpi: number,
  maxDpi: number,
  maxPixels: number,
): OutputSizing {
  const w0 = map.outWidth * srcScale;
  const h0 = map.outHeight * srcScale;
  let widthMm: number;
  let heightMm: number;
  if (paper) {
    const p = PAPER_MM[paper];
    [widthMm, heightMm] = w0 > h0 ? [p.heightMm, p.widthMm] : [p.widthMm, p.heightMm];
  } else if (sourceDpi) {
    widthMm = (w0 / sourceDpi) * MM_PER_INCH;
    heightMm = (h0 / sourceDpi) * MM_PER_INCH;
  } else {
    widthMm = (w0 / dpi) * MM_PER_INCH;
    heightMm = (h0 / dpi) * MM_PER_INCH;
  }
  let scale = 1;
  const nativeDpi = (w0 / widthMm) * MM_PER_INCH;
  if (nativeDpi > maxDpi) scale = maxDpi / nativeDpi;
  if (w0 * h0 * scale * scale > maxPixels) scale = Math.sqrt(maxPixels / (w0 * h0));
  const width = Math.max(1, Math.round(w0 * scale));
  const height = Math.max(1, Math.round(h0 * scale));
  return { width, height, scale, widthMm, heightMm, dpi: (width / widthMm) * MM_PER_INCH };
}
