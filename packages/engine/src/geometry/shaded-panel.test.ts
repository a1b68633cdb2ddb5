import { describe, expect, it } from 'vitest';
import type { GrayImage, Point } from '../types.ts';
import { extendPastShade, resamplePolyline } from './shaded-panel.ts';
import { quadOutline, rng } from './test-images.ts';

const W = 300;
const H = 400;

/**
 * A page lit from y 40 to 260 (x 60–240) on a grey table, folded there: its far panel, turned
 * from the light, runs on to y = 360 a little wider (x 50–250 at its end), barely lighter than
 * the table. `noise` adds table texture of that amplitude.
 */
function folded(panel = true, noise = 0): GrayImage {
  const data = new Float32Array(W * H);
  const r = rng(7);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v = 110 + noise * (r() - 0.5);
      if (y >= 40 && y < 260 && x >= 60 && x < 240) v = 230;
      const f = (y - 260) / 100;
      if (panel && y >= 260 && y < 360 && x >= 60 - 10 * f && x < 240 + 10 * f) v = 135;
      data[y * W + x] = v;
    }
  }
  return { width: W, height: H, data };
}

/**
 * The same lit page curled over at y = 260: its far panel bends away, so its sides curve out
 * (x 60 → 30 and 240 → 270 by y = 360, along a parabola), and just past the bend it is as
 * bright as the table (y 260–280: turning from the light, it passes the table's grey).
 */
function curled(): GrayImage {
  const data = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    const s = (y - 260) / 100;
    const spread = 30 * s * s;
    for (let x = 0; x < W; x++) {
      let v = 110;
      if (y >= 40 && y < 260 && x >= 60 && x < 240) v = 230;
      if (y >= 260 && y < 360 && x >= 60 - spread && x < 240 + spread) v = y < 280 ? 111 : 140;
      data[y * W + x] = v;
    }
  }
  return { width: W, height: H, data };
}

const lit = () =>
  quadOutline({ x: 60, y: 40 }, { x: 240, y: 40 }, { x: 240, y: 260 }, { x: 60, y: 260 });

describe('extendPastShade', () => {
  it('runs the page on past a shaded panel to its far end, along the panel’s own edges', () => {
    const ext = extendPastShade(folded(), lit(), 'bottom');
    expect(ext).not.toBeNull();
    const [tl, tr, br, bl] = ext!.outline.corners;
    expect(tl).toEqual({ x: 60, y: 40 });
    expect(tr).toEqual({ x: 240, y: 40 });
    expect(Math.abs(bl.x - 50)).toBeLessThan(4);
    expect(Math.abs(bl.y - 360)).toBeLessThan(6);
    expect(Math.abs(br.x - 250)).toBeLessThan(4);
    expect(Math.abs(br.y - 360)).toBeLessThan(6);
    // The sides keep their corners at their ends, and the kink at the fold.
    const left = ext!.outline.left;
    expect(left[0]).toEqual(tl);
    expect(left[left.length - 1]).toEqual(bl);
    expect(left.some((p) => Math.abs(p.y - 260) < 8 && Math.abs(p.x - 60) < 2)).toBe(true);
    expect(ext!.panel).toBeGreaterThan(0.4);
    expect(ext!.bent).toBe(false);
  });

  it('follows a curled panel’s bending edges, also where they do not show at first', () => {
    const ext = extendPastShade(curled(), lit(), 'bottom');
    expect(ext).not.toBeNull();
    const [, , br, bl] = ext!.outline.corners;
    expect(Math.abs(bl.x - 30)).toBeLessThan(5);
    expect(Math.abs(bl.y - 360)).toBeLessThan(6);
    expect(Math.abs(br.x - 270)).toBeLessThan(5);
    expect(Math.abs(br.y - 360)).toBeLessThan(6);
    // The sides run on along the curve (x 52.5 and 247.5 at y 310), not along its chord.
    const near = (pts: Point[], x: number, y: number) =>
      pts.some((p) => Math.abs(p.y - y) < 6 && Math.abs(p.x - x) < 3);
    expect(near(ext!.outline.left, 52.5, 310)).toBe(true);
    expect(near(ext!.outline.right, 247.5, 310)).toBe(true);
    expect(ext!.bent).toBe(true);
  });

  it('finds nothing beyond a page’s own border, on a plain or a textured table', () => {
    const page = lit();
    expect(extendPastShade(folded(false), page, 'bottom')).toBeNull();
    expect(extendPastShade(folded(false, 40), page, 'bottom')).toBeNull();
    // The other sides of the folded page are its border too.
    for (const side of ['top', 'left', 'right'] as const) {
      expect(extendPastShade(folded(), page, side)).toBeNull();
    }
  });

  it('skips a clipped side', () => {
    const page = lit();
    page.clipped.bottom = true;
    expect(extendPastShade(folded(), page, 'bottom')).toBeNull();
  });
});

describe('resamplePolyline', () => {
  it('spaces points evenly by arc length, keeping both ends', () => {
    const pts = resamplePolyline(
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 30 },
      ],
      5,
    );
    expect(pts.map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [10, 20],
      [10, 30],
    ]);
  });
});
