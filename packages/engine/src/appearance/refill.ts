import { rowTaps, type CoarseGrid } from './coarse.ts';
import { gaussianBlur } from './filters.ts';

/** Unmasked samples of `plane` summed per coarse cell, each weighted 1/f² (so a full cell of
 *  paper has weight 1); `weight` gets the unmasked share. */
function accumulate(
  plane: Float32Array,
  mask: Uint8Array,
  grid: CoarseGrid,
  sum: Float32Array,
  weight: Float32Array | null,
): void {
  const { width, height, cw, cell, f } = grid;
  const area = 1 / (f * f);
  for (let y = 0; y < height; y++) {
    const cy = Math.floor(y / f) * cw;
    const o = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[o + x]) continue;
      const c = cy + cell[x]!;
      sum[c] = sum[c]! + plane[o + x]! * area;
      if (weight) weight[c] = weight[c]! + area;
    }
  }
}

/** Writes the bilinear sample of `coarse` into every masked pixel of `out`. */
function fillHoles(out: Float32Array, coarse: Float32Array, mask: Uint8Array, grid: CoarseGrid) {
  const { width, height, cw, x0, x1, fx } = grid;
  for (let y = 0; y < height; y++) {
    const [j0, j1, fy] = rowTaps(grid, y);
    const a = j0 * cw;
    const b = j1 * cw;
    const o = y * width;
    for (let x = 0; x < width; x++) {
      if (!mask[o + x]) continue;
      const i0 = x0[x]!;
      const i1 = x1[x]!;
      const f = fx[x]!;
      const top = coarse[a + i0]! * (1 - f) + coarse[a + i1]! * f;
      const bot = coarse[b + i0]! * (1 - f) + coarse[b + i1]! * f;
      out[o + x] = top * (1 - fy) + bot * fy;
    }
  }
}

/**
 * Refills masked-out pixels of each plane from unmasked neighbours by normalised convolution,
 * coarse to fine (one sigma after the other until every cell has support), on the coarse grid,
 * then bilinearly upsampled into the holes.
 * @example
 * const [r, g, b] = fillMasked([r0, g0, b0], mask, [3, 12, 256, 1024], grid);
 */
export function fillMasked(
  planes: Float32Array[],
  mask: Uint8Array,
  sigmas: number[],
  grid: CoarseGrid,
): Float32Array[] {
  const { cw, ch, f } = grid;
  const cn = cw * ch;
  const weight = new Float32Array(cn);
  const weighted = planes.map((p, k) => {
    const sum = new Float32Array(cn);
    accumulate(p, mask, grid, sum, k === 0 ? weight : null);
    return sum;
  });
  const coarse = planes.map(() => new Float32Array(cn));
  const done = new Uint8Array(cn);
  for (const sigma of sigmas) {
    const sc = Math.max(0.5, sigma / f);
    const w = gaussianBlur({ width: cw, height: ch, data: weight }, sc).data;
    const vs = weighted.map((d) => gaussianBlur({ width: cw, height: ch, data: d }, sc).data);
    let remaining = 0;
    for (let i = 0; i < cn; i++) {
      if (done[i]) continue;
      if (w[i]! > 0.02) {
        for (let k = 0; k < planes.length; k++) coarse[k]![i] = vs[k]![i]! / w[i]!;
        done[i] = 1;
      } else remaining++;
    }
    if (remaining === 0) break;
  }
  return planes.map((p, k) => {
    const out = p.slice();
    fillHoles(out, coarse[k]!, mask, grid);
    return out;
  });
}
