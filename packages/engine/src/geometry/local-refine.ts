import type { BackwardMap, GrayImage, StageReport } from '../types.ts';
import { composeMaps, renderGray, scaleOutput } from './backward-map.ts';
import { solveMeshWarp, type MeshOptions } from './mesh-warp.ts';
import { alignedEnds, detectTextLines, lineWaviness, type TextLines } from './text-lines.ts';

export interface LocalResult {
  map: BackwardMap;
  report: StageReport;
  /** text lines detected on the page `map` produces (for orientation checks) */
  lines: TextLines;
}

const MIN_LINES = 8;
/** Most mesh passes (each on the page the previous one produced). */
const MAX_PASSES = 3;
/** A further pass runs while the lines' RMS waviness exceeds this share of the char height. */
const RESIDUAL_WAVINESS = 0.12;

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
  const first = detected ?? detectTextLines(renderGray(gray, scaleOutput(global, a)));
  const pass = solvePass(gray, global, anchor, a, first);
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
      lines: first,
    };
  }
  // Crumpled pages: lines that were too broken to group on the first pass are found on the
  // straighter result, so further passes solve for the residual warp (coarse to fine).
  const passes: Array<Record<string, unknown>> = [pass.details];
  let map = pass.map;
  let lines = pass.lines;
  let linesUsed = pass.linesUsed;
  const wavyFirst = lineWaviness(first.lines);
  for (let k = 1; k < MAX_PASSES; k++) {
    const wavy = lineWaviness(lines.lines);
    if (wavy < RESIDUAL_WAVINESS * lines.charHeight) break;
    const next = solvePass(gray, map, anchor, a, lines);
    passes.push(next.details);
    if (!next.applied) break;
    map = next.map;
    lines = next.lines;
    linesUsed = Math.max(linesUsed, next.linesUsed);
  }
  const details = {
    ...passes[0],
    passes: passes.length,
    wavinessBefore: wavyFirst,
    wavinessAfter: lineWaviness(lines.lines),
    linesAfter: lines.lines.length,
    refinements: passes.slice(1),
  };
  return {
    map,
    report: {
      stage: 'local',
      applied: true,
      reason: `straightened ${linesUsed} text lines${passes.length > 1 ? ` in ${passes.length} passes` : ''}`,
      ms: performance.now() - t0,
      details,
    },
    lines,
  };
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

/** One mesh-warp pass on the page `global` produces, checked by re-detecting its lines. */
function solvePass(
  gray: GrayImage,
  global: BackwardMap,
  anchor: MeshOptions['anchor'],
  a: number,
  tl: TextLines,
): Pass {
  const skip = (reason: string, details: Record<string, unknown> = {}): Pass => ({
    applied: false,
    reason,
    details,
  });
  // Lines are found on an analysis copy scaled by a; the mesh lives in output pixels.
  const charHeight = tl.charHeight / a;
  const lines = tl.lines.map((l) => ({
    xs: l.xs.map((v) => v / a),
    ys: l.ys.map((v) => v / a),
    length: l.length / a,
  }));
  if (lines.length < MIN_LINES) {
    return skip(`too little text to trust a local warp (${lines.length} lines)`, {
      lines: lines.length,
    });
  }
  const pitch = Number.isFinite(tl.pitch) ? tl.pitch / a : 2.2 * charHeight;
  const spacing = Math.max(12, Math.min(40, Math.round(0.7 * pitch)));
  const verticals = [
    ...alignedEnds(lines, charHeight, pitch),
    ...tl.rules.map((v) => ({ xs: v.xs.map((q) => q / a), ys: v.ys.map((q) => q / a) })),
  ];
  let stiffness = 1;
  let mesh = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    mesh = solveMeshWarp(lines, global.outWidth, global.outHeight, {
      spacing,
      anchor,
      huber: Math.max(1, 0.2 * pitch),
      dropResidual: Math.max(2, 0.3 * pitch),
      step: global.step,
      verticals,
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
  const after = detectTextLines(renderGray(gray, scaleOutput(composed, a)));
  const wavyBefore = lineWaviness(tl.lines);
  const wavyAfter = lineWaviness(after.lines);
  details.wavinessBefore = wavyBefore;
  details.wavinessAfter = wavyAfter;
  details.linesAfter = after.lines.length;
  if (wavyAfter > 0.9 * wavyBefore || after.lines.length < 0.7 * tl.lines.length) {
    return skip('local warp did not make the text lines straighter', details);
  }
  return { applied: true, map: composed, lines: after, linesUsed: mesh.linesUsed, details };
}
