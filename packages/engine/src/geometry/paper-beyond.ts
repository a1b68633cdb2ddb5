import type { PageOutline, Point, RgbImage } from '../types.ts';
import type { Side } from './shaded-panel.ts';
import { patchStats } from './raster.ts';
import { along } from './shadow-edge.ts';

/** Text samples beyond a side that make it a question at all. */
const MIN_POINTS = 3;
/** Places along a side where the paper on both sides is compared… */
const PLACES = 32;
/** …of which at least this many must show plain paper on both sides. */
const MIN_PAIRS = 6;
/** Plain paper beyond and inside a side differ by at most this much (grey levels, medians):
 *  one sheet under one light. A table, a shaded panel or a shadow differs by more. */
const SAME_PAPER = 3;
/** A patch is plain paper when its grey levels span less than this (no ink, no edge)… */
const PLAIN_SPAN = 24;
/** …and its colour is this close to grey (max − min channel over brightness). */
const PLAIN_CHROMA = 0.12;

const SIDES: Side[] = ['top', 'right', 'bottom', 'left'];

/** Distance from p to the polyline. */
function toPolyline(line: Point[], p: Point): number {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0;
    best = Math.min(best, Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y));
  }
  return best;
}

/**
 * Mean grey level of the 5 × 5 patch at (x, y), or null when it is off the image or not plain
 * paper: ink or an edge (grey levels spanning PLAIN_SPAN or more), or a colour (chroma over
 * `maxChroma` of its brightness, floored at 40).
 * @example const level = plainPaper(work, x, y); // 231 on paper, null on a letter
 */
export function plainPaper(
  work: RgbImage,
  x: number,
  y: number,
  maxChroma = PLAIN_CHROMA,
): number | null {
  const cx = Math.round(x);
  const cy = Math.round(y);
  if (cx < 2 || cy < 2 || cx >= work.width - 2 || cy >= work.height - 2) return null;
  const { mean, span, chroma } = patchStats(work, cx - 2, cy - 2, 5);
  if (span >= PLAIN_SPAN || chroma > maxChroma * Math.max(40, mean)) return null;
  return mean;
}

/** Plain paper is looked for this many steps (of the reach) beyond a side, and this many inside. */
const BEYOND_STEPS = 4;
const WITHIN_STEPS = 20;

/** The grey level of the first plain-paper patch from p along (nx, ny), in steps of `reach`. */
function firstPlain(
  work: RgbImage,
  p: Point,
  nx: number,
  ny: number,
  reach: number,
  steps: number,
): number | null {
  for (let j = 1; j <= steps; j++) {
    const v = plainPaper(work, p.x + j * reach * nx, p.y + j * reach * ny);
    if (v !== null) return v;
  }
  return null;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
};

/**
 * The side of `outline` past which the page runs on: text lies beyond it (`outside`, the text
 * check's samples well outside the outline) and the plain paper just beyond it is the paper just
 * inside it, to within SAME_PAPER grey levels. Such a side stops inside the sheet, at a picture's
 * edge, a rule or the gap between two lines of text: on a scan that fills the frame, the paper
 * mask covers everything and the outline snaps onto the strongest straight edges inside. A
 * page's own edge has a table, a shadow or a shaded panel beyond it. Null when no side is such.
 * @example if (paperRunsOn(work, outline, check.outside)) keepFullFrame();
 */
export function paperRunsOn(work: RgbImage, outline: PageOutline, outside: Point[]): Side | null {
  const open = SIDES.filter((s) => !outline.clipped[s] && outline[s].length >= 2);
  if (open.length === 0 || outside.length < MIN_POINTS) return null;
  const count = new Map<Side, number>();
  for (const p of outside) {
    let best: Side | null = null;
    let bestD = Infinity;
    for (const s of open) {
      const d = toPolyline(outline[s], p);
      if (d < bestD) {
        bestD = d;
        best = s;
      }
    }
    if (best) count.set(best, (count.get(best) ?? 0) + 1);
  }
  const c = outline.corners;
  const cx = (c[0].x + c[1].x + c[2].x + c[3].x) / 4;
  const cy = (c[0].y + c[1].y + c[2].y + c[3].y) / 4;
  const reach = Math.max(6, 0.012 * Math.hypot(work.width, work.height));
  for (const s of open) {
    if ((count.get(s) ?? 0) < MIN_POINTS) continue;
    const diffs: number[] = [];
    for (let k = 0; k < PLACES; k++) {
      const { p, tx, ty } = along(outline[s], 0.05 + (0.9 * (k + 0.5)) / PLACES);
      // The normal that points away from the outline's centre.
      let nx = -ty;
      let ny = tx;
      if (nx * (p.x - cx) + ny * (p.y - cy) < 0) {
        nx = -nx;
        ny = -ny;
      }
      // The nearest plain paper on either side: past a line of text beyond, past a picture
      // inside (a brochure's photo whose top edge the side snapped onto).
      const beyond = firstPlain(work, p, nx, ny, reach, BEYOND_STEPS);
      const within = firstPlain(work, p, -nx, -ny, reach, WITHIN_STEPS);
      if (beyond !== null && within !== null) diffs.push(Math.abs(beyond - within));
    }
    if (diffs.length >= MIN_PAIRS && median(diffs) <= SAME_PAPER) return s;
  }
  return null;
}
