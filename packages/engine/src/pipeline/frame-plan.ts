import { rotateMap } from '../geometry/backward-map.ts';
import { deskewMap } from '../orient/skew.ts';
import { identityMap } from '../resample/bicubic.ts';
import type { GeometryPlan, RgbImage, StageReport } from '../types.ts';

/**
 * The safest geometry: the whole frame, untouched. Used when planning fails or its result does
 * not pass {@link checkPlan}, so a restore is never worse than the input geometrically.
 * @example
 * const plan = framePlan(work, 'geometry failed: …');
 */
export function framePlan(
  work: RgbImage,
  reason: string,
  stages: StageReport[] = [],
): GeometryPlan {
  return {
    outline: null,
    map: identityMap(work.width, work.height, 16),
    paper: null,
    aspect: work.height / work.width,
    rotation: 0,
    skewDeg: 0,
    stages: [...stages, { stage: 'fallback', applied: true, reason, ms: 0 }],
  };
}

/**
 * Sanity checks on a plan before it touches full-resolution pixels: finite coordinates, a
 * plausible output size, most of the output landing inside the photo, and no fold-overs.
 * Returns null when the plan is fine, else the reason to distrust it.
 * @example
 * checkPlan(plan, work); // null, or 'the map folds over itself in 12% of cells'
 */
export function checkPlan(plan: GeometryPlan, work: RgbImage): string | null {
  const m = plan.map;
  if (!(m.outWidth >= 8 && m.outHeight >= 8 && m.step > 0)) return 'the output size is degenerate';
  if (m.gridW < 2 || m.gridH < 2 || m.x.length !== m.gridW * m.gridH) {
    return 'the map grid is malformed';
  }
  const ratio = m.outHeight / m.outWidth;
  if (!(ratio > 1 / 12 && ratio < 12))
    return `the output aspect ratio ${ratio.toFixed(2)} is implausible`;
  // Output much larger than the photo means the map magnifies a sliver of it.
  if (m.outWidth * m.outHeight > 4 * work.width * work.height)
    return 'the output is implausibly large';
  let inside = 0;
  let finite = 0;
  const n = m.x.length;
  for (let k = 0; k < n; k++) {
    const x = m.x[k]!;
    const y = m.y[k]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    finite++;
    if (x >= -2 && y >= -2 && x <= work.width + 1 && y <= work.height + 1) inside++;
  }
  if (finite < n * 0.98) return 'the map has undefined points';
  if (inside < n * 0.8) return 'most of the output would come from outside the photo';
  // Orientation of each cell: a flip in sign of the Jacobian determinant is a fold.
  let pos = 0;
  let neg = 0;
  for (let j = 0; j + 1 < m.gridH; j++) {
    for (let i = 0; i + 1 < m.gridW; i++) {
      const a = j * m.gridW + i;
      const ux = m.x[a + 1]! - m.x[a]!;
      const uy = m.y[a + 1]! - m.y[a]!;
      const vx = m.x[a + m.gridW]! - m.x[a]!;
      const vy = m.y[a + m.gridW]! - m.y[a]!;
      const det = ux * vy - uy * vx;
      if (det > 0) pos++;
      else if (det < 0) neg++;
    }
  }
  const folds = Math.min(pos, neg) / Math.max(1, pos + neg);
  if (folds > 0.01) return `the map folds over itself in ${Math.round(folds * 100)}% of cells`;
  return null;
}

/**
 * The plan as made when it passes {@link checkPlan} (and {@link guardUnanchoredLocal}), else the
 * mildest step back that does: the same plan without its local warp; then `replan()` (the page
 * outline found again with its corners on the page mask: a crumpled page's side lines can meet
 * far outside its bent corners, and the patch between them folds), with or without its local
 * warp; last the bare frame. A fallback stage says what was wrong and what was given up.
 * @example
 * const plan = safePlan(planGeometry(work), work, () => planGeometry(work, { cornersOnMask: true }));
 */
export function safePlan(
  plan: GeometryPlan,
  work: RgbImage,
  replan: () => GeometryPlan | undefined,
): GeometryPlan {
  const problem = checkPlan(plan, work);
  if (!problem) return guardUnanchoredLocal(plan, work);
  const steps: Array<[() => GeometryPlan | undefined, string]> = [
    [() => plan.withoutLocal, 'local warp dropped'],
    [replan, 'page corners taken from the page mask'],
  ];
  for (const [next, how] of steps) {
    let alt = next();
    let reason = `${problem}; ${how}`;
    if (alt && checkPlan(alt, work)) {
      alt = alt.withoutLocal;
      reason += ', local warp dropped';
    }
    if (!alt || checkPlan(alt, work)) continue;
    const stage: StageReport = { stage: 'fallback', applied: true, reason, ms: 0 };
    return guardUnanchoredLocal({ ...alt, stages: [...alt.stages, stage] }, work);
  }
  return framePlan(work, `${problem}; kept the full frame`, plan.stages);
}

/**
 * Without a trusted page outline the local text-line warp has nothing to anchor it: on an
 * unrectified perspective photo it bends lines that converge but are straight. Below this ratio
 * of waviness after / before it is trusted anyway (a real curl or crumple it clearly fixed).
 */
const UNANCHORED_LOCAL_MAX_RATIO = 0.6;

/**
 * Guard against a local warp that was applied on the full frame (the page outline was missing
 * or low-confidence) without clearly straightening the text lines: the plan is rebuilt without
 * it (frame, 90° turn, deskew, half-turn as before) and the local stage says why.
 * Returns the plan unchanged when the guard does not apply.
 * @example
 * const safe = guardUnanchoredLocal(planGeometry(work), work);
 */
export function guardUnanchoredLocal(plan: GeometryPlan, work: RgbImage): GeometryPlan {
  const global = plan.stages.find((s) => s.stage === 'global');
  const local = plan.stages.find((s) => s.stage === 'local');
  if (!global || global.applied || !local?.applied) return plan;
  const before = Number(local.details?.wavinessBefore);
  const after = Number(local.details?.wavinessAfter);
  const ratio = before > 0 && Number.isFinite(after) ? after / before : Infinity;
  if (ratio <= UNANCHORED_LOCAL_MAX_RATIO) return plan;
  // Rebuild in planGeometry's order: frame → 90° turn → deskew → (local) → half-turn.
  let map = identityMap(work.width, work.height, plan.map.step);
  const quarter = plan.rotation === 90 || plan.rotation === 270;
  if (quarter) map = rotateMap(map, 90);
  map = deskewMap(map, plan.skewDeg);
  if (plan.rotation === 180 || plan.rotation === 270) map = rotateMap(map, 180);
  const reason =
    `local warp dropped: no trusted page outline and the text lines got only ` +
    `${Math.round((1 - ratio) * 100)}% straighter (needs ${Math.round((1 - UNANCHORED_LOCAL_MAX_RATIO) * 100)}%)`;
  return {
    ...plan,
    map,
    stages: plan.stages.map((s) =>
      s === local
        ? { ...s, applied: false, reason, details: { ...s.details, unanchored: true } }
        : s,
    ),
  };
}
