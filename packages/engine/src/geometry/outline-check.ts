import type { GrayImage, PageOutline, Point } from '../types.ts';
import { identityMap, renderGray, scaleOutput } from './backward-map.ts';
import { detectTextLines, type TextLines } from './text-lines.ts';

/** Long side of the frame copy the text is looked for on (x-height stays ≥ ~6 px). */
const FRAME_SIDE = 960;
/** Share of the photo's text lines (by length) that may lie outside the outline. */
const MAX_OUTSIDE = 0.25;
/** A neighbouring side runs on along its own line to a moved side when it meets it at over
 *  this cosine (about 45° from parallel); at a shallower angle it stretches instead. */
const MIN_EXTEND_COS = 0.7;
/** A side moved past text keeps a margin beyond it of at most this share of its neighbours' length. */
const MAX_GROWN_MARGIN = 0.1;
/** The rectified page must keep at least this share of the line length seen in the photo. */
const MIN_KEPT = 0.45;

export interface OutlineCheck {
  /** null when the outline is consistent with the text; else why it is not */
  problem: string | null;
  details: Record<string, number>;
  /** samples of text lines well outside the outline, in photo pixels */
  outside: Point[];
  /** samples of text lines inside the outline and on paper (`onPaper`), in photo pixels */
  inside: Point[];
  /** character height in photo pixels */
  charHeight: number;
  /** the photo's own text lines (`frameText`), for a further check of the same photo */
  frame: TextLines;
}

function ring(o: PageOutline): Point[] {
  return [...o.top, ...o.right, ...[...o.bottom].reverse(), ...[...o.left].reverse()];
}

/** Squared distance from (x, y) to the closed polygon's boundary. */
function distance2(poly: Point[], x: number, y: number): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[j]!;
    const b = poly[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / len2)) : 0;
    const ex = a.x + t * dx - x;
    const ey = a.y + t * dy - y;
    best = Math.min(best, ex * ex + ey * ey);
  }
  return best;
}

function inside(poly: Point[], x: number, y: number): boolean {
  let on = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) on = !on;
  }
  return on;
}

const frameScale = (gray: GrayImage): number =>
  Math.min(1, FRAME_SIDE / Math.max(gray.width, gray.height));

/**
 * The photo's own text lines, found on a copy at most FRAME_SIDE px long (coordinates in that
 * copy's pixels), level pieces linked across wide gaps as for the rectified page's count.
 * @example const frame = frameText(gray);
 */
export function frameText(gray: GrayImage): TextLines {
  const fs = frameScale(gray);
  return detectTextLines(
    renderGray(gray, scaleOutput(identityMap(gray.width, gray.height, 8), fs)),
    { linkLevelPieces: true },
  );
}

const textLength = (t: TextLines): number =>
  t.lines.reduce((s, l) => s + (l.rule ? 0 : l.length), 0);

/**
 * Checks a detected page outline against the text in the photo: a shadow edge or a fold taken
 * for the page border leaves text lines outside the outline, and a wrong outline warps the
 * page so that far fewer text lines survive rectification. `rectified` are the lines found on
 * the rectified page at `rectScale` (output px × rectScale), found with `linkLevelPieces` like
 * the photo's; `frame` are the photo's own lines
 * when an earlier check of the same photo already found them. Line samples outside the outline
 * where `onPaper(x, y)` (photo px) is false are not text of the page and do not count at all.
 * More than `maxOutside` of the text (by length) outside the outline is a problem.
 * @example const { problem } = checkOutlineAgainstText(gray, outline, lines, 0.8);
 */
export function checkOutlineAgainstText(
  gray: GrayImage,
  outline: PageOutline,
  rectified: TextLines,
  rectScale: number,
  frame: TextLines = frameText(gray),
  onPaper: (x: number, y: number) => boolean = () => true,
  maxOutside = MAX_OUTSIDE,
): OutlineCheck {
  const fs = frameScale(gray);
  const poly = ring(outline);
  let total = 0;
  let outside = 0;
  const outsidePoints: Point[] = [];
  const insidePoints: Point[] = [];
  // Text only (rules include shadows and edges of the table the page lies on), and only well
  // outside the outline: a curled border may pass just over the ends of lines.
  const textLines = frame.lines.filter((l) => !l.rule);
  const margin2 = ((2 * frame.charHeight) / fs) ** 2;
  for (const l of textLines) {
    const n = l.xs.length;
    let out = 0;
    let off = 0;
    for (let k = 0; k < n; k++) {
      const x = l.xs[k]! / fs;
      const y = l.ys[k]! / fs;
      const within = inside(poly, x, y);
      // A finger or a blot beside a line is taken into it: only samples on paper set the
      // text's margins inside.
      if (within && onPaper(x, y)) insidePoints.push({ x, y });
      if (!within && distance2(poly, x, y) > margin2) {
        // Grain or weave in a coloured table beyond the page reads as lines of text too.
        if (!onPaper(x, y)) {
          off++;
          continue;
        }
        out++;
        outsidePoints.push({ x, y });
      }
    }
    const length = (l.length * (n - off)) / Math.max(1, n);
    total += length;
    outside += (length * out) / Math.max(1, n - off);
  }
  const frameLength = total / fs;
  const rectLength = textLength(rectified) / rectScale;
  const details = {
    frameLines: textLines.length,
    outsideShare: total > 0 ? outside / total : 0,
    keptShare: frameLength > 0 ? rectLength / frameLength : 1,
  };
  const found = {
    details,
    outside: outsidePoints,
    inside: insidePoints,
    charHeight: frame.charHeight / fs,
    frame,
  };
  if (textLines.length >= 3 && details.outsideShare > maxOutside) {
    return {
      problem: `${Math.round(details.outsideShare * 100)}% of the text lies outside the page outline`,
      ...found,
    };
  }
  if (textLines.length >= 5 && details.keptShare < MIN_KEPT) {
    return {
      problem: `rectifying by the outline kept only ${Math.round(details.keptShare * 100)}% of the text lines`,
      ...found,
    };
  }
  return { problem: null, ...found };
}

type Side = 'top' | 'right' | 'bottom' | 'left';

/**
 * Moves one side of an outline out past text that lies beyond it (a shadowed panel behind a fold
 * taken for the page's end): the side's line is shifted along its outward normal until every
 * outside point is `margin` px inside, the two neighbouring sides run on along their own lines
 * to it, and the side becomes the straight line between them (its trace followed a shadow or a
 * fold, so its wiggles are not the edge's). With `inside` (the text inside the outline), the
 * margin left past the text is at least the narrower of the margins the text keeps from the two
 * neighbouring sides, up to MAX_GROWN_MARGIN of their length: a page's margins are much alike
 * all round, and the side's true place is unknown. Returns null unless at least 80 % of the
 * points lie beyond one side, or when the grown outline leaves the image.
 * @example const grown = growOutlineToText(outline, check.outside, 2 * check.charHeight, w, h);
 */
export function growOutlineToText(
  outline: PageOutline,
  points: Point[],
  margin: number,
  width: number,
  height: number,
  inside: Point[] = [],
): PageOutline | null {
  if (points.length === 0) return null;
  const [tl, tr, br, bl] = outline.corners;
  // Each side as a chord with its outward unit normal (the page is on the inner side).
  const centre = {
    x: (tl.x + tr.x + br.x + bl.x) / 4,
    y: (tl.y + tr.y + br.y + bl.y) / 4,
  };
  const chord = (a: Point, b: Point) => {
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    let nx = -(b.y - a.y) / len;
    let ny = (b.x - a.x) / len;
    if ((centre.x - a.x) * nx + (centre.y - a.y) * ny > 0) {
      nx = -nx;
      ny = -ny;
    }
    return { a, nx, ny };
  };
  const sides: Record<Side, ReturnType<typeof chord>> = {
    top: chord(tl, tr),
    right: chord(tr, br),
    bottom: chord(bl, br),
    left: chord(tl, bl),
  };
  const beyond = (side: Side, p: Point): number => {
    const c = sides[side];
    return (p.x - c.a.x) * c.nx + (p.y - c.a.y) * c.ny;
  };
  const names: Side[] = ['top', 'right', 'bottom', 'left'];
  const counts = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const p of points) {
    let best: Side = 'top';
    for (const n of names) if (beyond(n, p) > beyond(best, p)) best = n;
    counts[best]++;
  }
  const side = names.reduce((a, b) => (counts[b] > counts[a] ? b : a));
  if (counts[side] < 0.8 * points.length || outline.clipped[side]) return null;
  let reach = 0;
  for (const p of points) reach = Math.max(reach, beyond(side, p));
  const [n1, n2]: [Side, Side] =
    side === 'top' || side === 'bottom' ? ['left', 'right'] : ['top', 'bottom'];
  // The text's margin from each neighbouring side (how far in its nearest sample lies).
  const kept = (n: Side): number => {
    let m = Infinity;
    for (const p of inside) m = Math.min(m, -beyond(n, p));
    const [a, b] = [outline[n][0]!, outline[n][outline[n].length - 1]!];
    return Math.min(m, MAX_GROWN_MARGIN * Math.hypot(b.x - a.x, b.y - a.y));
  };
  const room = inside.length > 0 ? Math.min(kept(n1), kept(n2)) : 0;
  const shift = reach + Math.max(margin, room);
  const { nx, ny } = sides[side];
  const move = (p: Point, f: number): Point => ({
    x: p.x + f * shift * nx,
    y: p.y + f * shift * ny,
  });
  // The neighbouring sides run on along their own lines to the moved side (a page's sides go
  // on straight past the shadow or fold its end was taken for); one that meets the moved side
  // at a shallow angle instead stretches linearly towards the corner that moves.
  const extend = (pts: Point[], atEnd: boolean): { pts: Point[]; corner: Point } => {
    const c = atEnd ? pts[pts.length - 1]! : pts[0]!;
    const o = atEnd ? pts[0]! : pts[pts.length - 1]!;
    const len = Math.hypot(c.x - o.x, c.y - o.y) || 1;
    const ux = (c.x - o.x) / len;
    const uy = (c.y - o.y) / len;
    const along = ux * nx + uy * ny;
    if (along < MIN_EXTEND_COS) {
      const moved = pts.map((p, k) =>
        move(p, atEnd ? k / (pts.length - 1) : 1 - k / (pts.length - 1)),
      );
      return { pts: moved, corner: atEnd ? moved[moved.length - 1]! : moved[0]! };
    }
    const t = shift / along;
    const corner = { x: c.x + t * ux, y: c.y + t * uy };
    return { pts: atEnd ? [...pts, corner] : [corner, ...pts], corner };
  };
  // The moved side was traced along something other than the page's edge (text lay beyond
  // it), so its shape says nothing about the edge's: it becomes the chord between its new
  // corners.
  const straight = (a: Point, b: Point, n: number): Point[] =>
    Array.from({ length: n }, (_, k) => {
      const t = k / (n - 1);
      return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    });
  // The neighbours run from their first corner to their second: the top and the left start at
  // the top-left corner, so the bottom or the right side moves their last point.
  const atEnd = side === 'bottom' || side === 'right';
  const e1 = extend(outline[n1], atEnd);
  const e2 = extend(outline[n2], atEnd);
  const out: PageOutline = { ...outline, [n1]: e1.pts, [n2]: e2.pts };
  out[side] = straight(e1.corner, e2.corner, Math.max(2, outline[side].length));
  out.corners = [
    out.top[0]!,
    out.top[out.top.length - 1]!,
    out.bottom[out.bottom.length - 1]!,
    out.bottom[0]!,
  ];
  const all = [...out.top, ...out.right, ...out.bottom, ...out.left];
  if (all.some((p) => p.x < -1 || p.y < -1 || p.x > width || p.y > height)) return null;
  return out;
}
