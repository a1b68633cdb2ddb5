import type { BackwardMap, GrayImage, StageReport } from '../types.ts';
import { composeMaps, renderGray, scaleOutput } from './backward-map.ts';
import { solveMeshWarp, type MeshOptions } from './mesh-warp.ts';
import { deshearMap, LEAN_FADE, LEAN_SEGMENT, leanCorrections, strokeLeans } from './slant.ts';
import {
  alignedEnds,
  centrelineWindow,
  detectTextLines,
  levelNeighbours,
  MIN_LINE,
  lineMoments,
  pointMoments,
  lineWaviness,
  type TextLine,
  type TextLines,
} from './text-lines.ts';

export interface LocalResult {
  map: BackwardMap;
  report: StageReport;
  /** text lines detected on the page `map` produces (for orientation checks) */
  lines: TextLines;
}

const MIN_LINES = 8;
/**
 * The mesh also takes text lines this short (in character heights), where the page-level
 * checks, the waviness and the line counts below keep to the line finder's MIN_LINE (8): a
 * form's labels beside its boxes ("Address:", "Date of request:") or an invoice's address block
 * are often the only text in a curled margin, and without them the warp there followed the
 * level boxes and lines further in and left them tilted by 10–15° (curl/form#1080,
 * curl/invoice#1150). Over 240 synthetic photos (seeds 1000–1290, four families, set once in
 * Liberation and once in DejaVu) OCR errors fell by 7 % with MS-SSIM and LD unchanged on the
 * whole (+0.0004, −0.05); leaving out the short lines that a longer one runs alongside (a
 * table's cells) did no better.
 */
export const MESH_MIN_LINE = 4;

/** The lines the page-level checks count: rules, and text lines at least MIN_LINE long. */
function pageLines(t: TextLines): TextLines {
  return { ...t, lines: t.lines.filter((l) => l.rule || l.length >= MIN_LINE * t.charHeight) };
}
/**
 * Rule segments join across a gap of up to JOIN_GAP char heights (a crease mark or a crossing
 * vertical broke the rule) when their facing ends meet within JOIN_DY char heights and no
 * other candidate comes within twice that offset.
 */
const JOIN_GAP = 6;
const JOIN_DY = 0.8;
/**
 * A line whose slope differs by more than this from its neighbours' (the text lines within
 * SLANT_REACH pitches above or below it, along the same stretch) is left out of the mesh.
 */
const MAX_SLANT = 0.2;
const SLANT_REACH = 4;
/**
 * …unless another text line within PARTNER_REACH pitches of it slopes alike (within
 * PARTNER_SLOPE): the lines of a panel a fold tilts, or of a curled margin, have each other.
 * Rules are judged against the text lines kept.
 */
const PARTNER_REACH = 1.5;
const PARTNER_SLOPE = 0.1;
/** Weight of the row holding two pieces of one line at one height (a text sample's is ≤ 1). */
const JOIN_WEIGHT = 10;
/** Most mesh passes (each on the page the previous one produced). */
const MAX_PASSES = 3;
/** A further pass runs while the lines' RMS waviness exceeds this share of the char height. */
const RESIDUAL_WAVINESS = 0.12;
/**
 * After the coarse passes, one pass on a mesh FINE_SPACING times as dense runs while the
 * waviness still exceeds this share of the char height (crease kinks narrower than a line
 * pitch: a coarse mesh leaves them in table rules and box edges).
 */
const FINE_WAVINESS = 0.04;
const FINE_SPACING = 0.5;
/** The fine pass is kept when its mesh brings the lines' RMS deviation below this share. */
const FINE_GAIN = 0.8;

/**
 * Local, content-driven refinement of a global map: detect text lines on the globally
 * rectified page, solve the regularised mesh warp that straightens them, and keep it only if
 * it has no fold-over and the re-detected lines on the result are measurably straighter.
 * `anchor` lists the page sides known to lie on the output frame.
 * @example const { map, report } = refineLocal(gray, globalMap, anchor);
 */
export function refineLocal(
  gray: GrayImage,
  global: BackwardMap,
  anchor: MeshOptions['anchor'],
  analysisScale = 1,
  detected?: TextLines,
): LocalResult {
  const t0 = performance.now();
  const a = analysisScale;
  // Lines that ran together were split apart in `detected`, so they are on every re-detection.
  const split = (detected?.runTogether ?? 0) > 0;
  const first = detected ?? detect(gray, global, a, split);
  const pass = solvePass(gray, global, anchor, a, first, split);
  if (!pass.applied) {
    return {
      map: global,
      report: {
        stage: 'local',
        applied: false,
        reason: pass.reason,
        ms: performance.now() - t0,
        details: pass.details,
      },
      lines: pageLines(first),
    };
  }
  // Crumpled pages: lines that were too broken to group on the first pass are found on the
  // straighter result, so further passes solve for the residual warp (coarse to fine).
  const passes: Array<Record<string, unknown>> = [pass.details];
  let map = pass.map;
  let lines = pass.lines;
  let linesUsed = pass.linesUsed;
  const wavyFirst = lineWaviness(pageLines(first).lines);
  for (let k = 1; k < MAX_PASSES; k++) {
    const wavy = lineWaviness(pageLines(lines).lines);
    if (wavy < RESIDUAL_WAVINESS * lines.charHeight) break;
    const next = solvePass(gray, map, anchor, a, lines, split);
    passes.push(next.details);
    if (!next.applied) break;
    map = next.map;
    lines = next.lines;
    linesUsed = Math.max(linesUsed, next.linesUsed);
  }
  let fine: Record<string, unknown> | undefined;
  if (lineWaviness(pageLines(lines).lines) >= FINE_WAVINESS * lines.charHeight) {
    // Its moves are a fraction of a line pitch, so the lines found before it stay good enough
    // for orientation and the aspect check, and it is not re-detected (that would cost a third
    // of the local stage); the mesh's own fit on them has to improve instead.
    const next = solvePass(gray, map, anchor, a, lines, split, FINE_SPACING, false);
    fine = { applied: next.applied, ...next.details };
    if (next.applied) map = next.map;
  }
  // Letters a warp levelled by moving them up or down lean like italics: made upright line by
  // line (see slant.ts), measured on the lines last found (the fine pass moves them little).
  const ch = lines.charHeight;
  const pitchA = Number.isFinite(lines.pitch) ? lines.pitch : 2.2 * ch;
  const wA = Math.max(2, Math.round(map.outWidth * a));
  const leans = strokeLeans(lines.ink, wA, lines.lines, ch, pitchA);
  const undo = leanCorrections(leans, LEAN_SEGMENT * ch, pitchA);
  const upright = deshearMap(map, lines.lines, undo, a, Math.max(2, (LEAN_FADE * ch) / a));
  if (upright) map = upright;
  const details = {
    ...passes[0],
    passes: passes.length,
    wavinessBefore: wavyFirst,
    wavinessAfter: lineWaviness(pageLines(lines).lines),
    linesAfter: pageLines(lines).lines.length,
    // Blobs of lines run together that the line finder split apart for the mesh.
    runTogether: first.runTogether,
    refinements: passes.slice(1),
    fine,
    leans: leans.length,
    leansUndone: undo.length,
    ...(undo.length > 0 ? { maxLeanUndone: Math.max(...undo.map((c) => Math.abs(c.undo))) } : {}),
  };
  return {
    map,
    report: {
      stage: 'local',
      applied: true,
      reason: `straightened ${linesUsed} text lines${passes.length > 1 ? ` in ${passes.length} passes` : ''}${fine?.applied ? ', then crease kinks on a denser mesh' : ''}${undo.length > 0 ? `; leaning letters made upright on ${new Set(undo.map((c) => c.line)).size} lines` : ''}`,
      ms: performance.now() - t0,
      details,
    },
    lines: pageLines(lines),
  };
}

/** Text lines of the page `map` produces, at analysis scale a. */
function detect(gray: GrayImage, map: BackwardMap, a: number, split: boolean): TextLines {
  return detectTextLines(renderGray(gray, scaleOutput(map, a)), {
    splitRunTogether: split,
    minLine: MESH_MIN_LINE,
  });
}

type Pass =
  | { applied: false; reason: string; details: Record<string, unknown> }
  | {
      applied: true;
      map: BackwardMap;
      lines: TextLines;
      linesUsed: number;
      details: Record<string, unknown>;
    };

/**
 * One mesh-warp pass on the page `global` produces, checked by re-detecting its lines (or, with
 * `recheck` off, by the mesh's own fit to `tl`); `density` scales the node spacing (0.5: nodes
 * half as far apart).
 */
function solvePass(
  gray: GrayImage,
  global: BackwardMap,
  anchor: MeshOptions['anchor'],
  a: number,
  tl: TextLines,
  split: boolean,
  density = 1,
  recheck = true,
): Pass {
  const skip = (reason: string, details: Record<string, unknown> = {}): Pass => ({
    applied: false,
    reason,
    details,
  });
  // Lines are found on an analysis copy scaled by a; the mesh lives in output pixels.
  const charHeight = tl.charHeight / a;
  const joined = joinRuleSegments(tl.lines, tl.charHeight);
  const slant = slantedLines(joined, Number.isFinite(tl.pitch) ? tl.pitch : 2.2 * tl.charHeight);
  const lines = joined
    .filter((_, i) => !slant[i])
    .map((l) => ({
      xs: l.xs.map((v) => v / a),
      ys: l.ys.map((v) => v / a),
      length: l.length / a,
      ...(l.rule ? { rule: true } : {}),
    }));
  // The text found decides whether a warp can be trusted; lines at a slant are only kept out
  // of its fit (a folded receipt's eight lines, one a slanted edge, still get it).
  // Counted without the short lines (a receipt's few words do not make a warp trustworthy).
  const counted = joinRuleSegments(pageLines(tl).lines, tl.charHeight).length;
  if (counted < MIN_LINES) {
    return skip(`too little text to trust a local warp (${counted} lines)`, {
      lines: counted,
    });
  }
  const pitch = Number.isFinite(tl.pitch) ? tl.pitch / a : 2.2 * charHeight;
  const spacing = Math.max(12 * density, Math.min(40, Math.round(0.7 * density * pitch)));
  const verticals = [
    ...alignedEnds(lines, charHeight, pitch),
    ...tl.rules.map((v) => ({ xs: v.xs.map((q) => q / a), ys: v.ys.map((q) => q / a) })),
  ];
  // Pieces of one line broken at a kink are held at one height (a row worth ten text samples).
  const joins = levelNeighbours(lines, charHeight, pitch).map(([i, j]) => ({
    a: i,
    b: j,
    weight: JOIN_WEIGHT,
  }));
  // The mesh's text rows reach the ink's ends (the verticals and joins above use the samples).
  const reach = centrelineWindow(tl.charHeight).half / a;
  const inked = lines.map((l) => (l.rule ? l : toInkEnds(l, charHeight, reach)));
  let stiffness = 1;
  let mesh = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    mesh = solveMeshWarp(inked, global.outWidth, global.outHeight, {
      spacing,
      anchor,
      huber: Math.max(1, 0.2 * pitch),
      dropResidual: Math.max(2, 0.3 * pitch),
      step: global.step,
      verticals,
      joins,
      weights: {
        conformal: 0.1 * stiffness,
        bending: 0.01 * stiffness,
      },
    });
    if (!mesh || mesh.foldedTriangles === 0) break;
    stiffness *= 4;
  }
  if (!mesh) return skip('too little text to trust a local warp');
  const details: Record<string, unknown> = {
    lines: lines.length,
    verticals: verticals.length,
    joins: joins.length,
    slanted: slant.filter(Boolean).length,
    rules: tl.rules.length,
    linesUsed: mesh.linesUsed,
    charHeight,
    pitch,
    spacing,
    stiffness,
    iterations: mesh.iterations,
    rmsBefore: mesh.rmsBefore,
    rmsAfter: mesh.rmsAfter,
  };
  if (mesh.foldedTriangles > 0) {
    return skip(`mesh folds over (${mesh.foldedTriangles} triangles)`, details);
  }
  const composed = composeMaps(mesh.map, global);
  if (!recheck) {
    if (mesh.rmsAfter > FINE_GAIN * mesh.rmsBefore) {
      return skip('the fine mesh did not fit the lines better', details);
    }
    return { applied: true, map: composed, lines: tl, linesUsed: mesh.linesUsed, details };
  }
  const after = detect(gray, composed, a, split);
  const wavyBefore = lineWaviness(pageLines(tl).lines);
  const wavyAfter = lineWaviness(pageLines(after).lines);
  details.wavinessBefore = wavyBefore;
  details.wavinessAfter = wavyAfter;
  details.linesAfter = pageLines(after).lines.length;
  if (
    wavyAfter > 0.9 * wavyBefore ||
    pageLines(after).lines.length < 0.7 * pageLines(tl).lines.length
  ) {
    return skip('local warp did not make the text lines straighter', details);
  }
  return { applied: true, map: composed, lines: after, linesUsed: mesh.linesUsed, details };
}

/**
 * Per line, whether it runs at a slant to the text around it: a stamp set at an angle (its word
 * and its frame), which the mesh must not turn level. A curl or a crease tilts neighbouring
 * lines alike, so a line is judged against the median slope of the text lines within
 * SLANT_REACH pitches of it along the same stretch, or of the whole page's text lines when
 * fewer than two are there (a stamp in a blank space), and kept whenever another text line close
 * by slopes alike (the lines of a panel a fold tilts). Rules are judged against the text lines
 * kept, so a stamp's frame goes with its word.
 * @example const slant = slantedLines(lines, pitch);
 */
export function slantedLines(lines: TextLine[], pitch: number): boolean[] {
  const info = lines.map((l) => {
    const m = lineMoments(l);
    return {
      slope: m && m.sxx > 0 ? m.sxy / m.sxx : 0,
      x0: l.xs[0]!,
      x1: l.xs[l.xs.length - 1]!,
      y: m ? m.my : l.ys[0]!,
      text: !l.rule && m !== null,
    };
  });
  const median = (v: number[]): number => v.sort((p, q) => p - q)[v.length >> 1]!;
  const judge = (i: number, among: (j: number) => boolean, partners: boolean): boolean => {
    const a = info[i]!;
    const near: number[] = [];
    const page: number[] = [];
    for (let j = 0; j < info.length; j++) {
      const b = info[j]!;
      if (j === i || !among(j)) continue;
      page.push(b.slope);
      if (b.x1 < a.x0 || b.x0 > a.x1) continue;
      const dy = Math.abs(b.y - a.y);
      if (dy <= SLANT_REACH * pitch) near.push(b.slope);
      if (partners && dy <= PARTNER_REACH * pitch && Math.abs(b.slope - a.slope) <= PARTNER_SLOPE) {
        return false;
      }
    }
    const ref = near.length >= 2 ? median(near) : page.length >= 3 ? median(page) : NaN;
    return Math.abs(a.slope - ref) > MAX_SLANT;
  };
  // Text lines first, against the other text; then rules, against the text kept.
  const out = info.map((a, i) => a.text && judge(i, (j) => info[j]!.text, true));
  return info.map((a, i) => (a.text ? out[i]! : judge(i, (j) => info[j]!.text && !out[j], false)));
}

/**
 * Joins the segments of one horizontal rule that a crossing vertical rule or a crease mark cut
 * apart (table grids: the crossing is too thick to count as part of a one-stroke rule), so the
 * mesh has to keep the whole row at one height and a crease along a column edge cannot leave
 * the row kinked there. Two rule segments join when the gap between facing ends is under
 * JOIN_GAP character heights and the ends meet within a third of one, or within JOIN_DY of one
 * when no other segment's end comes within twice that offset (a crease shifted the rest of the
 * row, but the next row is clearly further away).
 * @example const lines = joinRuleSegments(tl.lines, tl.charHeight);
 */
export function joinRuleSegments(lines: TextLine[], charHeight: number): TextLine[] {
  const rules = lines.filter((l) => l.rule && l.xs.length >= 2);
  if (rules.length < 2) return lines;
  rules.sort((p, q) => p.xs[0]! - q.xs[0]!);
  const last = (l: TextLine) => l.xs.length - 1;
  const next = new Map<TextLine, TextLine>();
  const joined = new Set<TextLine>();
  for (const a of rules) {
    const ax = a.xs[last(a)]!;
    const ay = a.ys[last(a)]!;
    let best: TextLine | null = null;
    let bestD = Infinity;
    let bestDy = Infinity;
    let secondDy = Infinity;
    for (const b of rules) {
      if (b === a || joined.has(b)) continue;
      const gap = b.xs[0]! - ax;
      const dy = Math.abs(b.ys[0]! - ay);
      if (gap < -0.2 * charHeight || gap > JOIN_GAP * charHeight || dy > JOIN_DY * charHeight) {
        continue;
      }
      const d = Math.max(0, gap) + 2 * dy;
      if (d < bestD) {
        secondDy = Math.min(secondDy, bestDy);
        bestD = d;
        best = b;
        bestDy = dy;
      } else secondDy = Math.min(secondDy, dy);
    }
    if (best && (bestDy <= charHeight / 3 || secondDy > 2 * bestDy)) {
      next.set(a, best);
      joined.add(best);
    }
  }
  if (next.size === 0) return lines;
  const out = lines.filter((l) => !l.rule || !rules.includes(l));
  for (const head of rules) {
    if (joined.has(head)) continue;
    const xs: number[] = [];
    const ys: number[] = [];
    for (let l: TextLine | undefined = head; l; l = next.get(l)) {
      for (let k = 0; k < l.xs.length; k++) {
        if (xs.length && l.xs[k]! <= xs[xs.length - 1]!) continue;
        xs.push(l.xs[k]!);
        ys.push(l.ys[k]!);
      }
    }
    out.push({
      xs: Float64Array.from(xs),
      ys: Float64Array.from(ys),
      length: xs[xs.length - 1]! - xs[0]!,
      rule: true,
    });
  }
  return out;
}

/**
 * The line with one more sample at each end, where its first and last characters' ink ends:
 * centreline samples start `reach` px (half a `centrelineWindow`) inside the ink, and the mesh
 * left the first letter of a steeply tilted line out of the warp that straightened the rest.
 * Each new end follows the straight-line fit of the samples within 3 char heights of it.
 * @example const inked = toInkEnds(line, charHeight, centrelineWindow(charHeight).half);
 */
export function toInkEnds(l: TextLine, charHeight: number, reach: number): TextLine {
  const n = l.xs.length;
  if (n < 2) return l;
  const end = (fromEnd: boolean): [number, number] => {
    const x0 = fromEnd ? l.xs[n - 1]! : l.xs[0]!;
    const near = (_: number, k: number): boolean => Math.abs(l.xs[k]! - x0) <= 3 * charHeight;
    const { mx, my, sxx, sxy } = pointMoments(l.xs.filter(near), l.ys.filter(near));
    const slope = sxx > 0 ? sxy / sxx : 0;
    const x = fromEnd ? x0 + reach : x0 - reach;
    return [x, my + slope * (x - mx)];
  };
  const [xa, ya] = end(false);
  const [xb, yb] = end(true);
  const xs = new Float64Array(n + 2);
  const ys = new Float64Array(n + 2);
  xs.set(l.xs, 1);
  ys.set(l.ys, 1);
  xs[0] = xa;
  ys[0] = ya;
  xs[n + 1] = xb;
  ys[n + 1] = yb;
  return { ...l, xs, ys };
}
