import { describe, expect, it } from 'vitest';
import type { Point } from '../types.ts';
import { estimateAspect, snapPaper } from './aspect.ts';

/** Projects a w×h rectangle, tilted about the x axis, through a pinhole camera with focal f. */
function project(
  w: number,
  h: number,
  tilt: number,
  f: number,
  cx: number,
  cy: number,
  pan = 0,
): Point[] {
  const corners = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ] as const;
  return corners.map(([X, Y]) => {
    const y = Y * Math.cos(tilt);
    const z1 = Y * Math.sin(tilt);
    const x = X * Math.cos(pan) + z1 * Math.sin(pan);
    const z = 1000 - X * Math.sin(pan) + z1 * Math.cos(pan);
    return { x: cx + (f * (x + 30)) / z, y: cy + (f * (y + 20)) / z };
  });
}

describe('estimateAspect', () => {
  it('recovers the true ratio of a tilted A4 page (Zhang & He)', () => {
    const q = project(210, 297, 0.5, 1200, 800, 600, 0.4) as [Point, Point, Point, Point];
    const { aspect, focal } = estimateAspect(q, { x: 800, y: 600 }, 1600);
    expect(aspect).toBeCloseTo(297 / 210, 2);
    expect(focal).toBeCloseTo(1200, -1);
  });

  it('falls back gracefully for a fronto-parallel page', () => {
    const q = project(100, 300, 0, 1200, 800, 600) as [Point, Point, Point, Point];
    expect(estimateAspect(q, { x: 800, y: 600 }, 1600).aspect).toBeCloseTo(3, 3);
  });
});

describe('snapPaper', () => {
  it('snaps near-A4, Letter and Legal, in both orientations', () => {
    expect(snapPaper(1.4)).toEqual({ paper: 'A4', aspect: Math.SQRT2 });
    expect(snapPaper(1.3).paper).toBe('Letter');
    expect(snapPaper(1.62).paper).toBe('Legal');
    expect(snapPaper(1 / 1.42).aspect).toBeCloseTo(1 / Math.SQRT2, 6);
  });

  it('leaves receipts and cards alone', () => {
    expect(snapPaper(3.2)).toEqual({ paper: null, aspect: 3.2 });
    expect(snapPaper(1.0).paper).toBeNull();
  });
});
