import { describe, expect, it } from 'vitest';
import { boxCascade, boxCascade4 } from './box-cascade.ts';
import { lcg } from '../test-random.ts';

/** One clipped, renormalised box pass along x then along y, by direct summation. */
function bruteBox(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++, n++)
        s += src[y * w + xx]!;
      tmp[y * w + x] = s / n;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++, n++)
        s += tmp[yy * w + x]!;
      out[y * w + x] = s / n;
    }
  }
  return out;
}

function noise(n: number, seed: number): Float32Array {
  const rand = lcg(seed);
  return new Float32Array(n).map(() => rand() * 255);
}

function expectClose(got: Float32Array, want: Float32Array, label: string) {
  let worst = 0;
  for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(got[i]! - want[i]!));
  expect(worst, label).toBeLessThan(1e-3);
}

describe('boxCascade', () => {
  const sizes: Array<[number, number]> = [
    [1, 1],
    [1, 7],
    [9, 1],
    [3, 4],
    [17, 13],
    [40, 31],
    [64, 9],
  ];

  it('one pass matches a brute-force clipped box mean for radii within and beyond the image', () => {
    let seed = 3;
    for (const [w, h] of sizes) {
      const src = noise(w * h, seed++);
      for (const r of [1, 2, 3, 5, 8, 20, 70]) {
        expectClose(boxCascade(src, w, h, r, 1), bruteBox(src, w, h, r), `${w}×${h} r=${r}`);
      }
    }
  });

  it('three passes equal three brute-force passes', () => {
    let seed = 40;
    for (const [w, h] of sizes) {
      const src = noise(w * h, seed++);
      for (const r of [1, 2, 4, 9, 30]) {
        let want = src;
        for (let k = 0; k < 3; k++) want = bruteBox(want, w, h, r);
        expectClose(boxCascade(src, w, h, r, 3), want, `${w}×${h} r=${r}`);
      }
    }
  });

  it('keeps a constant plane constant and the total of an impulse', () => {
    const w = 50;
    const h = 40;
    const flat = boxCascade(new Float32Array(w * h).fill(7), w, h, 4, 3);
    for (const v of flat) expect(v).toBeCloseTo(7, 4);
    const impulse = new Float32Array(w * h);
    impulse[20 * w + 25] = 1000;
    const spread = boxCascade(impulse, w, h, 2, 3);
    expect(spread.reduce((a, v) => a + v, 0)).toBeCloseTo(1000, 1);
    expect(spread[20 * w + 24]).toBeCloseTo(spread[20 * w + 26]!, 5);
  });

  it('blurs four interleaved planes like four separate ones', () => {
    let seed = 77;
    for (const [w, h] of sizes) {
      const planes = [0, 1, 2, 3].map(() => noise(w * h, seed++));
      const interleaved = new Float32Array(4 * w * h);
      for (let i = 0; i < w * h; i++)
        for (let c = 0; c < 4; c++) interleaved[4 * i + c] = planes[c]![i]!;
      for (const [r, passes] of [
        [1, 1],
        [2, 3],
        [7, 3],
        [40, 3],
      ] as const) {
        const got = boxCascade4(interleaved, w, h, r, passes);
        for (let c = 0; c < 4; c++) {
          const want =
            passes === 3
              ? bruteBox(bruteBox(bruteBox(planes[c]!, w, h, r), w, h, r), w, h, r)
              : bruteBox(planes[c]!, w, h, r);
          const mine = Float32Array.from({ length: w * h }, (_, i) => got[4 * i + c]!);
          expectClose(mine, want, `${w}×${h} r=${r} passes=${passes} channel ${c}`);
        }
      }
    }
  });
});
