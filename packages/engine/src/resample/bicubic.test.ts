import { describe, expect, it } from 'vitest';
import type { Background } from '../appearance/background.ts';
import { shadingRows } from '../appearance/shading.ts';
import { mapFromFunction } from '../geometry/backward-map.ts';
import { lcg } from '../test-random.ts';
import type { RgbImage } from '../types.ts';
import { bicubicKernelLoads, identityMap, resampleBicubic } from './bicubic.ts';

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

  it('applies shading in the same pass exactly as the per-row gains would', () => {
    // A shading background of a few columns (and of one column), a black point lifted in one
    // region: the fused pass spreads each row's gains pixel by pixel, and must agree with
    // resampling first and then applying `gains(y)` and `offsets()` to each row.
    const src = ramp(120, 90);
    for (const bw of [1, 7]) {
      const bh = 5;
      const plane = (c: number) =>
        Float32Array.from(
          { length: bw * bh },
          (_, k) => 150 + 20 * c + 10 * (k % bw) - 6 * Math.floor(k / bw),
        );
      const bg: Background = {
        factor: 1,
        width: bw,
        height: bh,
        planes: [plane(0), plane(1), plane(2)],
        nonPaper: new Uint8Array(bw * bh),
        paper: [200, 200, 200],
        nonPaperFraction: 0,
        sliverFraction: 0,
        bandFraction: 0,
      };
      const keepDarks = Float32Array.from({ length: bw * bh }, (_, k) => (k % 3 === 0 ? 1 : 0));
      for (const levels of [
        { black: 0.2, white: 0.9 },
        { black: 0.2, white: 0.9, keepDarks },
      ]) {
        const map = identityMap(120, 90, 8);
        const opts = { outWidth: 100, outHeight: 70, srcScale: 1 };
        const plain = resampleBicubic(src, map, opts);
        const shaded = resampleBicubic(src, map, {
          ...opts,
          shade: shadingRows(bg, levels, 100, 70),
        });
        const rows = shadingRows(bg, levels, 100, 70);
        let worst = 0;
        for (let y = 0; y < 70; y++) {
          const gains = rows.gains(y);
          const offsets = rows.offsets?.();
          for (let k = 0; k < 300; k++) {
            const want =
              plain.data[y * 300 + k]! * gains[k]! - (offsets?.[(k / 3) | 0] ?? rows.offset);
            const clamped = Math.min(255, Math.max(0, want));
            // The reference starts from rounded bytes (off by up to half a level, times the
            // gain); the fused pass rounds once, at the end.
            const slack = 0.5 * gains[k]! + 0.5;
            worst = Math.max(worst, Math.abs(shaded.data[y * 300 + k]! - clamped) - slack);
          }
        }
        expect(worst).toBeLessThanOrEqual(1e-3);
      }
    }
  });

  it("runs a WebAssembly kernel on Node that gives the TypeScript kernel's values to a level", () => {
    expect(bicubicKernelLoads()).toBe(true);
    // Noisy paper with dark blocks: flat cores, edges and the border all occur; the map waves,
    // runs off the source at its left and top, and has a NaN node.
    const rand = lcg(11);
    const w = 97;
    const h = 83;
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const ink = (x >> 3) % 3 === 0 && (y >> 2) % 2 === 0;
        for (let c = 0; c < 3; c++)
          data[(y * w + x) * 3 + c] = ink ? 20 + 40 * c : 230 - 10 * c + Math.round(4 * rand());
      }
    }
    const src = { width: w, height: h, data };
    const map = mapFromFunction(70, 60, 6, (x, y) => [
      x * 1.3 - 4 + 3 * Math.sin(y / 7),
      y * 1.35 - 3 + 2 * Math.cos(x / 9),
    ]);
    map.x[5] = Number.NaN;
    const bg: Background = {
      factor: 1,
      width: 6,
      height: 4,
      planes: [0, 1, 2].map((c) =>
        Float32Array.from({ length: 24 }, (_, k) => 180 + 5 * c + 3 * k),
      ) as [Float32Array, Float32Array, Float32Array],
      nonPaper: new Uint8Array(24),
      paper: [220, 215, 210],
      nonPaperFraction: 0,
      sliverFraction: 0,
      bandFraction: 0,
    };
    const keepDarks = Float32Array.from({ length: 24 }, (_, k) => (k % 4 === 1 ? 1 : 0));
    for (const levels of [
      null,
      { black: 0.25, white: 0.95 },
      { black: 0.25, white: 0.95, keepDarks },
    ]) {
      for (const srcScale of [1, 1.4]) {
        const opts = { outWidth: 91, outHeight: 77, srcScale };
        const shade = () => (levels ? { shade: shadingRows(bg, levels, 91, 77) } : {});
        const wasm = resampleBicubic(src, map, { ...opts, ...shade() });
        const ts = resampleBicubic(src, map, { ...opts, ...shade(), typescript: true });
        let off = 0;
        let worst = 0;
        for (let i = 0; i < ts.data.length; i++) {
          const d = Math.abs(wasm.data[i]! - ts.data[i]!);
          worst = Math.max(worst, d);
          if (d) off++;
        }
        expect(worst).toBeLessThanOrEqual(1);
        // float32 sums against float64 ones: a level off only where a value lands near a half
        expect(off).toBeLessThan(ts.data.length / 200);
        // white outside the source
        expect(Array.from(wasm.data.subarray(0, 3))).toEqual([255, 255, 255]);
      }
    }
  });
});
