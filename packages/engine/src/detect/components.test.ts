import { describe, expect, it } from 'vitest';
import { components, componentStats } from './components.ts';
import { lcg } from '../test-random.ts';

/** Reference: raster-order seeds, breadth-first 4-connected flood, bounds per pixel. */
function floodReference(mask: Uint8Array, w: number, h: number) {
  const labels = new Int32Array(w * h);
  const sizes = [0];
  const left = [w];
  const right = [-1];
  const top = [h];
  const bottom = [-1];
  for (let s = 0; s < w * h; s++) {
    if (!mask[s] || labels[s]) continue;
    const l = sizes.length;
    sizes.push(0);
    left.push(w);
    right.push(-1);
    top.push(h);
    bottom.push(-1);
    labels[s] = l;
    const queue = [s];
    while (queue.length > 0) {
      const p = queue.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      sizes[l]!++;
      left[l] = Math.min(left[l]!, x);
      right[l] = Math.max(right[l]!, x);
      top[l] = Math.min(top[l]!, y);
      bottom[l] = Math.max(bottom[l]!, y);
      const next = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1];
      next.push(y < h - 1 ? p + w : -1);
      for (const q of next) {
        if (q >= 0 && mask[q] && !labels[q]) {
          labels[q] = l;
          queue.push(q);
        }
      }
    }
  }
  const bounds = {
    left: Int32Array.from(left),
    right: Int32Array.from(right),
    top: Int32Array.from(top),
    bottom: Int32Array.from(bottom),
  };
  return { labels, sizes, bounds };
}

function randomMask(w: number, h: number, seed: number, density: number): Uint8Array {
  const rand = lcg(seed);
  return Uint8Array.from({ length: w * h }, () => (rand() < density ? 1 : 0));
}

describe('components', () => {
  it('matches a flood-fill labelling: same numbering, sizes and bounding boxes', () => {
    for (const [w, h] of [
      [1, 1],
      [1, 9],
      [9, 1],
      [37, 23],
      [64, 50],
      [200, 100], // more runs than the initial run table holds
    ] as const) {
      for (const density of [0, 0.3, 0.55, 0.8, 1]) {
        const mask = randomMask(w, h, w * 131 + h + density * 1000, density);
        const reference = floodReference(mask, w, h);
        expect(components(mask, w, h)).toEqual(reference);
        // The same mask at an odd byte offset (no word-wise skipping of clear bytes).
        const shifted = new Uint8Array(mask.length + 1).subarray(1);
        shifted.set(mask);
        expect(components(shifted, w, h)).toEqual(reference);
        const { sizes, bounds } = reference;
        expect(componentStats(mask, w, h)).toEqual({ sizes, bounds });
      }
    }
  });

  it('treats any non-zero byte as set and joins U shapes found as two runs first', () => {
    const w = 5;
    const h = 3;
    const rows = ['20203', '10101', '11110'];
    const mask = Uint8Array.from(rows.join(''), (c) => Number(c));
    const { labels, sizes, bounds } = components(mask, w, h);
    expect(sizes).toEqual([0, 8, 2]);
    expect(labels[4]).toBe(2);
    expect([bounds.left[1], bounds.right[1], bounds.top[1], bounds.bottom[1]]).toEqual([
      0, 3, 0, 2,
    ]);
    expect([bounds.left[2], bounds.right[2], bounds.top[2], bounds.bottom[2]]).toEqual([
      4, 4, 0, 1,
    ]);
  });
});
