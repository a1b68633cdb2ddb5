import type { GeometryPlan, RgbImage, StageReport } from '../types.ts';
import { detectPage } from '../detect/page-detect.ts';
import { identityMap } from './backward-map.ts';
import { globalMap } from './global-map.ts';

export interface PlanOptions {
  signal?: AbortSignal;
  onProgress?: (f: number) => void;
}

/** Outlines below this confidence are not trusted for a full Coons warp. */
const MIN_OUTLINE_CONFIDENCE = 0.35;
const STEP = 8;

function checkAbort(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}

/**
 * Plans the geometry of one page photo at working size: detection → global Coons map →
 * local text-line refinement → deskew and 0/90/180/270 orientation, composed into one backward
 * map from the flat output (working scale) to `work` pixel coordinates.
 * @example const plan = planGeometry(work); // plan.map.outWidth × plan.map.outHeight
 */
export function planGeometry(work: RgbImage, opts: PlanOptions = {}): GeometryPlan {
  const stages: StageReport[] = [];
  const t0 = performance.now();
  checkAbort(opts.signal);
  const det = detectPage(work);
  const outline = det.outline;
  stages.push({
    stage: 'detect',
    applied: outline !== null,
    reason: det.reason,
    ms: performance.now() - t0,
    details: { ...det.details, confidence: outline?.confidence ?? 0 },
  });
  opts.onProgress?.(0.3);
  checkAbort(opts.signal);

  const t1 = performance.now();
  let map = identityMap(work.width, work.height, STEP);
  let aspect = work.height / work.width;
  let paper: GeometryPlan['paper'] = null;
  const allClipped = outline && Object.values(outline.clipped).every(Boolean);
  if (!outline || outline.confidence < MIN_OUTLINE_CONFIDENCE || allClipped) {
    stages.push({
      stage: 'global',
      applied: false,
      reason: !outline
        ? 'no page outline: keeping the full frame'
        : allClipped
          ? 'page fills the frame: keeping the full frame'
          : `outline confidence ${outline.confidence.toFixed(2)} too low: keeping the full frame`,
      ms: performance.now() - t1,
    });
  } else {
    const g = globalMap(outline, work.width, work.height, STEP);
    if (g) {
      map = g.map;
      aspect = g.aspect;
      paper = g.paper;
      stages.push({
        stage: 'global',
        applied: true,
        reason: paper
          ? `perspective and edge curl removed, snapped to ${paper}`
          : 'perspective and edge curl removed',
        ms: performance.now() - t1,
        details: g.details,
      });
    } else {
      stages.push({
        stage: 'global',
        applied: false,
        reason: 'degenerate corners',
        ms: performance.now() - t1,
      });
    }
  }
  opts.onProgress?.(1);
  return { outline, map, paper, aspect, rotation: 0, skewDeg: 0, stages };
}
