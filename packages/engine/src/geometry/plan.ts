import type {
  BackwardMap,
  GeometryPlan,
  GrayImage,
  PageOutline,
  Point,
  RgbImage,
  StageReport,
} from '../types.ts';
import { cleanScan } from '../detect/clean-scan.ts';
import {
  detectPage,
  LEAK_INNER_AREA,
  LEAK_SLACK,
  LEAKY_FILL,
  pageFeatures,
  type PageFeatures,
} from '../detect/page-detect.ts';
import { quadArea, quadCovers, quadEncloses } from '../detect/quad.ts';
import { identityMap, renderGray, rotateMap, scaleOutput } from './backward-map.ts';
import {
  detectTextLines,
  linesFromInk,
  textInk,
  type TextInk,
  type TextLine,
  type TextLines,
} from './text-lines.ts';
import { deskewMap, estimateSkew, rotateLines } from '../orient/skew.ts';
import {
  alignmentAsymmetry,
  detectUpsideDown,
  punctuationSides,
  textIsVertical,
} from '../orient/orientation.ts';
import { planText, turnText } from '../orient/text-direction.ts';
import { globalMap } from './global-map.ts';
import { snapPaper } from './aspect.ts';
import { stretchRows, textAspectFactor } from './text-aspect.ts';
import { sideJaggedness, withoutStep } from './coons.ts';
import {
  checkOutlineAgainstText,
  frameScale,
  growOutlineToText,
  pushPastCutPictures,
  pushPastCutText,
  type OutlineCheck,
} from './outline-check.ts';
import { MESH_MIN_LINE, refineLocal } from './local-refine.ts';
import { shadowedSides } from './shadow-edge.ts';
import { CORNER_INDEX, extendPastShade, type Side } from './shaded-panel.ts';
import { paperRunsOn } from './paper-beyond.ts';
import { toGray } from './raster.ts';

export interface PlanOptions {
  signal?: AbortSignal;
  /** Planning on the photo turned by a quarter already (its text ran vertically): no more. */
  turned?: boolean;
  /** Plan on the photo turned by a quarter (the text-direction model read its text running
   *  top to bottom where the plan saw none across). */
  quarter?: boolean;
  onProgress?: (f: number) => void;
  /**
   * Take the page mask's own extreme points for corners, not where the fitted side lines meet
   * (the retry for a crumpled page whose side lines cross far outside its bent corners).
   */
  cornersOnMask?: boolean;
}

/** A neutral-colour outline replaces one with a side along a shadow's edge only when it holds
 *  it and is this much larger (the page's shadowed part must add something real). */
const SHADOW_GROWTH = 1.15;
/** A neutral-colour outline taken where no side is a shadow's edge covers at least this share
 *  of the first outline. */
const NEUTRAL_COVERS = 0.95;
/** Outlines below this confidence are not trusted for a full Coons warp. */
const MIN_OUTLINE_CONFIDENCE = 0.65;
/** A retry's outline (neutral colour, four straight edges, edge enclosures) must be at least
 *  this confident (a book page beside an object at its corner scored 0.795 on its neutral
 *  colour: its side lost support where it ran round the object). */
const RETRY_CONFIDENCE = 0.75;
/** An edge enclosure inside a leaking mask's outline is taken when it finds at least this
 *  share of that outline's lines: the leaking outline's Coons patch bends the page's lines and
 *  breaks some into pieces (crumple/brochure#9033: 28 lines, the page's enclosure 24). */
const LEAK_INNER_LINES = 0.8;
const STEP = 8;
const ANALYSIS_SIDE = 1280;

/** Another outline of the search holding the text beyond the chosen one finds at least this
 *  share of its lines. */
const MIN_OTHER_LINES = 0.9;
/** Share of the photo's text (by length) beyond the outline above which the outline grows. */
const MIN_OUTSIDE = 0.01;
/** A retry outline (the first was rejected, or its text was tilted) that leaves more of the
 *  text than this beyond it, grown or not, is not taken: it would cut off part of the page. */
const RETRY_MAX_OUTSIDE = 0.03;
/** A page run on past a curled panel (`extendPastShade`) may read this share of its text lines
 *  (a fold's panel must keep them all): the blank panel makes the page taller, so its analysis
 *  copy is coarser, and a curl's few short lines there run together (#7111: 38 of 40). */
const CURLED_PANEL_LINES = 0.9;
/** An outline grows past the text beyond it at most this many times (see grownPastText). */
const MAX_GROWTHS = 2;
/** An outline the page's edges enclose is rejected, not grown, with more of the text beyond it
 *  than this: such an outline is often a block inside the page (a form's boxes and table under
 *  its title), and moving one side out cannot bring back text beyond two of them. */
const ENCLOSED_MAX_OUTSIDE = 0.1;

/** The text's aspect ratio replaces the outline's when they disagree by more than this (ln),
 *  siding with the outline's plain side ratio against its corners. It was 0.15 (the text's
 *  estimate is good to about ±5 %); at 0.06, 16 of the 280 A/B and fresh photos change, every
 *  one's aspect error smaller (crumpled pages' corners read them 8–20 % too tall or short). */
const TEXT_ASPECT = 0.06;
/** ...or by more than this when the outline's ratio was snapped to a paper size, which a nearer
 *  paper size might take for the text's noise: A4 is 15 % from Legal and 9 % from Letter. */
const TEXT_ASPECT_SNAPPED = 0.12;
/** ...and snaps to a paper size within this (relative), wider than the corners' 3 %. */
const TEXT_SNAP = 0.065;
/** A half-turn by the ascender count is checked once more on the page rendered this much
 *  larger (or smaller, when the analysis copy is already full size). */
const THIRD_VIEW_SCALE = 1.25;
/** Pages longer than this over their width are receipts and strips, whose text lines up at
 *  both ends (items flush left, prices flush right). */
const RECEIPT_ASPECT = 1.8;
/** The flush-edge test needs this many text lines, and this many of them ending flush (two
 *  lines that happen to end alike on an upright invoice turned it, and five of a crumpled
 *  form's seven, #9043, its lone dots saying upright, 7 low to 1 high)… */
const MIN_ALIGN_LINES = 8;
const MIN_FLUSH_ENDS = 6;
/** …and on fewer than this many lines, lone dots clearly sitting low (upright) overrule it. */
const FEW_ALIGN_LINES = 12;
/** …and turns the page when ln((flush starts + 1) / (flush ends + 1)) is below minus
 *  MIN_FLUSH_RIGHT and, with ASCENDER_WEIGHT · ln(ascender ratio) added, below minus
 *  FLIP_EVIDENCE. The one upright page of seeds 1000–1079, 3000–3019, 5000–5019, 7000–7019,
 *  9000–9019, 11000–11019, 13000–13019 and 15000–15039 (photos and their flat originals,
 *  receipts aside) that leans flush right, a curled form (#15039), sums to −0.36. */
const MIN_FLUSH_RIGHT = 0.1;
const FLIP_EVIDENCE = 0.5;
const ASCENDER_WEIGHT = 0.5;
/** Without a flush edge to go by, a page is turned when at least MIN_ASCENDER_LINES lines were
 *  counted in both views, both read an ascender ratio below e^−ASCENDER_ALONE (0.55), and the
 *  lines lean flush left by no more than MAX_FLUSH_LEFT (ln). On the seeds above the lowest
 *  upright ratio so counted was e^−0.37; justified papers read 0.37–0.51 upside down. With the
 *  flush-edge rule, 93 of the 133 photos of the first five seed ranges turned upside down are
 *  turned back, and 47 of the 67 of the others (see ADR 009, session 18). */
const MIN_ASCENDER_LINES = 8;
const ASCENDER_ALONE = 0.6;
const MAX_FLUSH_LEFT = 0.2;
/** Lone dots (`punctuationSides`) turn a page when at least MIN_HIGH_DOTS hang from the top
 *  of the lines and ln((high + 1) / (low + 1)) reaches DOT_EVIDENCE; on pages other than
 *  receipts only when ln(ascender ratio) is at most MAX_ASCENDER_FOR_DOTS and the flush edge
 *  leans left by at most MAX_DOT_FLUSH (an upright letter photo, #1038, read 8 high dots and no
 *  low one: its ascenders, 2.6, say upright); an ascender count over fewer than
 *  MIN_ASCENDER_LINES lines does not hold them back (an upside-down invoice's read 0.25 or 3
 *  as its mesh moved by a pixel, #9019, its dots 16 high to 1 low). On the seeds above no
 *  upright page passes; receipts read at most −1.1 upright and at least 1.6 upside down. */
const MIN_HIGH_DOTS = 3;
const DOT_EVIDENCE = 1;
const MAX_ASCENDER_FOR_DOTS = 0.5;
const MAX_DOT_FLUSH = 0.5;
/** Upside-down text never reads below this ascender/descender ratio (see the orient stage). */
const MIN_FLIPPED_RATIO = 0.12;

/** A side this jagged (sideJaggedness) is tried smoothed: the text then decides. With 1.5
 *  rather than 2, the A/B photos (seeds 1000–1293, 7000–7193, 5000–5093, 6000–6093, 9000–9093)
 *  scored 0.0004 higher on the whole: 17 of 320 pages changed, 10 for the better
 *  (curl/invoice#7001 0.726 → 0.789; curl/brochure#7131 0.762 → 0.718, whose text then read
 *  its aspect ratio differently). */
const JAGGED = 1.5;
/** The smoothed sides are kept when the text lines' roughness drops below this share… */
const SMOOTHER = 0.9;
/** …and at least this many lines are found on the page they give. A receipt's items and prices
 *  are short lines, found as 4–7: at 8, perspective/receipt#1260 kept the zigzag of a side
 *  traced along a ragged shadow, and the letters of its items jumped (MS-SSIM 0.647, 0.699
 *  smoothed). Over the 320 A/B photos three receipts gained 0.008–0.052 and a folded one lost
 *  0.031 (the kink of its fold was smoothed with the sides). */
const MIN_SMOOTH_LINES = 4;

/**
 * How much the text lines jump and kink at the scale of words: the length-weighted RMS of the
 * second difference of their centrelines (px per sample). A smooth bend (curl, perspective left
 * over) barely counts; a word raised above its neighbours counts twice, at both its ends.
 */
function lineRoughness(lines: TextLine[]): number {
  let acc = 0;
  let wsum = 0;
  for (const l of lines) {
    const n = l.ys.length;
    if (n < 3 || l.rule) continue;
    let r = 0;
    for (let k = 1; k < n - 1; k++) r += (l.ys[k - 1]! - 2 * l.ys[k]! + l.ys[k + 1]!) ** 2;
    acc += l.length * Math.sqrt(r / (n - 2));
    wsum += l.length;
  }
  return wsum > 0 ? acc / wsum : 0;
}

/** A copy of the page `map` produces, at most ANALYSIS_SIDE px long, and its text lines. */
interface Analysis {
  /** analysis px per output px */
  scale: number;
  rect: GrayImage;
  lines: TextLines;
  /** the ink stage `lines` were found from, for other readings of the same rect */
  ink: TextInk;
}

/** The rectified page's text lines as the outline check counts them (level pieces linked). */
function counted(a: { ink: TextInk }): TextLines {
  return linesFromInk(a.ink, { linkLevelPieces: true });
}

function analyse(gray: GrayImage, map: BackwardMap): Analysis {
  const scale = Math.min(1, ANALYSIS_SIDE / Math.max(map.outWidth, map.outHeight));
  const rect = renderGray(gray, scaleOutput(map, scale));
  const ink = textInk(rect);
  return { scale, rect, lines: linesFromInk(ink), ink };
}

/** A coloured table (wood, fabric) is this far from neutral: chroma / luma of a 7 × 7 patch. */
const TABLE_CHROMA = 0.3;

/**
 * Whether the photo is neutral around work pixel (x, y), as paper is in any light (and the ink
 * printed on it mostly): chroma (max − min of the mean RGB of a 7 × 7 patch) under TABLE_CHROMA
 * of its luma (floored at 40, so noise in the dark does not count).
 */
function neutralAt(work: RgbImage, x: number, y: number): boolean {
  const { width: w, height: h, data } = work;
  const cx = Math.round(x);
  const cy = Math.round(y);
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let yy = Math.max(0, cy - 3); yy <= Math.min(h - 1, cy + 3); yy++) {
    for (let xx = Math.max(0, cx - 3); xx <= Math.min(w - 1, cx + 3); xx++) {
      const i = 3 * (yy * w + xx);
      r += data[i]!;
      g += data[i + 1]!;
      b += data[i + 2]!;
      n++;
    }
  }
  if (n === 0) return true;
  const luma = (0.299 * r + 0.587 * g + 0.114 * b) / n;
  const chroma = (Math.max(r, g, b) - Math.min(r, g, b)) / n;
  return chroma < TABLE_CHROMA * Math.max(40, luma);
}

/** The paper mask covers at least this share of the frame: the page may fill it. */
const FRAME_FILLED = 0.95;

/** No document is this much wider than tall with its text running along it (a cheque is 2.3
 *  times as wide as tall, a boarding pass 2.5): an outline that wide is a band of the page. */
const MIN_PAGE_ASPECT = 0.36;

/**
 * Why an outline is no page by its shape alone: its rectified page (text lines across) is more
 * than 1 / MIN_PAGE_ASPECT times as wide as tall. A curled form on a grey desk as light as the
 * paper: the only confident mask was the band above its table, whose rows are words too short
 * to count as text lines, so no text showed beyond it (seed 5131, a 3.6 : 1 strip). Retry
 * outlines are held to it too: printed on Legal paper the same form's first outline was a
 * blank patch with all the text beyond it, and the retry by the neutral colour was the band
 * above its table, 2.8 : 1. Null when it is not.
 */
function tooWide(aspect: number): string | null {
  return aspect < MIN_PAGE_ASPECT
    ? `a page ${(1 / aspect).toFixed(1)} times as wide as it is tall is a band of it`
    : null;
}

/** The text lines of a page rectified by its own outline run level, give or take a skew the
 *  deskew stage takes out: their median slope (by length) over this many degrees, on at least
 *  TILT_LINES lines, says the outline may not be the page's… */
const MAX_TEXT_TILT = 8;
const TILT_LINES = 8;
/** …and another outline is taken when its page has them within this many degrees of level. */
const LEVEL_TILT = 4;

/** The median slope (degrees, weighted by length) of the text lines `t`, or of its lines and
 *  rules together where it has fewer than TILT_LINES text lines (a form's words are few, its
 *  boxes' and table's rules many); null with fewer than TILT_LINES of those either. */
function textTilt(t: TextLines): number | null {
  const slopes = (rules: boolean) =>
    t.lines
      .filter((l) => (rules || !l.rule) && l.xs.length >= 2)
      .map((l) => ({
        deg:
          (Math.atan2(l.ys[l.ys.length - 1]! - l.ys[0]!, l.xs[l.xs.length - 1]! - l.xs[0]!) * 180) /
          Math.PI,
        w: l.length,
      }))
      .sort((p, q) => p.deg - q.deg);
  let a = slopes(false);
  if (a.length < TILT_LINES) a = slopes(true);
  if (a.length < TILT_LINES) return null;
  const total = a.reduce((s, p) => s + p.w, 0);
  let c = 0;
  for (const p of a) {
    c += p.w;
    if (c >= total / 2) return p.deg;
  }
  return a[a.length - 1]!.deg;
}

/** Whether an outline runs off the photo at two opposite sides (top and bottom, or left and
 *  right). */
function clippedAcross(o: PageOutline): boolean {
  return (o.clipped.top && o.clipped.bottom) || (o.clipped.left && o.clipped.right);
}

/** Whether outline `o` runs off the photo only where `first` does (a neutral-colour mask run on
 *  into a grey table reaches the frame). */
function reachesNoNewFrameSide(o: PageOutline, first: PageOutline): boolean {
  return (['top', 'right', 'bottom', 'left'] as const).every(
    (k) => first.clipped[k] || !o.clipped[k],
  );
}

/** Share of the text an outline kept that one taken over it must keep too. */
const KEEP_WITHIN = 0.95;

/** Whether an outline that kept `share` of the photo's text keeps (nearly) as much as one that
 *  kept `than` (a share not known does not object). */
function keepsText(share: number, than: number): boolean {
  return !(share < KEEP_WITHIN * than);
}

/**
 * Why an outline that passed the text check still stops inside the page: the paper mask covered
 * (nearly) the whole frame, so its sides snapped onto edges found inside, and text beyond one of
 * them lies on the same paper as the page inside it (`paperRunsOn`). Null when it does not. (A
 * receipt folded on a table as bright as its far panel: the mask stopped at the fold, and the
 * panel, text and all, differs from the lit half by under 3 levels; it is run on to its end
 * below instead.)
 */
function pageRunsOn(
  work: RgbImage,
  outline: PageOutline,
  check: OutlineCheck,
  det: { details: Record<string, unknown> },
): string | null {
  if (Number(det.details.areaFrac ?? 0) < FRAME_FILLED) return null;
  if (check.details.outsideShare! <= MIN_OUTSIDE) return null;
  const side = paperRunsOn(work, outline, check.outside);
  return side && `the paper runs on past the outline's ${side} side, with text on it`;
}

/** Share of the points sampled inside a panel the page was run on to that must be neutral. */
const PANEL_NEUTRAL = 0.7;

/**
 * Whether the panel between an outline and the same outline run on past its `side`
 * (`extendPastShade`) is neutral like paper: a coloured table's own shapes, or a shadow cast on
 * it, are not the page. Samples the middle of the panel along the side.
 */
function panelIsPaper(work: RgbImage, base: PageOutline, grown: PageOutline, side: Side): boolean {
  const [i, j] = CORNER_INDEX[side];
  const [a0, b0, a1, b1] = [
    base.corners[i]!,
    base.corners[j]!,
    grown.corners[i]!,
    grown.corners[j]!,
  ];
  let neutral = 0;
  const n = 9;
  for (let k = 0; k < n; k++) {
    const f = 0.1 + (0.8 * k) / (n - 1);
    const x = ((1 - f) * (a0.x + a1.x) + f * (b0.x + b1.x)) / 2;
    const y = ((1 - f) * (a0.y + a1.y) + f * (b0.y + b1.y)) / 2;
    if (neutralAt(work, x, y)) neutral++;
  }
  return neutral >= PANEL_NEUTRAL * n;
}

function checkAbort(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}

/**
 * A second page outline, from the neutral-colour feature by default or as `opts` asks, when it
 * is confident and not the frame, with its check against the photo's text (`check.problem` is
 * set when the two disagree).
 */
function secondOutline(
  work: RgbImage,
  features: PageFeatures,
  gray: GrayImage,
  onPaper: (x: number, y: number) => boolean,
  frame?: TextLines,
  opts: Parameters<typeof detectPage>[2] = { shadowInvariant: true },
) {
  const det = detectPage(work, undefined, { ...opts, features });
  if (opts.shadowInvariant && det.outline) {
    // The neutral mask runs on into a dark neutral table here and there, and a side that steps
    // out onto it would shear a band of the page: such a side becomes its chord.
    const o = det.outline;
    det.outline = {
      ...o,
      top: withoutStep(o.top),
      right: withoutStep(o.right),
      bottom: withoutStep(o.bottom),
      left: withoutStep(o.left),
    };
  }
  // Four straight edges may enclose a block of the page (a form's boxes) as well as the page.
  const maxOutside = opts.straightEdges ? ENCLOSED_MAX_OUTSIDE : undefined;
  return checkedOutline(det.outline, work, gray, onPaper, frame, maxOutside);
}

/**
 * `outline` with its global map, the analysis of the page that map produces, and its check
 * against the photo's text; null when the outline is missing, less confident than
 * `minConfidence`, along the frame all round, or degenerate.
 */
function checkedOutline(
  outline: PageOutline | null,
  work: RgbImage,
  gray: GrayImage,
  onPaper: (x: number, y: number) => boolean,
  frame?: TextLines,
  maxOutside?: number,
  minConfidence = RETRY_CONFIDENCE,
) {
  if (!outline || outline.confidence < minConfidence) return null;
  if (Object.values(outline.clipped).every(Boolean)) return null;
  return mappedAndChecked(outline, work, gray, onPaper, frame, maxOutside);
}

/** `outline` with its global map, the analysis of the page that map produces, and its check
 *  against the photo's text; null when the outline is degenerate. */
function mappedAndChecked(
  outline: PageOutline,
  work: RgbImage,
  gray: GrayImage,
  onPaper: (x: number, y: number) => boolean,
  frame?: TextLines,
  maxOutside?: number,
) {
  const global = globalMap(outline, work.width, work.height, STEP);
  if (!global) return null;
  const analysis = analyse(gray, global.map);
  const check = checkOutlineAgainstText(
    gray,
    outline,
    counted(analysis),
    analysis.scale,
    frame,
    onPaper,
    maxOutside,
    recountTurned(gray, global.map),
  );
  return { outline, global, ...analysis, check };
}

/** The text lines counted (and their scale) on the page of `map` turned by `deg` degrees, for
 *  the outline check's second look at a page that seems to lose its text. */
function recountTurned(gray: GrayImage, map: BackwardMap) {
  return (deg: number) => {
    const turned = analyse(gray, deskewMap(map, deg));
    return { lines: counted(turned), scale: turned.scale };
  };
}

/**
 * The text lines of an analysis whose centrelines keep a character height from the edges of
 * its page: an outline's growth is judged by these. A line the border cuts may come apart or
 * vanish once the border moves past it, and a border along a photo's edge is read as a row of
 * short lines (crumple/brochure#1293: seven of its 22 ran along its top and bottom edges, and
 * its growth past the title above, which read 21 lines, 19 of them clear of the edges, was
 * refused).
 */
function linesClearOfEdges({ rect, lines }: Pick<Analysis, 'rect' | 'lines'>): number {
  const m = lines.charHeight;
  return lines.lines.filter((l) => {
    let top = Infinity;
    let bottom = -Infinity;
    for (const y of l.ys) {
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
    return (
      top > m &&
      bottom < rect.height - 1 - m &&
      l.xs[0]! > m &&
      l.xs[l.xs.length - 1]! < rect.width - 1 - m
    );
  }).length;
}

/**
 * `outline` with the one side that text lies beyond (`check.outside`) moved out past it
 * (`growOutlineToText`), with its map, analysis and check: null unless the grown outline passes
 * the check, leaves under half as much text outside, and loses none of the text lines clear of
 * the page's edges (`before` is the analysis of `outline`'s page). When text still lies beyond
 * the grown outline, it grows once more, past that text too (beyond another side, or further
 * past the same one: a folded letter's retry outline was the lit part of its upper panel, grown
 * first past the text to its left; the text below the fold came next, #1282), and the second
 * growth is kept on the same terms.
 */
function grownPastText(
  work: RgbImage,
  gray: GrayImage,
  outline: PageOutline,
  check: OutlineCheck,
  before: Pick<Analysis, 'rect' | 'lines'>,
  onPaper: (x: number, y: number) => boolean,
) {
  let best = null;
  let lineCount = linesClearOfEdges(before);
  for (let round = 0; round < MAX_GROWTHS; round++) {
    const grown = growOutlineToText(
      outline,
      check.outside,
      2 * check.charHeight,
      work.width,
      work.height,
      check.inside,
    );
    const next = grown && mappedAndChecked(grown, work, gray, onPaper, check.frame);
    if (!next) break;
    const clear = linesClearOfEdges(next);
    const ok =
      !next.check.problem &&
      next.check.details.outsideShare! < 0.5 * check.details.outsideShare! &&
      clear >= lineCount;
    if (!ok) break;
    best = next;
    if (next.check.details.outsideShare! <= MIN_OUTSIDE) break;
    outline = next.outline;
    check = next.check;
    lineCount = clear;
  }
  return best;
}

/**
 * The global map over smoothed sides, when a side is jagged (traced along a page stack or a
 * ragged shadow: the Coons patch would carry its zigzag into the lines near it, whose words then
 * jump and lean). A curl or a fold can have real detail at that scale, so the smoothed map is
 * kept only when the page's text comes out clearly less rough and no fewer lines are found.
 * Null when no side is jagged.
 */
function smoothSidesByText(
  outline: PageOutline,
  work: RgbImage,
  gray: GrayImage,
  lines: TextLines,
): {
  details: Record<string, unknown>;
  kept: (Analysis & { map: BackwardMap }) | null;
} | null {
  const jaggedness = Math.max(
    sideJaggedness(outline.top),
    sideJaggedness(outline.bottom),
    sideJaggedness(outline.left),
    sideJaggedness(outline.right),
  );
  if (jaggedness <= JAGGED) return null;
  const g = globalMap(outline, work.width, work.height, STEP, true);
  if (!g) return null;
  const smooth = analyse(gray, g.map);
  const smoothLines = smooth.lines;
  const before = lineRoughness(lines.lines);
  const after = lineRoughness(smoothLines.lines);
  const keep =
    smoothLines.lines.length >= MIN_SMOOTH_LINES &&
    smoothLines.lines.length >= 0.9 * lines.lines.length &&
    after < SMOOTHER * before;
  return {
    details: {
      jaggedness,
      sidesSmoothed: keep,
      roughnessRawSides: before,
      roughnessSmoothSides: after,
    },
    kept: keep ? { map: g.map, ...smooth } : null,
  };
}

/**
 * The output's aspect ratio judged by its text (`textAspectFactor`), used when it disagrees with
 * the outline's by over 6 % (12 % when the outline's was `snappedTo` a paper size: crumpled A4
 * pages' corners snapped them to Legal) and sides with the outline's plain side-length ratio (`sides`)
 * against its corners: the corners of a crumpled page move without any perspective, which the
 * corner-based estimate reads as a strong tilt. The text's estimate is noisier (±5 % on the
 * bench), so it snaps to a paper size within 6.5 % unless a side is clipped. Null without
 * enough text; `map` is null when the outline's ratio stands.
 */
function aspectFromText(
  map: BackwardMap,
  lines: TextLines,
  scale: number,
  outline: PageOutline,
  sides: number,
  snappedTo: GeometryPlan['paper'] = null,
): {
  factor: number;
  map: BackwardMap | null;
  paper: GeometryPlan['paper'];
  reason: string;
} | null {
  const t = textAspectFactor(map, lines, scale);
  if (!t || !Number.isFinite(sides)) return null;
  const now = map.outHeight / map.outWidth;
  const wanted = now * t.factor;
  const closer = Math.abs(Math.log(wanted / sides)) < Math.abs(Math.log(now / sides));
  const threshold = snappedTo ? TEXT_ASPECT_SNAPPED : TEXT_ASPECT;
  if (Math.abs(Math.log(t.factor)) <= threshold || !closer) {
    return { factor: t.factor, map: null, paper: null, reason: '' };
  }
  const clipped = Object.values(outline.clipped).some(Boolean);
  const snapped = clipped ? { paper: null, aspect: wanted } : snapPaper(wanted, TEXT_SNAP);
  const change = Math.round(100 * Math.abs(t.factor - 1));
  const paper = snapped.paper;
  return {
    factor: t.factor,
    map: stretchRows(map, Math.max(16, Math.round(map.outWidth * snapped.aspect))),
    paper,
    reason: `aspect ratio from the text: ${change}% ${t.factor > 1 ? 'taller' : 'shorter'}${snappedTo ? ` than ${snappedTo}` : ''}${paper ? `, snapped to ${paper}` : ''}`,
  };
}

/**
 * Whether the text of the page `map` produces runs top to bottom (the photo was taken
 * sideways): the ink's rows and columns say so (`textIsVertical`), and the line finder, run on
 * the page turned by a quarter, finds clearly more text. Pages with plenty of long lines are
 * not asked.
 */
function runsVertically(
  gray: GrayImage,
  map: BackwardMap,
  scale: number,
  rect: GrayImage,
  lines: TextLines,
): boolean {
  const longLines = lines.lines.filter((l) => l.length > 0.25 * rect.width).length;
  if (longLines >= 12) return false;
  if (!textIsVertical(lines.ink, rect.width, rect.height, lines.charHeight).vertical) return false;
  const turned = linesFromInk(textInk(renderGray(gray, scaleOutput(rotateMap(map, 90), scale))));
  return turned.lines.length >= 3 && textLength(turned) > 1.5 * textLength(lines);
}

const textLength = (t: TextLines): number => t.lines.reduce((s, l) => s + l.length, 0);

/** The image turned by 90° clockwise. */
export function turnRgb(img: RgbImage): RgbImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h * 3);
  // Pixel (x, y) goes to (h − 1 − y, x) of the h × w result.
  for (let y = 0; y < h; y++) {
    const tx = h - 1 - y;
    for (let x = 0; x < w; x++) {
      const s = 3 * (y * w + x);
      const t = 3 * (x * h + tx);
      out[t] = data[s]!;
      out[t + 1] = data[s + 1]!;
      out[t + 2] = data[s + 2]!;
    }
  }
  return { width: h, height: w, data: out };
}

/**
 * A plan made on `work` turned by 90° clockwise, as a plan of `work` itself: its map and
 * outline point into `work` (turned pixel (x', y') is work's (y', h − 1 − x')), its rotation
 * has the quarter turn added, and its orient stage says so and `why`.
 */
function unturnPlan(plan: GeometryPlan, work: RgbImage, why: string): GeometryPlan {
  const h = work.height;
  const point = (p: Point): Point => ({ x: p.y, y: h - 1 - p.x });
  const unturnMap = (m: BackwardMap): BackwardMap => ({
    ...m,
    x: m.y.slice(),
    y: m.x.map((x) => h - 1 - x),
  });
  const o = plan.outline;
  const outline: PageOutline | null = o && {
    ...o,
    corners: o.corners.map(point) as PageOutline['corners'],
    top: o.top.map(point),
    right: o.right.map(point),
    bottom: o.bottom.map(point),
    left: o.left.map(point),
  };
  const rotation = ((plan.rotation + 90) % 360) as GeometryPlan['rotation'];
  const stages = plan.stages.map((st): StageReport => {
    if (st.stage !== 'orient') return st;
    return {
      ...st,
      applied: rotation !== 0,
      reason:
        rotation === 0
          ? `page is upright (planned on the photo turned by 90°: ${why})`
          : `turned by ${rotation}° (${why}${plan.rotation === 180 || plan.rotation === 270 ? '; upside-down text' : ''})`,
      details: { ...st.details, photoTurned: 90 },
    };
  });
  return {
    ...plan,
    outline,
    map: unturnMap(plan.map),
    rotation,
    stages,
    ...(plan.withoutLocal ? { withoutLocal: unturnPlan(plan.withoutLocal, work, why) } : {}),
  };
}

/**
 * Plans the geometry of one page photo at working size: detection → global Coons map →
 * local text-line refinement → deskew and 0/90/180/270 orientation, composed into one backward
 * map from the flat output (working scale) to `work` pixel coordinates.
 * @example const plan = planGeometry(work); // plan.map.outWidth × plan.map.outHeight
 */
export function planGeometry(work: RgbImage, opts: PlanOptions = {}): GeometryPlan {
  if (opts.quarter && !opts.turned) {
    return unturnPlan(
      planGeometry(turnRgb(work), { ...opts, quarter: false, turned: true }),
      work,
      'the text-direction model read its text running top to bottom',
    );
  }
  const stages: StageReport[] = [];
  const t0 = performance.now();
  checkAbort(opts.signal);
  // A clean scan's page fills the frame: a page search would only find printed structure in it.
  const scan = cleanScan(work);
  // The page search's features, made once and shared by its retries below.
  let made: PageFeatures | undefined;
  const features = (): PageFeatures => (made ??= pageFeatures(work));
  const det = scan.clean
    ? {
        outline: null,
        reason:
          'a clean scan (even paper up to the edges of the frame, no grain): the page fills the frame',
        details: {
          cleanScan: true,
          plainShare: scan.plainShare,
          borderShare: scan.borderShare,
          spread: scan.spread,
        },
      }
    : detectPage(work, undefined, { cornersOnMask: opts.cornersOnMask, features: features() });
  let outline = det.outline;
  stages.push({
    stage: 'detect',
    applied: outline !== null,
    reason: det.reason,
    ms: performance.now() - t0,
    details: { ...det.details, confidence: outline?.confidence ?? 0 },
  });
  opts.onProgress?.(0.3);
  checkAbort(opts.signal);

  const t1 = performance.now();
  let map = identityMap(work.width, work.height, STEP);
  let aspect = work.height / work.width;
  let paper: GeometryPlan['paper'] = null;
  let globalApplied = false;
  const allClipped = outline && Object.values(outline.clipped).every(Boolean);
  if (!outline || outline.confidence < MIN_OUTLINE_CONFIDENCE || allClipped) {
    stages.push({
      stage: 'global',
      applied: false,
      reason: scan.clean
        ? 'a clean scan: keeping the full frame'
        : !outline
          ? 'no page outline: keeping the full frame'
          : allClipped
            ? 'page fills the frame: keeping the full frame'
            : `outline confidence ${outline.confidence.toFixed(2)} too low: keeping the full frame`,
      ms: performance.now() - t1,
    });
  } else {
    const g = globalMap(outline, work.width, work.height, STEP);
    if (g) {
      map = g.map;
      aspect = g.aspect;
      globalApplied = true;
      paper = g.paper;
      stages.push({
        stage: 'global',
        applied: true,
        reason: paper
          ? `perspective and edge curl removed, snapped to ${paper}`
          : 'perspective and edge curl removed',
        ms: performance.now() - t1,
        details: g.details,
      });
    } else {
      stages.push({
        stage: 'global',
        applied: false,
        reason: 'degenerate corners',
        ms: performance.now() - t1,
      });
    }
  }
  opts.onProgress?.(0.45);
  checkAbort(opts.signal);

  const gray = toGray(work).image;
  const onPaper = (x: number, y: number): boolean => neutralAt(work, x, y);
  const t2 = performance.now();
  // Text analysis runs on a copy of the output at most ANALYSIS_SIDE px long.
  let { scale, rect, lines, ink } = analyse(gray, map);
  if (!opts.turned && runsVertically(gray, map, scale, rect, lines)) {
    // The photo was taken sideways: every check below reads text lines across the page, so the
    // page is planned again on the photo turned by a quarter (which quarter, the half-turn
    // check at the end settles).
    return unturnPlan(
      planGeometry(turnRgb(work), { ...opts, turned: true }),
      work,
      'text ran vertically in the photo',
    );
  }
  const globalStage = stages.find((st) => st.stage === 'global')!;
  let retry = !globalApplied && outline !== null && !allClipped;
  let rejected = false;
  // The photo's own text lines, once a check has found them.
  let frame: TextLines | undefined;
  // The outline as detected, when the text check found text beyond it (before any growth).
  let textBeyond: PageOutline | null = null;
  // An outline found by its edges alone may be a block of the page enclosed by its own rules
  // and text (a receipt's items between two rules): it may leave less text outside.
  const enclosed = String(det.details.feature ?? '').startsWith('edge enclosure');
  // Every rectified page is checked against the photo's own text: a side traced along a table
  // rule, a shadow's edge or a fold can cut the page anywhere, also between two lines of its
  // text, where nothing on the rectified page shows the cut (a form cut along its table's top
  // rule is a tidy table with a margin above it).
  if (globalApplied && outline) {
    // A shadow edge or a fold taken for the border crops the text (it then runs into the
    // rectified page's edge) or mangles it (few lines survive).
    const check = checkOutlineAgainstText(
      gray,
      outline,
      counted({ ink }),
      scale,
      undefined,
      onPaper,
      enclosed ? ENCLOSED_MAX_OUTSIDE : undefined,
      recountTurned(gray, map),
    );
    frame = check.frame;
    if (check.details.outsideShare! > MIN_OUTSIDE) textBeyond = outline;
    globalStage.details = { ...globalStage.details, ...check.details };
    const problem = check.problem ?? pageRunsOn(work, outline, check, det) ?? tooWide(aspect);
    if (problem) {
      retry = true;
      rejected = true;
      globalStage.applied = false;
      globalStage.reason = `${problem}: keeping the full frame`;
      globalApplied = false;
      paper = null;
    } else if (check.details.outsideShare! > MIN_OUTSIDE) {
      // A little text beyond one side (a shadowed panel behind a fold taken for the page's
      // end): move that side out past it, so nothing printed is cut off.
      const grown = grownPastText(work, gray, outline, check, { rect, lines }, onPaper);
      if (grown) {
        outline = grown.outline;
        ({ map, aspect, paper } = grown.global);
        ({ scale, rect, lines, ink } = grown);
        globalStage.reason = `${globalStage.reason} (outline grown past ${Math.round(100 * check.details.outsideShare!)}% of the text beyond its edge)`;
        globalStage.details = { ...grown.global.details, ...grown.check.details, grown: true };
      }
    }
  }
  // Whether another outline, checked against the photo's text, passes the check and leaves no
  // more than MIN_OUTSIDE of the text beyond it.
  const holds = (second: ReturnType<typeof checkedOutline>): second is NonNullable<typeof second> =>
    second !== null && !second.check.problem && second.check.details.outsideShare! <= MIN_OUTSIDE;
  // Another outline of the page search, checked: null unless it is at least `minConfidence`
  // confident and `holds`.
  const holdingText = (o: PageOutline | null, minConfidence: number) => {
    const second = checkedOutline(o, work, gray, onPaper, frame, undefined, minConfidence);
    return holds(second) ? second : null;
  };
  // Takes another outline for the page, with `why` for the report and `mark` in its details.
  const takeOther = (
    second: NonNullable<ReturnType<typeof checkedOutline>>,
    why: string,
    mark: Record<string, unknown>,
  ): void => {
    outline = second.outline;
    ({ map, aspect, paper } = second.global);
    ({ scale, rect, lines, ink } = second);
    globalStage.reason = `perspective and edge curl removed (${why})`;
    globalStage.details = { ...second.global.details, ...second.check.details, ...mark };
  };
  // The share of the text beyond the outline as detected, for the report.
  const beyond = (): string =>
    `${Math.round(100 * Number(globalStage.details?.outsideShare ?? 0))}% of the text lay beyond the ${String(det.details.feature)}'s outline`;
  // The page found by its neutral colour (shadow-invariant), asked for at most once.
  let neutral: ReturnType<typeof secondOutline> | undefined;
  const neutralOutline = () => (neutral ??= secondOutline(work, features(), gray, onPaper, frame));
  if (globalApplied && outline && textBeyond) {
    // Text beyond a side that runs along a shadow's edge (a cast shadow or a fold's shaded panel
    // across the page): the brightness masks stopped there, while the page's neutral colour
    // goes on past it. (Without text beyond, a darker table of the paper's own tint, common
    // under a warm light, would look the same and cost a second detection on every page.)
    const shaded = shadowedSides(work, textBeyond);
    if (shaded.length > 0) {
      const second = neutralOutline();
      // The text checks measure little here: the larger page holds all the smaller one's text,
      // and a receipt's rows are pieces too short to count as lines at all. What could go
      // wrong is the neutral mask running on into a grey table, which reaches the frame.
      const first: PageOutline = outline;
      const taken =
        second !== null &&
        quadEncloses(second.outline.corners, first.corners, SHADOW_GROWTH, 0.02) &&
        reachesNoNewFrameSide(second.outline, first) &&
        second.check.details.outsideShare! <= MIN_OUTSIDE;
      globalStage.details = { ...globalStage.details, shadowedSides: shaded.join(' ') };
      if (taken) {
        takeOther(
          second,
          `page found by its neutral colour past the shadow's edge that the first outline's ${shaded.join(' and ')} side followed`,
          { shadowedSides: shaded.join(' '), retried: true },
        );
      }
    }
  }
  if (globalApplied && outline && outline === textBeyond && 'others' in det && det.others) {
    // Text still lies beyond the outline: beyond more than one side, which growing cannot
    // mend, or past a side the shadow check did not move. Another outline the search found may
    // hold the whole page (an enclosure whose walls broke at a shadow cut across the page's
    // corner; with the gaps closed, the page's own border enclosed it). A larger one is taken
    // when it leaves no text outside and finds nearly as many lines (a jagged side cuts some
    // into two), or, where the outline's own text came out tilted past MAX_TEXT_TILT, level text:
    // a side along a cast shadow's diagonal edge bends the lines below it and breaks them into
    // more pieces than the page has (curl/brochure#17031: 21 lines tilted 9°, 17 level).
    const area = Number(det.details.areaFrac ?? 0);
    const firstTilt = textTilt(lines);
    const tilted = firstTilt !== null && Math.abs(firstTilt) > MAX_TEXT_TILT;
    for (const other of det.others) {
      if (Number(other.details.areaFrac ?? 0) <= area) continue;
      const second = holdingText(other.outline, MIN_OUTLINE_CONFIDENCE);
      if (
        !second ||
        (second.lines.lines.length < MIN_OTHER_LINES * lines.lines.length &&
          !(tilted && Math.abs(textTilt(second.lines) ?? Infinity) <= LEVEL_TILT))
      ) {
        continue;
      }
      const feature = String(other.details.feature);
      takeOther(second, `page found by its ${feature}: ${beyond()}`, { otherOutline: feature });
      break;
    }
  }
  if (globalApplied && outline && outline === textBeyond) {
    // Text still lies beyond the outline as detected, past a side that no shadow's edge explains
    // to the shadow check and that growing did not mend (crumple/brochure#9003: a cast shadow
    // over a crumpled page's title band, whose lit facets break the shadow's edge; the outline
    // ran under the title and cut the page to a landscape strip). The page found by its neutral
    // colour is taken when it holds all the text, finds nearly as many lines, covers the first
    // outline (a spike of it traced along a crease may stick out) and is larger, on no more
    // sides of the frame.
    const first: PageOutline = outline;
    const second = neutralOutline();
    if (
      holds(second) &&
      second.lines.lines.length >= MIN_OTHER_LINES * lines.lines.length &&
      quadCovers(second.outline.corners, first.corners, SHADOW_GROWTH, NEUTRAL_COVERS) &&
      reachesNoNewFrameSide(second.outline, first)
    ) {
      takeOther(second, `page found by its neutral colour: ${beyond()}`, { neutralColour: true });
    }
  }
  if (globalApplied && outline && outline === textBeyond) {
    // Text still lies beyond the outline as detected, which neither growing it nor another
    // candidate mended: a cast shadow's edge taken for part of the border leaves a corner
    // inside the page. Paper is smooth where a desk has grain, in shadow as in light, so the
    // page found by its smoothness is taken when it leaves no more than MIN_OUTSIDE of the text
    // outside, finds nearly as many lines, and is larger.
    const second = secondOutline(work, features(), gray, onPaper, frame, { smoothness: true });
    if (
      holds(second) &&
      second.lines.lines.length >= MIN_OTHER_LINES * lines.lines.length &&
      quadArea(second.outline.corners) > quadArea(outline.corners)
    ) {
      takeOther(second, `page found by its smooth paper: ${beyond()}`, { smoothPaper: true });
    }
  }
  if (
    // The outline as detected follows a mask that ran on past the page over a table as light as
    // the paper, to the frame (its straight sides were looked for inside it and not found: a
    // crumpled page's sides bend). No text lies beyond it, so the checks above never looked
    // further: an enclosure of the edges round the page, inside it and off the frame, is the
    // page when it holds all the text and finds most of its lines.
    globalApplied &&
    outline &&
    outline === det.outline &&
    Number(det.details.fill ?? 0) > LEAKY_FILL &&
    Object.values(outline.clipped).some(Boolean) &&
    'others' in det &&
    det.others
  ) {
    const area = Number(det.details.areaFrac ?? 0);
    const inner = det.others
      .filter(
        (o) =>
          String(o.details.feature ?? '').startsWith('edge enclosure') &&
          o.outline &&
          !Object.values(o.outline.clipped).some(Boolean) &&
          Number(o.details.areaFrac ?? 0) >= LEAK_INNER_AREA * area &&
          quadEncloses(outline!.corners, o.outline.corners, 1, LEAK_SLACK),
      )
      .sort((a, b) => Number(b.details.areaFrac) - Number(a.details.areaFrac));
    for (const other of inner) {
      const second = holdingText(other.outline, RETRY_CONFIDENCE);
      if (!second || second.lines.lines.length < LEAK_INNER_LINES * lines.lines.length) continue;
      const feature = String(other.details.feature);
      takeOther(
        second,
        `page found by its ${feature} inside the ${String(det.details.feature)} mask, which ran on past it`,
        { otherOutline: feature },
      );
      break;
    }
  }
  if (globalApplied && outline && frame) {
    // A top or bottom side traced along a shading edge across a line of text (a book's running
    // head under the curl's highlight): pushed out past the line, so its letters keep their tops.
    const pushed = pushPastCutText(outline, frame, frameScale(gray), work.width, work.height);
    const second = pushed && checkedOutline(pushed, work, gray, onPaper, frame, undefined, 0);
    // Its Coons patch bends the lines under the push, and some of them then come apart into
    // pieces or run together (the local warp straightens them): the line count says little,
    // but nearly as much of the photo's text must come through.
    const before = Number(globalStage.details?.keptShare);
    const kept =
      second &&
      (Number.isFinite(before)
        ? second.check.details.keptShare! >= MIN_OTHER_LINES * before
        : second.lines.lines.length >= MIN_OTHER_LINES * lines.lines.length);
    if (second && !second.check.problem && kept) {
      outline = second.outline;
      ({ map, aspect, paper } = second.global);
      ({ scale, rect, lines, ink } = second);
      globalStage.reason = `${globalStage.reason} (a side pushed out past a line of text it cut)`;
      globalStage.details = {
        ...globalStage.details,
        ...second.global.details,
        ...second.check.details,
        pushedPastText: true,
      };
    }
  }
  if (globalApplied && outline && frame) {
    // A side that cuts a logo, a photo or a stamp (grown to just past a title beside a logo):
    // pushed out past it, if the page still passes its checks and keeps its text clear of the
    // edges (a picture is no text, so the text checks above never move a side for one).
    const pushed = pushPastCutPictures(outline, work, frame.charHeight / frameScale(gray));
    const second = pushed && checkedOutline(pushed, work, gray, onPaper, frame, undefined, 0);
    const outsideBefore = Number(globalStage.details?.outsideShare ?? 0);
    if (
      second &&
      !second.check.problem &&
      second.check.details.outsideShare! <= Math.max(MIN_OUTSIDE, outsideBefore) &&
      linesClearOfEdges(second) >= linesClearOfEdges({ rect, lines })
    ) {
      outline = second.outline;
      ({ map, aspect, paper } = second.global);
      ({ scale, rect, lines, ink } = second);
      globalStage.reason = `${globalStage.reason} (a side pushed out past a picture it cut)`;
      globalStage.details = {
        ...globalStage.details,
        ...second.global.details,
        ...second.check.details,
        pushedPastPicture: true,
      };
    }
  }
  type Retried = {
    second: NonNullable<ReturnType<typeof secondOutline>>;
    how: string;
    grew: string;
  };
  // Second try with the shading-invariant paper feature (a cast shadow, a white table), then
  // with the page's four straight edges (a light table: the border fades in and out), then the
  // edges round it; each must pass the text check, and `accept` too. The first that passes is
  // taken, unless it runs off the photo at two opposite sides (a colour mask run on over a
  // table as light as the page, above and below it) or was grown past text beyond it: then a
  // later one that stays inside the photo, found whole, and keeps as much of the text is taken
  // instead. (Growth only guesses where the page ends from its text: fold/letter#6082's lit
  // panel, grown past the text above, stopped just over its letterhead, cutting the logo and
  // the margin; the edges round the page enclosed all of it.)
  // As a `lastResort` (the first outline rejected, and none of the three passed), the page
  // found by its smooth paper is tried last, on the same terms: paper is smooth where a desk
  // has grain, in shadow as in light (perspective/paper#9020, a shadow's diagonal edge across
  // the page on fabric: the whole frame came back, 0.431; 0.772 now). It is not asked where an
  // outline passed but tilted its text (crumple/brochure#5043 lost 0.024 to it there), nor
  // where another retry was taken (curl/invoice#6011's, grown, replaced a better one).
  const retryOutline = (
    accept: (second: Retried['second']) => boolean = () => true,
    lastResort = false,
  ) => {
    let taken: Retried | null = null;
    for (const [opts, how] of [
      [{ shadowInvariant: true }, 'its neutral colour'],
      [{ straightEdges: true }, 'its four straight edges'],
      [{ edgeEnclosures: true }, 'the edges round it'],
      [{ smoothness: true }, 'its smooth paper'],
    ] as const) {
      const smooth = 'smoothness' in opts;
      if (smooth && (taken || !lastResort)) break;
      let second = secondOutline(work, features(), gray, onPaper, frame, opts);
      let grew = '';
      if (second?.check.problem && second.check.details.outsideShare! > MIN_OUTSIDE) {
        // Its other sides may be right where one side runs along a rule or a box printed
        // on the page (the straight edge nearest a curled border): the text beyond it shows.
        const outside = second.check.details.outsideShare!;
        second = grownPastText(work, gray, second.outline, second.check, second, onPaper);
        if (second) grew = `, grown past ${Math.round(100 * outside)}% of the text beyond its edge`;
      }
      if (second && second.check.details.outsideShare! > RETRY_MAX_OUTSIDE) {
        // Text still beyond it would be cut off: a receipt on a white table whose retry outline
        // stopped under its heading (seed 7020, 14 %), a lit strip of a folded page grown twice
        // along sides that were not the page's, sheared, its left column cut (seed 7022, 4 %
        // left beyond). The first outline is rejected already, and the full frame at least
        // keeps everything printed (or, where its text was tilted, the first outline stays).
        // (Growing a retry that passed the check, as the first outline is grown, took a
        // brochure's retry past the text above it but not past its logo, seed 1251.)
        continue;
      }
      if (
        !second ||
        second.check.problem ||
        pageRunsOn(work, second.outline, second.check, det) ||
        tooWide(second.global.aspect) ||
        !accept(second)
      ) {
        continue;
      }
      if (!taken) {
        taken = { second, how, grew };
        if (!clippedAcross(second.outline) && !grew) break;
        continue;
      }
      if (
        !clippedAcross(second.outline) &&
        (clippedAcross(taken.second.outline) || (taken.grew && !grew)) &&
        keepsText(second.check.details.keptShare!, taken.second.check.details.keptShare!)
      ) {
        taken = { second, how, grew };
        break;
      }
    }
    return taken;
  };
  const takeRetried = ({ second, how, grew }: Retried, why: string): void => {
    globalApplied = true;
    globalStage.applied = true;
    takeOther(second, `page found by ${how}${grew}; ${why}`, { retried: true });
  };
  if (retry) {
    const taken = retryOutline(undefined, true);
    if (taken) {
      const first = globalStage.reason?.replace(/: keeping the full frame$/, '') ?? '';
      takeRetried(taken, `first outline rejected: ${first}`);
    }
  } else if (globalApplied && outline) {
    // The page rectified by its outline, its text lines tilted: another outline whose page
    // has them level (and keeps as much of the text) is taken instead. A tilted page's lines
    // break into pieces and may count more text than the photo shows (a curled form's 116 %):
    // an outline at least as confident need only keep 95 % of the photo's own.
    const tilt = textTilt(lines);
    if (tilt !== null && Math.abs(tilt) > MAX_TEXT_TILT) {
      const kept = Number(globalStage.details?.keptShare);
      const outsideBefore = Number(globalStage.details?.outsideShare ?? 0);
      const confidence = outline.confidence;
      const taken = retryOutline((second) => {
        const t = textTilt(second.lines);
        const than = second.outline.confidence >= confidence ? Math.min(1, kept) : kept;
        return (
          t !== null &&
          Math.abs(t) <= LEVEL_TILT &&
          keepsText(second.check.details.keptShare!, than) &&
          second.check.details.outsideShare! <= Math.max(MIN_OUTSIDE, outsideBefore)
        );
      });
      if (taken) {
        takeRetried(
          taken,
          `the first outline's text lines came out ${Math.abs(tilt).toFixed(0)}° from level`,
        );
      } else {
        globalStage.details = { ...globalStage.details, textTilt: tilt };
      }
    }
  }
  if (globalApplied && outline) {
    // A side along the near edge of a shaded panel (a fold's far panel turned from the light)
    // on a table much like the paper: no brightness or colour mask tells the panel from the
    // table, but the page's two neighbouring sides run on past that side as edges, to the
    // panel's own end. An outline grown past text beyond a side no longer runs along that
    // edge, so the outline as detected is tried too: its corners are still on the page's sides.
    let ext: ReturnType<typeof extendPastShade> = null;
    let extSide = '';
    for (const base of textBeyond && textBeyond !== outline ? [outline, textBeyond] : [outline]) {
      for (const side of ['top', 'right', 'bottom', 'left'] as const) {
        const e = extendPastShade(gray, base, side);
        // A curled panel found past the outline as detected must also reach past the outline
        // grown from it: short of that, it would only cut the page back.
        if (e?.bent && quadArea(e.outline.corners) <= quadArea(outline.corners)) continue;
        if (e && panelIsPaper(work, base, e.outline, side) && (!ext || e.panel > ext.panel)) {
          ext = e;
          extSide = side;
        }
      }
    }
    const g = ext && globalMap(ext.outline, work.width, work.height, STEP);
    if (ext && g) {
      const second = analyse(gray, g.map);
      const check = checkOutlineAgainstText(
        gray,
        ext.outline,
        counted(second),
        second.scale,
        frame,
        onPaper,
      );
      frame = check.frame;
      const kind = ext.bent ? 'curled' : 'shaded';
      globalStage.details = {
        ...globalStage.details,
        shadedPanel: `${extSide} ${ext.panel.toFixed(2)}${ext.bent ? ' curled' : ''}`,
      };
      const keep = ext.bent ? CURLED_PANEL_LINES : 1;
      if (!check.problem && second.lines.lines.length >= keep * lines.lines.length) {
        outline = ext.outline;
        ({ map, aspect, paper } = g);
        ({ scale, rect, lines, ink } = second);
        globalStage.reason = `${globalStage.reason} (page run on past a ${kind} panel beyond its ${extSide} side)`;
        globalStage.details = { ...globalStage.details, ...g.details, ...check.details };
      }
    }
  }
  if (rejected && !globalApplied) {
    map = identityMap(work.width, work.height, STEP);
    aspect = work.height / work.width;
    ({ scale, rect, lines, ink } = analyse(gray, map));
  }
  if (globalApplied && outline) {
    const smooth = smoothSidesByText(outline, work, gray, lines);
    if (smooth) {
      globalStage.details = { ...globalStage.details, ...smooth.details };
      if (smooth.kept) {
        ({ map, scale, rect, lines, ink } = smooth.kept);
        globalStage.reason = `${globalStage.reason} (jagged sides smoothed)`;
      }
    }
  }
  let rotation: GeometryPlan['rotation'] = 0;
  const c = outline?.clipped;
  let anchor =
    globalApplied && c
      ? { top: !c.top, right: !c.right, bottom: !c.bottom, left: !c.left }
      : { top: false, right: false, bottom: false, left: false };
  // Plenty of long horizontal lines already settle it; otherwise test for turned text.
  const longLines = lines.lines.filter((l) => l.length > 0.25 * rect.width).length;
  const vertical =
    longLines >= 12
      ? { vertical: false, ratio: 0 }
      : textIsVertical(lines.ink, rect.width, rect.height, lines.charHeight);
  let turned = false;
  if (vertical.vertical) {
    // Confirm with the line detector: turned text must yield clearly more text lines.
    const map90 = rotateMap(map, 90);
    const rect90 = renderGray(gray, scaleOutput(map90, scale));
    const ink90 = textInk(rect90);
    const lines90 = linesFromInk(ink90);
    const total = (t: typeof lines): number => t.lines.reduce((s, l) => s + l.length, 0);
    if (lines90.lines.length >= 3 && total(lines90) > 1.5 * total(lines)) {
      turned = true;
      map = map90;
      aspect = 1 / aspect;
      rotation = 90;
      anchor = {
        top: anchor.left,
        right: anchor.top,
        bottom: anchor.right,
        left: anchor.bottom,
      };
      rect = rect90;
      lines = lines90;
      ink = ink90;
    }
  }
  const upright = lines;
  const skew = estimateSkew(lines.lines);
  let skewDeg = 0;
  const deskewReason =
    skew.confidence < 0.3 || (globalApplied && (skew.confidence < 0.5 || lines.lines.length < 15))
      ? 'too few text lines to measure skew'
      : Math.abs(skew.deg) < 0.2
        ? `text already level (${skew.deg.toFixed(2)}°)`
        : Math.abs(skew.deg) > (globalApplied ? 2 : 20)
          ? // On a rectified page a large residual angle means curl or a detection error, not
            // a skewed print.
            `implausible skew ${skew.deg.toFixed(1)}° ignored`
          : null;
  // The mesh warp needs every line: where wavy lines of a crumpled page ran together, they are
  // found again split apart (the page-level checks above count blobs as they come), and short
  // ones count too (a form's labels; see MESH_MIN_LINE).
  let meshLines = linesFromInk(ink, {
    splitRunTogether: lines.runTogether > 0,
    minLine: MESH_MIN_LINE,
  });
  if (deskewReason === null) {
    skewDeg = skew.deg;
    map = deskewMap(map, skewDeg);
    const turn = (t: TextLines): TextLines => {
      const rotate = (ls: TextLine[]): TextLine[] =>
        rotateLines(ls, skewDeg, rect.width, rect.height);
      const rules = rotate(
        t.rules.map((r) => ({
          xs: Float64Array.from(r.xs),
          ys: Float64Array.from(r.ys),
          length: 0,
        })),
      ).map((r) => ({ xs: Array.from(r.xs), ys: Array.from(r.ys) }));
      return { ...t, lines: rotate(t.lines), rules };
    };
    const same = meshLines === lines;
    lines = turn(lines);
    meshLines = same ? lines : turn(meshLines);
    if (Math.abs(skewDeg) > 0.5) anchor = { top: false, right: false, bottom: false, left: false };
  }
  stages.push({
    stage: 'deskew',
    applied: deskewReason === null,
    reason: deskewReason ?? `rotated by ${(-skewDeg).toFixed(2)}°`,
    ms: performance.now() - t2,
    details: {
      measuredDeg: skew.deg,
      confidence: skew.confidence,
      verticalRatio: vertical.ratio,
    },
  });
  opts.onProgress?.(0.55);
  checkAbort(opts.signal);

  // The plan without the local warp, kept as the milder step back (`safePlan`).
  let mild = { map, aspect, paper };
  const local = refineLocal(gray, map, anchor, scale, meshLines);
  map = local.map;
  stages.push(local.report);
  if (globalApplied && outline) {
    const naive = Number(globalStage.details?.naiveAspect);
    // Turned text swaps the outline's sides in this frame.
    const fix = aspectFromText(map, local.lines, scale, outline, turned ? 1 / naive : naive, paper);
    if (fix) {
      globalStage.details = {
        ...globalStage.details,
        textAspectFactor: fix.factor,
      };
      if (fix.map) {
        map = fix.map;
        aspect = map.outHeight / map.outWidth;
        paper = fix.paper;
        mild = { map: stretchRows(mild.map, map.outHeight), aspect, paper };
        globalStage.reason = `${globalStage.reason} (${fix.reason})`;
      }
    }
  }
  opts.onProgress?.(0.9);

  const t3 = performance.now();
  // A wrong half-turn ruins a page, so both views must agree: the rectified page before the
  // local warp and (when applied) the page after it.
  // Text lines only: rules have no ascenders or descenders to tell up from down.
  const udOf = (t: TextLines, page: { width: number; height: number } = rect) =>
    detectUpsideDown(
      t.ink,
      page.width,
      page.height,
      t.lines.filter((l) => !l.rule),
      t.charHeight,
    );
  const ud0 = udOf(upright);
  const ud1 = local.report.applied ? udOf(local.lines) : ud0;
  const ud = {
    upsideDown: ud0.upsideDown && ud1.upsideDown,
    ratio: Math.max(ud0.ratio, ud1.ratio),
    confidence: Math.min(ud0.confidence, ud1.confidence),
    lines: Math.min(ud0.lines, ud1.lines),
  };
  // Three witnesses. The ascender count is weak on pages of little text (an upright invoice or
  // form can read as low as flipped body text), so the lines' flush edge comes first: flush
  // left with ragged ends is upright, flush right upside down; it must lean right and, with the
  // count (clamped, at half weight), clearly say upside down. Justified text has no flush edge:
  // plenty of it, with the count clearly low, is turned. Then the lone dots: full stops and
  // decimal points hanging from the top of the lines. A receipt's prices are flush right however
  // it lies and its capitals have no ascenders, so on a long narrow page the dots decide, or
  // else the count: both views clearly below one, and not so far below that it is not reading
  // letters.
  const align = alignmentAsymmetry(local.lines.lines, local.lines.charHeight);
  // An ascender ratio far below flipped text's is not reading letters at all (a curled form's
  // table read 0.01: cells boxed in by rules) and says nothing.
  const ascender =
    ud.ratio < MIN_FLIPPED_RATIO
      ? 0
      : ASCENDER_WEIGHT * Math.log(Math.min(4, Math.max(0.25, ud.ratio)));
  const flush = Math.log(align.ratio);
  const evidence = flush + ascender;
  const narrow = Math.max(aspect, 1 / aspect) > RECEIPT_ASPECT;
  const lnRatio = Math.log(ud.ratio);
  const byFlushEdge =
    !narrow &&
    align.lines >= MIN_ALIGN_LINES &&
    align.ends >= MIN_FLUSH_ENDS &&
    flush < -MIN_FLUSH_RIGHT &&
    evidence < -FLIP_EVIDENCE;
  // Justified text has no flush edge; plenty of it, with the count clearly low in both views,
  // is upside down unless the lines say flush left.
  const byCount =
    !narrow &&
    ud.lines >= MIN_ASCENDER_LINES &&
    ud.ratio >= MIN_FLIPPED_RATIO &&
    lnRatio < -ASCENDER_ALONE &&
    flush <= MAX_FLUSH_LEFT;
  // Lone dots, counted only when the rules above leave the page upright and, off receipts
  // (whose prices all carry a decimal point), neither the ascenders nor the flush edge clearly
  // say upright (specks on a photo can read as high dots).
  // On a page of few lines a flush right edge may be chance (a form's few lines end where its
  // boxes do): there the lone dots are asked too, and the page stays as it is when they
  // clearly say upright.
  const askDots =
    (byFlushEdge && align.lines < FEW_ALIGN_LINES) ||
    (!byFlushEdge &&
      !byCount &&
      (narrow ||
        ((lnRatio <= MAX_ASCENDER_FOR_DOTS || ud.lines < MIN_ASCENDER_LINES) &&
          flush <= MAX_DOT_FLUSH)));
  const dots = askDots
    ? punctuationSides(upright.raw, rect.width, rect.height, upright.charHeight)
    : null;
  const dotsSay = (many: number, few: number): boolean =>
    many >= MIN_HIGH_DOTS && Math.log((many + 1) / (few + 1)) >= DOT_EVIDENCE;
  const byDots = dots !== null && !byFlushEdge && !byCount && dotsSay(dots.high, dots.low);
  const dotsUpright = dots !== null && byFlushEdge && dotsSay(dots.low, dots.high);
  let flip = (byFlushEdge && !dotsUpright) || byCount || byDots;
  let rescaled: number | null = null;
  if (
    narrow &&
    !flip &&
    ud.upsideDown &&
    ud.confidence > 0.3 &&
    ud.ratio < 0.6 &&
    ud.ratio >= MIN_FLIPPED_RATIO
  ) {
    // On a page of little text the count moves with resampling alone (a clean invoice scan read
    // 0.48 at the analysis scale and 1.3 at full size), and without a local warp the two views
    // above are one: the page as finally mapped, at a second scale, must read flipped too.
    const scale2 = scale < 0.9 ? Math.min(1, scale * THIRD_VIEW_SCALE) : scale / THIRD_VIEW_SCALE;
    const rect2 = renderGray(gray, scaleOutput(map, scale2));
    const ud2 = udOf(detectTextLines(rect2), rect2);
    rescaled = ud2.ratio;
    flip = ud2.upsideDown && ud2.ratio < 0.6;
  }
  if (flip) {
    map = rotateMap(map, 180);
    rotation = ((rotation + 180) % 360) as GeometryPlan['rotation'];
  }
  stages.push({
    stage: 'orient',
    applied: rotation !== 0,
    reason:
      rotation === 0
        ? 'page is upright'
        : `turned by ${rotation}° (${turned ? 'vertical text lines' : ''}${turned && rotation !== 90 ? ', ' : ''}${rotation !== 90 ? 'upside-down text' : ''})`,
    ms: performance.now() - t3,
    details: {
      ascenderRatio: ud.ratio,
      ascenderLines: ud.lines,
      ...(dots ? { dotsLow: dots.low, dotsHigh: dots.high } : {}),
      ...(rescaled !== null ? { ascenderRatioRescaled: rescaled } : {}),
      flushStarts: align.starts,
      flushEnds: align.ends,
      flushLines: align.lines,
      evidence,
      confidence: ud.confidence,
      verticalRatio: vertical.ratio,
    },
  });
  opts.onProgress?.(1);
  // The lines on the page as the local warp left it, for the learned half-turn check.
  let text = planText(local.lines, local.map.outWidth * scale, local.map.outHeight * scale);
  if (text && flip) text = turnText(text);
  const plan: GeometryPlan = { outline, map, paper, aspect, rotation, skewDeg, stages, text };
  if (local.report.applied) {
    const dropped = (st: StageReport): StageReport =>
      st === local.report
        ? { ...st, applied: false, reason: `${st.reason}; dropped: the composed map was unusable` }
        : st;
    plan.withoutLocal = {
      ...plan,
      ...mild,
      map: flip ? rotateMap(mild.map, 180) : mild.map,
      stages: stages.map(dropped),
    };
  }
  return plan;
}
