import type { RgbImage } from '../src/types.ts';
import type { PageRaster } from './camera.ts';
import type { Rng } from './prng.ts';

/**
 * Paints a thumb holding the page: a shaded capsule from the frame edge over the page border, as
 * in real phone photos. Page detection must still find the outline around it. Modifies `image`.
 */
export function drawThumb(image: RgbImage, raster: PageRaster, rng: Rng): void {
  const { width, height, data } = image;
  const side = rng.int(0, 3); // 0 left, 1 right, 2 top, 3 bottom
  const along = rng.range(0.3, 0.7);
  const horizontal = side < 2;
  // Walk in from the frame edge until the page starts.
  let ax = horizontal ? (side === 0 ? 0 : width - 1) : Math.round(along * width);
  let ay = horizontal ? Math.round(along * height) : side === 2 ? 0 : height - 1;
  const dx = side === 0 ? 1 : side === 1 ? -1 : 0;
  const dy = side === 2 ? 1 : side === 3 ? -1 : 0;
  let bx = ax,
    by = ay;
  while (
    bx >= 0 &&
    bx < width &&
    by >= 0 &&
    by < height &&
    Number.isNaN(raster.u[by * width + bx]!)
  ) {
    bx += dx;
    by += dy;
  }
  const radius = Math.min(width, height) * rng.range(0.03, 0.045);
  const reach = radius * rng.range(0.5, 1.2);
  bx += dx * reach;
  by += dy * reach;
  ax -= dx * radius * 2;
  ay -= dy * radius * 2;
  const skin = rng.pick([
    [224, 172, 140],
    [198, 134, 100],
    [141, 85, 56],
    [236, 192, 160],
  ]);
  const vx = bx - ax,
    vy = by - ay;
  const len2 = vx * vx + vy * vy || 1;
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - radius)),
    x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + radius));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by) - radius)),
    y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + radius));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / len2));
      const d = Math.hypot(x - (ax + t * vx), y - (ay + t * vy));
      if (d > radius + 1) continue;
      const cover = Math.min(1, radius + 1 - d); // 1 px antialiased rim
      const shade = 0.55 + 0.45 * Math.sqrt(Math.max(0, 1 - (d / radius) ** 2));
      const k = (y * width + x) * 3;
      for (let c = 0; c < 3; c++)
        data[k + c] = Math.round(data[k + c]! * (1 - cover) + skin[c]! * shade * cover);
    }
  }
}
