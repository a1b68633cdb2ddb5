import type { BackwardMap, PageOutline, Point } from '../types.ts';
import { estimateAspect, snapPaper, type PaperSize } from './aspect.ts';
import { ArcCurve, coonsMap } from './coons.ts';
import { applyH, homographyFromPoints } from './homography.ts';

export interface GlobalResult {
  map: BackwardMap;
  aspect: number;
  paper: PaperSize | null;
  details: Record<string, unknown>;
}

const arc = (pts: Point[]): number => new ArcCurve(pts).length;

/**
 * Global page rectification: aspect ratio (Zhang & He, corrected for curved sides by the
 * arc/chord ratio after the homography, snapped to A4/Letter/Legal within 3 % unless a side is
 * clipped), output size preserving resolution, and the Coons-patch backward map (over smoothed
 * sides with `smoothSides`).
 * @example const g = globalMap(outline, work.width, work.height);
 */
export function globalMap(
  outline: PageOutline,
  imgW: number,
  imgH: number,
  step = 8,
  smoothSides = false,
): GlobalResult | null {
  const { corners } = outline;
  const anyClipped = Object.values(outline.clipped).some(Boolean);
  const longSide = Math.max(imgW, imgH);
  const sides = {
    top: arc(outline.top),
    bottom: arc(outline.bottom),
    left: arc(outline.left),
    right: arc(outline.right),
  };
  const naive = (sides.left + sides.right) / (sides.top + sides.bottom);
  let aspect = naive;
  let focal: number | null = null;
  let curveFactor = 1;
  if (!anyClipped) {
    const zh = estimateAspect(corners, { x: imgW / 2, y: imgH / 2 }, longSide);
    focal = zh.focal;
    aspect = Math.abs(Math.log(zh.aspect / naive)) < Math.log(1.6) ? zh.aspect : naive;
    // Curved (curled) sides are longer than their chords: measure both after the homography.
    const unit = homographyFromPoints(corners, [
      { x: 0, y: 0 },
      { x: 1000, y: 0 },
      { x: 1000, y: 1000 },
      { x: 0, y: 1000 },
    ]);
    if (unit) {
      const rl = (pts: Point[]): number =>
        arc(
          pts.map((p) => {
            const [x, y] = applyH(unit, p.x, p.y);
            return { x, y };
          }),
        ) / 1000;
      const horiz = (rl(outline.top) + rl(outline.bottom)) / 2;
      const vert = (rl(outline.left) + rl(outline.right)) / 2;
      curveFactor = Math.min(1.3, Math.max(1 / 1.3, vert / horiz));
      aspect *= curveFactor;
    }
  }
  const estimated = aspect;
  const snapped = anyClipped ? { paper: null, aspect } : snapPaper(aspect);
  aspect = snapped.aspect;
  const size = Math.sqrt(Math.max(sides.top, sides.bottom) * Math.max(sides.left, sides.right));
  const W = Math.max(16, Math.round(size / Math.sqrt(aspect)));
  const H = Math.max(16, Math.round(size * Math.sqrt(aspect)));
  const map = coonsMap(outline, W, H, step, true, smoothSides);
  if (!map) return null;
  return {
    map,
    aspect: H / W,
    paper: snapped.paper,
    details: {
      naiveAspect: naive,
      focal,
      curveFactor,
      estimatedAspect: estimated,
      width: W,
      height: H,
    },
  };
}
