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
/** The panel's edges may leave the corners turned this far (degrees) from the sides' lines (a
 *  curled panel's further: it turns away more steeply), */
const MAX_TURN = 24;
const MAX_TURN_BENT = 32;
/** …tried in steps of this. */
const TURN_STEP = 2;
/** Samples across the panel's far end (its middle 80 %). */
const END_SAMPLES = 20;
/** Near its corner a curled panel's edge may not show over this share of the shorter
 *  neighbouring side: the run is not given up there (see extendPastShade). */
const LEAD = 0.1;
/** A run along a curled panel's edge turns by at most this many degrees in all, heading each
 *  step for where the edge lies across it from the point this many steps back. */
const MAX_BEND = 30;
const AIM_BACK = 4;

/** A run along a panel's edge from a corner: its points at lengths `ts` along it, and how far
 *  the edge held. */
interface Run {
  reach: number;
  ts: number[];
  xs: number[];
  ys: number[];
}

/** A straight run from `p` along the unit direction (dx, dy), holding nowhere. */
function straightRun(p: Point, dx: number, dy: number): Run {
  return { reach: 0, ts: [0, 1], xs: [p.x, p.x + dx], ys: [p.y, p.y + dy] };
}

/**
 * The run as a smooth curve: its points' offsets from the chord (corner to where the edge last
 * held) fitted by a parabola through the corner, so the page's side gains a clean edge, straight
 * along a fold's panel and bending along a curl's, not the tracker's pixel jitter.
 */
function smoothRun(r: Run): Run {
  let last = 0;
  while (last + 1 < r.ts.length && r.ts[last + 1]! <= r.reach) last++;
  if (last < 2) return r;
  const x0 = r.xs[0]!;
  const y0 = r.ys[0]!;
  const ex = r.xs[last]! - x0;
  const ey = r.ys[last]! - y0;
  const len = Math.hypot(ex, ey);
  if (len === 0) return r;
  const ux = ex / len;
  const uy = ey / len;
  // v = a·u + b·u² by least squares (the normal equations of a 2 × 2 system).
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let t1 = 0;
  let t2 = 0;
  for (let k = 1; k <= last; k++) {
    const dx = r.xs[k]! - x0;
    const dy = r.ys[k]! - y0;
    const u = dx * ux + dy * uy;
    const v = -dx * uy + dy * ux;
    s2 += u * u;
    s3 += u * u * u;
    s4 += u * u * u * u;
    t1 += u * v;
    t2 += u * u * v;
  }
  const det = s2 * s4 - s3 * s3;
  if (!(Math.abs(det) > 0)) return r;
  const a = (t1 * s4 - t2 * s3) / det;
  const b = (s2 * t2 - s3 * t1) / det;
  const xs = [...r.xs];
  const ys = [...r.ys];
  for (let k = 1; k < r.ts.length; k++) {
    const dx = r.xs[k]! - x0;
    const dy = r.ys[k]! - y0;
    const u = dx * ux + dy * uy;
    const v = a * u + b * u * u;
    xs[k] = x0 + u * ux - v * uy;
    ys[k] = y0 + u * uy + v * ux;
  }
  return { ...r, xs, ys };
}

/** The point at length `t` along a run (straight on past its ends), with its unit direction. */
function along(r: Run, t: number): { x: number; y: number; dx: number; dy: number } {
  let k = 0;
  while (k + 2 < r.ts.length && r.ts[k + 1]! <= t) k++;
  const ex = r.xs[k + 1]! - r.xs[k]!;
  const ey = r.ys[k + 1]! - r.ys[k]!;
  const len = Math.hypot(ex, ey) || 1;
  const f = (t - r.ts[k]!) / (r.ts[k + 1]! - r.ts[k]!);
  return { x: r.xs[k]! + f * ex, y: r.ys[k]! + f * ey, dx: ex / len, dy: ey / len };
}

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
 * When straight runs find no panel, a curled one is looked for (`bent`): its edges bend as the
 * paper turns away, and near the bend they may not show at all (the panel passes the table's
 * grey on its way into the shade). Each run then starts wherever the edge first holds within
 * LEAD of the corner, within 32° of the side's line, and follows the edge step by step (it
 * heads for where the grey steps most steeply across it); the run is then smoothed to a
 * parabola through the corner.
 * `panel` is the panel's length over the shorter neighbouring side's. Null when none is found.
 * @example const grown = extendPastShade(gray, outline, 'bottom');
 */
export function extendPastShade(
  gray: GrayImage,
  outline: PageOutline,
  side: Side,
): { outline: PageOutline; panel: number; bent: boolean } | null {
  return panelPast(gray, outline, side, false) ?? panelPast(gray, outline, side, true);
}

/** `extendPastShade` with straight runs (a fold's panel) or with runs that follow bending edges
 *  from where they first show (a curl's). */
function panelPast(
  gray: GrayImage,
  outline: PageOutline,
  side: Side,
  bending: boolean,
): { outline: PageOutline; panel: number; bent: boolean } | null {
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
  const lead = bending ? LEAD * Math.min(a.sideLength, b.sideLength) : 0;
  const maxTurn = bending ? MAX_TURN_BENT : MAX_TURN;
  const maxBend = (MAX_BEND * Math.PI) / 180;
  const half = Math.max(1, Math.round(off / 3));
  // Each neighbour's run beyond its corner: the panel is tilted from the rest of the page, so its
  // edges leave the corners at an angle of their own; the one along which the edge holds
  // longest (a share of the steps with contrast of one sign) is the panel's. A curled panel's
  // edges bend as they go, so with `bending` each step follows the edge (below), and near the
  // corner the edge may not show yet: a panel turning from the light is as bright as the table
  // somewhere on its way into the shade, so the count starts afresh until LEAD.
  const run = (from: NonNullable<typeof a>, other: NonNullable<typeof a>): Run => {
    let bestRun: Run = straightRun(from.corner, from.dx, from.dy);
    for (let deg = -maxTurn; deg <= maxTurn; deg += TURN_STEP) {
      const c = Math.cos((deg * Math.PI) / 180);
      const sn = Math.sin((deg * Math.PI) / 180);
      const dx0 = from.dx * c - from.dy * sn;
      const dy0 = from.dx * sn + from.dy * c;
      const path: Run = { reach: 0, ts: [0], xs: [from.corner.x], ys: [from.corner.y] };
      let turn = 0;
      let x = from.corner.x + 2 * off * dx0;
      let y = from.corner.y + 2 * off * dy0;
      let dx = dx0;
      let dy = dy0;
      let steps = 0;
      let edges = 0;
      let sign = 0;
      let reach = 0;
      for (let t = 2 * off; t <= maxT; t += step) {
        path.ts.push(t);
        path.xs.push(x);
        path.ys.push(y);
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
        } else if (reach === 0 && t <= lead) {
          steps = 0;
          edges = 0;
          sign = 0;
        } else if (steps >= 4) break;
        // The next step: along the edge as it bends. Across the next point, the edge is where
        // the grey steps most steeply with the run's sign; the run moves there (by at most half
        // a step) and heads for it from a few steps back, so one noisy reading does not turn it.
        let nx = x + step * dx;
        let ny = y + step * dy;
        if (bending && reach > 0) {
          let ix = -dy;
          let iy = dx;
          if ((other.corner.x - nx) * ix + (other.corner.y - ny) * iy < 0) {
            ix = -ix;
            iy = -iy;
          }
          let best = 0;
          let shift = 0;
          for (let o = -off; o <= off; o += 1) {
            const g =
              patch(gray, nx + (o + half) * ix, ny + (o + half) * iy, r) -
              patch(gray, nx + (o - half) * ix, ny + (o - half) * iy, r);
            if (Math.sign(sign) * g > best) {
              best = Math.sign(sign) * g;
              shift = o;
            }
          }
          shift = Math.max(-step / 2, Math.min(step / 2, shift));
          if (shift !== 0) {
            const px = nx + shift * ix;
            const py = ny + shift * iy;
            const back = Math.max(0, path.xs.length - 1 - AIM_BACK);
            const ux = px - path.xs[back]!;
            const uy = py - path.ys[back]!;
            const len = Math.hypot(ux, uy);
            const b = Math.atan2(dx * uy - dy * ux, dx * ux + dy * uy);
            if (len > 0 && Math.abs(turn + b) <= maxBend) {
              turn += b;
              dx = ux / len;
              dy = uy / len;
              nx = px;
              ny = py;
            }
          }
        }
        x = nx;
        y = ny;
      }
      if (reach > bestRun.reach) bestRun = { ...path, reach };
    }
    return bending ? smoothRun(bestRun) : bestRun;
  };
  const ra = run(a, b);
  const rb = run(b, a);
  // Where each run ends: steps across an edge (a drop or rise along the run, read a little
  // inside the panel so the side's own edge does not count). The panel's far end need not be
  // parallel to the fold, so the two runs may end at different lengths.
  const ends = (from: NonNullable<typeof a>, d: Run) => {
    const other = from === a ? b : a;
    const inset = 3 * off;
    const at = (t: number) => {
      const p = along(d, t);
      let nx = -p.dy;
      let ny = p.dx;
      if ((other.corner.x - p.x) * nx + (other.corner.y - p.y) * ny < 0) {
        nx = -nx;
        ny = -ny;
      }
      return patch(gray, p.x + inset * nx, p.y + inset * ny, r);
    };
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
      const { x: ax, y: ay } = along(ra, ta);
      const { x: bx, y: by } = along(rb, tb);
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
  const point = (d: Run, at: number): Point => {
    const p = along(d, at);
    return { x: p.x, y: p.y };
  };
  const A = point(ra, best.ta);
  const B = point(rb, best.tb);
  const grown: PageOutline = {
    ...outline,
    clipped: { ...outline.clipped },
    corners: [...outline.corners] as PageOutline['corners'],
  };
  const n = outline[side].length;
  grown[side] = resamplePolyline([A, B], Math.max(16, n));
  // The sides keep their points, the fold's kink among them, and gain the panel's edges
  // (an outline's sides hold at most 64 points).
  const extend = (name: Side, towards: boolean, d: Run, to: number) => {
    const own = outline[name].length > 48 ? resamplePolyline(outline[name], 48) : outline[name];
    const k = Math.min(16, Math.max(1, Math.round((own.length * t) / length(own))));
    const tail = Array.from({ length: k }, (_, i) => point(d, (to * (i + 1)) / k));
    grown[name] = towards ? [...own, ...tail] : [...tail.reverse(), ...own];
  };
  extend(nA, towardsA, ra, best.ta);
  extend(nB, towardsB, rb, best.tb);
  const [ia, ib] = CORNER_INDEX[side];
  grown.corners[ia] = A;
  grown.corners[ib] = B;
  return { outline: grown, panel: t / Math.min(a.sideLength, b.sideLength), bent: bending };
}
