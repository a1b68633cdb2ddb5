import type { BackwardMap } from '../types.ts';
import { mapFromFunction, sampleMap } from './backward-map.ts';
import type { TextLine } from './text-lines.ts';

/**
 * Leaning letters (shear) that the warps leave behind. The global map and the mesh level a
 * tilted line by moving it up or down along its length, not by turning it: where a curled corner
 * or a crease tilted a line in the photo, its letters come out levelled but leaning, like
 * italics (curl/invoice#1031's "INVOICE" leaned 22°). The mesh cannot undo that: its nodes are
 * about a line pitch apart, and undoing the lean of one line without moving the lines above and
 * below takes a shear inside the line that turns back in the blank rows around it.
 *
 * So the lean is measured where it shows, on the stems of the letters (upright type's stems are
 * vertical), and undone line by line: inside a line's ink the output samples along its stems;
 * in the blank rows above and below, the shift fades out. Only leans that differ from the
 * page's own type's are undone (an italic page stays italic), and only where the stretches
 * beside the line, or the lines just above or below, lean alike (an italic word among upright
 * ones keeps its lean); a line with no other near it (a heading, a displayed equation) only
 * when it leans beyond what italics do. A line at an angle (a stamp) has its stems turned with
 * it: only a lean beyond its own slope counts.
 */

/** Stretches along a line are this many character heights long. */
export const LEAN_SEGMENT = 4;
/** Shears tried, as dx/dy: ±0.6 (±31°) in steps of 0.03. */
const MAX_SHEAR = 0.6;
const SHEAR_STEP = 0.03;
/** A stretch counts when its best shear stands out: its columns' sharpness beats the median
 *  shear's by this share (stems line up into columns; blurred blobs do not). */
const MIN_CONTRAST = 0.03;
/** Neighbours: stretches within this many stretch lengths along x and pitches along y (the
 *  stretches beside it on its line and on the lines just above and below). */
const REACH_X = 1.5;
const REACH_Y = 1.2;
/** A line with no other line within reach (a heading, a displayed equation) is undone only
 *  when it leans by more than italic type does (17°): set in italics, such a line would
 *  otherwise lose them, and there is no neighbour to tell. */
const ISOLATED_LEAN = 0.3;
/** A stretch is undone when its lean, as the median of its neighbours', differs from the
 *  page's by at least this (2°). */
const MIN_LEAN = 0.035;
/** Beyond a line's ink, the shift fades out over this many character heights of blank rows. */
export const LEAN_FADE = 0.3;
/** Node spacing (output px) of the map that undoes the leans: fine enough for the shift to
 *  turn back within the blank rows between lines. */
const DESHEAR_STEP = 4;

export interface Lean {
  /** index of the line in the list measured */
  line: number;
  /** the stretch's columns [x0, x1) and its centre on the line's centreline */
  x0: number;
  x1: number;
  x: number;
  y: number;
  /** stem direction dx/dy (negative: tops to the right, like italics) */
  shear: number;
  /** the line's slope dy/dx over the stretch */
  slope: number;
  /** rows of ink above and below the centreline before the first blank row */
  above: number;
  below: number;
}

/** The line's centreline height at x (linear between its samples, flat beyond its ends). */
function heightAt(line: TextLine, x: number): number {
  const { xs, ys } = line;
  const n = xs.length;
  if (x <= xs[0]!) return ys[0]!;
  if (x >= xs[n - 1]!) return ys[n - 1]!;
  let k = 1;
  while (xs[k]! < x) k++;
  const t = (x - xs[k - 1]!) / Math.max(1e-9, xs[k]! - xs[k - 1]!);
  return ys[k - 1]! + t * (ys[k]! - ys[k - 1]!);
}

/**
 * The stem direction of every LEAN_SEGMENT-long stretch of each text line (rules skipped): the
 * shear dx/dy that, undone, lines the ink's edges in the band about its centreline up into the
 * sharpest columns (the sum of squared column counts, as in deslanting handwriting). `ink` is 1 on
 * characters (TextLines.ink), w wide; `pitch` bounds how far a line's ink is followed.
 * @example const leans = strokeLeans(tl.ink, w, tl.lines, tl.charHeight, tl.pitch);
 */
export function strokeLeans(
  ink: Uint8Array,
  w: number,
  lines: TextLine[],
  charHeight: number,
  pitch: number,
): Lean[] {
  const h = Math.floor(ink.length / w);
  const half = Math.max(2, Math.round(0.45 * charHeight));
  const seg = Math.max(8, Math.round(LEAN_SEGMENT * charHeight));
  const reach = Math.max(
    half + 1,
    Math.round(0.5 * (Number.isFinite(pitch) ? pitch : 2.5 * charHeight)),
  );
  const nShear = 2 * Math.round(MAX_SHEAR / SHEAR_STEP) + 1;
  const pad = Math.ceil(MAX_SHEAR * half) + 2;
  const hist = new Float64Array(nShear * (seg + 2 * pad + 1) * SUB);
  const score = new Float64Array(nShear);
  const yc = new Int32Array(seg);
  const out: Lean[] = [];
  lines.forEach((line, l) => {
    if (line.rule || line.xs.length < 2) return;
    const x0 = line.xs[0]!;
    const x1 = line.xs[line.xs.length - 1]!;
    const count = Math.floor((x1 - x0) / seg);
    for (let s = 0; s < count; s++) {
      const left = Math.max(0, Math.round(x0 + (x1 - x0 - count * seg) / 2 + s * seg));
      const right = Math.min(w, left + seg);
      for (let x = left; x < right; x++) yc[x - left] = Math.round(heightAt(line, x));
      const stretch: Stretch = { ink, w, h, left, right, yc };
      const shear = segmentLean(stretch, half, pad, nShear, hist, score);
      if (shear === null) continue;
      const x = (left + right) / 2;
      const slope = (heightAt(line, right) - heightAt(line, left)) / Math.max(1, right - left);
      out.push({
        line: l,
        x0: left,
        x1: right,
        x,
        y: heightAt(line, x),
        shear,
        slope,
        above: inkExtent(stretch, -1, half, reach),
        below: inkExtent(stretch, 1, half, reach),
      });
    }
  });
  return out;
}

/** One stretch of a line on the ink mask (w × h): its columns [left, right) and its
 *  centreline's row in each (yc, from `left`). */
interface Stretch {
  ink: Uint8Array;
  w: number;
  h: number;
  left: number;
  right: number;
  yc: Int32Array;
}

/** Columns of the projection per pixel: the stems' edges are binned to a quarter pixel, so no
 *  shear is favoured by how its shifts round. */
const SUB = 4;

/**
 * One stretch's lean (see strokeLeans), null when its ink shows too few stems. What is lined
 * up is the stems' edges (ink starting or ending along a row), thin whatever the weight of the
 * type, where whole strokes of bold, blurred type line up almost as well at 10° as upright.
 */
function segmentLean(
  { ink, w, h, left, right, yc }: Stretch,
  half: number,
  pad: number,
  nShear: number,
  hist: Float64Array,
  score: Float64Array,
): number | null {
  const span = hist.length / nShear;
  hist.fill(0);
  let n = 0;
  const mid = (nShear - 1) / 2;
  for (let x = Math.max(1, left); x < right; x++) {
    const c = yc[x - left]!;
    for (let dy = -half; dy <= half; dy++) {
      const y = c + dy;
      if (y < 0 || y >= h) continue;
      const i = y * w + x;
      if ((ink[i] === 1) === (ink[i - 1] === 1)) continue;
      n++;
      // Undoing shear k moves this edge to column x − shear·dy.
      for (let k = 0; k < nShear; k++) {
        const col = x - left + pad - (k - mid) * SHEAR_STEP * dy;
        hist[k * span + Math.round(col * SUB)]!++;
      }
    }
  }
  // Stems: at least one edge per row every two character widths' worth of columns.
  if (n < (0.5 * (right - left) * (2 * half + 1)) / (2 * half)) return null;
  for (let k = 0; k < nShear; k++) {
    // Squared counts of one-pixel columns (SUB quarter-pixel bins, summed as they slide).
    let sq = 0;
    let run = 0;
    const o = k * span;
    for (let b = 0; b < span; b++) {
      run += hist[o + b]! - (b >= SUB ? hist[o + b - SUB]! : 0);
      sq += run * run;
    }
    score[k] = sq;
  }
  let best = 0;
  for (let k = 1; k < nShear; k++) if (score[k]! > score[best]!) best = k;
  const median = Float64Array.from(score).sort()[nShear >> 1]!;
  if (score[best]! < (1 + MIN_CONTRAST) * median) return null;
  // Parabola through the best shear and its neighbours.
  let offset = 0;
  if (best > 0 && best < nShear - 1) {
    const a = score[best - 1]!;
    const b = score[best]!;
    const c = score[best + 1]!;
    const den = a - 2 * b + c;
    if (den < 0) offset = Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den));
  }
  return (best + offset - mid) * SHEAR_STEP;
}

/** Rows of ink beyond the core band (±half) in direction dir before the stretch's first blank
 *  row, at most `reach` from the centreline. */
function inkExtent(
  { ink, w, h, left, right, yc }: Stretch,
  dir: 1 | -1,
  half: number,
  reach: number,
): number {
  let d = half;
  for (; d < reach; d++) {
    let any = false;
    for (let x = left; x < right && !any; x++) {
      const y = yc[x - left]! + dir * (d + 1);
      any = y >= 0 && y < h && ink[y * w + x] === 1;
    }
    if (!any) break;
  }
  return d;
}

export interface LeanCorrection extends Lean {
  /** the shear to undo: the stretch's lean less the page's, as its neighbourhood's median */
  undo: number;
}

/**
 * The stretches whose lean differs from the page type's (see the module comment). `segment`
 * and `pitch` in the leans' pixels.
 * @example const undo = leanCorrections(leans, LEAN_SEGMENT * ch, pitch);
 */
export function leanCorrections(leans: Lean[], segment: number, pitch: number): LeanCorrection[] {
  if (leans.length < 5) return [];
  // Of an even count, the middle value nearer zero: two stretches must agree to move a line.
  const median = (v: number[]): number => {
    const s = [...v].sort((a, b) => a - b);
    const hi = s[s.length >> 1]!;
    if (s.length % 2 === 1) return hi;
    const lo = s[(s.length >> 1) - 1]!;
    return Math.abs(lo) < Math.abs(hi) ? lo : hi;
  };
  // A line turned as a whole (a stamp set at an angle) has its stems turned with it: a slope
  // dy/dx leans them by −slope. What is undone is the lean beyond that.
  const lean = (l: Lean): number => l.shear + l.slope;
  const page = median(leans.map(lean));
  const out: LeanCorrection[] = [];
  for (const l of leans) {
    const around = leans.filter(
      (o) => Math.abs(o.x - l.x) <= REACH_X * segment && Math.abs(o.y - l.y) <= REACH_Y * pitch,
    );
    if (around.length < 2) continue;
    const undo = median(around.map((o) => lean(o) - page));
    const alone = around.every((o) => o.line === l.line);
    if (Math.abs(undo) >= (alone ? ISOLATED_LEAN : MIN_LEAN)) out.push({ ...l, undo });
  }
  return out;
}

/**
 * `map` with the leans undone: output pixel (X, Y) inside a corrected line's ink samples the old
 * output at (X + undo·(Y − y_c), Y), along the stems through X; beyond the line's ink the shift
 * fades out over `fade` px of its blank rows, and along the line beyond its corrected stretches
 * over one stretch. Corrections are in the pixels of an analysis copy `a` times the map's output.
 * Null when there is nothing to undo.
 * @example const upright = deshearMap(map, lines.lines, undo, a, (LEAN_FADE * ch) / a);
 */
export function deshearMap(
  map: BackwardMap,
  lines: TextLine[],
  corrections: LeanCorrection[],
  a: number,
  fade: number,
): BackwardMap | null {
  if (corrections.length === 0) return null;
  const W = map.outWidth;
  const H = map.outHeight;
  const step = Math.min(map.step, DESHEAR_STEP);
  const gw = Math.ceil((W - 1) / step) + 1;
  const gh = Math.ceil((H - 1) / step) + 1;
  const shift = new Float32Array(gw * gh);
  // How firmly each node's shift is held (1 inside a line's ink): the firmest line wins.
  const hold = new Float32Array(gw * gh);
  const byLine = new Map<number, LeanCorrection[]>();
  for (const c of corrections) {
    const list = byLine.get(c.line) ?? [];
    list.push(c);
    byLine.set(c.line, list);
  }
  for (const [l, list] of byLine) {
    const line = lines[l]!;
    list.sort((p, q) => p.x - q.x);
    const seg = (list[0]!.x1 - list[0]!.x0) / a;
    const from = list[0]!.x0 / a - seg;
    const to = list[list.length - 1]!.x1 / a + seg;
    for (let i = Math.max(0, Math.ceil(from / step)); i * step <= Math.min(W - 1, to); i++) {
      const X = i * step;
      const xa = X * a;
      // The nearest corrected stretch sets the shear and the band; along the line it fades
      // out over one stretch beyond the corrected ones (and between two apart).
      let k = 0;
      for (let q = 1; q < list.length; q++) {
        if (Math.abs(list[q]!.x - xa) < Math.abs(list[k]!.x - xa)) k = q;
      }
      const c = list[k]!;
      const outside = Math.max(0, c.x0 - xa, xa - c.x1) / a;
      const along = Math.max(0, 1 - outside / seg);
      if (along === 0) continue;
      const yc = heightAt(line, xa) / a;
      const top = yc - (c.above + 1) / a;
      const bottom = yc + (c.below + 1) / a;
      for (
        let j = Math.max(0, Math.ceil((top - fade) / step));
        j * step <= Math.min(H - 1, bottom + fade);
        j++
      ) {
        const Y = j * step;
        const across = Y < top ? 1 - (top - Y) / fade : Y > bottom ? 1 - (Y - bottom) / fade : 1;
        const wgt = along * Math.max(0, across);
        const n = j * gw + i;
        if (wgt <= hold[n]!) continue;
        hold[n] = wgt;
        shift[n] = wgt * c.undo * (Y - yc);
      }
    }
  }
  return mapFromFunction(W, H, step, (X, Y) => {
    const n = Math.round(Y / step) * gw + Math.round(X / step);
    return sampleMap(map, X + shift[n]!, Y);
  });
}
