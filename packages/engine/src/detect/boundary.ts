import type { Point } from '../types.ts';
import { solveDense } from '../geometry/homography.ts';
import type { EdgeMap } from './edges.ts';

export interface TracedBoundary {
  /** top tl→tr, right tr→br, bottom bl→br, left tl→bl */
  curves: [Point[], Point[], Point[], Point[]];
  clipped: { top: boolean; right: boolean; bottom: boolean; left: boolean };
  confidence: number;
  support: number;
  /** edge support per non-clipped side */
  sides: number[];
  reason: string;
}

const SAMPLES = 32;
/** The nearest-edge trace takes edges at least this share as strong as a sample's strongest. */
const NEAR_SHARE = 0.2;

/** Luma + chroma difference between points 3–6 px outside and inside (x, y) along (nx, ny). */
function stripContrast(e: EdgeMap, x: number, y: number, nx: number, ny: number): number {
  let acc = 0;
  for (const d of [3, 6]) {
    const xo = Math.min(e.width - 1, Math.max(0, Math.round(x + d * nx)));
    const yo = Math.min(e.height - 1, Math.max(0, Math.round(y + d * ny)));
    const xi = Math.min(e.width - 1, Math.max(0, Math.round(x - d * nx)));
    const yi = Math.min(e.height - 1, Math.max(0, Math.round(y - d * ny)));
    const o = yo * e.width + xo;
    const i = yi * e.width + xi;
    acc += Math.abs(e.luma[o]! - e.luma[i]!) + Math.abs(e.chroma[o]! - e.chroma[i]!);
  }
  return acc / 2;
}

/** Inside-minus-outside luma difference at 3 px either side of (x, y) across the normal (nx, ny). */
function stepAcross(
  L: Float32Array,
  w: number,
  h: number,
  x: number,
  y: number,
  nx: number,
  ny: number,
): number {
  const xo = Math.min(w - 1, Math.max(0, Math.round(x + 3 * nx)));
  const yo = Math.min(h - 1, Math.max(0, Math.round(y + 3 * ny)));
  const xi = Math.min(w - 1, Math.max(0, Math.round(x - 3 * nx)));
  const yi = Math.min(h - 1, Math.max(0, Math.round(y - 3 * ny)));
  return L[yi * w + xi]! - L[yo * w + xo]!;
}

/** The trace of one polarity replaces the plain one when it strays at most this share as far. */
const POLARITY_GAIN = 0.5;
/** A page brighter (darker) than what lies beyond it by this much fixes its border's polarity. */
const POLARITY_STEP = 10;

/**
 * Whether the page is brighter (+1) or darker (−1) than the background beyond side a→b, by the
 * median luma of mask and non-mask pixels in the band ±R across it (medians, so a heading or a
 * photo printed near the border does not decide it); 0 when they differ by less than
 * POLARITY_STEP or one of them is missing. Only edges of that polarity can be the border there.
 */
function borderSign(
  mask: Uint8Array,
  w: number,
  h: number,
  L: Float32Array,
  a: Point,
  b: Point,
  nx: number,
  ny: number,
  R: number,
): number {
  const inside: number[] = [];
  const outside: number[] = [];
  for (let i = 2; i < SAMPLES - 2; i++) {
    const t = i / (SAMPLES - 1);
    const px = a.x + (b.x - a.x) * t;
    const py = a.y + (b.y - a.y) * t;
    for (let d = -R; d <= R; d += 2) {
      const x = Math.round(px + d * nx);
      const y = Math.round(py + d * ny);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const k = y * w + x;
      (mask[k] ? inside : outside).push(L[k]!);
    }
  }
  if (inside.length < 20 || outside.length < 20) return 0;
  const step = median(inside) - median(outside);
  return Math.abs(step) < POLARITY_STEP ? 0 : Math.sign(step);
}

function median(v: number[]): number {
  v.sort((p, q) => p - q);
  return v[v.length >> 1]!;
}

/** Robust (Tukey IRLS) fit of a quadratic d(t); returns fitted values. */
function robustQuadratic(
  t: Float64Array,
  d: Float64Array,
  valid: Uint8Array,
  sigma: number,
): Float64Array {
  const n = t.length;
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = valid[i]!;
  let coef: Float64Array = new Float64Array(3);
  for (let iter = 0; iter < 8; iter++) {
    const M = new Float64Array(9);
    const v = new Float64Array(3);
    for (let i = 0; i < n; i++) {
      if (!w[i]) continue;
      const b = [1, t[i]!, t[i]! * t[i]!];
      for (let a = 0; a < 3; a++) {
        v[a] = v[a]! + w[i]! * b[a]! * d[i]!;
        for (let c = 0; c < 3; c++) M[a * 3 + c] = M[a * 3 + c]! + w[i]! * b[a]! * b[c]!;
      }
    }
    for (let a = 0; a < 3; a++) M[a * 4] = M[a * 4]! + 1e-6;
    const sol = solveDense(M, v, 3);
    if (!sol) break;
    coef = sol;
    for (let i = 0; i < n; i++) {
      if (!valid[i]) continue;
      const r =
        (d[i]! - (coef[0]! + coef[1]! * t[i]! + coef[2]! * t[i]! * t[i]!)) / (4.685 * sigma);
      w[i] = Math.abs(r) < 1 ? (1 - r * r) ** 2 : 0;
    }
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = coef[0]! + coef[1]! * t[i]! + coef[2]! * t[i]! * t[i]!;
  return out;
}

/** The best border point found at each of the SAMPLES points along one side. */
interface SideSamples {
  t: Float64Array;
  /** offset along the outward normal */
  dev: Float64Array;
  valid: Uint8Array;
  nearBorder: number;
  sideCounted: number;
  sideSupported: number;
}

/**
 * How far the side's samples stray from its trend: the mean distance, each capped at `cap`
 * (a sample with no edge at all counts as the cap).
 */
function strayFromCurve(s: SideSamples, trend: Float64Array, cap: number): number {
  let sum = 0;
  for (let i = 1; i < SAMPLES - 1; i++) {
    sum += s.valid[i] ? Math.min(cap, Math.abs(s.dev[i]! - trend[i]!)) : cap;
  }
  return sum / (SAMPLES - 2);
}

/**
 * Scans ±R along the outward normal (nx, ny) at SAMPLES points of side a→b for the strongest
 * sharp edge facing the right way with contrast across it (nearer the side preferred), of
 * polarity `sign` (page brighter +1, darker −1, either 0); falls back to the mask transition.
 */
function sampleSide(
  mask: Uint8Array,
  w: number,
  h: number,
  edges: EdgeMap,
  a: Point,
  b: Point,
  nx: number,
  ny: number,
  R: number,
  sign: number,
  nearest = false,
): SideSamples {
  const inside = (x: number, y: number): boolean => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= w || yi >= h) return false;
    return mask[yi * w + xi] === 1;
  };
  const t = new Float64Array(SAMPLES);
  const cand = new Float64Array(2 * R + 1);
  const candScore = new Float64Array(2 * R + 1);
  const dev = new Float64Array(SAMPLES);
  const valid = new Uint8Array(SAMPLES);
  let nearBorder = 0;
  let sideCounted = 0;
  let sideSupported = 0;
  for (let i = 0; i < SAMPLES; i++) {
    t[i] = i / (SAMPLES - 1);
    const px = a.x + (b.x - a.x) * t[i]!;
    const py = a.y + (b.y - a.y) * t[i]!;
    // Prefer a sharp edge facing the right way; fall back to the mask transition.
    let best = Infinity;
    let bestEdge = 0;
    let count = 0;
    for (let d = -R; d <= R; d += 1) {
      const x = Math.round(px + d * nx);
      const y = Math.round(py + d * ny);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const k = y * w + x;
      const m = edges.mag[k]!;
      if (m <= 0 || Math.abs(edges.gx[k]! * nx + edges.gy[k]! * ny) < 0.9) continue;
      // A paper edge has something else beyond it; a text stroke has paper again 3–6 px on.
      if (stripContrast(edges, x, y, nx, ny) < 12) continue;
      if (sign !== 0 && Math.sign(stepAcross(edges.luma, w, h, x, y, nx, ny)) !== sign) continue;
      const score = nearest ? m : m * (1 - Math.abs(d) / (2 * R));
      cand[count] = d;
      candScore[count++] = score;
      if (score > bestEdge) {
        bestEdge = score;
        best = d;
      }
    }
    if (nearest) {
      // The candidate nearest the side among those at least NEAR_SHARE as strong as the best.
      for (let c = 0; c < count; c++) {
        if (candScore[c]! >= NEAR_SHARE * bestEdge && Math.abs(cand[c]!) < Math.abs(best)) {
          best = cand[c]!;
        }
      }
    }
    const edgeHit = Number.isFinite(best);
    if (!edgeHit) {
      for (let d = -R; d <= R; d += 0.5) {
        if (inside(px + d * nx, py + d * ny) && !inside(px + (d + 0.5) * nx, py + (d + 0.5) * ny)) {
          const mid = d + 0.25;
          if (Math.abs(mid) < Math.abs(best)) best = mid;
        }
      }
    }
    if (Number.isFinite(best) && i > 0 && i < SAMPLES - 1) {
      dev[i] = best;
      valid[i] = 1;
    }
    const ex = px + (Number.isFinite(best) ? best : 0) * nx;
    const ey = py + (Number.isFinite(best) ? best : 0) * ny;
    if (ex < 2 || ey < 2 || ex > w - 3 || ey > h - 3) {
      nearBorder++;
      sideCounted++;
    } else if (i > 1 && i < SAMPLES - 2) {
      sideCounted++;
      if (edgeHit) sideSupported++;
    }
  }
  return { t, dev, valid, nearBorder, sideCounted, sideSupported };
}

/**
 * Follows the real page edge between consecutive corners: for 32 points per side, scans the
 * mask along the outward normal for the inside→outside transition nearest the corner-to-corner
 * line. Deviations that disagree with a robust quadratic trend (fingers, dog-ears, clutter)
 * fall back to the trend. A side hugging the image border is reported as clipped.
 * @example const traced = traceBoundary(mask, w, h, corners, luma, chroma);
 */
export function traceBoundary(
  mask: Uint8Array,
  w: number,
  h: number,
  corners: [Point, Point, Point, Point],
  edges: EdgeMap,
): TracedBoundary {
  const diag = Math.hypot(w, h);
  const curvesCw: Point[][] = [];
  const clippedCw: boolean[] = [];
  let supported = 0;
  let counted = 0;
  const sideSupport: number[] = [];
  for (let s = 0; s < 4; s++) {
    const a = corners[s]!;
    const b = corners[(s + 1) % 4]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const dx = (b.x - a.x) / len;
    const dy = (b.y - a.y) / len;
    const nx = dy;
    const ny = -dx;
    const R = Math.max(6, Math.round(0.03 * diag));
    const sigma = Math.max(1, diag / 500);
    const tol = Math.max(2.5, 0.012 * diag);
    const side = (sign: number): SideSamples =>
      sampleSide(mask, w, h, edges, a, b, nx, ny, R, sign);
    let sm = side(0);
    let trend = robustQuadratic(sm.t, sm.dev, sm.valid, sigma);
    // A bold heading just inside a faint border has far stronger edges, of the wrong polarity;
    // but polarity alone zigzags across a page stack's lines, and on crumpled paper it picks
    // among crease edges. So the polarity trace wins only when it forms a far cleaner curve.
    const sign = borderSign(mask, w, h, edges.luma, a, b, nx, ny, R);
    if (sign !== 0) {
      const alt = side(sign);
      const altTrend = robustQuadratic(alt.t, alt.dev, alt.valid, sigma);
      if (strayFromCurve(alt, altTrend, tol) < POLARITY_GAIN * strayFromCurve(sm, trend, tol)) {
        sm = alt;
        trend = altTrend;
      }
    }
    // A bold heading just inside a faint border on a table of the page's colour (no polarity
    // to go by): the strongest edges jump to the heading for a stretch. The trace through the
    // nearest edge of fair strength wins when it forms a far cleaner curve.
    const near = sampleSide(mask, w, h, edges, a, b, nx, ny, R, sign, true);
    const nearTrend = robustQuadratic(near.t, near.dev, near.valid, sigma);
    if (strayFromCurve(near, nearTrend, tol) < POLARITY_GAIN * strayFromCurve(sm, trend, tol)) {
      sm = near;
      trend = nearTrend;
    }
    const { t, dev, valid, nearBorder, sideCounted, sideSupported } = sm;
    const pts: Point[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      let d = valid[i] && Math.abs(dev[i]! - trend[i]!) <= tol ? dev[i]! : trend[i]!;
      // The ends pass through the corners, which are line intersections (dog-ear proof).
      if (i === 0 || i === SAMPLES - 1) d = 0;
      pts.push({ x: a.x + (b.x - a.x) * t[i]! + d * nx, y: a.y + (b.y - a.y) * t[i]! + d * ny });
    }
    curvesCw.push(pts);
    const clipped = nearBorder >= 0.8 * SAMPLES;
    clippedCw.push(clipped);
    // A clipped side carries no evidence; on other sides, border-hugging points count as
    // unsupported (a mask leaking into the background reaches the border).
    if (!clipped) {
      counted += sideCounted;
      supported += sideSupported;
      sideSupport.push(sideCounted > 0 ? sideSupported / sideCounted : 0);
    }
  }
  const mean = counted > 0 ? supported / counted : 0;
  // One unsupported side (a leaked or shadow-cut mask) makes the whole outline doubtful.
  const weakest = sideSupport.length ? Math.min(...sideSupport) : 0;
  const support = Math.min(mean, 0.35 + weakest);
  const nClipped = clippedCw.filter(Boolean).length;
  let confidence = nClipped === 4 ? 0.3 : support;
  let reason = 'page edges found';
  if (nClipped === 4) reason = 'page fills the frame';
  else if (support < 0.5) reason = 'weak contrast along the page edge';
  confidence = Math.max(0, Math.min(1, confidence));
  return {
    curves: [curvesCw[0]!, curvesCw[1]!, [...curvesCw[2]!].reverse(), [...curvesCw[3]!].reverse()],
    clipped: {
      top: clippedCw[0]!,
      right: clippedCw[1]!,
      bottom: clippedCw[2]!,
      left: clippedCw[3]!,
    },
    confidence,
    support,
    sides: sideSupport,
    reason,
  };
}
