import type { BackwardMap, PageOutline, Point } from '../types.ts';
import { mapFromFunction } from './backward-map.ts';
import { applyH, homographyFromPoints, invert3, type Homography } from './homography.ts';

/** A polyline resampled by arc length: evaluate at t ∈ [0, 1]. */
export class ArcCurve {
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly cum: Float64Array;

  constructor(points: Point[]) {
    const n = points.length;
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
    this.cum = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.xs[i] = points[i]!.x;
      this.ys[i] = points[i]!.y;
      if (i > 0) {
        this.cum[i] =
          this.cum[i - 1]! +
          Math.hypot(this.xs[i]! - this.xs[i - 1]!, this.ys[i]! - this.ys[i - 1]!);
      }
    }
  }

  get length(): number {
    return this.cum[this.cum.length - 1]!;
  }

  at(t: number): [number, number] {
    const n = this.xs.length;
    const L = this.length;
    if (n === 1 || L === 0) return [this.xs[0]!, this.ys[0]!];
    const s = Math.max(0, Math.min(1, t)) * L;
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (this.cum[mid]! <= s) lo = mid;
      else hi = mid;
    }
    const seg = this.cum[hi]! - this.cum[lo]!;
    const f = seg > 0 ? (s - this.cum[lo]!) / seg : 0;
    return [
      this.xs[lo]! + f * (this.xs[hi]! - this.xs[lo]!),
      this.ys[lo]! + f * (this.ys[hi]! - this.ys[lo]!),
    ];
  }
}

/** Samples a side is resampled to (evenly by arc length) to be measured or smoothed. */
const SIDE_SAMPLES = 64;
/** Binomial [1 2 1]/4 passes when smoothing: a Gaussian of σ = √(passes / 2) samples. */
const SIDE_PASSES = 4;

/** The side resampled evenly by arc length at SIDE_SAMPLES + 1 points. */
function resampleSide(points: Point[]): { xs: Float64Array; ys: Float64Array } {
  const curve = new ArcCurve(points);
  const xs = new Float64Array(SIDE_SAMPLES + 1);
  const ys = new Float64Array(SIDE_SAMPLES + 1);
  for (let i = 0; i <= SIDE_SAMPLES; i++) [xs[i], ys[i]] = curve.at(i / SIDE_SAMPLES);
  return { xs, ys };
}

/**
 * How jagged a boundary side is: the upper quartile of the second difference of its offset from
 * the corner-to-corner chord, over the side resampled at 65 points, per thousand of the chord.
 * Straight, bowed and curled sides read under about 2.5; a side traced along a book's page stack
 * or a ragged shadow reads 3–5. A fold's kink is one large value and does not move the quartile.
 * @example if (sideJaggedness(outline.bottom) > 2) ...
 */
export function sideJaggedness(points: Point[]): number {
  if (points.length < 3) return 0;
  const { xs, ys } = resampleSide(points);
  const n = SIDE_SAMPLES;
  const len = Math.hypot(xs[n]! - xs[0]!, ys[n]! - ys[0]!);
  if (len === 0) return 0;
  const ux = (xs[n]! - xs[0]!) / len;
  const uy = (ys[n]! - ys[0]!) / len;
  const d = Array.from(xs, (x, i) => -(x - xs[0]!) * uy + (ys[i]! - ys[0]!) * ux);
  const dd: number[] = [];
  for (let i = 1; i < n; i++) dd.push(Math.abs(d[i - 1]! - 2 * d[i]! + d[i + 1]!));
  dd.sort((p, q) => p - q);
  return (1000 * dd[Math.floor(0.75 * dd.length)]!) / len;
}

/**
 * A boundary side without its small wiggles: resampled evenly by arc length and smoothed over
 * about 2 % of its length, the ends (the corners) pinned. A Coons patch carries every wiggle of
 * a side into the page's interior, and it is parameterised by arc length, so a zigzag also
 * bunches the columns where it lies: the words of the lines near a jagged side jump and lean.
 * Curls and folds can have real detail at that scale, so `planGeometry` only uses this when the
 * page's text comes out straighter for it.
 * @example const side = new ArcCurve(smoothSide(points));
 */
export function smoothSide(points: Point[]): Point[] {
  if (points.length < 3) return points;
  const { xs, ys } = resampleSide(points);
  const n = SIDE_SAMPLES;
  const tx = new Float64Array(n + 1);
  const ty = new Float64Array(n + 1);
  for (let pass = 0; pass < SIDE_PASSES; pass++) {
    tx.set(xs);
    ty.set(ys);
    for (let i = 1; i < n; i++) {
      xs[i] = (tx[i - 1]! + 2 * tx[i]! + tx[i + 1]!) / 4;
      ys[i] = (ty[i - 1]! + 2 * ty[i]! + ty[i + 1]!) / 4;
    }
  }
  return Array.from({ length: n + 1 }, (_, i) => ({ x: xs[i]!, y: ys[i]! }));
}

/** `withoutStep`: a side steps where its offset from the chord changes by more than this
 *  share of its length over two of its 64 stretches. */
const STEP_SHARE = 0.02;

/**
 * The side as the straight line between its corners when its trace steps sideways somewhere
 * (see STEP_SHARE): it ran along the page's edge for part of its length and along something
 * else for the rest (the dark table beyond a shaded edge, an object touching the page). The
 * Coons patch would carry the step across the page as a shear band that leans a whole line of
 * text like italics; the chord has no such band. `points` itself when the side has no step.
 * @example const right = withoutStep(outline.right);
 */
export function withoutStep(points: Point[]): Point[] {
  if (points.length < 5) return points;
  const { xs, ys } = resampleSide(points);
  const n = SIDE_SAMPLES;
  const len = Math.hypot(xs[n]! - xs[0]!, ys[n]! - ys[0]!);
  if (len === 0) return points;
  const ux = (xs[n]! - xs[0]!) / len;
  const uy = (ys[n]! - ys[0]!) / len;
  const d = Array.from(xs, (x, i) => -(x - xs[0]!) * uy + (ys[i]! - ys[0]!) * ux);
  let step = 0;
  for (let i = 1; i < n; i++) step = Math.max(step, Math.abs(d[i + 1]! - d[i - 1]!));
  if (step <= STEP_SHARE * len) return points;
  return Array.from({ length: n + 1 }, (_, i) => ({
    x: xs[0]! + ((xs[n]! - xs[0]!) * i) / n,
    y: ys[0]! + ((ys[n]! - ys[0]!) * i) / n,
  }));
}

/**
 * Global backward map of a page: homography from the corners to a W×H rectangle, then a Coons
 * patch over the four boundary curves parameterised by arc length *after* the homography (so
 * the far side of a tilted page is not stretched), then back through H⁻¹. With `smooth` the
 * sides lose their small wiggles first (smoothSide).
 * Returns null when the corners are degenerate.
 * @example const map = coonsMap(outline, 1000, 1414, 8);
 */
export function coonsMap(
  outline: PageOutline,
  W: number,
  H: number,
  step: number,
  useCurves = true,
  smooth = false,
): BackwardMap | null {
  const [tl, tr, br, bl] = outline.corners;
  const rect: Point[] = [
    { x: 0, y: 0 },
    { x: W - 1, y: 0 },
    { x: W - 1, y: H - 1 },
    { x: 0, y: H - 1 },
  ];
  const h = homographyFromPoints([tl, tr, br, bl], rect);
  if (!h) return null;
  const hInv = invert3(h);
  if (!useCurves) return mapFromFunction(W, H, step, (x, y) => applyH(hInv, x, y));
  const through = (pts: Point[], a: Point, b: Point): ArcCurve => {
    const mapped = [a, ...pts.slice(1, -1), b].map((p) => {
      const [x, y] = applyH(h, p.x, p.y);
      return { x, y };
    });
    return new ArcCurve(smooth ? smoothSide(mapped) : mapped);
  };
  const top = through(outline.top, tl, tr);
  const bottom = through(outline.bottom, bl, br);
  const left = through(outline.left, tl, bl);
  const right = through(outline.right, tr, br);
  const P00 = rect[0]!;
  const P10 = rect[1]!;
  const P11 = rect[2]!;
  const P01 = rect[3]!;
  // The sides' points depend on u (top, bottom) or v (left, right) alone: evaluated once per
  // grid column and row, not per node (the same values; the node loop only combines them).
  // Interleaved x, y of `curve` at each grid line k · step of a frame `size` px across.
  const sampled = (curve: ArcCurve, size: number): Float64Array => {
    const n = Math.ceil((size - 1) / step) + 1;
    const out = new Float64Array(2 * n);
    for (let k = 0; k < n; k++) {
      const p = curve.at(Math.min(1, (k * step) / (size - 1)));
      out[2 * k] = p[0];
      out[2 * k + 1] = p[1];
    }
    return out;
  };
  const onTop = sampled(top, W);
  const onBottom = sampled(bottom, W);
  const onLeft = sampled(left, H);
  const onRight = sampled(right, H);
  return mapFromFunction(W, H, step, (x, y) => {
    // x and y are grid nodes: i · step and j · step.
    const i = x / step;
    const j = y / step;
    const u = Math.min(1, x / (W - 1));
    const v = Math.min(1, y / (H - 1));
    const tx = onTop[2 * i]!;
    const ty = onTop[2 * i + 1]!;
    const bx = onBottom[2 * i]!;
    const by = onBottom[2 * i + 1]!;
    const lx = onLeft[2 * j]!;
    const ly = onLeft[2 * j + 1]!;
    const rx = onRight[2 * j]!;
    const ry = onRight[2 * j + 1]!;
    const sx =
      (1 - v) * tx +
      v * bx +
      (1 - u) * lx +
      u * rx -
      ((1 - u) * (1 - v) * P00.x + u * (1 - v) * P10.x + (1 - u) * v * P01.x + u * v * P11.x);
    const sy =
      (1 - v) * ty +
      v * by +
      (1 - u) * ly +
      u * ry -
      ((1 - u) * (1 - v) * P00.y + u * (1 - v) * P10.y + (1 - u) * v * P01.y + u * v * P11.y);
    return applyH(hInv, sx, sy);
  });
}

export type { Homography };
