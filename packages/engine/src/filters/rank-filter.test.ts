import { describe, expect, it } from 'vitest';
import { closingFilter, rankChain, rankFilter, rankKernelLoads } from './rank-filter.ts';
import { lcg } from '../test-random.ts';

/** Direct (2r+1)² scan, out-of-image samples ignored. */
function bruteForce(src: Float32Array, w: number, h: number, r: number, max: boolean) {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = max ? -Infinity : Infinity;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
          v = max ? Math.max(v, src[yy * w + xx]!) : Math.min(v, src[yy * w + xx]!);
        }
      }
      out[y * w + x] = v;
    }
  }
  return out;
}

/** Deterministic pseudo-random floats (LCG), so a failure reproduces. */
function noise(n: number, seed: number): Float32Array {
  const rand = lcg(seed);
  return new Float32Array(n).map(() => rand() * 255);
}

describe('rankFilter', () => {
  it('matches a brute-force max and min filter', () => {
    const w = 37;
    const h = 23;
    const src = new Float32Array(w * h).map((_, i) => (i * 7919) % 101);
    for (const r of [1, 3, 6]) {
      for (const max of [true, false]) {
        expect(rankFilter(src, w, h, r, max)).toEqual(bruteForce(src, w, h, r, max));
      }
    }
  });

  it('matches brute force on random data for many sizes and radii, incl. r beyond the image', () => {
    const sizes: Array<[number, number]> = [
      [1, 1],
      [1, 9],
      [9, 1],
      [2, 3],
      [7, 7],
      [8, 15],
      [16, 5],
      [31, 29],
      [50, 12],
    ];
    let seed = 1;
    for (const [w, h] of sizes) {
      const src = noise(w * h, seed++);
      for (const r of [0, 1, 2, 3, 4, 5, 7, 10, 14, 15, 16, 40]) {
        for (const max of [true, false]) {
          const got = rankFilter(src, w, h, r, max);
          expect(got, `${w}×${h} r=${r} ${max ? 'max' : 'min'}`).toEqual(
            bruteForce(src, w, h, r, max),
          );
        }
      }
    }
  });

  it('handles negative values and -0 (the direct path) like brute force', () => {
    const w = 19;
    const h = 13;
    const src = noise(w * h, 7).map((v) => v - 128);
    src[5] = -0;
    for (const r of [1, 2, 5, 30]) {
      for (const max of [true, false]) {
        expect(rankFilter(src, w, h, r, max)).toEqual(bruteForce(src, w, h, r, max));
      }
    }
  });

  it('gives the same results after a larger call left its scratch plane bigger and dirty', () => {
    rankFilter(noise(64 * 48, 5), 64, 48, 4, true);
    for (const [w, h] of [
      [9, 1],
      [1, 9],
      [12, 7],
    ] as const) {
      const src = noise(w * h, w + 3 * h);
      for (const max of [true, false]) {
        expect(rankFilter(src, w, h, 2, max)).toEqual(bruteForce(src, w, h, 2, max));
      }
      const want = rankFilter(rankFilter(src, w, h, 2, true), w, h, 2, false);
      expect(closingFilter(src, w, h, 2)).toEqual(want);
    }
  });

  it('leaves its input untouched', () => {
    const src = noise(24 * 17, 99);
    const copy = src.slice();
    rankFilter(src, 24, 17, 3, true);
    rankFilter(src, 24, 17, 3, false);
    expect(src).toEqual(copy);
  });

  it('closingFilter equals a max then a min filter, negative inputs included', () => {
    for (const [w, h, shift] of [
      [29, 17, 0],
      [8, 40, 0],
      [13, 11, -100],
    ] as const) {
      const src = noise(w * h, w + h).map((v) => v + shift);
      for (const r of [1, 3, 9]) {
        const want = rankFilter(rankFilter(src, w, h, r, true), w, h, r, false);
        expect(closingFilter(src, w, h, r)).toEqual(want);
      }
    }
  });

  it('runs in the WebAssembly kernel, bit for bit as the TypeScript one, on page-sized planes', () => {
    expect(rankKernelLoads()).toBe(true);
    // Widths off a multiple of four (the kernel's vectors end in single samples), radii from 1
    // to past the image, a chain of four filters, and a plane after a larger one (its memory
    // then holds old samples beyond the new planes).
    const cases: Array<[number, number, number[]]> = [
      [864, 1280, [5]],
      [1283, 97, [1, 2, 3, 4, 7, 16, 33]],
      [5, 301, [1, 2, 6]],
      [301, 5, [1, 2, 6]],
      [2, 2, [1, 3]],
      [1, 64, [1, 5]],
      [64, 1, [1, 5]],
    ];
    for (const [w, h, radii] of cases) {
      const src = noise(w * h, w * 7 + h);
      // Photo-like data too: long runs of equal values and NaN-free extremes.
      src.fill(255, 0, Math.min(src.length, 3 * w));
      src[src.length - 1] = 0;
      for (const r of radii) {
        for (const ops of [[true], [false], [true, false], [false, true, true, false]]) {
          const want = new Float32Array(w * h);
          const got = new Float32Array(w * h);
          rankChain(src, w, h, r, ops, want, 'js');
          rankChain(src, w, h, r, ops, got, 'wasm');
          expect(
            Buffer.from(got.buffer).equals(Buffer.from(want.buffer)),
            `${w}×${h} r=${r} ${ops.join(',')}`,
          ).toBe(true);
        }
      }
    }
  });
});
