import type { GrayImage, PageOutline, Point } from '../types.ts';
import { ArcCurve } from './coons.ts';

export type Side = 'top' | 'right' | 'bottom' | 'left';

/** Contrast is read between patches this share of the long side either side of an edge. */
const OFFSET = 0.006;
/** Half-width of the square patches (share of the long side). */
const PATCH = 0.002;
/** Grey levels between the two patches for an edge to count. */
const MIN_CONTRAST = 8;
/** Steps along the extension, as a share of the long side. */
const STEP = 0.005;
/** The neighbouring sides must run on, as edges, over this share of the extension… */
const MIN_SIDE_SUPPORT = 0.75;
/** …and the panel's far end must be an edge over this share of its length. */
const MIN_END_SUPPORT = 0.6;
/** A panel shorter than this share of the neighbouring side is not looked for (the side's own
 *  edge blur), nor one longer than the other share (a fold halves a page at most, but a page
 *  caught by its lit strip may run on further). */
const MIN_PANEL = 0.06;
const MAX_PANEL = 1.2;
/** The panel's edges may leave the corners turned this far (degrees) from the sides' lines, */
const MAX_TURN = 24;
/** …tried in steps of this. */
const TURN_STEP = 2;
/** Samples across the panel's far end (its middle 80 %). */
const END_SAMPLES = 20;

/** The mean of the (2r+1)² patch round (x, y), or NaN outside the image. */
function patch(g: GrayImage, x: number, y: number, r: number): number {
  const cx = Math.round(x);
  const cy = Math.round(y);
  if (cx - r < 0 || cy - r < 0 || cx + r >= g.width || cy + r >= g.height) return Number.NaN;
  let s = 0;
  for (let yy = cy - r; yy <= cy + r; yy++) {
    const row = yy * g.width;
    for (let xx = cx - r; xx <= cx + r; xx++) s += g.data[row + xx]!;
  }
  return s / (2 * r + 1) ** 2;
}

/** Evenly spaced points (by arc length) along a polyline, both ends kept. */
export function resamplePolyline(pts: Point[], n: number): Point[] {
  const curve = new ArcCurve(pts);
  return Array.from({ length: n }, (_, i) => {
    const [x, y] = curve.at(i / (n - 1));
    return { x, y };
  });
}

const length = (pts: Point[]): number => new ArcCurve(pts).length;

/** The corners (indices into tl, tr, br, bl) at each side's first and last point. */
export const CORNER_INDEX: Record<Side, [number, number]> = {
  top: [0, 1],
  right: [1, 2],
  bottom: [3, 2],
  left: [0, 3],
};

/** The neighbours of each side: the side that meets its first corner, then its last one, and
 *  whether that neighbour runs towards (true) or away from the shared corner. */
const NEIGHBOURS: Record<Side, [[Side, boolean], [Side, boolean]]> = {
  top: [
    ['left', false],
    ['right', false],
  ],
  bottom: [
    ['left', true],
    ['right', true],
  ],
  left: [
    ['top', false],
    ['bottom', false],
  ],
  right: [
    ['top', true],
    ['bottom', true],
  ],
};

/**
 * The page run on past `side` when that side follows the near edge of a shaded panel rather
 * than the page's own end (a fold's far panel turned from the light, on a table much like the
 * paper): the two neighbouring sides go on as edges past their corners, each at an angle of its
 * own (the panel is tilted from the rest of the page), and a far end joins them. Each
 * neighbour's run is the direction, within 24° of its line near the corner, along which the
 * contrast across it (grey patches either side) holds longest with one sign; along each run,
 * steps across an edge are where the panel may end, and the pair whose joining line is an edge
 * over most of its length (one sign again) is its far end. Table texture rarely lines up with
 * both sides for long, and beyond a page's real end there are no such edges at all.
 * `panel` is the panel's length over the shorter neighbouring side's. Null when none is found.
 * @example const grown = extendPastShade(gray, outline, 'bottom');
 */
export function extendPastShade(
  gray: GrayImage,
  outline: PageOutline,
  side: Side,
): { outline: PageOutline; panel: number } | null {
  if (outline.clipped[side]) return null;
  const long = Math.max(gray.width, gray.height);
  const off = Math.max(3, OFFSET * long);
  const r = Math.max(1, Math.round(PATCH * long));
  const step = Math.max(2, STEP * long);
  const [[nA, towardsA], [nB, towardsB]] = NEIGHBOURS[side];
  if (outline.clipped[nA] || outline.clipped[nB]) return null;
  // Each neighbour's line near the shared corner, from 30 % of its length out to the corner.
  const ray = (name: Side, towards: boolean) => {
    const pts = towards ? outline[name] : [...outline[name]].reverse();
    const even = resamplePolyline(pts, 33);
    const corner = even[32]!;
    const base = even[22]!;
    const len = Math.hypot(corner.x - base.x, corner.y - base.y);
    if (len === 0) return null;
    return {
      corner,
      dx: (corner.x - base.x) / len,
      dy: (corner.y - base.y) / len,
      sideLength: length(pts),
    };
  };
  const a = ray(nA, towardsA);
  const b = ray(nB, towardsB);
  if (!a || !b) return null;
  // The page's inside, for the sign of each contrast: towards the middle of the opposite corners.
  const [tl, tr, br, bl] = outline.corners;
  const cx = (tl.x + tr.x + br.x + bl.x) / 4;
  const cy = (tl.y + tr.y + br.y + bl.y) / 4;
  /** Contrast across the line through (x, y) with unit direction (dx, dy): inside minus out. */
  const across = (x: number, y: number, dx: number, dy: number, inX: number, inY: number) => {
    let nx = -dy;
    let ny = dx;
    if ((inX - x) * nx + (inY - y) * ny < 0) {
      nx = -nx;
      ny = -ny;
    }
    return patch(gray, x + off * nx, y + off * ny, r) - patch(gray, x - off * nx, y - off * ny, r);
  };
  const maxT = MAX_PANEL * Math.min(a.sideLength, b.sideLength);
  const minT = MIN_PANEL * Math.min(a.sideLength, b.sideLength);
  // Each neighbour's run beyond its corner: the panel is tilted from the rest of the page, so its
  // edges leave the corners at an angle of their own; the one along which the edge holds
  // longest (a share of the steps with contrast of one sign) is the panel's.
  const run = (from: NonNullable<typeof a>, other: NonNullable<typeof a>) => {
    let bestRun = { reach: 0, dx: from.dx, dy: from.dy };
    for (let deg = -MAX_TURN; deg <= MAX_TURN; deg += TURN_STEP) {
      const c = Math.cos((deg * Math.PI) / 180);
      const sn = Math.sin((deg * Math.PI) / 180);
      const dx = from.dx * c - from.dy * sn;
      const dy = from.dx * sn + from.dy * c;
      let steps = 0;
      let edges = 0;
      let sign = 0;
      let reach = 0;
      for (let t = 2 * off; t <= maxT; t += step) {
        const x = from.corner.x + t * dx;
        const y = from.corner.y + t * dy;
        // The page's inside: towards the other neighbour's corner.
        const v = across(x, y, dx, dy, other.corner.x, other.corner.y);
        if (Number.isNaN(v)) break;
        steps++;
        if (Math.abs(v) >= MIN_CONTRAST) {
          edges++;
          sign += Math.sign(v);
        }
        if (edges >= MIN_SIDE_SUPPORT * steps && Math.abs(sign) >= MIN_SIDE_SUPPORT * edges) {
          reach = t;
        } else if (steps >= 4) break;
      }
      if (reach > bestRun.reach) bestRun = { reach, dx, dy };
    }
    return bestRun;
  };
  const ra = run(a, b);
  const rb = run(b, a);
  // Where each run ends: steps across an edge (a drop or rise along the run, read a little
  // inside the panel so the side's own edge does not count). The panel's far end need not be
  // parallel to the fold, so the two runs may end at different lengths.
  const ends = (from: NonNullable<typeof a>, d: { reach: number; dx: number; dy: number }) => {
    let nx = -d.dy;
    let ny = d.dx;
    const other = from === a ? b : a;
    if ((other.corner.x - from.corner.x) * nx + (other.corner.y - from.corner.y) * ny < 0) {
      nx = -nx;
      ny = -ny;
    }
    const inset = 3 * off;
    const at = (t: number) =>
      patch(gray, from.corner.x + t * d.dx + inset * nx, from.corner.y + t * d.dy + inset * ny, r);
    const ts: number[] = [];
    const gs: number[] = [];
    for (let t = minT; t <= d.reach + 2 * off; t += step / 2) {
      ts.push(t);
      gs.push(Math.abs(at(t - off) - at(t + off)));
    }
    const found: number[] = [];
    for (let k = 0; k < ts.length; k++) {
      const g = gs[k]!;
      if (!(g >= MIN_CONTRAST)) continue;
      if (k > 0 && gs[k - 1]! > g) continue;
      if (k < ts.length - 1 && gs[k + 1]! >= g) continue;
      found.push(ts[k]!);
    }
    return found;
  };
  let best: { ta: number; tb: number; end: number } | null = null;
  for (const ta of ends(a, ra)) {
    for (const tb of ends(b, rb)) {
      const ax = a.corner.x + ta * ra.dx;
      const ay = a.corner.y + ta * ra.dy;
      const bx = b.corner.x + tb * rb.dx;
      const by = b.corner.y + tb * rb.dy;
      // The far end: an edge between the two points, the page inside (back towards the centre).
      const ex = bx - ax;
      const ey = by - ay;
      const el = Math.hypot(ex, ey);
      if (el === 0) continue;
      let edges = 0;
      let sign = 0;
      let seen = 0;
      for (let k = 0; k < END_SAMPLES; k++) {
        const f = 0.1 + (0.8 * (k + 0.5)) / END_SAMPLES;
        const c = across(ax + f * ex, ay + f * ey, ex / el, ey / el, cx, cy);
        if (Number.isNaN(c)) continue;
        seen++;
        if (Math.abs(c) >= MIN_CONTRAST) {
          edges++;
          sign += Math.sign(c);
        }
      }
      const end = seen > 0 ? Math.abs(sign) / seen : 0;
      if (seen >= END_SAMPLES / 2 && edges >= MIN_END_SUPPORT * seen && end >= MIN_END_SUPPORT) {
        if (!best || end > best.end || (end === best.end && ta + tb > best.ta + best.tb)) {
          best = { ta, tb, end };
        }
      }
    }
  }
  if (!best) return null;
  const t = Math.max(best.ta, best.tb);
  const A = { x: a.corner.x + best.ta * ra.dx, y: a.corner.y + best.ta * ra.dy };
  const B = { x: b.corner.x + best.tb * rb.dx, y: b.corner.y + best.tb * rb.dy };
  const grown: PageOutline = {
    ...outline,
    clipped: { ...outline.clipped },
    corners: [...outline.corners] as PageOutline['corners'],
  };
  const n = outline[side].length;
  grown[side] = resamplePolyline([A, B], Math.max(16, n));
  // The sides keep their points, the fold's kink among them, and gain the panel's edges
  // (an outline's sides hold at most 64 points).
  const extend = (name: Side, towards: boolean, to: Point) => {
    const own = outline[name].length > 48 ? resamplePolyline(outline[name], 48) : outline[name];
    const from = towards ? own[own.length - 1]! : own[0]!;
    const k = Math.min(16, Math.max(1, Math.round((own.length * t) / length(own))));
    const tail = Array.from({ length: k }, (_, i) => ({
      x: from.x + ((to.x - from.x) * (i + 1)) / k,
      y: from.y + ((to.y - from.y) * (i + 1)) / k,
    }));
    grown[name] = towards ? [...own, ...tail] : [...tail.reverse(), ...own];
  };
  extend(nA, towardsA, A);
  extend(nB, towardsB, B);
  const [ia, ib] = CORNER_INDEX[side];
  grown.corners[ia] = A;
  grown.corners[ib] = B;
  return { outline: grown, panel: t / Math.min(a.sideLength, b.sideLength) };
}
