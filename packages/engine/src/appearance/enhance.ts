import type { OutputMode, RgbImage, StageReport } from '../types.ts';
import { estimateBackground, type Background } from './background.ts';
import { grayToRgb, sauvola, toLuma } from './binarize.ts';
import { boxBlur } from './filters.ts';
import { chooseLevels, divideBackground, type Levels } from './shading.ts';
import { unsharpMask } from './sharpen.ts';
import { components } from '../detect/components.ts';

/** What the appearance stage learns from a small copy of the page before the full-res pass. */
export interface AppearancePlan {
  background: Background;
  levels: Levels;
  /** The background's photo and logo regions (`photoRegions`), null when there are none. */
  photos: Uint8Array | null;
}

/** Feather of the photo regions' black-point lift, in background-grid pixels. */
const KEEP_DARKS_FEATHER = 3;

/**
 * Estimates background and levels on a small flat copy of the page (long side ≈ 800 px), so the
 * full-resolution pass can divide the shading out while it resamples.
 * @example
 * const ap = planAppearance(smallFlat); resampleBicubic(src, map, { ..., shade: shadingRows(...) });
 */
export function planAppearance(small: RgbImage): AppearancePlan {
  const background = estimateBackground(small);
  return withPhotos(background, chooseLevels(small, background));
}

/** The plan with its photo regions, whose darks the levels keep (see `Levels.keepDarks`). */
function withPhotos(background: Background, levels: Levels): AppearancePlan {
  const photos = background.nonPaperFraction > 0.002 ? photoRegions(background) : null;
  if (!photos) return { background, levels, photos };
  const { width, height } = background;
  const keepDarks = boxBlur(
    { width, height, data: Float32Array.from(photos) },
    KEEP_DARKS_FEATHER,
  ).data;
  return { background, levels: { ...levels, keepDarks }, photos };
}

/**
 * Finishes an already shading-corrected page: sharpening for color/gray, adaptive binarisation
 * for bw (photo regions stay grey).
 * @example
 * const page = finishAppearance(corrected, 'bw', plan);
 */
export function finishAppearance(img: RgbImage, mode: OutputMode, plan: AppearancePlan): RgbImage {
  const bg = plan.background;
  if (mode === 'bw') {
    const { photos } = plan;
    return sauvola(img, { keep: photos ? { ...bg, nonPaper: photos } : undefined });
  }
  const out = unsharpMask(img, 0.6, 3);
  return mode === 'gray' ? grayToRgb(out.width, out.height, toLuma(out)) : out;
}

/** Photo-like regions are at least this share of the page's short side across. */
const PHOTO_SIDE = 0.1;
/** ...and fill at least this share of their bounding box. */
const PHOTO_FILL = 0.35;
/** Compact regions (logos, emblems) are kept from this share of the short side... */
const LOGO_SIDE = 0.04;
/** ...when no more than this many times longer than wide (highlighter bands are far longer)... */
const LOGO_ASPECT = 3;
/** ...and filling at least this share of their bounding box (a disc fills 0.79). */
const LOGO_FILL = 0.5;

/**
 * The parts of the background's non-paper mask that look like photos or pictures, which `bw`
 * keeps grey: regions at least PHOTO_SIDE of the short side in both directions and filling their
 * bounding box, and compact solid ones from LOGO_SIDE (a logo binarised is a black blob that loses
 * its emblem). Highlighter bands, crease shadows and coloured text are thin or sparse, so they
 * are binarised like the rest of the page. Null when there are none.
 * @example const keep = photoRegions(plan.background);
 */
export function photoRegions(bg: Background): Uint8Array | null {
  const { width: w, height: h, nonPaper } = bg;
  const { labels, sizes, bounds } = components(nonPaper, w, h);
  const min = PHOTO_SIDE * Math.min(w, h);
  const minLogo = LOGO_SIDE * Math.min(w, h);
  const keep = new Uint8Array(sizes.length);
  let any = false;
  for (let l = 1; l < sizes.length; l++) {
    const bw = bounds.right[l]! - bounds.left[l]! + 1;
    const bh = bounds.bottom[l]! - bounds.top[l]! + 1;
    const photo = bw >= min && bh >= min && sizes[l]! >= PHOTO_FILL * bw * bh;
    const logo =
      Math.min(bw, bh) >= minLogo &&
      Math.max(bw, bh) <= LOGO_ASPECT * Math.min(bw, bh) &&
      sizes[l]! >= LOGO_FILL * bw * bh;
    if (photo || logo) {
      keep[l] = 1;
      any = true;
    }
  }
  if (!any) return null;
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = keep[labels[i]!]!;
  return out;
}

/** Report details of the appearance stage. */
export function appearanceDetails(mode: OutputMode, plan: AppearancePlan): Record<string, unknown> {
  const { background: bg, levels } = plan;
  return {
    mode,
    paperColor: bg.paper.map((v) => Math.round(v)),
    black: Math.round(levels.black * 1000) / 1000,
    white: Math.round(levels.white * 1000) / 1000,
    nonPaperFraction: Math.round(bg.nonPaperFraction * 1000) / 1000,
    creaseTipFraction: Math.round(bg.sliverFraction * 1000) / 1000,
    creaseBandFraction: Math.round(bg.bandFraction * 1000) / 1000,
  };
}

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
  const background = estimateBackground(img);
  const plan = withPhotos(background, chooseLevels(img, background));
  const image = finishAppearance(divideBackground(img, background, plan.levels), mode, plan);
  return {
    image,
    report: {
      stage: 'appearance',
      applied: true,
      ms: performance.now() - t0,
      details: appearanceDetails(mode, plan),
    },
  };
}
