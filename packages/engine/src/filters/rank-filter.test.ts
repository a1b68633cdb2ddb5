import { describe, expect, it } from 'vitest';
import { rankFilter } from './rank-filter.ts';

describe('rankFilter', () => {
  it('matches a brute-force max and min filter', () => {
    const w = 37;
    const h = 23;
    const src = new Float32Array(w * h).map((_, i) => (i * 7919) % 101);
    for (const r of [1, 3, 6]) {
      for (const max of [true, false]) {
        const got = rankFilter(src, w, h, r, max);
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            let v = max ? -Infinity : Infinity;
            for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
              for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
                v = max ? Math.max(v, src[yy * w + xx]!) : Math.min(v, src[yy * w + xx]!);
              }
            }
            expect(got[y * w + x]).toBe(v);
          }
        }
      }
    }
  });
});
