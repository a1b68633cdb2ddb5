/**
 * Crease slivers. A shaded facet of crumpled paper often narrows to a point. Where it is
 * thinner than the closing window, the closing takes it for ink, keeps the paper level across it,
 * and dividing by the background leaves the tip as a grey smudge along the crease. A tip differs
 * from ink in how it is reached: it continues the facet's own shading, darkening at most a little
 * from one pixel to the next, while ink is entered across an edge (at 1024 px on the long side a
 * printed stroke or rule drops by an eighth or more within a pixel).
 */

/** A pixel below this share of its closed value is what the closing removed (ink, or a tip). */
export const INK_RATIO = 0.94;
/** Largest darkening from one pixel to the next along a tip, as a share of the level the flood
 *  started from. The sides of the synthetic crumples' facets fall by 3–8 % per pixel at this
 *  scale and printed strokes and rules by 13–35 %, but their first, anti-aliased pixel less: at
 *  8 % the flood ate the rims of the text and thinned it. */
const SOFT_STEP = 0.04;
/** A tip may end this much darker than the paper it was reached from (a narrow facet is often the
 *  steepest, so darker than the wide part it tapers from)... */
const TIP_DEPTH = 0.3;
/** ...but never lighter by more than this: a grey rule that touches a darker facet is lighter
 *  than the facet, and must not be taken for its continuation. */
const TIP_LIFT = 0.06;

/** Pixel states: paper the closing kept, what it removed, a tip given back, the image frame. */
const PAPER = 0;
const REMOVED = 1;
const TIP = 2;
const FRAME = 3;

/**
 * Finds the crease tips the closing took for ink and puts them back into the closed planes (in
 * place), so the background follows them and dividing by it whitens them. Flood fill from the
 * paper pixels next to what the closing removed, into removed pixels that stay within
 * [1 − TIP_DEPTH, 1 + TIP_LIFT] of the starting level and darken by at most SOFT_STEP per pixel.
 * `planes` are the page before the closing, `closed` after it. Returns the share of pixels put
 * back.
 * @example
 * const share = restoreSlivers(planes, closed, w, h); // 0.02 on a crumpled page
 */
export function restoreSlivers(
  planes: readonly Float32Array[],
  closed: Float32Array[],
  width: number,
  height: number,
): number {
  if (width < 3 || height < 3) return 0;
  const n = width * height;
  const luma = new Float32Array(n);
  const state = new Uint8Array(n);
  // Row by row: a function called per row is optimised after a few rows (this runs once per page).
  for (let y = 0; y < height; y++) removedRow(planes, closed, y * width, width, luma, state);
  for (let x = 0; x < width; x++) state[x] = state[n - width + x] = FRAME;
  for (let y = 0; y < height; y++) state[y * width] = state[y * width + width - 1] = FRAME;
  const level = new Float32Array(n);
  const queue = new Int32Array(n);
  // 8-connected, so a tip crossing a text line passes diagonally between the glyphs. The frame
  // is never flooded, so no neighbour index leaves the image.
  const around = [-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1];
  let tail = 0;
  for (let y = 1; y < height - 1; y++) {
    tail = seedRow(state, luma, y * width, width, level, queue, tail);
  }
  const first = tail;
  for (let head = 0; head < tail; head++) {
    const q = queue[head]!;
    const start = level[q]!;
    // Bounds for a neighbour reached from q: see TIP_DEPTH, TIP_LIFT and SOFT_STEP.
    const lo = Math.max(start * (1 - TIP_DEPTH), luma[q]! - SOFT_STEP * start);
    const hi = start * (1 + TIP_LIFT);
    for (let k = 0; k < 8; k++) {
      const p = q + around[k]!;
      if (state[p] !== REMOVED) continue;
      const v = luma[p]!;
      if (v < lo || v > hi) continue;
      state[p] = TIP;
      level[p] = start;
      queue[tail++] = p;
    }
  }
  for (let k = first; k < tail; k++) {
    const i = queue[k]!;
    for (let c = 0; c < closed.length; c++) closed[c]![i] = planes[c]![i]!;
  }
  return (tail - first) / n;
}

/** Luma of the page row starting at pixel o, and its state: REMOVED where the closing lifted
 *  the pixel by more than the noise, PAPER elsewhere. */
function removedRow(
  planes: readonly Float32Array[],
  closed: readonly Float32Array[],
  o: number,
  width: number,
  luma: Float32Array,
  state: Uint8Array,
): void {
  const [r, g, b] = planes as [Float32Array, Float32Array, Float32Array];
  const [cr, cg, cb] = closed as [Float32Array, Float32Array, Float32Array];
  for (let i = o; i < o + width; i++) {
    const v = 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!;
    const c = 0.299 * cr[i]! + 0.587 * cg[i]! + 0.114 * cb[i]!;
    luma[i] = v;
    state[i] = v < c * INK_RATIO ? REMOVED : PAPER;
  }
}

/** Queues the paper pixels of the inner row starting at o that touch a removed pixel, each at
 *  its own level; returns the new queue length. */
function seedRow(
  state: Uint8Array,
  luma: Float32Array,
  o: number,
  width: number,
  level: Float32Array,
  queue: Int32Array,
  tail: number,
): number {
  for (let i = o + 1; i < o + width - 1; i++) {
    if (state[i] !== PAPER) continue;
    if (
      state[i - 1] === REMOVED ||
      state[i + 1] === REMOVED ||
      state[i - width] === REMOVED ||
      state[i + width] === REMOVED
    ) {
      level[i] = luma[i]!;
      queue[tail++] = i;
    }
  }
  return tail;
}
