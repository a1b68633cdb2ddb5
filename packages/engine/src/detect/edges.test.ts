import { describe, expect, it } from 'vitest';
import { edgeMap, faintEdges, hypot2 } from './edges.ts';
import { lcg } from '../test-random.ts';

describe('hypot2', () => {
  it('equals Math.hypot bit for bit, special values included', () => {
    const special = [0, -0, 1, -1, 3, 4, 0.1, 255, -7.5, 1e-300, 1e300, Infinity, -Infinity, NaN];
    for (const a of special) for (const b of special) expect(hypot2(a, b)).toBe(Math.hypot(a, b));
    const next = lcg(12345);
    const rand = () => next() - 0.5;
    for (let i = 0; i < 200_000; i++) {
      const scale = [1e-3, 1, 40, 1e6][i % 4]!;
      const a = rand() * scale;
      const b = i % 9 === 0 ? 0 : rand() * scale;
      expect(Object.is(hypot2(a, b), Math.hypot(a, b))).toBe(true);
    }
  });
});

describe('faintEdges', () => {
  it('keeps a faint stretch that continues a strong edge, not a faint edge on its own', () => {
    const w = 120;
    const h = 80;
    const luma = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        // A vertical border at x = 80 whose step fades from 30 to 5 grey levels halfway down,
        // and a separate faint step of 5 at x = 30.
        luma[y * w + x] = 180 + (x >= 80 ? (y < 40 ? 30 : 5) : 0) + (x >= 30 ? 5 : 0);
      }
    }
    const e = edgeMap(
      { width: w, height: h, data: luma },
      {
        width: w,
        height: h,
        data: new Float32Array(w * h),
      },
    );
    const faint = faintEdges(e, 1.5);
    const near = (x0: number, y: number): boolean =>
      [-1, 0, 1].some((d) => faint[y * w + x0 + d] === 1);
    // The strong map alone stops where the border fades.
    expect(e.mag[60 * w + 79]! + e.mag[60 * w + 80]!).toBe(0);
    for (let y = 10; y < 70; y++) expect(near(80, y)).toBe(true);
    for (let y = 10; y < 70; y++) expect(near(30, y)).toBe(false);
  });
});
