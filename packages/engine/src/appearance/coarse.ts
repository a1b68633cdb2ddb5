/**
 * A coarse grid of f×f blocks over a plane, for fields that are smooth anyway (wide local means,
 * refills): blurring there is f² times cheaper, and bilinear sampling brings the result back.
 * Cell (i, j) is centred on fine pixel ((i + 0.5)·f − 0.5, (j + 0.5)·f − 0.5); sampling clamps at
 * the outer cell centres.
 */
export interface CoarseGrid {
  f: number;
  /** fine size */
  width: number;
  height: number;
  /** coarse size: ceil(width / f) × ceil(height / f) */
  cw: number;
  ch: number;
  /** cell column of each fine column (for block sums) */
  cell: Int32Array;
  /** bilinear sampling per fine column: left cell, right cell, weight of the right one */
  x0: Int32Array;
  x1: Int32Array;
  fx: Float32Array;
}

/** Lower cell, upper cell and upper weight for fine coordinate `v` on a grid of `n` cells. */
function taps(v: number, f: number, n: number): [number, number, number] {
  let g = (v + 0.5) / f - 0.5;
  g = g < 0 ? 0 : g > n - 1 ? n - 1 : g;
  const i0 = Math.floor(g);
  return [i0, Math.min(n - 1, i0 + 1), g - i0];
}

/**
 * Lookup tables for a coarse grid of `f`×`f` blocks over a `width`×`height` plane.
 * @example
 * const grid = coarseGrid(691, 1024, 4); // grid.cw = 173, grid.ch = 256
 */
export function coarseGrid(width: number, height: number, f: number): CoarseGrid {
  const cw = Math.max(1, Math.ceil(width / f));
  const ch = Math.max(1, Math.ceil(height / f));
  const cell = new Int32Array(width);
  const x0 = new Int32Array(width);
  const x1 = new Int32Array(width);
  const fx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    cell[x] = Math.floor(x / f);
    [x0[x], x1[x], fx[x]] = taps(x, f, cw);
  }
  return { f, width, height, cw, ch, cell, x0, x1, fx };
}

/**
 * Vertical taps for fine row y: lower cell row, upper cell row, weight of the upper one.
 * @example
 * const [j0, j1, fy] = rowTaps(grid, 10);
 */
export function rowTaps(grid: CoarseGrid, y: number): [number, number, number] {
  return taps(y, grid.f, grid.ch);
}
