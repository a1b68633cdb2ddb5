import type { GrayImage, PageOutline, Point, RgbImage } from '../types.ts';
import { identityMap, renderGray, scaleOutput } from './backward-map.ts';
import { plainPaper } from './paper-beyond.ts';
import { patchStats } from './raster.ts';
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
/** The share kept is judged only when the photo shows at least this many text lines: on fewer
 *  it swings from one outline to the next (a folded receipt's six lines read 39 % kept on its
 *  own border and 79 % on a retry outline that ran a side diagonally through it, seed 6132). */
const MIN_KEPT_LINES = 8;
/** Turns (degrees) of the rectified page its text is counted on again when it kept too little. */
const KEPT_TURNS = [-4, -2, 2, 4];

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

/** Scale of the copy `frameText` reads the photo's lines on. */
export const frameScale = (gray: GrayImage): number =>
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
 * More than `maxOutside` of the text (by length) outside the outline is a problem; so is a
 * rectified page that keeps under MIN_KEPT of it, judged with `recount` (its lines and their
 * scale on the page turned by `deg` degrees) by the median over a few small turns.
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
  recount?: (deg: number) => { lines: TextLines; scale: number },
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
  if (textLines.length >= MIN_KEPT_LINES && details.keptShare < MIN_KEPT && recount) {
    // The count is noisy on a page that is not level yet: the level pieces of a crumpled form's
    // table rows, 4° off level, no longer link into rows (seed 5083 kept 41% as rectified, 64%,
    // 70%, 55% and 114% turned by −4°, −2°, 2° and 4°). So a page that seems to lose its text is
    // judged by the median of its count as rectified and turned by a few degrees either way.
    // (Taking the best turn instead passed a curled invoice's outline along a shadow, its text
    // bent 30° and read at one turn only: seed 5111.)
    const shares = [details.keptShare];
    for (const deg of KEPT_TURNS) {
      const turned = recount(deg);
      shares.push(textLength(turned.lines) / turned.scale / frameLength);
    }
    shares.sort((a, b) => a - b);
    Object.assign(details, {
      keptShare: shares[shares.length >> 1]!,
      keptLevel: details.keptShare,
    });
  }
  if (textLines.length >= MIN_KEPT_LINES && details.keptShare < MIN_KEPT) {
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

/** Most points a side of an outline holds. */
const MAX_SIDE_POINTS = 64;

/** The polyline resampled evenly by arc length, `spacing` apart or as near as MAX_SIDE_POINTS
 *  allows (never fewer points than it had). */
function evenly(pts: Point[], spacing: number): Point[] {
  const cum = [0];
  for (let k = 1; k < pts.length; k++) {
    cum.push(cum[k - 1]! + Math.hypot(pts[k]!.x - pts[k - 1]!.x, pts[k]!.y - pts[k - 1]!.y));
  }
  const total = cum[cum.length - 1]!;
  const n = Math.min(MAX_SIDE_POINTS, Math.max(pts.length, Math.ceil(total / spacing) + 1));
  const out: Point[] = [];
  let k = 1;
  for (let i = 0; i < n; i++) {
    const at = (total * i) / (n - 1);
    while (k < pts.length - 1 && cum[k]! < at) k++;
    const span = cum[k]! - cum[k - 1]! || 1;
    const t = Math.min(1, Math.max(0, (at - cum[k - 1]!) / span));
    const [p, q] = [pts[k - 1]!, pts[k]!];
    out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
  }
  return out;
}

/** A side pushed past a line of text it cut keeps this many character heights beyond the
 *  line's centre (half a line for its ascenders, the rest a margin). */
const CUT_CLEARANCE = 1.6;
/** The push fades out along the side at this slope (outward per unit along it) beyond the
 *  cut line's end, so the side bends rather than steps. */
const CUT_TAPER = 0.5;
/** Farthest a side is pushed, in character heights: a line just past it and its clearance. */
const MAX_PUSH = 3;
/** A sample of a line is cut by a side when its centre lies within this many character
 *  heights of it, or beyond. */
const CUT_REACH = 0.5;
/** A line counts as cut by a side when at least this many of its samples are... */
const MIN_CUT_SAMPLES = 3;
/** ...and at least this share of its samples are not past it (a line wholly beyond the page
 *  is the background's, or the check above has dealt with it). */
const MIN_CUT_INSIDE = 0.5;

type OutlineSide = 'top' | 'right' | 'bottom' | 'left';

/**
 * `side` of `outline` resampled about `spacing` apart (`pts`), with its chord's frame: `us`
 * along the chord from its first point, `vs` outward (away from the outline's centre), and
 * `along`, `beyond` that measure any point so.
 */
function sideFrame(outline: PageOutline, side: OutlineSide, spacing: number) {
  const [tl, tr, br, bl] = outline.corners;
  const centre = { x: (tl.x + tr.x + br.x + bl.x) / 4, y: (tl.y + tr.y + br.y + bl.y) / 4 };
  const pts = evenly(outline[side], spacing);
  const a = pts[0]!;
  const b = pts[pts.length - 1]!;
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  let nx = -uy;
  let ny = ux;
  if ((centre.x - a.x) * nx + (centre.y - a.y) * ny > 0) {
    nx = -nx;
    ny = -ny;
  }
  const along = (p: Point) => (p.x - a.x) * ux + (p.y - a.y) * uy;
  const beyond = (p: Point) => (p.x - a.x) * nx + (p.y - a.y) * ny;
  return { pts, nx, ny, along, beyond, us: pts.map(along), vs: pts.map(beyond) };
}

/**
 * `outline` with `side` pushed out (along its chord's outward normal) to what `need` asks of
 * it, (along, outward) pairs in `frame`'s terms, fading out along the side beyond each
 * (CUT_TAPER) so it bends rather than steps; its corners move with it, and points stay inside
 * the image. Null when it does not move, or would move by over `maxPush`.
 */
function pushSide(
  outline: PageOutline,
  side: OutlineSide,
  frame: ReturnType<typeof sideFrame>,
  need: Array<[number, number]>,
  ch: number,
  maxPush: number,
  width: number,
  height: number,
): PageOutline | null {
  const { pts, us, vs, nx, ny } = frame;
  let moved = false;
  let most = 0;
  const pushed = pts.map((p, k) => {
    const u = us[k]!;
    const v = vs[k]!;
    let target = -Infinity;
    for (const [nu, nv] of need) {
      target = Math.max(target, nv - CUT_TAPER * Math.max(0, Math.abs(u - nu) - ch));
    }
    if (target <= v) return p;
    moved = true;
    most = Math.max(most, target - v);
    const q = { x: p.x + (target - v) * nx, y: p.y + (target - v) * ny };
    return {
      x: Math.min(width - 1, Math.max(0, q.x)),
      y: Math.min(height - 1, Math.max(0, q.y)),
    };
  });
  if (!moved || most > maxPush) return null;
  const o: PageOutline = { ...outline, corners: [...outline.corners], [side]: pushed };
  const first = pushed[0]!;
  const last = pushed[pushed.length - 1]!;
  // The neighbouring sides share the moved corners (top tl→tr, bottom bl→br, left tl→bl,
  // right tr→br): the top and the left start at the top-left corner.
  const setEnd = (n: OutlineSide, atStart: boolean, p: Point) => {
    const copy = [...o[n]];
    copy[atStart ? 0 : copy.length - 1] = p;
    o[n] = copy;
  };
  const across = side === 'top' || side === 'bottom';
  const atStart = side === 'top' || side === 'left';
  setEnd(across ? 'left' : 'top', atStart, first);
  setEnd(across ? 'right' : 'bottom', atStart, last);
  const [c1, c2] = { top: [0, 1], bottom: [3, 2], left: [0, 3], right: [1, 2] }[side];
  o.corners[c1!] = first;
  o.corners[c2!] = last;
  return o;
}

/**
 * The outline with its top and bottom sides pushed out past the text lines they cut through
 * (in photo pixels; `frame` are the photo's own lines, `fs` their copy's scale): a side
 * traced along a shading edge or a curl's highlight can run along a line of text, say a book's
 * running head, and the rectified page would lose the tops of its letters. A line of text never
 * crosses the page's true top or bottom edge, so each side moves out, along its chord's outward
 * normal, to CUT_CLEARANCE character heights beyond every cut line's centre, fading out along
 * the side beyond the cut (CUT_TAPER); points stay inside the image. The left and right sides
 * are left alone: line ends there may overhang a curled border by a sample. A side that would
 * move by over MAX_PUSH character heights is left alone too: it cuts across the text (a
 * shadow's edge), and bending it round each line would not mend it. A line mostly past the side
 * is not counted: it is the background's (grain in a table reads as text) or the facing page's.
 * (No paper-colour test here: a cream page under warm light is not neutral.) Null when no side
 * moves.
 * @example const pushed = pushPastCutText(outline, frame, fs, w, h);
 */
export function pushPastCutText(
  outline: PageOutline,
  frame: TextLines,
  fs: number,
  width: number,
  height: number,
): PageOutline | null {
  const ch = frame.charHeight / fs;
  let out: PageOutline | null = null;
  for (const side of ['top', 'bottom'] as const) {
    // Evenly about a character height apart (at most MAX_SIDE_POINTS), so that the push
    // reaches right to a cut line's end.
    const f = sideFrame(out ?? outline, side, ch);
    const { us, vs, along, beyond } = f;
    // The side's outward offset at `u` along its chord; null off its span.
    const sideAt = (u: number): number | null => {
      for (let k = 1; k < us.length; k++) {
        const [u0, u1] = [us[k - 1]!, us[k]!];
        if ((u - u0) * (u - u1) > 0 || u0 === u1) continue;
        return vs[k - 1]! + ((vs[k]! - vs[k - 1]!) * (u - u0)) / (u1 - u0);
      }
      return null;
    };
    // What each cut line needs of this side, as (along, required beyond) pairs: every sample
    // of it over the side's span, for its letters near the side are cut as well as those past it.
    const need: Array<[number, number]> = [];
    for (const l of frame.lines) {
      if (l.rule) continue;
      const n = l.xs.length;
      const samples: Array<[number, number]> = [];
      let cut = 0;
      let past = 0;
      for (let k = 0; k < n; k++) {
        const p = { x: l.xs[k]! / fs, y: l.ys[k]! / fs };
        const u = along(p);
        const v = beyond(p);
        const edge = sideAt(u);
        if (edge === null) continue;
        samples.push([u, v + CUT_CLEARANCE * ch]);
        if (v > edge - CUT_REACH * ch) {
          cut++;
          if (v > edge) past++;
        }
      }
      if (cut >= MIN_CUT_SAMPLES && n - past >= MIN_CUT_INSIDE * n) need.push(...samples);
    }
    if (need.length === 0) continue;
    // A side that cuts deeper into the text than a line's own clearance, or across several
    // lines, did not just graze a line: it follows a shadow's edge or a fold across the page,
    // which the outline's other checks deal with (a push would bend it round each line).
    out = pushSide(out ?? outline, side, f, need, ch, MAX_PUSH * ch, width, height) ?? out;
  }
  return out;
}

/** A colour (a logo, a photo, a stamp, a signature in blue) where the chroma of a 3 × 3 patch is
 *  at least this share of its brightness (floored at 40): paper and black ink stay under it, in
 *  the casts the synthetic and real photos show. */
const PICTURE_CHROMA = 0.3;
/** A picture crosses a side when it is coloured this many px inside it as well as on it. */
const PICTURE_INSIDE = 3;
/** A picture a side cut ends within this share of the neighbouring sides' length past it
 *  (further on: a coloured table, a banner that runs off the page, a picture as large as it). */
const PICTURE_REACH = 0.08;
/** Plain paper follows a cut picture for at least this many px (a picture's frame, then paper)… */
const PICTURE_PAPER = 4;
/** …at least this share as light as the paper on the page's side of it: the paper past a logo
 *  a side cut under a cast shadow read 0.7 of it, the dark patches of a green fabric desk past
 *  an outline's corner that bulged over it under 0.5 (curl/invoice#1271). */
const PICTURE_PAPER_MATCH = 0.6;
/** The paper on the page's side of a cut picture is looked for this many times further in. */
const PICTURE_INWARD = 3;
/** A side is pushed past a picture it cuts at this many of its places at least (a character
 *  height apart): a coloured speck on the border is no picture. */
const MIN_PICTURE_PLACES = 2;
/** A side coloured at more than this share of its places runs along a coloured desk, a book's
 *  page stack or a tinted page, not across a picture (a cookbook's yellowed page under warm
 *  light read coloured at 55–64 of 64 places on every side; a logo a side cut, 2–4). */
const PICTURE_SIDE_SHARE = 0.3;
/** A side pushed past a picture keeps this many character heights beyond its far edge. */
const PICTURE_CLEARANCE = 1;

function colourAt(work: RgbImage, x: number, y: number): boolean {
  const cx = Math.round(x);
  const cy = Math.round(y);
  if (cx < 1 || cy < 1 || cx >= work.width - 1 || cy >= work.height - 1) return false;
  const { mean, chroma } = patchStats(work, cx - 1, cy - 1, 3);
  return chroma >= PICTURE_CHROMA * Math.max(40, mean);
}

/**
 * Where the colour that starts at `at(0)` ends along `at(d)`, d = 1, 2, …, `reach` (px), and the
 * grey level of the plain paper that follows it (PICTURE_PAPER px of it); null when the colour
 * runs on past the reach, ends within PICTURE_INSIDE (a picture the line only grazes), or gives
 * way to something other than plain paper.
 */
function pictureEnd(
  work: RgbImage,
  at: (d: number) => Point,
  reach: number,
): { end: number; paper: number } | null {
  for (let d = 1; d <= reach; d++) {
    const q = at(d);
    if (colourAt(work, q.x, q.y)) continue;
    if (d <= PICTURE_INSIDE) return null;
    let paper = 0;
    for (let e = 1; e <= PICTURE_PAPER; e++) {
      const r = at(d + 2 + e);
      // Plain paper, coloured no more than a picture is not (paper in a cast shadow under a
      // green cast reads 0.16).
      const v = plainPaper(work, r.x, r.y, PICTURE_CHROMA);
      if (v === null) return null;
      paper += v / PICTURE_PAPER;
    }
    return { end: d, paper };
  }
  return null;
}

/**
 * The outline with a side pushed out past the coloured pictures it cuts (a logo, a photo, a
 * stamp; `work` is the photo, `ch` the character height in its pixels): text beyond a side
 * moves it out (`growOutlineToText`, `pushPastCutText`), but a picture is no text, and a side
 * grown to just past a title cut the logo beside it (curl/brochure#11001, whose logo the edge
 * cleanup then took for desk). At each place along a side, a picture is cut where the photo is
 * coloured on the side and PICTURE_INSIDE px inside it, and the colour ends within
 * PICTURE_REACH of the page past it, in plain paper: a coloured table or a banner that runs off
 * the page goes on. The side moves, as `pushPastCutText` moves it, to PICTURE_CLEARANCE
 * character heights past each cut picture's far edge, fading out along it. Sides are taken in
 * turn, each from the outline as pushed so far; null when none moves.
 * @example const pushed = pushPastCutPictures(outline, work, ch);
 */
export function pushPastCutPictures(
  outline: PageOutline,
  work: RgbImage,
  ch: number,
): PageOutline | null {
  const sides: OutlineSide[] = ['top', 'right', 'bottom', 'left'];
  const chord = (s: OutlineSide) => {
    const p = outline[s];
    return Math.hypot(p[p.length - 1]!.x - p[0]!.x, p[p.length - 1]!.y - p[0]!.y);
  };
  let out: PageOutline | null = null;
  for (const side of sides) {
    const o: PageOutline = out ?? outline;
    if (o.clipped[side] || o[side].length < 2) continue;
    const across = side === 'top' || side === 'bottom';
    const reach =
      (PICTURE_REACH * (across ? chord('left') + chord('right') : chord('top') + chord('bottom'))) /
      2;
    const f = sideFrame(o, side, ch);
    const need: Array<[number, number]> = [];
    let coloured = 0;
    f.pts.forEach((p, k) => {
      const at = (d: number) => ({ x: p.x + d * f.nx, y: p.y + d * f.ny });
      const inside = at(-PICTURE_INSIDE);
      if (!colourAt(work, p.x, p.y) || !colourAt(work, inside.x, inside.y)) return;
      coloured++;
      const far = pictureEnd(work, at, reach);
      // The paper on the page's side of the picture, to match the paper past it against (most
      // of a cut picture may lie inside).
      const near = pictureEnd(work, (d) => at(-d), PICTURE_INWARD * reach);
      if (far === null || near === null || far.paper < PICTURE_PAPER_MATCH * near.paper) return;
      need.push([f.us[k]!, f.vs[k]! + far.end + PICTURE_CLEARANCE * ch]);
    });
    if (need.length < MIN_PICTURE_PLACES || coloured > PICTURE_SIDE_SHARE * f.pts.length) continue;
    out =
      pushSide(o, side, f, need, ch, reach + PICTURE_CLEARANCE * ch, work.width, work.height) ??
      out;
  }
  return out;
}
