import type { Point } from '../types.ts';
import { type EdgeMap, segmentSupport, sidesContrast } from './edges.ts';
import { intersect, isConvex, lineThrough, orderCorners, quadArea, type Line } from './quad.ts';

/** Angle bins of the line vote (1° each over 180°). */
const ANGLES = 180;
/** Each edge pixel votes for its own gradient direction ± this many bins. */
const SPREAD = 8;
/** A line's vote is a local maximum within ± this many angle bins. */
const PEAK_ANGLE = 5;
/** Lines kept from the vote. */
const MAX_LINES = 24;
/** A kept line has at least this share of the image's shorter side in votes. */
const MIN_VOTES = 0.06;
/** Opposite sides of a page in perspective differ by at most this angle (degrees)… */
const MAX_OPPOSITE = 35;
/** …and neighbouring sides by at least this. */
const MIN_ADJACENT = 50;
/** Each side must be an edge over this share of its middle… */
const MIN_SIDE_SUPPORT = 0.6;
/** …with at least this contrast across it (grey levels, as in `sidesContrast`). */
const MIN_SIDE_CONTRAST = 6;
/** Each end of a side may move this far (px) onto its edge. */
const NUDGE = 3;
/** A side with edges beyond it at more than this share of its points runs inside the page. */
const MAX_BUSY = 0.3;
/** The quad covers at least this share of the frame. */
const MIN_AREA = 0.08;
/** Corners may lie this far outside the frame (share of its size): a page cut by the frame. */
const OUTSIDE = 0.02;

interface VotedLine extends Line {
  votes: number;
  angle: number;
}

/**
 * The page as the largest quadrilateral whose four sides are long straight edges: a vote of the
 * edge pixels for lines (each pixel for the line through it along its own edge direction), the
 * strongest lines kept, and every closed four-sided figure of them scored by the edge support
 * along each side between its corners. A page whose border is an edge all round but fades
 * into a light table here and there (no colour mask finds it, and the gaps let the edge
 * enclosure leak) still has four straight sides; rules and text inside it are enclosed by them.
 * Returns the corners (tl, tr, br, bl) at the edge map's scale, or null.
 * @example const quad = straightEdgeQuad(edges);
 */
export function straightEdgeQuad(
  e: EdgeMap,
): { corners: [Point, Point, Point, Point]; support: number } | null {
  const lines = votedLines(e);
  if (lines.length < 4) return null;
  const { width: w, height: h } = e;
  const minSep = 0.15 * Math.min(w, h);
  // Pairs of roughly parallel lines far enough apart to be opposite sides.
  const pairs: Array<[VotedLine, VotedLine]> = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      const d = angleBetween(a.angle, b.angle);
      if (d > MAX_OPPOSITE) continue;
      // Distance between the lines at the frame's centre.
      const cx = w / 2;
      const cy = h / 2;
      const da = a.nx * cx + a.ny * cy - a.c;
      const db = b.nx * cx + b.ny * cy - b.c;
      const sb = a.nx * b.nx + a.ny * b.ny < 0 ? -1 : 1;
      if (Math.abs(da - sb * db) < minSep) continue;
      pairs.push([a, b]);
    }
  }
  let best: { q: [Point, Point, Point, Point]; area: number; support: number } | null = null;
  const slack = OUTSIDE * Math.max(w, h);
  for (let p = 0; p < pairs.length; p++) {
    for (let r = p + 1; r < pairs.length; r++) {
      const [a, c] = pairs[p]!;
      const [b, d] = pairs[r]!;
      if (
        angleBetween(a.angle, b.angle) < MIN_ADJACENT ||
        angleBetween(a.angle, d.angle) < MIN_ADJACENT ||
        angleBetween(c.angle, b.angle) < MIN_ADJACENT ||
        angleBetween(c.angle, d.angle) < MIN_ADJACENT
      ) {
        continue;
      }
      const pts = [intersect(a, b), intersect(b, c), intersect(c, d), intersect(d, a)];
      if (
        pts.some(
          (q) => !q || q.x < -slack || q.y < -slack || q.x > w - 1 + slack || q.y > h - 1 + slack,
        )
      ) {
        continue;
      }
      const q = orderCorners(pts as Point[]);
      const area = quadArea(q);
      if (area < MIN_AREA * w * h || (best && area <= best.area) || !isConvex(q)) continue;
      const held = sidesHold(e, q);
      if (!held) continue;
      best = { q: held.corners, area, support: held.support };
    }
  }
  return best && { corners: best.q, support: best.support };
}

/**
 * Quad q with each side moved to the straight edge nearest it (each end within ±NUDGE px: a
 * vote bin is a pixel and a degree wide, and a long side a pixel off its edge loses much of its
 * support), and the weakest side's support; null when a side is no edge over most of its
 * middle, has too little contrast across it, or has many edges just beyond it.
 */
function sidesHold(
  e: EdgeMap,
  q: [Point, Point, Point, Point],
): { corners: [Point, Point, Point, Point]; support: number } | null {
  let min = 1;
  const lines: Line[] = [];
  const cx = (q[0].x + q[1].x + q[2].x + q[3].x) / 4;
  const cy = (q[0].y + q[1].y + q[2].y + q[3].y) / 4;
  for (let s = 0; s < 4; s++) {
    const a = q[s]!;
    const b = q[(s + 1) % 4]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const nx = -(b.y - a.y) / len;
    const ny = (b.x - a.x) / len;
    const at = (t: number, d1: number, d2: number): Point => ({
      x: a.x + t * (b.x - a.x) + (d1 + t * (d2 - d1)) * nx,
      y: a.y + t * (b.y - a.y) + (d1 + t * (d2 - d1)) * ny,
    });
    // A side far from any edge is not worth the search.
    if (segmentSupport(e, at(0.08, 0, 0), at(0.92, 0, 0), 2 + NUDGE) < MIN_SIDE_SUPPORT) {
      return null;
    }
    let best = { s: -1, d1: 0, d2: 0 };
    for (let d1 = -NUDGE; d1 <= NUDGE; d1++) {
      for (let d2 = -NUDGE; d2 <= NUDGE; d2++) {
        const v = segmentSupport(e, at(0.08, d1, d2), at(0.92, d1, d2), 2, 2, best.s, 0);
        if (v > best.s) best = { s: v, d1, d2 };
      }
    }
    const p = at(0.08, best.d1, best.d2);
    const r = at(0.92, best.d1, best.d2);
    if (best.s < MIN_SIDE_SUPPORT || sidesContrast(e, p, r) < MIN_SIDE_CONTRAST) return null;
    // Beyond a page's side lies the table, with few edges; beyond a text line or a rule taken
    // for a side lies more of the page.
    const out = (cx - p.x) * nx + (cy - p.y) * ny > 0 ? -1 : 1;
    if (busyBeyond(e, p, r, out * nx, out * ny) > MAX_BUSY) return null;
    min = Math.min(min, best.s);
    lines.push(lineThrough(p, r));
  }
  const corners = [3, 0, 1, 2].map((k) => intersect(lines[k]!, lines[(k + 1) % 4]!));
  if (corners.some((c) => !c)) return null;
  return { corners: corners as [Point, Point, Point, Point], support: min };
}

/**
 * Share of points along segment p→r with an edge 4–12 px beyond it in direction (ox, oy).
 */
function busyBeyond(e: EdgeMap, p: Point, r: Point, ox: number, oy: number): number {
  const { width: w, height: h, mag } = e;
  const len = Math.hypot(r.x - p.x, r.y - p.y);
  const n = Math.max(2, Math.round(len / 2));
  let busy = 0;
  for (let k = 0; k <= n; k++) {
    const x0 = p.x + ((r.x - p.x) * k) / n;
    const y0 = p.y + ((r.y - p.y) * k) / n;
    for (let d = 4; d <= 12; d++) {
      const x = Math.round(x0 + d * ox);
      const y = Math.round(y0 + d * oy);
      if (x < 0 || y < 0 || x >= w || y >= h) break;
      if (mag[y * w + x]! > 0) {
        busy++;
        break;
      }
    }
  }
  return busy / (n + 1);
}

/** Angle between two undirected line directions, in degrees (0–90). */
function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
}

/**
 * The strongest straight lines of the edge map: every edge pixel votes for the lines through it
 * within ±SPREAD° of its own edge direction, and local maxima of the vote are kept.
 */
function votedLines(e: EdgeMap): VotedLine[] {
  const { width: w, height: h, mag, gx, gy } = e;
  const R = Math.ceil(Math.hypot(w, h));
  const nr = 2 * R + 2;
  const acc = new Float32Array(ANGLES * nr);
  const cos = new Float32Array(ANGLES);
  const sin = new Float32Array(ANGLES);
  for (let k = 0; k < ANGLES; k++) {
    cos[k] = Math.cos((k * Math.PI) / ANGLES);
    sin[k] = Math.sin((k * Math.PI) / ANGLES);
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!(mag[i]! > 0)) continue;
      // The line's normal is the gradient direction, folded into [0°, 180°).
      let t = (Math.atan2(gy[i]!, gx[i]!) * ANGLES) / Math.PI;
      if (t < 0) t += ANGLES;
      const k0 = Math.round(t);
      for (let dk = -SPREAD; dk <= SPREAD; dk++) {
        const k = (((k0 + dk) % ANGLES) + ANGLES) % ANGLES;
        // Split between the two nearest ρ bins (a thinned edge steps by a pixel now and then).
        const rho = x * cos[k]! + y * sin[k]! + R;
        const r0 = Math.floor(rho);
        const fr = rho - r0;
        acc[k * nr + r0]! += 1 - fr;
        acc[k * nr + r0 + 1]! += fr;
      }
    }
  }
  const min = MIN_VOTES * Math.min(w, h);
  const peaks: VotedLine[] = [];
  for (let k = 0; k < ANGLES; k++) {
    for (let r = 1; r < nr - 1; r++) {
      const v = acc[k * nr + r]!;
      if (v < min || !isPeak(acc, nr, k, r, v)) continue;
      const th = (k * Math.PI) / ANGLES;
      peaks.push({
        nx: Math.cos(th),
        ny: Math.sin(th),
        c: r - R,
        votes: v,
        angle: (k * 180) / ANGLES,
      });
    }
  }
  peaks.sort((a, b) => b.votes - a.votes);
  return peaks.slice(0, MAX_LINES);
}

/** Whether bin (k, r) holds the most votes within ±3° and ±4 px (angle wraps with ρ negated). */
function isPeak(acc: Float32Array, nr: number, k: number, r: number, v: number): boolean {
  for (let dk = -PEAK_ANGLE; dk <= PEAK_ANGLE; dk++) {
    let kk = k + dk;
    let rr0 = r;
    if (kk < 0 || kk >= ANGLES) {
      kk = (kk + ANGLES) % ANGLES;
      rr0 = nr - 1 - r;
    }
    for (let dr = -4; dr <= 4; dr++) {
      if (dk === 0 && dr === 0) continue;
      const rr = rr0 + dr;
      if (rr < 0 || rr >= nr) continue;
      const u = acc[kk * nr + rr]!;
      // Ties go to the first bin in scan order.
      if (u > v || (u === v && (dk < 0 || (dk === 0 && dr < 0)))) return false;
    }
  }
  return true;
}
