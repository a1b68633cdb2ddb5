import { rowTaps, type CoarseGrid } from './coarse.ts';

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

/** One level of the pull-push pyramid: per cell, interleaved, the weight w ≤ 1 and the three
 *  planes' values times w. */
interface Level {
  w: number;
  h: number;
  d: Float32Array;
}

/** The next coarser level: sums of 2×2 cells, with a weight above 1 scaled back to 1 (its
 *  planes alike), so that a fully supported cell is worth one. */
function pull({ w, h, d }: Level): Level {
  const nw = (w + 1) >> 1;
  const nh = (h + 1) >> 1;
  const out = new Float32Array(4 * nw * nh);
  for (let y = 0; y < h; y++) {
    const o = (y >> 1) * nw;
    for (let x = 0; x < w; x++) {
      const s = 4 * (y * w + x);
      const t = 4 * (o + (x >> 1));
      for (let k = 0; k < 4; k++) out[t + k] = out[t + k]! + d[s + k]!;
    }
  }
  for (let c = 0; c < 4 * nw * nh; c += 4) {
    const wt = out[c]!;
    if (wt <= 1) continue;
    for (let k = 0; k < 4; k++) out[c + k] = out[c + k]! / wt;
  }
  return { w: nw, h: nh, d: out };
}

/**
 * Values (3 per cell) of `level`: each cell's own (weight w) plus (1 − w) of the bilinear
 * estimate from the coarser level's values `up` (nw × nh cells); `up` null at the top.
 */
function push(level: Level, up: Float32Array | null, nw: number, nh: number): Float32Array {
  const { w, h, d } = level;
  const out = new Float32Array(3 * w * h);
  for (let y = 0; y < h; y++) {
    // Cell y's centre on the coarser grid, whose cell j covers cells 2j and 2j + 1.
    const gy = Math.min(nh - 1, Math.max(0, (y - 0.5) / 2));
    const j0 = Math.min(Math.max(0, nh - 2), Math.floor(gy));
    const j1 = Math.min(nh - 1, j0 + 1);
    const fy = gy - j0;
    for (let x = 0; x < w; x++) {
      const c = y * w + x;
      const wt = Math.min(1, d[4 * c]!);
      const rest = 1 - wt;
      for (let k = 0; k < 3; k++) {
        let v = wt > 0 ? d[4 * c + 1 + k]! : 0;
        if (up && rest > 0) {
          const gx = Math.min(nw - 1, Math.max(0, (x - 0.5) / 2));
          const i0 = Math.min(Math.max(0, nw - 2), Math.floor(gx));
          const i1 = Math.min(nw - 1, i0 + 1);
          const fx = gx - i0;
          const top = up[3 * (j0 * nw + i0) + k]! * (1 - fx) + up[3 * (j0 * nw + i1) + k]! * fx;
          const bot = up[3 * (j1 * nw + i0) + k]! * (1 - fx) + up[3 * (j1 * nw + i1) + k]! * fx;
          v += rest * (top * (1 - fy) + bot * fy);
        } else if (!up && wt > 0) {
          v /= wt;
        }
        out[3 * c + k] = v;
      }
    }
  }
  return out;
}

/**
 * Refills masked-out pixels of three planes from the unmasked ones around them by pull-push
 * (Gortler et al., "The Lumigraph", 1996) on the coarse grid: the supported cells are summed
 * into a pyramid of 2×2 blocks, then, from the top down, each cell keeps its own share and takes
 * the rest from the coarser level's bilinear estimate; the result is bilinearly upsampled into
 * the holes. A hole's fill so runs smoothly between the paper on its sides: the earlier fill,
 * one blur width after another until each cell had support, left a step between the rings each
 * width reached, visible as a frame inside a photo and as a ragged edge in shaded paper.
 * @example
 * const [r, g, b] = fillMasked([r0, g0, b0], mask, grid);
 */
export function fillMasked(
  planes: Float32Array[],
  mask: Uint8Array,
  grid: CoarseGrid,
): Float32Array[] {
  const levels: Level[] = [{ w: grid.cw, h: grid.ch, d: accumulate(planes, mask, grid) }];
  for (let top = levels[0]!; top.w > 1 || top.h > 1;) {
    top = pull(top);
    levels.push(top);
  }
  let up: Float32Array | null = null;
  let nw = 1;
  let nh = 1;
  for (let l = levels.length - 1; l >= 0; l--) {
    const level = levels[l]!;
    up = push(level, up, nw, nh);
    nw = level.w;
    nh = level.h;
  }
  const outs = planes.map((p) => p.slice());
  fillHoles(outs, up!, mask, grid);
  return outs;
}
