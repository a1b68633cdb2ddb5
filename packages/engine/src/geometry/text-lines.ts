import type { GrayImage } from '../types.ts';
import { components, componentStats, type LabelBounds } from '../detect/components.ts';
import {
  horizontalRules,
  inkMask,
  ruleCentrelines,
  smearRows,
  verticalOpen,
  verticalRuns,
} from './ink.ts';

/** A text line as a centreline sampled left to right. */
export interface TextLine {
  xs: Float64Array;
  ys: Float64Array;
  /** length along x in pixels */
  length: number;
  /** a horizontal rule (table rule, box edge, underline) rather than a line of text */
  rule?: boolean;
}

export interface TextLines {
  lines: TextLine[];
  /** median character height (px) */
  charHeight: number;
  /** median distance between neighbouring lines (px), NaN when unknown */
  pitch: number;
  /** ink of characters (1) and of thin rule-like strokes (2); 0 elsewhere */
  ink: Uint8Array;
  /** all ink as first found (1): specks such as full stops and i-dots, rules and pictures too */
  raw: Uint8Array;
  /** vertical rules (table borders, form boxes) as centrelines sampled top to bottom */
  rules: Array<{ xs: number[]; ys: number[] }>;
  /** blobs of lines run together (split into lines with `splitRunTogether`, else dropped or
   *  taken as one line) */
  runTogether: number;
}

interface Blob {
  x0: number;
  x1: number;
  /** smoothed centreline sampled every `step` px from x0 */
  xs: number[];
  ys: number[];
  /** end heights and slopes (linear fits over the last ~3 char heights) */
  yL: number;
  yR: number;
  sL: number;
  sR: number;
}

function medianOf(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/**
 * Classical text-line detection (after mzucker/page_dewarp, with stricter grouping from
 * ENGINE-NOTES §3.1): adaptive threshold → horizontal smearing → blobs with a fitted
 * centreline (ink centroid per column, quadratic) → blobs linked greedily into lines with gap,
 * vertical offset (≤ 0.5 char height) and angle (≤ 7.5°) gates → sampled centrelines.
 * Expects roughly horizontal text (run it on a rectified page). With `linkLevelPieces`, pieces
 * too short to be lines also link across wide blank gaps when their ends are level (a receipt's
 * item and price), for counting text; not for the mesh warp, since on a folded page such a
 * link can pair an item with the next row's price. With `splitRunTogether`, blobs where wavy
 * lines touch and run together (one above the other) are split into their lines, for the mesh
 * warp of a crumpled page; the page-level checks count blobs as they come. With `minLine`,
 * shorter lines count too: the words of a table's cells, for reading the text's direction.
 * @example const { lines, charHeight } = detectTextLines(gray);
 */
export function detectTextLines(gray: GrayImage, opts: LineOptions = {}): TextLines {
  return linesFromInk(textInk(gray), opts);
}

/** How detectTextLines links its blobs into lines (see detectTextLines). */
export interface LineOptions {
  linkLevelPieces?: boolean;
  splitRunTogether?: boolean;
  /** the shortest line kept, in character heights (MIN_LINE unless given) */
  minLine?: number;
}

/**
 * The part of detectTextLines its options leave alone: the ink mask, the character height, the
 * rules and the labelled blobs of smeared text. Read only once made, so one page's analyses with
 * different options share it (`linesFromInk`); it is over two thirds of the work.
 */
export interface TextInk {
  gray: GrayImage;
  charHeight: number;
  /** ink mask as found, and without rules or non-text components (rules marked 2) */
  raw: Uint8Array;
  clean: Uint8Array;
  /** local paper level (the ink mask's closing) and the page's paper level */
  localPaper: Float32Array;
  paper: number;
  labels: Int32Array;
  bounds: LabelBounds;
  blobCount: number;
  hRules: ReturnType<typeof horizontalRules>;
  rules: TextLines['rules'];
}

/**
 * detectTextLines' first part (see TextInk).
 * @example const lines = linesFromInk(textInk(gray), { linkLevelPieces: true });
 */
export function textInk(gray: GrayImage): TextInk {
  const { width: w, height: h } = gray;
  // Strokes up to ~2·radius px wide count as ink (bold text at ~1300 px is ≤ 6 px).
  const radius = Math.max(3, Math.round(Math.max(w, h) / 250));
  const { mask: ink, closed: localPaper } = inkMask(gray, radius);
  // Character height from connected ink components of plausible size.
  const { sizes: inkSizes, bounds: inkBounds } = componentStats(ink, w, h);
  const nInk = inkSizes.length;
  const { top, bottom: bot, left, right } = inkBounds;
  const heights: number[] = [];
  for (let l = 1; l < nInk; l++) {
    const hh = bot[l]! - top[l]! + 1;
    const ww = right[l]! - left[l]! + 1;
    if (inkSizes[l]! >= 6 && hh >= 4 && hh < h / 20 && ww < 4 * hh) heights.push(hh);
  }
  const charHeight = Math.max(4, medianOf(heights) || 10);
  // Vertical rules: long vertical ink runs. They become vertical features, and removing them
  // splits table grids so their horizontal rules and cell text can be found as lines.
  const vRuns = verticalRuns(ink, w, h, Math.round(2.5 * charHeight));
  const rules = ruleCentrelines(vRuns, w, h, 6 * charHeight, charHeight);
  // Horizontal rules, straight or bent, are lines of their own; removing them too leaves the
  // text of table cells and form boxes as separate components.
  const hRules = horizontalRules(
    ink,
    w,
    h,
    Math.max(3, Math.round(0.3 * charHeight)),
    6 * charHeight,
    Math.max(3, Math.round(charHeight / 2)),
  );
  // The per-pixel passes below run row by row in small functions: those are optimised after a
  // few rows, where one long loop here would run unoptimised for most of a page.
  // (vRuns is written over: it is not needed again.)
  const noV = vRuns;
  for (let y = 0; y < h; y++) inkOffRulesRow(ink, noV, hRules.mask, y * w, (y + 1) * w);
  const split = components(noV, w, h);
  // Keep character-sized components and thin horizontal rules; drop photos, shadows, blobs.
  const kind = classifyComponents(split.bounds, split.sizes.length, charHeight);
  const clean = noV;
  for (let y = 0; y < h; y++) labelKindRow(split.labels, kind, clean, y * w, (y + 1) * w);
  const smeared = smearRows(clean, w, h, Math.round(0.6 * charHeight));
  // A thin vertical opening separates lines touching through ascenders/descenders.
  const opened = verticalOpen(smeared, w, h);
  // Thin rules survive the opening (they are lines in their own right).
  for (let y = 0; y < h; y++) keepRulesRow(clean, opened, y * w, (y + 1) * w);
  const { labels, sizes, bounds } = components(opened, w, h);
  // Paper level: a high percentile of the page (text is sparse).
  const sample = new Float32Array(Math.ceil(gray.data.length / 97));
  for (let i = 0, k = 0; i < gray.data.length; i += 97, k++) sample[k] = gray.data[i]!;
  sample.sort();
  const paper = sample[Math.floor(0.8 * sample.length)] ?? 255;
  return {
    gray,
    charHeight,
    raw: ink,
    clean,
    localPaper,
    paper,
    labels,
    bounds,
    blobCount: sizes.length,
    hRules,
    rules,
  };
}

/**
 * detectTextLines' second part: blobs fitted and linked into lines (see detectTextLines for
 * the options), from a TextInk it does not change.
 */
export function linesFromInk(t: TextInk, opts: LineOptions = {}): TextLines {
  const { width: w, height: h } = t.gray;
  const { charHeight, raw: ink, clean, hRules, rules } = t;
  const { blobs, runTogether } = fitBlobs(
    t.labels,
    t.bounds,
    t.blobCount,
    clean,
    w,
    h,
    charHeight,
    t.gray.data,
    t.localPaper,
    t.paper,
    opts.splitRunTogether ?? false,
  );
  const lines = [
    ...linkBlobs(
      blobs,
      charHeight,
      opts.linkLevelPieces ? (x0, y0, x1, y1) => blankBetween(ink, w, x0, y0, x1, y1) : null,
      opts.minLine ?? MIN_LINE,
    ),
    ...hRules.lines.map((r) => ({
      xs: Float64Array.from(r.xs),
      ys: Float64Array.from(r.ys),
      length: r.xs[r.xs.length - 1]! - r.xs[0]!,
      rule: true,
    })),
  ];
  // Pitch: median vertical distance between a line and its nearest neighbour below.
  const gaps: number[] = [];
  for (const a of lines) {
    const xm = a.xs[a.xs.length >> 1]!;
    const ya = a.ys[a.ys.length >> 1]!;
    let best = Infinity;
    for (const b of lines) {
      if (b === a || xm < b.xs[0]! || xm > b.xs[b.xs.length - 1]!) continue;
      let k = 0;
      while (k < b.xs.length - 1 && b.xs[k]! < xm) k++;
      const d = b.ys[k]! - ya;
      if (d > 0.5 * charHeight && d < best) best = d;
    }
    if (Number.isFinite(best)) gaps.push(best);
  }
  return { lines, charHeight, pitch: medianOf(gaps), ink: clean, raw: ink, rules, runTogether };
}

/** noV[i] = 1 where ink[i] is on neither rule mask (noV holds the vertical rules on entry),
 *  for pixels [from, to). */
function inkOffRulesRow(
  ink: Uint8Array,
  noV: Uint8Array,
  hRules: Uint8Array,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) noV[i] = ink[i] && !noV[i] && !hRules[i] ? 1 : 0;
}

/** out[i] = kind[labels[i]] for pixels [from, to). */
function labelKindRow(
  labels: Int32Array,
  kind: Uint8Array,
  out: Uint8Array,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) out[i] = kind[labels[i]!]!;
}

/** Rule pixels (clean = 2) are set in `opened` and stay marked 2 in `clean`, for pixels
 *  [from, to). */
function keepRulesRow(clean: Uint8Array, opened: Uint8Array, from: number, to: number): void {
  for (let i = from; i < to; i++) if (clean[i] === 2) opened[i] = 1;
}

/**
 * Per label of a component labelling: 2 for a thin horizontal rule, 1 for a character-sized
 * component, 0 (also for the background, label 0) for anything else.
 */
function classifyComponents(b: LabelBounds, n: number, charHeight: number): Uint8Array {
  const kind = new Uint8Array(n);
  for (let l = 1; l < n; l++) {
    const hh = b.bottom[l]! - b.top[l]! + 1;
    const ww = b.right[l]! - b.left[l]! + 1;
    const isRule = ww >= 8 * charHeight && hh <= 0.6 * charHeight + 0.12 * ww;
    if (isRule) kind[l] = 2;
    else if (hh <= 3 * charHeight && hh >= 0.25 * charHeight) kind[l] = 1;
  }
  return kind;
}

/** A blob thicker than this many character heights is lines run together, or no text. */
const MAX_THICKNESS = 2.6;
/** Lines run together are split up to this thickness (char heights): three or four lines. */
const MAX_SPLIT = 7;
/** …as is a blob with lines one above the other over this share of its columns. */
const MIN_STACKED = 0.25;

/** A centreline is sampled every `step` px, each sample over ±`half` px of columns. */
export function centrelineWindow(ch: number): { step: number; half: number } {
  return { step: Math.max(3, Math.round(ch / 2)), half: Math.max(2, Math.round(0.8 * ch)) };
}

function fitBlobs(
  labels: Int32Array,
  bounds: LabelBounds,
  n: number,
  ink: Uint8Array,
  w: number,
  h: number,
  ch: number,
  gray: Float32Array,
  localPaper: Float32Array,
  paper: number,
  split: boolean,
): { blobs: Blob[]; runTogether: number } {
  const { left: x0, right: x1, top: y0, bottom: y1 } = bounds;
  const blobs: Blob[] = [];
  let runTogether = 0;
  const { step, half } = centrelineWindow(ch);
  for (let l = 1; l < n; l++) {
    const bw = x1[l]! - x0[l]! + 1;
    if (bw < 2.5 * ch) continue;
    // Per-column ink centroid and blob extent (column height = local line thickness).
    const sumY = new Float64Array(bw);
    const cnt = new Float64Array(bw);
    const colTop = new Int32Array(bw).fill(h);
    const colBot = new Int32Array(bw).fill(-1);
    // Runs of the blob down each column: two or more where lines lie one above the other.
    const runs = new Uint8Array(bw);
    for (let y = y0[l]!; y <= y1[l]!; y++) {
      for (let x = x0[l]!; x <= x1[l]!; x++) {
        const i = y * w + x;
        if (labels[i] !== l) continue;
        const c = x - x0[l]!;
        if ((colBot[c]! < 0 || y > colBot[c]! + 2) && runs[c]! < 255) runs[c] = runs[c]! + 1;
        if (y < colTop[c]!) colTop[c] = y;
        if (y > colBot[c]!) colBot[c] = y;
        if (!ink[i]) continue;
        sumY[c] = sumY[c]! + y;
        cnt[c] = cnt[c]! + 1;
      }
    }
    const thick: number[] = [];
    for (let c = 0; c < bw; c += 2) if (colBot[c]! >= 0) thick.push(colBot[c]! - colTop[c]! + 1);
    const thickness = medianOf(thick);
    let stacked = 0;
    for (let c = 0; c < bw; c++) if (runs[c]! >= 2) stacked++;
    const together =
      thickness <= MAX_SPLIT * ch &&
      (thickness > MAX_THICKNESS * ch || stacked >= MIN_STACKED * bw);
    if (together) runTogether++;
    // Wavy lines of a crumpled page touch here and there and run together into one blob. Split
    // into two or more lines, it is those; otherwise (a heading over a smaller line) it is taken
    // as it comes.
    const pieces =
      split && together ? splitLines(labels, l, x0[l]!, x1[l]!, y0[l]!, y1[l]!, ink, w, ch) : [];
    if (pieces.length >= 2) {
      for (const piece of pieces) {
        const blob = checkedBlob(piece.xs, piece.ys, piece.thickness);
        if (blob) blobs.push(blob);
      }
      continue;
    }
    if (thickness > MAX_THICKNESS * ch) continue;
    // Thin blobs are rules: kept when long.
    if (thickness < 0.4 * ch && bw < 8 * ch) continue;
    // Smoothed centreline: ink-weighted mean y over a window of ±0.8 char heights.
    const xs: number[] = [];
    const ys: number[] = [];
    for (let c = Math.min(half, bw >> 1); c < bw - Math.min(half, bw >> 1) + 1; c += step) {
      let sy = 0;
      let sc = 0;
      for (let k = Math.max(0, c - half); k <= Math.min(bw - 1, c + half); k++) {
        sy += sumY[k]!;
        sc += cnt[k]!;
      }
      if (sc < 2) continue;
      xs.push(x0[l]! + c);
      ys.push(sy / sc);
    }
    if (xs.length < 2) continue;
    const blob = checkedBlob(xs, ys, thickness, x0[l]!, x1[l]!);
    if (blob) blobs.push(blob);
  }
  return { blobs, runTogether };

  /**
   * The blob of centreline (xs, ys) spanning x0..x1 (by default its samples ± the centreline
   * window), or null when it does not lie on paper.
   */
  function checkedBlob(
    xs: number[],
    ys: number[],
    thickness: number,
    bx0 = xs[0]! - half,
    bx1 = xs[xs.length - 1]! + half,
  ): Blob | null {
    const endFit = (fromEnd: boolean): [number, number] => {
      const m = Math.max(2, Math.min(xs.length, Math.round((3 * ch) / step)));
      const { mx, my, sxx, sxy } = fromEnd
        ? pointMoments(xs.slice(-m), ys.slice(-m))
        : pointMoments(xs.slice(0, m), ys.slice(0, m));
      const slope = sxx > 0 ? sxy / sxx : 0;
      const xe = fromEnd ? bx1 : bx0;
      return [my + slope * (xe - mx), slope];
    };
    // Text lies on paper: the bands just above and below a line are as bright as the paper
    // around them (the ink mask's grey closing, so crease shading doesn't count). Texture inside
    // photos and logos makes blobs too, with dark surroundings.
    const band = (yFrom: number, yTo: number): [number, number] => {
      let acc = 0;
      let rel = 0;
      let cnt = 0;
      for (let k = 0; k < xs.length; k += 2) {
        const x = Math.round(xs[k]!);
        const yc = ys[k]!;
        for (let d = yFrom; d <= yTo; d += 2) {
          const y = Math.round(yc + d);
          if (y < 0 || y >= h) continue;
          const v = gray[y * w + x]!;
          acc += v;
          rel += v / Math.max(1, localPaper[y * w + x]!);
          cnt++;
        }
      }
      return cnt ? [acc / cnt, rel / cnt] : [paper, 1];
    };
    const off = Math.round(thickness / 2 + 0.3 * ch);
    const [above, aboveRel] = band(-off - Math.round(0.6 * ch), -off);
    const [below, belowRel] = band(off, off + Math.round(0.6 * ch));
    if (Math.min(aboveRel, belowRel) < 0.8 || Math.min(above, below) < 0.35 * paper) return null;
    const [yL, sL] = endFit(false);
    const [yR, sR] = endFit(true);
    return { x0: bx0, x1: bx1, xs, ys, yL, yR, sL, sR };
  }
}

/**
 * The lines of blob `l` (bounding box x0..x1 × y0..y1) where wavy lines ran together: in a
 * window of ±0.8 char heights every half char height along x, each band of rows holding ink
 * (split at gaps of blank rows) is a piece of one line, if no taller than a line; pieces of
 * neighbouring windows within a third of a char height of each other, and nearest to each
 * other, are one line. Returns centrelines at least 4 char heights long with their median
 * thickness.
 */
function splitLines(
  labels: Int32Array,
  l: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  ink: Uint8Array,
  w: number,
  ch: number,
): Array<{ xs: number[]; ys: number[]; thickness: number }> {
  const bh = y1 - y0 + 1;
  const bw = x1 - x0 + 1;
  // Ink rows per column (the blob's own ink only).
  const colInk = new Uint8Array(bw * bh);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      if (labels[i] === l && ink[i]) colInk[(y - y0) * bw + (x - x0)] = 1;
    }
  }
  const { step, half } = centrelineWindow(ch);
  const maxRun = 2 * ch;
  const minRun = 0.3 * ch;
  // Pieces per window: ink centroid (x, y), rows t..b of the box, and the chain they joined.
  type Piece = { x: number; y: number; t: number; b: number; chain: number };
  const columns: Piece[][] = [];
  const profile = new Float64Array(bh);
  for (let c = half; c < bw - half; c += step) {
    profile.fill(0);
    for (let r = 0; r < bh; r++) {
      let s = 0;
      for (let k = c - half; k <= c + half; k++) s += colInk[r * bw + k]!;
      profile[r] = s;
    }
    const pieces: Piece[] = [];
    let r = 0;
    while (r < bh) {
      if (profile[r] === 0) {
        r++;
        continue;
      }
      let sy = 0;
      let sc = 0;
      const t = r;
      while (r < bh && profile[r]! > 0) {
        sy += r * profile[r]!;
        sc += profile[r]!;
        r++;
      }
      const run = r - t;
      if (run >= minRun && run <= maxRun && sc >= 2) {
        pieces.push({ x: x0 + c, y: y0 + sy / sc, t, b: r - 1, chain: -1 });
      }
    }
    columns.push(pieces);
  }
  // Chain pieces of neighbouring windows: mutual nearest within a third of a char height.
  const chains: Piece[][] = [];
  for (let k = 0; k < columns.length; k++) {
    for (const p of columns[k]!) {
      if (p.chain === -1) {
        p.chain = chains.length;
        chains.push([p]);
      }
      const next = columns[k + 1];
      if (!next) continue;
      const q = nearestPiece(next, p.y);
      if (!q || q.chain !== -1 || Math.abs(q.y - p.y) > ch / 3) continue;
      if (nearestPiece(columns[k]!, q.y) !== p) continue;
      q.chain = p.chain;
      chains[p.chain]!.push(q);
    }
  }
  const out: Array<{ xs: number[]; ys: number[]; thickness: number }> = [];
  for (const chain of chains) {
    if (chain[chain.length - 1]!.x - chain[0]!.x < 4 * ch) continue;
    out.push({
      xs: chain.map((p) => p.x),
      ys: chain.map((p) => p.y),
      thickness: medianOf(chain.map((p) => p.b - p.t + 1)),
    });
  }
  return out;
}

function nearestPiece<T extends { y: number }>(pieces: T[], y: number): T | undefined {
  let best: T | undefined;
  for (const p of pieces) if (!best || Math.abs(p.y - y) < Math.abs(best.y - y)) best = p;
  return best;
}

/** A line is at least this many character heights long (unless `minLine` says otherwise). */
export const MIN_LINE = 8;
/** Pieces of one line may be this many character heights apart when exactly in line… */
const WIDE_GAP = 30;
/** …that is, their ends meet within this share of a character height… */
const WIDE_DY = 0.2;
/** …plus this much per pixel of the gap: a page rectified by its outline but not yet deskewed
 *  may still lean a degree (a folded receipt's prices came out 5 px above their items across a
 *  360 px gap, 0.3 character heights: the rectified receipt then read as having lost its text). */
const WIDE_SLOPE = Math.tan((1 * Math.PI) / 180);

/** Whether the straight run from (x0, y0) to (x1, y1) crosses no ink. */
function blankBetween(
  ink: Uint8Array,
  w: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  const n = Math.max(1, Math.ceil(x1 - x0));
  for (let k = 0; k <= n; k++) {
    const x = Math.round(x0 + ((x1 - x0) * k) / n);
    const y = Math.round(y0 + ((y1 - y0) * k) / n);
    if (ink[y * w + x]) return false;
  }
  return true;
}

/** Greedy span linking: each blob gets at most one successor and one predecessor; lines
 *  shorter than `minLine` character heights are dropped. */
function linkBlobs(
  blobs: Blob[],
  ch: number,
  blank: ((x0: number, y0: number, x1: number, y1: number) => boolean) | null,
  minLine: number,
): TextLine[] {
  const maxGap = 2.5 * ch;
  const links: Array<[number, number, number]> = [];
  const order = blobs.map((_, i) => i).sort((a, b) => blobs[a]!.x0 - blobs[b]!.x0);
  for (const i of order) {
    const a = blobs[i]!;
    for (const j of order) {
      const b = blobs[j]!;
      const reach = blank ? WIDE_GAP * ch : maxGap;
      if (i === j || b.x0 < a.x1 - ch || b.x0 - a.x1 > reach || b.x1 <= a.x1) continue;
      if (b.x0 - a.x1 > maxGap) {
        // A receipt's item and its price, a form's label and its value: far apart, but on one
        // level line. Linked only when level (the links nearby are cheaper anyway). A short
        // piece's slope is too rough to carry across the gap (digits next to a decimal point
        // read as tilted), and the page is rectified by now: the ends must meet as they are,
        // give or take a degree's lean over the gap (WIDE_SLOPE).
        // Only pieces too short to be lines on their own: lines of two columns that happen to
        // meet at one height on a crumpled page are not one line.
        if (a.x1 - a.x0 >= MIN_LINE * ch || b.x1 - b.x0 >= MIN_LINE * ch) continue;
        const off = Math.abs(a.yR - b.yL);
        if (off > WIDE_DY * ch + WIDE_SLOPE * (b.x0 - a.x1)) continue;
        // Nothing printed in between: cells of a table, split by its rules, are not linked
        // (a crumpled form's columns come out at slightly different heights).
        if (!blank!(a.x1 + 0.5 * ch, a.yR, b.x0 - 0.5 * ch, b.yL)) continue;
        links.push([b.x0 - a.x1 + 2 * off, i, j]);
        continue;
      }
      const xm = (a.x1 + b.x0) / 2;
      const dy = Math.abs(a.yR + a.sR * (xm - a.x1) - (b.yL + b.sL * (xm - b.x0)));
      if (dy > 0.5 * ch) continue;
      const dAngle = Math.abs(Math.atan(a.sR) - Math.atan(b.sL));
      if (dAngle > (7.5 * Math.PI) / 180) continue;
      links.push([Math.max(0, b.x0 - a.x1) + 10 * ch * dAngle + 2 * dy, i, j]);
    }
  }
  links.sort((p, q) => p[0] - q[0]);
  const next = new Int32Array(blobs.length).fill(-1);
  const prev = new Int32Array(blobs.length).fill(-1);
  for (const [, i, j] of links) {
    if (next[i] !== -1 || prev[j] !== -1) continue;
    next[i] = j;
    prev[j] = i;
  }
  const lines: TextLine[] = [];
  for (let i = 0; i < blobs.length; i++) {
    if (prev[i] !== -1) continue;
    const chain: Blob[] = [];
    for (let k = i; k !== -1; k = next[k]!) chain.push(blobs[k]!);
    const start = chain[0]!.x0;
    const end = chain[chain.length - 1]!.x1;
    if (end - start < minLine * ch) continue;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const b of chain) {
      xs.push(...b.xs);
      ys.push(...b.ys);
    }
    if (xs.length < 4) continue;
    lines.push({ xs: Float64Array.from(xs), ys: Float64Array.from(ys), length: end - start });
  }
  return lines;
}

/**
 * Centroid (mx, my) and central second moments (sxx, sxy) of points (xs[k], ys[k]), for their
 * least-squares fit y − my = (sxy / sxx)(x − mx).
 * @example const { my, sxx, sxy } = pointMoments(xs.slice(-8), ys.slice(-8));
 */
export function pointMoments(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
): { mx: number; my: number; sxx: number; sxy: number } {
  const n = xs.length;
  let mx = 0;
  let my = 0;
  for (let k = 0; k < n; k++) {
    mx += xs[k]!;
    my += ys[k]!;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  for (let k = 0; k < n; k++) {
    sxx += (xs[k]! - mx) ** 2;
    sxy += (xs[k]! - mx) * (ys[k]! - my);
  }
  return { mx, my, sxx, sxy };
}

/**
 * `pointMoments` of a line's centreline samples; null when it has fewer than 3 samples.
 * @example const m = lineMoments(line); const slope = m && m.sxx > 0 ? m.sxy / m.sxx : 0;
 */
export function lineMoments(
  l: TextLine,
): { mx: number; my: number; sxx: number; sxy: number } | null {
  return l.xs.length < 3 ? null : pointMoments(l.xs, l.ys);
}

/**
 * Straightness of detected lines: length-weighted RMS distance of each centreline from its own
 * best-fit straight line (px). Lower is straighter; 0 for perfectly straight lines.
 * @example const before = lineWaviness(detectTextLines(gray).lines);
 */
export function lineWaviness(lines: TextLine[]): number {
  let acc = 0;
  let wsum = 0;
  for (const l of lines) {
    const m = lineMoments(l);
    if (!m) continue;
    const { mx, my, sxx, sxy } = m;
    const n = l.xs.length;
    const b = sxx > 0 ? sxy / sxx : 0;
    let r = 0;
    for (let k = 0; k < n; k++) r += (l.ys[k]! - my - b * (l.xs[k]! - mx)) ** 2;
    acc += l.length * Math.sqrt(r / n);
    wsum += l.length;
  }
  return wsum > 0 ? acc / wsum : 0;
}

/** Pieces of one line are at most this many char heights apart (end to start samples)… */
const JOIN_MAX_GAP = 3.5;
/** …and meet within this many char heights (and within JOIN_MAX_PITCH of a line pitch). */
const JOIN_MAX_DY = 0.8;
const JOIN_MAX_PITCH = 0.4;

/**
 * Pieces of one line that a crease kink broke apart: pairs (a, b) of text lines where b starts
 * just after a ends (a word gap or two) at nearly its height, each the other's nearest such
 * neighbour. The linker keeps them apart (their ends are too far off level or at too sharp an
 * angle to be one line for certain), so unless something holds them at one height the mesh
 * warp straightens each on its own and leaves the step between them.
 * @example const joins = levelNeighbours(lines, charHeight, pitch);
 */
export function levelNeighbours(
  lines: TextLine[],
  charHeight: number,
  pitch: number,
): Array<[number, number]> {
  const maxDy = Math.min(
    JOIN_MAX_DY * charHeight,
    Number.isFinite(pitch) ? JOIN_MAX_PITCH * pitch : Infinity,
  );
  const cost = (a: TextLine, b: TextLine): number => {
    if (a.rule || b.rule || a.xs.length < 2 || b.xs.length < 2) return Infinity;
    const gap = b.xs[0]! - a.xs[a.xs.length - 1]!;
    if (gap < -0.5 * charHeight || gap > JOIN_MAX_GAP * charHeight) return Infinity;
    const dy = Math.abs(b.ys[0]! - a.ys[a.ys.length - 1]!);
    return dy > maxDy ? Infinity : Math.max(0, gap) + 2 * dy;
  };
  const nextOf = lines.map((a) => bestIndex(lines, (b) => cost(a, b)));
  const prevOf = lines.map((b) => bestIndex(lines, (a) => cost(a, b)));
  const out: Array<[number, number]> = [];
  nextOf.forEach((b, a) => {
    if (b >= 0 && prevOf[b] === a) out.push([a, b]);
  });
  return out;
}

/** Index of the line with the lowest finite cost, or −1. */
function bestIndex(lines: TextLine[], cost: (l: TextLine) => number): number {
  let best = -1;
  let bestCost = Infinity;
  lines.forEach((l, i) => {
    const c = cost(l);
    if (c < bestCost) {
      bestCost = c;
      best = i;
    }
  });
  return best;
}

/**
 * Vertical structure from text: chains of line starts (or ends) that line up within 0.8
 * character heights from one line to the next (left margins, justified right margins, column
 * edges). Chains of at least 4 lines are returned as point sets that should share one x.
 * @example const margins = alignedEnds(lines, charHeight, pitch);
 */
export function alignedEnds(
  lines: TextLine[],
  charHeight: number,
  pitch: number,
): Array<{ xs: number[]; ys: number[] }> {
  const out: Array<{ xs: number[]; ys: number[] }> = [];
  const maxGap = 3 * (Number.isFinite(pitch) ? pitch : 2.5 * charHeight);
  for (const side of [0, 1] as const) {
    const ends = lines
      .filter((l) => l.xs.length >= 2)
      .map((l) => {
        const k = side === 0 ? 0 : l.xs.length - 1;
        return { x: l.xs[k]!, y: l.ys[k]! };
      })
      .sort((a, b) => a.y - b.y);
    const chains: Array<{ xs: number[]; ys: number[] }> = [];
    for (const e of ends) {
      let best: { xs: number[]; ys: number[] } | null = null;
      let bestD = 0.8 * charHeight;
      for (const c of chains) {
        const lx = c.xs[c.xs.length - 1]!;
        const ly = c.ys[c.ys.length - 1]!;
        if (e.y - ly > maxGap || e.y - ly < 0.5 * charHeight) continue;
        const d = Math.abs(e.x - lx);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      if (best) {
        best.xs.push(e.x);
        best.ys.push(e.y);
      } else chains.push({ xs: [e.x], ys: [e.y] });
    }
    for (const c of chains) if (c.xs.length >= 4) out.push(c);
  }
  return out;
}
