import { describe, expect, it } from 'vitest';
import { identityMap } from '../resample/bicubic.ts';
import type { GeometryPlan, RgbImage } from '../types.ts';
import { checkPlan, framePlan } from './frame-plan.ts';
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
