import { components } from '../detect/components.ts';
import { INK_RATIO } from './slivers.ts';

/**
 * Crease bands. A sharp fold in crumpled paper casts a shadow a few pixels wide whose sides are
 * edges, not gradients, so the sliver flood (slivers.ts) cannot enter it; where it is narrower than
 * the closing window, the closing takes it for ink and dividing by the background leaves a grey or
 * tinted stroke along the fold (the real UVDoc photo's folds through "University" and "their").
 * Such a band differs from ink inside: its interior is mid-grey and flat over 3 × 3 pixels, in the
 * paper's own hue, while ink at this scale has a dark core or, small and blurred, changes from one
 * pixel to the next; and it runs on longer than a glyph.
 */

/** Darker than this share of the closed value is ink, never shadow (crease bands measured
 *  0.65–0.9 on the UVDoc photo, text cores 0.3–0.5). */
const BAND_FLOOR = 0.55;
/** Largest difference of normalised chroma ((R−G)/L, (B−G)/L) from the closed paper: a shadow
 *  keeps the paper's hue, a stamp, highlighter or coloured ink does not. */
const BAND_CHROMA = 0.12;
/** Largest spread of the ratio over a seed's square: a band's interior is flat, blurred text is
 *  not. */
const BAND_FLAT = 0.1;
/** A seed's square is 2·SEED_RADIUS + 1 pixels wide. */
const SEED_RADIUS = 1;
/** Largest darkening from one pixel to the next as the band is followed from its seeds. */
const BAND_STEP = 0.06;
/** A seed runs at least this many closing radii; a band at least this many. */
const SEED_EXTENT = 2;
const BAND_EXTENT = 4;

/**
 * The crease bands the closing took for ink: 1 where the background should follow the photo so
 * that dividing by it whitens the band. `planes` are the page before the closing, `closed` after
 * it (before any other pixels are given back: those would break the bands up), `radius` the
 * closing's radius.
 * @example
 * const bands = creaseBands(planes, closed, w, h, 3); // ~1 % of a crumpled page
 */
export function creaseBands(
  planes: readonly Float32Array[],
  closed: readonly Float32Array[],
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  const n = width * height;
  if (width < 3 || height < 3) return new Uint8Array(n);
  const ratio = new Float32Array(n);
  const mid = new Uint8Array(n);
  for (let y = 0; y < height; y++) midRow(planes, closed, y * width, width, ratio, mid);
  const seeds = new Uint8Array(n);
  for (let y = SEED_RADIUS; y < height - SEED_RADIUS; y++) {
    seedRow(ratio, mid, y * width, width, seeds);
  }
  keepLong(seeds, width, height, SEED_EXTENT * radius);
  const band = followBands(seeds, ratio, mid, width, height);
  keepLong(band, width, height, BAND_EXTENT * radius);
  return band;
}

/** Ratio to the closed value and the mid-grey, paper-hued removed pixels of [from, from + w). */
function midRow(
  planes: readonly Float32Array[],
  closed: readonly Float32Array[],
  from: number,
  w: number,
  ratio: Float32Array,
  mid: Uint8Array,
): void {
  const [r, g, b] = planes as [Float32Array, Float32Array, Float32Array];
  const [cr, cg, cb] = closed as [Float32Array, Float32Array, Float32Array];
  for (let i = from; i < from + w; i++) {
    const l = Math.max(1, 0.299 * r[i]! + 0.587 * g[i]! + 0.114 * b[i]!);
    const c = Math.max(1, 0.299 * cr[i]! + 0.587 * cg[i]! + 0.114 * cb[i]!);
    const q = l / c;
    ratio[i] = q;
    if (q >= INK_RATIO || q < BAND_FLOOR) continue;
    const dr = (r[i]! - g[i]!) / l - (cr[i]! - cg[i]!) / c;
    const db = (b[i]! - g[i]!) / l - (cb[i]! - cg[i]!) / c;
    if (dr * dr + db * db <= BAND_CHROMA * BAND_CHROMA) mid[i] = 1;
  }
}

/** Seeds of row y (at `from`, not the first or last row): mid pixels whose 3 × 3 is all mid and
 *  flat (see BAND_FLAT). */
function seedRow(
  ratio: Float32Array,
  mid: Uint8Array,
  from: number,
  w: number,
  seeds: Uint8Array,
): void {
  const k = SEED_RADIUS;
  for (let x = k; x < w - k; x++) {
    const i = from + x;
    if (!mid[i]) continue;
    let lo = Infinity;
    let hi = -Infinity;
    let all = true;
    for (let dy = -k * w; dy <= k * w && all; dy += w) {
      for (let dx = -k; dx <= k; dx++) {
        const j = i + dy + dx;
        if (!mid[j]) {
          all = false;
          break;
        }
        const v = ratio[j]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    if (all && hi - lo <= BAND_FLAT) seeds[i] = 1;
  }
}

/** Grows the seeds through mid pixels (8-connected, so a band passes between the glyphs of a
 *  line it crosses) that darken by at most BAND_STEP from the pixel they are reached from. */
function followBands(
  seeds: Uint8Array,
  ratio: Float32Array,
  mid: Uint8Array,
  w: number,
  h: number,
): Uint8Array {
  const n = w * h;
  const band = Uint8Array.from(seeds);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) if (band[i]) queue[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const x = p % w;
    const y = (p - x) / w;
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) continue;
    const floor = ratio[p]! - BAND_STEP;
    for (let dy = -w; dy <= w; dy += w) {
      for (let dx = -1; dx <= 1; dx++) {
        const j = p + dy + dx;
        if (band[j] || !mid[j] || ratio[j]! < floor) continue;
        band[j] = 1;
        queue[tail++] = j;
      }
    }
  }
  return band;
}

/** Clears the 4-connected parts of `mask` (in place) whose bounding box is shorter than `extent`
 *  on its longer side. */
function keepLong(mask: Uint8Array, w: number, h: number, extent: number): void {
  const { labels, sizes, bounds } = components(mask, w, h);
  const keep = new Uint8Array(sizes.length);
  for (let l = 1; l < sizes.length; l++) {
    const across = bounds.right[l]! - bounds.left[l]! + 1;
    const down = bounds.bottom[l]! - bounds.top[l]! + 1;
    keep[l] = Math.max(across, down) >= extent ? 1 : 0;
  }
  for (let i = 0; i < mask.length; i++) if (mask[i]) mask[i] = keep[labels[i]!]!;
}
