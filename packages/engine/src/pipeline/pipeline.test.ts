import { describe, expect, it } from 'vitest';
import { identityMap } from '../resample/bicubic.ts';
import type { GeometryPlan, RgbImage } from '../types.ts';
import { checkPlan, framePlan, guardUnanchoredLocal, safePlan } from './frame-plan.ts';
import { outputSizing } from './sizing.ts';

const work: RgbImage = { width: 400, height: 300, data: new Uint8Array(400 * 300 * 3) };

function planWith(mutate: (x: Float32Array, y: Float32Array) => void): GeometryPlan {
  const plan = framePlan(work, 'test');
  mutate(plan.map.x, plan.map.y);
  return plan;
}

describe('checkPlan', () => {
  it('accepts the frame and rejects folded, escaping or undefined maps', () => {
    expect(checkPlan(framePlan(work, 'test'), work)).toBeNull();
    // Mirror half the grid: the cells there flip orientation (a fold).
    const folded = planWith((x) => {
      const m = identityMap(400, 300, 16);
      for (let k = 0; k < x.length; k++) if (m.x[k]! > 200) x[k] = 400 - m.x[k]!;
    });
    expect(checkPlan(folded, work)).toMatch(/folds over itself/);
    const escaping = planWith((x) => x.forEach((v, k) => (x[k] = v + 1000)));
    expect(checkPlan(escaping, work)).toMatch(/outside the photo/);
    const undefinedMap = planWith((x) => x.fill(Number.NaN, 0, x.length / 2));
    expect(checkPlan(undefinedMap, work)).toMatch(/undefined points/);
  });

  it('records the fallback reason in the frame plan', () => {
    const plan = framePlan(work, 'geometry failed; kept the full frame');
    expect(plan.stages.at(-1)).toMatchObject({ stage: 'fallback', applied: true });
    expect([plan.map.outWidth, plan.map.outHeight]).toEqual([400, 300]);
  });
});

describe('safePlan', () => {
  /** A plan whose map is the frame, with a fold across its right half when `folded`. */
  function plan(name: string, folded: boolean, withoutLocal?: GeometryPlan): GeometryPlan {
    const p = planWith((x) => {
      if (!folded) return;
      const m = identityMap(400, 300, 16);
      for (let k = 0; k < x.length; k++) if (m.x[k]! > 200) x[k] = 400 - m.x[k]!;
    });
    const stages = [{ stage: 'local', applied: true, reason: name, ms: 0 }];
    return { ...p, stages, skewDeg: name.length, withoutLocal };
  }
  const fallback = (p: GeometryPlan) => p.stages.find((s) => s.stage === 'fallback')?.reason;

  it('keeps a plan that passes its checks, and does not replan', () => {
    let replans = 0;
    const ok = plan('ok', false);
    expect(safePlan(ok, work, () => (replans++, undefined))).toBe(ok);
    expect(replans).toBe(0);
  });

  it('drops the local warp first when only the warp folds', () => {
    const out = safePlan(plan('warped', true, plan('mild', false)), work, () => undefined);
    expect(out.skewDeg).toBe('mild'.length);
    expect(fallback(out)).toMatch(/folds over itself.*; local warp dropped$/);
  });

  it('replans with the corners on the page mask when the outline itself folds', () => {
    const replanned = plan('replanned', false);
    const out = safePlan(plan('warped', true, plan('mild', true)), work, () => replanned);
    expect(out.skewDeg).toBe('replanned'.length);
    expect(fallback(out)).toMatch(/page corners taken from the page mask$/);
    // …and takes the replan's own milder step when its warp folds too.
    const out2 = safePlan(plan('warped', true, plan('mild', true)), work, () =>
      plan('replanned', true, plan('replanned mild', false)),
    );
    expect(out2.skewDeg).toBe('replanned mild'.length);
    expect(fallback(out2)).toMatch(/page mask, local warp dropped$/);
  });

  it('keeps the full frame when every step back folds', () => {
    const out = safePlan(plan('warped', true, plan('mild', true)), work, () => plan('r', true));
    expect(out.outline).toBeNull();
    expect(fallback(out)).toMatch(/kept the full frame$/);
    expect([out.map.outWidth, out.map.outHeight]).toEqual([400, 300]);
  });
});

describe('outputSizing', () => {
  const map = identityMap(1000, 1414, 16);

  it('keeps the source resolution for photos and derives mm at the given dpi', () => {
    const s = outputSizing(map, 2, null, undefined, 300, 300, 100e6);
    expect([s.width, s.height, s.scale]).toEqual([2000, 2828, 1]);
    expect(s.widthMm).toBeCloseTo((2000 / 300) * 25.4, 3);
  });

  it('caps at 300 dpi for snapped paper and never upscales', () => {
    const big = outputSizing(map, 4, 'A4', undefined, 300, 300, 100e6);
    expect(big.width).toBe(2480);
    expect(big.widthMm).toBe(210);
    const small = outputSizing(map, 1, 'A4', undefined, 300, 300, 100e6);
    expect(small.width).toBe(1000);
    expect(small.scale).toBe(1);
  });

  it('respects the pixel cap', () => {
    const s = outputSizing(map, 4, null, undefined, 300, 300, 1e6);
    expect(s.width * s.height).toBeLessThanOrEqual(1e6 + 5000);
  });
});

describe('guardUnanchoredLocal', () => {
  /** A frame plan whose local warp (a shift of 7 px) was applied with the given waviness. */
  function withLocal(globalApplied: boolean, before: number, after: number): GeometryPlan {
    const plan = framePlan(work, 'test');
    plan.map.x.forEach((v, k) => (plan.map.x[k] = v + 7));
    plan.stages = [
      { stage: 'global', applied: globalApplied, ms: 0 },
      {
        stage: 'local',
        applied: true,
        reason: 'straightened 13 text lines',
        ms: 0,
        details: { wavinessBefore: before, wavinessAfter: after },
      },
    ];
    return plan;
  }

  it('drops a local warp on the bare frame that barely straightened the lines', () => {
    const guarded = guardUnanchoredLocal(withLocal(false, 0.515, 0.39), work);
    const local = guarded.stages.find((s) => s.stage === 'local')!;
    expect(local.applied).toBe(false);
    expect(local.reason).toMatch(/local warp dropped: no trusted page outline/);
    const frame = identityMap(400, 300, guarded.map.step);
    expect(guarded.map.outWidth).toBe(400);
    expect(guarded.map.outHeight).toBe(300);
    for (let k = 0; k < frame.x.length; k++) {
      expect(guarded.map.x[k]).toBeCloseTo(frame.x[k]!, 3);
      expect(guarded.map.y[k]).toBeCloseTo(frame.y[k]!, 3);
    }
  });

  it('keeps a local warp anchored by the outline or one that clearly straightened the lines', () => {
    const anchored = withLocal(true, 0.515, 0.39);
    expect(guardUnanchoredLocal(anchored, work)).toBe(anchored);
    const clear = withLocal(false, 0.5, 0.2);
    expect(guardUnanchoredLocal(clear, work)).toBe(clear);
  });
});
