import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../types.ts';
import { quadCovers, quadEncloses } from '../detect/quad.ts';
import { shadowedSides } from './shadow-edge.ts';
import { quadOutline } from './test-images.ts';

const W = 300;
const H = 400;

/**
 * A page (x 60–240, y 40–360) on a table, with a cast shadow darkening everything above
 * y = `shadowY` to `shade` of its brightness (paper and table alike).
 */
function scene(table: [number, number, number], shadowY: number, shade = 0.5): RgbImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const onPage = x >= 60 && x < 240 && y >= 40 && y < 360;
      const c = onPage ? [238, 236, 232] : table;
      const k = y < shadowY ? shade : 1;
      for (let ch = 0; ch < 3; ch++) data[3 * (y * W + x) + ch] = Math.round(c[ch]! * k);
    }
  }
  return { width: W, height: H, data };
}

const box = (x0: number, y0: number, x1: number, y1: number) =>
  quadOutline({ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 });

describe('shadowedSides', () => {
  const wood: [number, number, number] = [128, 82, 44];

  it('finds the side of a lit part that follows a cast shadow across the page', () => {
    // The brightness masks stop at the shadow: the outline's top is the shadow's edge.
    expect(shadowedSides(scene(wood, 180), box(60, 180, 240, 360))).toEqual(['top']);
  });

  it('finds none on the page’s own border, with or without a shadow elsewhere', () => {
    expect(shadowedSides(scene(wood, 0), box(60, 40, 240, 360))).toEqual([]);
    expect(shadowedSides(scene(wood, 180), box(60, 40, 240, 360))).toEqual([]);
  });

  it('skips clipped sides', () => {
    const lit = box(60, 180, 240, 360);
    lit.clipped.top = true;
    expect(shadowedSides(scene(wood, 180), lit)).toEqual([]);
  });

  it('does not take a black desk for a shadow', () => {
    expect(shadowedSides(scene([20, 20, 20], 0), box(60, 40, 240, 360))).toEqual([]);
  });
});

describe('quadEncloses', () => {
  it('holds a smaller quad inside a larger one, within a tolerance', () => {
    const page = box(60, 40, 240, 360).corners;
    const lit = box(61, 180, 241, 360).corners;
    expect(quadEncloses(page, lit, 1.15, 0.02)).toBe(true);
    expect(quadEncloses(lit, page, 1.15, 0.02)).toBe(false);
    // Not enough larger.
    expect(quadEncloses(page, box(60, 60, 240, 360).corners, 1.15, 0.02)).toBe(false);
    // A corner well outside.
    expect(quadEncloses(page, box(30, 180, 240, 360).corners, 1.15, 0.02)).toBe(false);
  });
});

describe('quadCovers', () => {
  it('lets a corner of the smaller quad stick out, not a side of it', () => {
    const page = box(60, 40, 240, 360).corners;
    // The lit part of the page, its bottom-left corner a spike 20 px below the page's edge
    // (about 4 % of the smaller quad's area lies outside).
    const [tl, tr, br] = box(62, 160, 238, 355).corners;
    const spiked = [tl, tr, br, { x: 62, y: 380 }];
    expect(quadEncloses(page, spiked, 1.15, 0.02)).toBe(false);
    expect(quadCovers(page, spiked, 1.15, 0.95)).toBe(true);
    // Half of it beside the page.
    expect(quadCovers(page, box(150, 160, 330, 355).corners, 1.15, 0.95)).toBe(false);
    // Not enough larger.
    expect(quadCovers(page, box(60, 60, 240, 360).corners, 1.15, 0.95)).toBe(false);
  });
});
