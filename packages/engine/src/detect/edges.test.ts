import { describe, expect, it } from 'vitest';
import { hypot2 } from './edges.ts';
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
