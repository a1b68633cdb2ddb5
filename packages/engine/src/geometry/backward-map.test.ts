import { describe, expect, it } from 'vitest';
import { mapFromFunction, renderGray, sampleMap } from './backward-map.ts';
import { bilinear } from './raster.ts';

describe('renderGray', () => {
  it('matches per-pixel map sampling and edge-clamped bilinear interpolation', () => {
    const src = { width: 97, height: 61, data: new Float32Array(97 * 61) };
    for (let i = 0; i < src.data.length; i++) src.data[i] = (i * 7919) % 251;
    // A rotated, scaled map that runs past the source on two sides, on a grid that does not
    // divide the output size.
    const map = mapFromFunction(83, 70, 8, (x, y) => [
      0.9 * x * Math.cos(0.3) - 0.9 * y * Math.sin(0.3) + 20,
      0.9 * x * Math.sin(0.3) + 0.9 * y * Math.cos(0.3) - 8,
    ]);
    for (const scale of [1, 0.5]) {
      const out = renderGray(src, map, 255, scale);
      for (let y = 0; y < map.outHeight; y++) {
        for (let x = 0; x < map.outWidth; x++) {
          const [mx, my] = sampleMap(map, x, y);
          const sx = mx * scale;
          const sy = my * scale;
          const inside = sx >= -0.5 && sy >= -0.5 && sx <= 96.5 && sy <= 60.5;
          const want = inside ? bilinear(src, sx, sy) : 255;
          expect(out.data[y * map.outWidth + x]).toBeCloseTo(want, 3);
        }
      }
    }
  });
});
