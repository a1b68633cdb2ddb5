import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../types.ts';
import { identityMap, resampleBicubic } from './bicubic.ts';

/** A smooth colour ramp: bicubic reproduces linear functions exactly. */
function ramp(w: number, h: number): RgbImage {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = (y * w + x) * 3;
      data[p] = x;
      data[p + 1] = y;
      data[p + 2] = 100;
    }
  }
  return { width: w, height: h, data };
}

describe('resampleBicubic', () => {
  it('reproduces the source through an identity map at the same scale', () => {
    const src = ramp(64, 48);
    const out = resampleBicubic(src, identityMap(64, 48, 8), {
      outWidth: 64,
      outHeight: 48,
      srcScale: 1,
    });
    expect(Array.from(out.data)).toEqual(Array.from(src.data));
  });

  it('scales a working-resolution map up to the full-resolution source', () => {
    // Plan computed on a 32×24 working copy of a 100×75 source.
    const src = ramp(100, 75);
    const out = resampleBicubic(src, identityMap(32, 24, 4), {
      outWidth: 100,
      outHeight: 75,
      srcScale: 100 / 32,
    });
    expect(out.width).toBe(100);
    for (const [x, y] of [
      [10, 10],
      [50, 40],
      [90, 70],
    ] as const) {
      const p = (y * 100 + x) * 3;
      expect(Math.abs(out.data[p]! - x)).toBeLessThanOrEqual(1);
      expect(Math.abs(out.data[p + 1]! - y)).toBeLessThanOrEqual(1);
    }
  });

  it('follows a translating map and fills outside the source with white', () => {
    const src = ramp(40, 40);
    const map = identityMap(40, 40, 8);
    for (let i = 0; i < map.x.length; i++) map.x[i] = map.x[i]! + 10.5; // shift right by 10.5 px
    map.y[0] = Number.NaN;
    const out = resampleBicubic(src, map, { outWidth: 40, outHeight: 40, srcScale: 1 });
    const at = (x: number, y: number) =>
      Array.from(out.data.subarray((y * 40 + x) * 3, (y * 40 + x) * 3 + 3));
    expect(at(5, 20)[0]).toBeCloseTo(15.5, -0.5);
    expect(at(35, 20)).toEqual([255, 255, 255]); // 45.5 is outside a 40 px source
  });
});
