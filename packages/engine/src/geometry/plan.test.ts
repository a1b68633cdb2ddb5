import { describe, expect, it } from 'vitest';
import type { GeometryPlan, Point } from '../types.ts';
import { sampleMap } from './backward-map.ts';
import { planGeometry } from './plan.ts';
import { drawScene, drawTextPage } from './test-images.ts';

/**
 * The farthest the output's corners land from the page's corners `quad` (tl, tr, br, bl) in the
 * photo, the plan's turn taken into account: turned by a quarter clockwise, the output's top left
 * comes from the page's bottom left.
 */
function cornerError(plan: GeometryPlan, quad: Point[]): number {
  const { map } = plan;
  const corners: Array<[number, number]> = [
    [0, 0],
    [map.outWidth - 1, 0],
    [map.outWidth - 1, map.outHeight - 1],
    [0, map.outHeight - 1],
  ];
  const rot = plan.rotation / 90;
  return Math.max(
    ...corners.map(([x, y], k) => {
      const [sx, sy] = sampleMap(map, x, y);
      const truth = quad[(k + 4 - rot) % 4]!;
      return Math.hypot(sx - truth.x, sy - truth.y);
    }),
  );
}

describe('planGeometry', () => {
  it('maps the output rectangle onto a detected page and reports every stage', () => {
    const quad: Point[] = [
      { x: 60, y: 50 },
      { x: 340, y: 50 },
      { x: 340, y: 446 },
      { x: 60, y: 446 },
    ];
    const plan = planGeometry(drawScene(400, 500, quad, 'wood', 5));
    expect(cornerError(plan, quad)).toBeLessThan(4);
    expect(plan.paper).toBe('A4');
    expect(plan.stages.map((s) => s.stage)).toContain('detect');
    expect(plan.stages.every((s) => typeof s.applied === 'boolean' && s.ms >= 0)).toBe(true);
  });

  it('falls back to the full frame when there is no page', () => {
    const plan = planGeometry(drawScene(200, 150, [], 'dark', 2));
    expect(plan.map.outWidth).toBe(200);
    expect(plan.map.outHeight).toBe(150);
    expect(plan.stages.find((s) => s.stage === 'global')?.applied).toBe(false);
  });

  const toRgb = (g: { width: number; height: number; data: Float32Array }) => ({
    width: g.width,
    height: g.height,
    data: Uint8Array.from({ length: g.width * g.height * 3 }, (_, i) => g.data[(i / 3) | 0]!),
  });

  it('turns a page with vertical text upright and reports the rotation', () => {
    const W = 420;
    const H = 520;
    // Text lines run top to bottom: the page was photographed turned by 90°.
    const img = toRgb(drawTextPage(W, H, (x, y) => [y, W - x]));
    const plan = planGeometry(img);
    expect([90, 270]).toContain(plan.rotation);
    expect(plan.map.outWidth).toBe(H);
    expect(plan.stages.find((s) => s.stage === 'orient')?.applied).toBe(true);
  });

  it('plans a page photographed sideways on the photo turned by a quarter', () => {
    // A portrait page lying on its side on a wooden desk: its lines run top to bottom.
    const [x0, x1, y0, y1] = [50, 470, 40, 360];
    const quad: Point[] = [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: x0, y: y1 },
    ];
    const img = drawScene(520, 400, quad, 'wood', 3, (x, y) => [
      (y - y0) / (y1 - y0),
      (x1 - x) / (x1 - x0),
    ]);
    const plan = planGeometry(img);
    const orient = plan.stages.find((s) => s.stage === 'orient')!;
    expect(orient.details?.photoTurned).toBe(90);
    expect(plan.stages.find((s) => s.stage === 'global')?.applied).toBe(true);
    expect([90, 270]).toContain(plan.rotation);
    expect(plan.map.outHeight).toBeGreaterThan(plan.map.outWidth);
    // The output's corners come from the page's corners in the photo, a quarter round.
    expect(cornerError(plan, quad)).toBeLessThan(6);
  });

  it('turns an upside-down page by 180°', () => {
    // Lines set flush left with ragged ends: turned, the flush edge is on the right.
    const W = 420;
    const H = 520;
    const plan = planGeometry(toRgb(drawTextPage(W, H, (x, y) => [W - x, H - y], 24, true)));
    expect(plan.rotation).toBe(180);
    const upright = planGeometry(toRgb(drawTextPage(W, H, (x, y) => [x, y], 24, true)));
    expect(upright.rotation).toBe(0);
  });

  it('keeps the plan without its local warp, turned alike, as the milder step back', () => {
    // Wavy lines, upside down: the local warp straightens them and the page is turned by 180°.
    const W = 420;
    const H = 520;
    const wave = (x: number, y: number): [number, number] => [W - x, H - y + 7 * Math.sin(x / 45)];
    const plan = planGeometry(toRgb(drawTextPage(W, H, wave, 24, true)));
    const local = (p: typeof plan) => p.stages.find((s) => s.stage === 'local')!;
    expect(local(plan).applied).toBe(true);
    expect(plan.rotation).toBe(180);
    const mild = plan.withoutLocal!;
    expect(local(mild).applied).toBe(false);
    expect(local(mild).reason).toMatch(/dropped/);
    expect(mild.rotation).toBe(plan.rotation);
    expect([mild.map.outWidth, mild.map.outHeight]).toEqual([
      plan.map.outWidth,
      plan.map.outHeight,
    ]);
    // Without the warp, the output's middle comes from about the same place in the photo.
    const [x0, y0] = sampleMap(plan.map, plan.map.outWidth / 2, plan.map.outHeight / 2);
    const [x1, y1] = sampleMap(mild.map, mild.map.outWidth / 2, mild.map.outHeight / 2);
    expect(Math.hypot(x1 - x0, y1 - y0)).toBeLessThan(15);
    expect(mild.withoutLocal).toBeUndefined();
  });
});
