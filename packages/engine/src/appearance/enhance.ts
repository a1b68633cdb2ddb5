import type { OutputMode, RgbImage, StageReport } from '../types.ts';
import { estimateBackground } from './background.ts';
import { grayToRgb, sauvola, toLuma } from './binarize.ts';
import { chooseLevels, divideBackground } from './shading.ts';
import { unsharpMask } from './sharpen.ts';

export interface EnhanceResult {
  image: RgbImage;
  report: StageReport;
}

/**
 * The appearance stage: removes illumination, shading and colour casts (paper → white, ink
 * dark, coloured marks kept), then renders the requested mode with light sharpening.
 * @example
 * const { image } = enhanceAppearance(flatPage, 'color');
 */
export function enhanceAppearance(img: RgbImage, mode: OutputMode = 'color'): EnhanceResult {
  const t0 = performance.now();
  const bg = estimateBackground(img);
  const levels = chooseLevels(img, bg);
  let out = divideBackground(img, bg, levels);
  if (mode === 'bw') {
    out = sauvola(out, { keep: bg.nonPaperFraction > 0.002 ? bg : undefined });
  } else {
    out = unsharpMask(out, 0.6, 3);
    if (mode === 'gray') out = grayToRgb(out.width, out.height, toLuma(out));
  }
  return {
    image: out,
    report: {
      stage: 'appearance',
      applied: true,
      ms: performance.now() - t0,
      details: {
        mode,
        paperColor: bg.paper.map((v) => Math.round(v)),
        black: Math.round(levels.black * 1000) / 1000,
        white: Math.round(levels.white * 1000) / 1000,
        nonPaperFraction: Math.round(bg.nonPaperFraction * 1000) / 1000,
      },
    },
  };
}
