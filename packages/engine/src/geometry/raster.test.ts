import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../types.ts';
import { boxMean, channelDown, channelsDown } from './raster.ts';
import { lcg } from '../test-random.ts';

function noiseImage(w: number, h: number, seed: number): RgbImage {
  const rand = lcg(seed);
  const data = Uint8Array.from({ length: w * h * 3 }, () => Math.floor(rand() * 256));
  return { width: w, height: h, data };
}

describe('boxMean', () => {
  it('equals the direct clipped window mean', () => {
    for (const [w, h] of [
      [1, 1],
      [5, 4],
      [23, 17],
      [40, 9],
    ] as const) {
      const data = Float32Array.from(noiseImage(w, h, w * h).data.subarray(0, w * h));
      for (const r of [0, 1, 2, 5, 30]) {
        const got = boxMean({ width: w, height: h, data }, r).data;
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            let sum = 0;
            let n = 0;
            for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
              for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++, n++) {
                sum += data[yy * w + xx]!;
              }
            }
            expect(got[y * w + x]).toBeCloseTo(sum / n, 3);
          }
        }
      }
    }
  });
});

describe('channelsDown', () => {
  it('gives each channel exactly as channelDown does, and area means of the source', () => {
    const img = noiseImage(47, 31, 5);
    for (const maxSide of [10, 16, 29, 47]) {
      const all = channelsDown(img, maxSide, [0, 1, 2]);
      for (let c = 0; c < 3; c++) expect(all[c]!.data).toEqual(channelDown(img, maxSide, c).data);
    }
    // 2× downscale of an even-sized image: plain 2×2 block means.
    const even = noiseImage(8, 6, 9);
    const [r] = channelsDown(even, 4, [0]);
    const d = even.data;
    const mean = (d[0]! + d[3]! + d[8 * 3]! + d[8 * 3 + 3]!) / 4;
    expect(r!.width).toBe(4);
    expect(r!.data[0]).toBeCloseTo(mean, 4);
  });
});
