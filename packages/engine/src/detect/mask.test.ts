import { describe, expect, it } from 'vitest';
import { components } from './components.ts';
import { fillHoles, morph, otsu, otsu3 } from './mask.ts';
import { lcg } from '../test-random.ts';

function randomMask(w: number, h: number, seed: number, density: number): Uint8Array {
  const rand = lcg(seed);
  return Uint8Array.from({ length: w * h }, () => (rand() < density ? 1 : 0));
}

/** Direct window scan: `on` where any in-image pixel of the (2r+1)² window is `on`. */
function bruteMorph(m: Uint8Array, w: number, h: number, r: number, grow: boolean): Uint8Array {
  const on = grow ? 1 : 0;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let any = false;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r) && !any; yy++) {
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
          if ((m[yy * w + xx] ? 1 : 0) === on) {
            any = true;
            break;
          }
        }
      }
      out[y * w + x] = any ? on : 1 - on;
    }
  }
  return out;
}

/** Reference: breadth-first flood over 0-pixels from every border 0-pixel; the rest is 1. */
function floodFillHoles(m: Uint8Array, w: number, h: number): Uint8Array {
  const outside = new Uint8Array(w * h);
  const queue: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const onBorder = x === 0 || y === 0 || x === w - 1 || y === h - 1;
      if (onBorder && !m[y * w + x]) {
        outside[y * w + x] = 1;
        queue.push(y * w + x);
      }
    }
  }
  while (queue.length > 0) {
    const p = queue.shift()!;
    const x = p % w;
    const y = (p - x) / w;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      const q = ny * w + nx;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h || m[q] || outside[q]) continue;
      outside[q] = 1;
      queue.push(q);
    }
  }
  return outside.map((o) => 1 - o);
}

describe('morph', () => {
  it('matches a brute-force dilation and erosion for word-straddling widths and radii', () => {
    let seed = 11;
    for (const [w, h] of [
      [1, 1],
      [5, 3],
      [31, 7],
      [32, 9],
      [33, 12],
      [70, 20],
      [100, 41],
    ] as const) {
      for (const density of [0.05, 0.5, 0.95]) {
        const m = randomMask(w, h, seed++, density);
        for (const r of [1, 2, 4, 5, 13, 31, 32, 40]) {
          for (const grow of [true, false]) {
            expect(morph(m, w, h, r, grow), `${w}×${h} r=${r} ${grow}`).toEqual(
              bruteMorph(m, w, h, r, grow),
            );
          }
        }
      }
    }
  });
});

describe('fillHoles', () => {
  it('matches a flood from the border on random masks', () => {
    let seed = 5;
    for (const [w, h] of [
      [1, 1],
      [1, 6],
      [7, 1],
      [23, 17],
      [60, 45],
    ] as const) {
      for (const density of [0, 0.4, 0.6, 0.75, 1]) {
        const m = randomMask(w, h, seed++, density);
        expect(fillHoles(m, w, h), `${w}×${h} ${density}`).toEqual(floodFillHoles(m, w, h));
      }
    }
  });
});

describe('fillHoles and components', () => {
  it('fills enclosed zeros only and labels 4-connected regions', () => {
    const w = 7;
    const h = 6;
    // A ring around a one-pixel hole at (3, 2), and two separate specks in the bottom corners.
    const rows = ['0000000', '0111110', '0110110', '0111110', '0000000', '1000001'];
    const m = Uint8Array.from(rows.join(''), (c) => Number(c));
    const filled = fillHoles(m, w, h);
    expect(filled[2 * w + 3]).toBe(1);
    expect(filled[0]).toBe(0);
    expect(Array.from(filled).reduce((a, v) => a + v, 0)).toBe(
      Array.from(m).reduce((a, v) => a + v, 0) + 1,
    );
    const { labels, sizes } = components(m, w, h);
    expect(sizes.length).toBe(4);
    expect(labels[1 * w + 1]).toBe(1);
    expect(sizes[1]).toBe(14);
    expect(labels[5 * w + 0]).not.toBe(labels[5 * w + 6]);
  });
});

/** 3000 values in three clusters round 30, 120 and 230, each 16 wide (gaps 38..112, 128..222). */
function threeClusters(seed: number): Float32Array {
  const rand = lcg(seed);
  return Float32Array.from(
    { length: 3000 },
    (_, i) => [30, 120, 230][i % 3]! + 16 * (rand() - 0.5),
  );
}

describe('otsu3', () => {
  it('parts three clusters of values between them', () => {
    const values = threeClusters(3);
    const [low, high] = otsu3(values);
    // Anywhere in the gaps (38..112 and 128..222), give or take a bin.
    expect(low).toBeGreaterThanOrEqual(36);
    expect(low).toBeLessThanOrEqual(112);
    expect(high).toBeGreaterThanOrEqual(124);
    expect(high).toBeLessThanOrEqual(222);
  });
});

describe('otsu', () => {
  it('splits the values under a first threshold again when asked', () => {
    const values = threeClusters(5);
    // The two darker clusters alone: the cut falls in the gap between them (38..112, give or
    // take a bin; Otsu's maximum is flat across a gap and its first bin is taken).
    const t = otsu(values, 175);
    expect(t).toBeGreaterThanOrEqual(36);
    expect(t).toBeLessThanOrEqual(112);
  });
});
