import type { GrayImage } from '../types.ts';
import { components } from '../detect/components.ts';
import { boxMean } from './raster.ts';
import { closingFilter } from '../filters/rank-filter.ts';

/** Ink-level raster helpers for text-line and rule detection (binary masks, 0/1). */

/**
 * Dark-ink mask by a black top-hat: the grey closing (max then min over a square of radius r)
 * erases dark strokes thinner than the square but keeps broad shading and the step of a
 * crease shadow, so closing − image is large only on ink. Ink must be ≥ 14 % darker than the
 * paper around it.
 * The closing is returned too: it is the local paper level around the ink.
 * @example const { mask } = inkMask(gray, 4);
 */
export function inkMask(
  gray: GrayImage,
  radius: number,
): { mask: Uint8Array; closed: Float32Array } {
  const { width: w, height: h, data } = gray;
  const closed = closingFilter(data, w, h, radius);
  const mean = boxMean(gray, 5 * radius);
  const out = new Uint8Array(w * h);
  // Row by row: a small function called per row is optimised after a few rows.
  for (let y = 0; y < h; y++) inkRow(data, closed, mean.data, out, y * w, (y + 1) * w);
  return { mask: out, closed };
}

/** inkMask's test for pixels [from, to): thin and dark against its closing, or clearly darker
 *  than the wider neighbourhood while still darker than its closing (keeps faint text, rejects
 *  broad shadows). */
function inkRow(
  data: Float32Array,
  closed: Float32Array,
  mean: Float32Array,
  out: Uint8Array,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) {
    const c = closed[i]!;
    const m = mean[i]!;
    const g = data[i]!;
    out[i] =
      c - g > Math.max(8, 0.1 * c) || (g < m - Math.max(12, 0.12 * m) && c - g > 0.05 * c) ? 1 : 0;
  }
}

/**
 * Pixels on vertical ink runs of at least `minRun` (tolerating one-pixel gaps; neighbouring
 * columns count too, so slightly tilted rules keep one run). Scanned row by row with a run
 * state per column, so memory is read in order.
 */
export function verticalRuns(ink: Uint8Array, w: number, h: number, minRun: number): Uint8Array {
  const out = new Uint8Array(w * h);
  const start = new Int32Array(w).fill(-1);
  const gap = new Uint8Array(w);
  // Row by row: a small function is optimised after a few rows.
  for (let y = 0; y <= h; y++) verticalRunsRow(ink, w, h, y, minRun, start, gap, out);
  return out;
}

/** verticalRuns' step for row y (y = h closes the runs still open); `start` and `gap` carry
 *  each column's open run from row to row. */
function verticalRunsRow(
  ink: Uint8Array,
  w: number,
  h: number,
  y: number,
  minRun: number,
  start: Int32Array,
  gap: Uint8Array,
  out: Uint8Array,
): void {
  const row = y * w;
  for (let x = 0; x < w; x++) {
    const i = row + x;
    const on =
      y < h && (ink[i] === 1 || (x > 0 && ink[i - 1] === 1) || (x < w - 1 && ink[i + 1] === 1));
    if (on) {
      if (start[x]! < 0) start[x] = y;
      gap[x] = 0;
      continue;
    }
    const s0 = start[x]!;
    if (s0 < 0) continue;
    if (gap[x] === 0 && y < h - 1) {
      gap[x] = 1;
      continue;
    }
    const end = y - gap[x]!;
    if (end - s0 >= minRun) {
      for (let k = s0; k < end; k++) if (ink[k * w + x]) out[k * w + x] = 1;
    }
    start[x] = -1;
    gap[x] = 0;
  }
}

/** Centrelines (mean x per row, sampled every `step` rows) of tall vertical-rule components. */
export function ruleCentrelines(
  mask: Uint8Array,
  w: number,
  h: number,
  minHeight: number,
  step: number,
): Array<{ xs: number[]; ys: number[] }> {
  const { labels, sizes, bounds } = components(mask, w, h);
  const n = sizes.length;
  const { top, bottom: bot, left, right } = bounds;
  const acc: Array<{ label: number; sx: Float64Array; c: Float64Array }> = [];
  for (let l = 1; l < n; l++) {
    const len = bot[l]! - top[l]! + 1;
    if (len < minHeight) continue;
    acc.push({ label: l, sx: new Float64Array(len), c: new Float64Array(len) });
  }
  // Each tall component's own box only (rows in order, so the sums are the same).
  for (const a of acc) {
    const l = a.label;
    for (let y = top[l]!; y <= bot[l]!; y++) {
      const row = y * w;
      const r = y - top[l]!;
      for (let x = left[l]!; x <= right[l]!; x++) {
        if (labels[row + x] !== l) continue;
        a.sx[r] = a.sx[r]! + x;
        a.c[r] = a.c[r]! + 1;
      }
    }
  }
  const out: Array<{ xs: number[]; ys: number[] }> = [];
  for (const a of acc) {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let r = 0; r < a.c.length; r += Math.max(2, Math.round(step))) {
      if (a.c[r]! > 0 && a.c[r]! < 6) {
        xs.push(a.sx[r]! / a.c[r]!);
        ys.push(top[a.label]! + r);
      }
    }
    if (xs.length >= 4) out.push({ xs, ys });
  }
  return out;
}

/** Keeps pixels lying on a vertical run of at least 3 (a 1×3 opening), in one pass. */
export function verticalOpen(m: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) verticalOpenRow(m, w, h, y, out);
  return out;
}

/** verticalOpen for row y. */
function verticalOpenRow(m: Uint8Array, w: number, h: number, y: number, out: Uint8Array): void {
  for (let x = 0; x < w; x++) {
    const i = y * w + x;
    if (!m[i]) continue;
    const up = y > 0 && m[i - w] === 1;
    const up2 = y > 1 && m[i - 2 * w] === 1;
    const dn = y < h - 1 && m[i + w] === 1;
    const dn2 = y < h - 2 && m[i + 2 * w] === 1;
    if ((up && dn) || (up && up2) || (dn && dn2)) out[i] = 1;
  }
}

/** Horizontal-only dilation by r (joins letters into words and words into lines). */
export function smearRows(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) smearRow(mask, y * w, w, r, out);
  return out;
}

/** smearRows for the row starting at pixel `row`: fills gaps ≤ 2r between its ink pixels. */
function smearRow(mask: Uint8Array, row: number, w: number, r: number, out: Uint8Array): void {
  let prev = -1;
  for (let x = 0; x < w; x++) {
    if (!mask[row + x]) continue;
    if (x - prev <= 2 * r && prev >= 0) for (let k = prev + 1; k < x; k++) out[row + k] = 1;
    out[row + x] = 1;
    prev = x;
  }
}

/** horizontalRules' step for row y (y = h closes the open runs): ends each column's vertical
 *  ink run (`run` counts it) and marks it in `thin` when it is at most `maxThickness` long. */
function thinRunsRow(
  ink: Uint8Array,
  w: number,
  h: number,
  y: number,
  maxThickness: number,
  run: Int32Array,
  thin: Uint8Array,
): void {
  const row = y * w;
  for (let x = 0; x < w; x++) {
    if (y < h && ink[row + x]) {
      run[x] = run[x]! + 1;
      continue;
    }
    const len = run[x]!;
    if (len === 0) continue;
    if (len <= maxThickness) for (let k = y - len; k < y; k++) thin[k * w + x] = 1;
    run[x] = 0;
  }
}

/** Per-column sums of one candidate rule component. */
interface RuleAcc {
  label: number;
  sy: Float64Array;
  c: Int32Array;
  lo: Int32Array;
  hi: Int32Array;
}

/**
 * Horizontal rules (table rules, form-box edges, underlines), also where crumpling bends and
 * tilts them: ink pixels on short vertical runs (≤ `maxThickness`, so letters' stems and
 * vertical rules drop out), grouped into connected components that span at least `minWidth`
 * columns while staying one stroke thick. Each becomes a centreline (mean y per column, sampled
 * every `step` columns); `mask` holds their pixels.
 * @example const { lines } = horizontalRules(ink, w, h, 5, 80, 7);
 */
export function horizontalRules(
  ink: Uint8Array,
  w: number,
  h: number,
  maxThickness: number,
  minWidth: number,
  step: number,
): { mask: Uint8Array; lines: Array<{ xs: number[]; ys: number[] }> } {
  // Vertical run lengths, row by row with a counter per column.
  const thin = new Uint8Array(w * h);
  const run = new Int32Array(w);
  for (let y = 0; y <= h; y++) thinRunsRow(ink, w, h, y, maxThickness, run, thin);
  const { labels, sizes, bounds } = components(thin, w, h);
  const n = sizes.length;
  const { left, right, top, bottom } = bounds;
  const keep: RuleAcc[] = [];
  for (let l = 1; l < n; l++) {
    const span = right[l]! - left[l]! + 1;
    // A stroke, not a cluster: about one pixel column of ink per column of width.
    if (span < minWidth || sizes[l]! > span * (maxThickness + 1)) continue;
    keep.push({
      label: l,
      sy: new Float64Array(span),
      c: new Int32Array(span),
      lo: new Int32Array(span).fill(h),
      hi: new Int32Array(span).fill(-1),
    });
  }
  const mask = new Uint8Array(w * h);
  if (keep.length === 0) return { mask, lines: [] };
  // Each candidate's own box only (rows in order, so the sums are the same).
  for (const acc of keep) {
    const l = acc.label;
    for (let y = top[l]!; y <= bottom[l]!; y++) {
      const row = y * w;
      for (let x = left[l]!; x <= right[l]!; x++) {
        if (labels[row + x] !== l) continue;
        const c = x - left[l]!;
        acc.sy[c] = acc.sy[c]! + y;
        acc.c[c] = acc.c[c]! + 1;
        if (y < acc.lo[c]!) acc.lo[c] = y;
        if (y > acc.hi[c]!) acc.hi[c] = y;
      }
    }
  }
  const lines: Array<{ xs: number[]; ys: number[] }> = [];
  const accepted = new Uint8Array(n);
  for (const acc of keep) {
    const l = acc.label;
    // Columns where the component is more than one stroke tall (two rules joined through a
    // junction, or text touching the rule) don't give a centreline.
    let covered = 0;
    let single = 0;
    for (let c = 0; c < acc.c.length; c++) {
      if (!acc.c[c]) continue;
      covered++;
      if (acc.hi[c]! - acc.lo[c]! < maxThickness + 2) single++;
    }
    if (covered < 0.8 * acc.c.length || single < 0.85 * covered) continue;
    const xs: number[] = [];
    const ys: number[] = [];
    for (let c = 0; c < acc.c.length; c += Math.max(2, Math.round(step))) {
      if (!acc.c[c] || acc.hi[c]! - acc.lo[c]! >= maxThickness + 2) continue;
      xs.push(left[l]! + c);
      ys.push(acc.sy[c]! / acc.c[c]!);
    }
    if (xs.length < 4) continue;
    accepted[l] = 1;
    lines.push({ xs, ys });
  }
  for (const acc of keep) {
    const l = acc.label;
    if (!accepted[l]) continue;
    for (let y = top[l]!; y <= bottom[l]!; y++) {
      const row = y * w;
      for (let x = left[l]!; x <= right[l]!; x++) if (labels[row + x] === l) mask[row + x] = 1;
    }
  }
  return { mask, lines };
}
