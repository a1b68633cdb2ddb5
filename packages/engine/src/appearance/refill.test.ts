import { describe, expect, it } from 'vitest';
import { coarseGrid } from './coarse.ts';
import { fillMasked } from './refill.ts';

describe('fillMasked', () => {
  it('fills a hole in shaded paper smoothly between its sides, and leaves the paper alone', () => {
    // Paper darkening from left to right (a curl's shading), a photo-sized hole in it.
    const [w, h] = [240, 200];
    const plane = (scale: number) =>
      new Float32Array(w * h).map((_, i) => scale * (230 - 0.4 * (i % w)));
    const planes = [plane(1), plane(0.95), plane(0.85)];
    const mask = new Uint8Array(w * h);
    for (let y = 40; y < 160; y++) for (let x = 50; x < 200; x++) mask[y * w + x] = 1;
    const grid = coarseGrid(w, h, 4);
    const [r, g] = fillMasked(planes, mask, grid);
    let worst = 0;
    let step = 0;
    for (let y = 40; y < 160; y++) {
      for (let x = 50; x < 200; x++) {
        const i = y * w + x;
        // The true shading goes on under the hole: the fill follows it to a few levels (the fill
        // one blur width after another, before, was 9 levels off, with steps of 2.3)…
        worst = Math.max(worst, Math.abs(r![i]! - (230 - 0.4 * x)));
        // …with no step between neighbours (the shading itself falls 0.4 a pixel).
        if (x > 50) step = Math.max(step, Math.abs(r![i]! - r![i - 1]!));
        if (y > 40) step = Math.max(step, Math.abs(r![i]! - r![i - w]!));
      }
    }
    expect(worst).toBeLessThan(4);
    expect(step).toBeLessThan(1);
    // Unmasked pixels keep their values; the planes keep their ratio.
    expect(r![10 * w + 10]).toBe(planes[0]![10 * w + 10]);
    expect(g![100 * w + 120]! / r![100 * w + 120]!).toBeCloseTo(0.95, 2);
  });
});
