import type { BackwardMap, GrayImage } from '../types.ts';
import { bilinear } from './raster.ts';

/**
 * Builds a backward map by evaluating `fn(outX, outY) → [srcX, srcY]` on a grid every `step` px.
 * The grid always covers the last output pixel (gridW = ceil((outWidth-1)/step)+1).
 * @example const id = mapFromFunction(100, 50, 8, (x, y) => [x, y]);
 */
export function mapFromFunction(
  outWidth: number,
  outHeight: number,
  step: number,
  fn: (x: number, y: number) => [number, number],
): BackwardMap {
  const gridW = Math.ceil((outWidth - 1) / step) + 1;
  const gridH = Math.ceil((outHeight - 1) / step) + 1;
  const x = new Float32Array(gridW * gridH);
  const y = new Float32Array(gridW * gridH);
  for (let j = 0; j < gridH; j++) {
    for (let i = 0; i < gridW; i++) {
      // Indexed, not destructured: destructuring a returned pair goes through the iterator
      // protocol here (fn differs from call to call), a few allocations per node.
      const p = fn(i * step, j * step);
      x[j * gridW + i] = p[0];
      y[j * gridW + i] = p[1];
    }
  }
  return { outWidth, outHeight, step, gridW, gridH, x, y };
}

/** Identity map over a width×height frame. */
export function identityMap(width: number, height: number, step = 8): BackwardMap {
  return mapFromFunction(width, height, step, (x, y) => [x, y]);
}

/**
 * Source position of output point (ox, oy), bilinear between grid nodes, linear extrapolation
 * beyond the grid.
 * @example const [sx, sy] = sampleMap(map, 10.5, 3);
 */
export function sampleMap(map: BackwardMap, ox: number, oy: number): [number, number] {
  const { gridW, gridH, step } = map;
  const gx = ox / step;
  const gy = oy / step;
  const i0 = Math.max(0, Math.min(gridW - 2, Math.floor(gx)));
  const j0 = Math.max(0, Math.min(gridH - 2, Math.floor(gy)));
  const fx = gridW > 1 ? gx - i0 : 0;
  const fy = gridH > 1 ? gy - j0 : 0;
  const i1 = Math.min(i0 + 1, gridW - 1);
  const j1 = Math.min(j0 + 1, gridH - 1);
  const a = j0 * gridW + i0;
  const b = j0 * gridW + i1;
  const c = j1 * gridW + i0;
  const d = j1 * gridW + i1;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  return [
    w00 * map.x[a]! + w10 * map.x[b]! + w01 * map.x[c]! + w11 * map.x[d]!,
    w00 * map.y[a]! + w10 * map.y[b]! + w01 * map.y[c]! + w11 * map.y[d]!,
  ];
}

/**
 * Composition: the result sends output point p to inner(outer(p)). `outer` maps final output to
 * an intermediate frame, `inner` maps that frame to the source.
 * @example const full = composeMaps(localMap, globalMap);
 */
export function composeMaps(outer: BackwardMap, inner: BackwardMap): BackwardMap {
  const x = new Float32Array(outer.x.length);
  const y = new Float32Array(outer.y.length);
  for (let k = 0; k < x.length; k++) {
    const p = sampleMap(inner, outer.x[k]!, outer.y[k]!);
    x[k] = p[0];
    y[k] = p[1];
  }
  return { ...outer, x, y };
}

/**
 * Warps a gray image through a backward map (bilinear, edge-clamped); pixels whose source lies
 * outside the image get `fill`.
 * @example const flat = renderGray(gray, map);
 */
export function renderGray(src: GrayImage, map: BackwardMap, fill = 255, scale = 1): GrayImage {
  const w = map.outWidth;
  const h = map.outHeight;
  const out = new Float32Array(w * h);
  const { gridW, gridH, step } = map;
  // Per output column: its grid cell and weight, the same for every row.
  const colI = new Int32Array(w);
  const colF = new Float64Array(w);
  const lastI = Math.max(0, gridW - 2);
  for (let x = 0; x < w; x++) {
    const gx = x / step;
    colI[x] = Math.min(lastI, Math.floor(gx));
    colF[x] = gridW > 1 ? gx - colI[x]! : 0;
  }
  const di = gridW > 1 ? 1 : 0;
  // The map's nodes interpolated to the current row; along the row the source position is
  // then linear between neighbouring nodes.
  const rowX = new Float64Array(gridW);
  const rowY = new Float64Array(gridW);
  for (let y = 0; y < h; y++) {
    const gy = y / step;
    const jj = Math.max(0, Math.min(gridH - 2, Math.floor(gy)));
    const fy = gridH > 1 ? gy - jj : 0;
    const j1 = Math.min(jj + 1, gridH - 1);
    for (let i = 0; i < gridW; i++) {
      const a = jj * gridW + i;
      const c = j1 * gridW + i;
      rowX[i] = ((1 - fy) * map.x[a]! + fy * map.x[c]!) * scale;
      rowY[i] = ((1 - fy) * map.y[a]! + fy * map.y[c]!) * scale;
    }
    renderRow(src, rowX, rowY, colI, colF, di, out, y * w, fill);
  }
  return { width: w, height: h, data: out };
}

/** One output row of renderGray from the row-interpolated node positions (next cell at +di). */
function renderRow(
  src: GrayImage,
  rowX: Float64Array,
  rowY: Float64Array,
  colI: Int32Array,
  colF: Float64Array,
  di: number,
  out: Float32Array,
  offset: number,
  fill: number,
): void {
  const sw = src.width;
  const maxX = sw - 0.5;
  const maxY = src.height - 0.5;
  const d = src.data;
  for (let x = 0; x < colI.length; x++) {
    const ii = colI[x]!;
    const fx = colF[x]!;
    const sx = rowX[ii]! + fx * (rowX[ii + di]! - rowX[ii]!);
    const sy = rowY[ii]! + fx * (rowY[ii + di]! - rowY[ii]!);
    if (sx >= 0 && sy >= 0 && sx < maxX - 0.5 && sy < maxY - 0.5) {
      // Inside: plain bilinear interpolation (the edge-clamped version below otherwise).
      const x0 = sx | 0;
      const y0 = sy | 0;
      const fx0 = sx - x0;
      const fy0 = sy - y0;
      const i = y0 * sw + x0;
      const top = d[i]! + fx0 * (d[i + 1]! - d[i]!);
      const bot = d[i + sw]! + fx0 * (d[i + sw + 1]! - d[i + sw]!);
      out[offset + x] = top + fy0 * (bot - top);
    } else {
      out[offset + x] =
        sx < -0.5 || sy < -0.5 || sx > maxX || sy > maxY ? fill : bilinear(src, sx, sy);
    }
  }
}

/**
 * Rotates the output frame of a map by a multiple of 90° clockwise (the page content turns
 * clockwise in the output). Returns a new map with swapped size for 90/270.
 * @example const upright = rotateMap(map, 90);
 */
export function rotateMap(map: BackwardMap, rotation: 0 | 90 | 180 | 270): BackwardMap {
  if (rotation === 0) return map;
  const W = map.outWidth;
  const H = map.outHeight;
  const swap = rotation !== 180;
  const nw = swap ? H : W;
  const nh = swap ? W : H;
  // For an output point (x, y) of the rotated frame, find the point of the old frame.
  const back = (x: number, y: number): [number, number] => {
    if (rotation === 90) return [y, H - 1 - x];
    if (rotation === 180) return [W - 1 - x, H - 1 - y];
    return [W - 1 - y, x];
  };
  return mapFromFunction(nw, nh, map.step, (x, y) => {
    const o = back(x, y);
    return sampleMap(map, o[0], o[1]);
  });
}

/**
 * The same map with its output frame scaled by `a` (a < 1: a smaller analysis copy of the
 * output; coordinates of the source are unchanged).
 * @example const small = scaleOutput(map, 0.75);
 */
export function scaleOutput(map: BackwardMap, a: number): BackwardMap {
  if (a === 1) return map;
  const w = Math.max(2, Math.round(map.outWidth * a));
  const h = Math.max(2, Math.round(map.outHeight * a));
  return mapFromFunction(w, h, map.step, (x, y) => sampleMap(map, x / a, y / a));
}
