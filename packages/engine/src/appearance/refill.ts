import { boxCascade4 } from '../filters/box-cascade.ts';
import { rowTaps, type CoarseGrid } from './coarse.ts';
import { gaussianRadius } from './filters.ts';

/**
 * Per coarse cell, interleaved: the unmasked share (each unmasked pixel weighs 1/f², so a cell
 * full of paper has weight 1) and the unmasked samples of the three planes, weighted alike.
 */
function accumulate(
  [p0, p1, p2]: Float32Array[],
  mask: Uint8Array,
  grid: CoarseGrid,
): Float32Array {
  const { width, height, cw, ch, cell, f } = grid;
  const sums = new Float32Array(4 * cw * ch);
  const area = 1 / (f * f);
  // Row by row: a small function is optimised after a few rows (this runs once per page).
  for (let y = 0; y < height; y++) {
    accumulateRow(p0!, p1!, p2!, mask, cell, y * width, width, Math.floor(y / f) * cw, area, sums);
  }
  return sums;
}

/** accumulate for the image row starting at pixel o, whose cells start at coarse index cy. */
function accumulateRow(
  p0: Float32Array,
  p1: Float32Array,
  p2: Float32Array,
  mask: Uint8Array,
  cell: Int32Array,
  o: number,
  width: number,
  cy: number,
  area: number,
  sums: Float32Array,
): void {
  for (let x = 0; x < width; x++) {
    const i = o + x;
    if (mask[i]) continue;
    const c = 4 * (cy + cell[x]!);
    sums[c] = sums[c]! + area;
    sums[c + 1] = sums[c + 1]! + p0[i]! * area;
    sums[c + 2] = sums[c + 2]! + p1[i]! * area;
    sums[c + 3] = sums[c + 3]! + p2[i]! * area;
  }
}

/** Writes the bilinear sample of the coarse planes (interleaved by 3) into every masked pixel of
 *  the three outputs. */
function fillHoles(outs: Float32Array[], coarse: Float32Array, mask: Uint8Array, grid: CoarseGrid) {
  const { width, height, cw } = grid;
  for (let y = 0; y < height; y++) {
    const [j0, j1, fy] = rowTaps(grid, y);
    fillHolesRow(outs, coarse, mask, grid, j0 * cw, j1 * cw, fy, y * width);
  }
}

/** fillHoles for the image row starting at pixel o, between coarse rows a and b (weight fy). */
function fillHolesRow(
  outs: Float32Array[],
  coarse: Float32Array,
  mask: Uint8Array,
  grid: CoarseGrid,
  a: number,
  b: number,
  fy: number,
  o: number,
): void {
  const { width, x0, x1, fx } = grid;
  const [o0, o1, o2] = outs as [Float32Array, Float32Array, Float32Array];
  for (let x = 0; x < width; x++) {
    if (!mask[o + x]) continue;
    const f = fx[x]!;
    const c00 = 3 * (a + x0[x]!);
    const c01 = 3 * (a + x1[x]!);
    const c10 = 3 * (b + x0[x]!);
    const c11 = 3 * (b + x1[x]!);
    for (let k = 0; k < 3; k++) {
      const top = coarse[c00 + k]! * (1 - f) + coarse[c01 + k]! * f;
      const bot = coarse[c10 + k]! * (1 - f) + coarse[c11 + k]! * f;
      const v = top * (1 - fy) + bot * fy;
      if (k === 0) o0[o + x] = v;
      else if (k === 1) o1[o + x] = v;
      else o2[o + x] = v;
    }
  }
}

/**
 * Refills masked-out pixels of three planes from unmasked neighbours by normalised convolution,
 * coarse to fine (one sigma after the other until every cell has support), on the coarse grid,
 * then bilinearly upsampled into the holes. The weight and the three weighted planes are
 * blurred together as one interleaved 4-channel plane.
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
  const sums = accumulate(planes, mask, grid);
  const coarse = new Float32Array(3 * cn);
  const done = new Uint8Array(cn);
  for (const sigma of sigmas) {
    const sc = Math.max(0.5, sigma / f);
    const b = boxCascade4(sums, cw, ch, gaussianRadius(sc), 3);
    let remaining = 0;
    for (let i = 0; i < cn; i++) {
      if (done[i]) continue;
      const w = b[4 * i]!;
      if (w > 0.02) {
        for (let k = 0; k < 3; k++) coarse[3 * i + k] = b[4 * i + 1 + k]! / w;
        done[i] = 1;
      } else remaining++;
    }
    if (remaining === 0) break;
  }
  const outs = planes.map((p) => p.slice());
  fillHoles(outs, coarse, mask, grid);
  return outs;
}
