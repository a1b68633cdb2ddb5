import type { GrayImage, PageOutline, Point, RgbImage } from '../types.ts';
import { boxMean, channelsDown } from '../geometry/raster.ts';
import { components } from './components.ts';
import { fillHoles, morph, otsu, otsu3 } from './mask.ts';
import {
  convexHull,
  fitLineRobust,
  intersect,
  isConvex,
  lineThrough,
  maxAreaQuad,
  orderCorners,
  quadArea,
  quadEncloses,
  type Line,
} from './quad.ts';
import { traceBoundary } from './boundary.ts';
import { backgroundDistance, colourModelScore } from './colour-model.ts';
import {
  bestEdgeLine,
  edgeMap,
  faintEdges,
  segmentSupport,
  sidesContrast,
  withFaintEdges,
  type EdgeMap,
} from './edges.ts';
import { straightEdgeQuad } from './line-quad.ts';

export interface DetectResult {
  outline: PageOutline | null;
  /** why the outline is null or low-confidence */
  reason: string;
  details: Record<string, unknown>;
  /**
   * The search's other outlines, best first: a check against the page's text may prefer one
   * (the chosen one leaves printed text outside it).
   */
  others?: DetectResult[];
}

/** Paper features at detection scale: luma, chroma and a paperness score. */
export interface PaperFeatures {
  rgb: [GrayImage, GrayImage, GrayImage];
  width: number;
  height: number;
  luma: GrayImage;
  chroma: GrayImage;
  paper: GrayImage;
  scale: number;
}

/**
 * Paper is bright and neutral: score = L − 1.5·C (C = max−min of RGB), lightly smoothed.
 * @example const f = paperFeatures(work, 640);
 */
export function paperFeatures(work: RgbImage, maxSide: number): PaperFeatures {
  const [r, g, b] = channelsDown(work, maxSide, [0, 1, 2]) as [GrayImage, GrayImage, GrayImage];
  const n = r.data.length;
  const w = r.width;
  const h = r.height;
  const L = new Float32Array(n);
  const C = new Float32Array(n);
  // Row by row: small functions are optimised after a few rows (this runs once per page).
  for (let y = 0; y < h; y++) lumaChromaRow(r.data, g.data, b.data, L, C, y * w, (y + 1) * w);
  const luma = boxMean({ width: w, height: h, data: L }, 1);
  const chroma = boxMean({ width: w, height: h, data: C }, 1);
  const P = new Float32Array(n);
  for (let y = 0; y < h; y++) paperRow(luma.data, chroma.data, P, y * w, (y + 1) * w);
  const rgb = [boxMean(r, 2), boxMean(g, 2), boxMean(b, 2)] as [GrayImage, GrayImage, GrayImage];
  return {
    rgb,
    width: w,
    height: h,
    luma,
    chroma,
    paper: { width: w, height: h, data: P },
    scale: w / work.width,
  };
}

/** Luma L and chroma C (max − min of RGB) of pixels [from, to). */
function lumaChromaRow(
  r: Float32Array,
  g: Float32Array,
  b: Float32Array,
  L: Float32Array,
  C: Float32Array,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) {
    const R = r[i]!;
    const G = g[i]!;
    const B = b[i]!;
    L[i] = 0.299 * R + 0.587 * G + 0.114 * B;
    C[i] = Math.max(R, G, B) - Math.min(R, G, B);
  }
}

/** Paperness max(0, L − 1.5·C) of pixels [from, to). */
function paperRow(
  luma: Float32Array,
  chroma: Float32Array,
  P: Float32Array,
  from: number,
  to: number,
): void {
  for (let i = from; i < to; i++) P[i] = Math.max(0, luma[i]! - 1.5 * chroma[i]!);
}

/**
 * Paper stays neutral in shadow while a coloured table does not: 255·(1 − 2.5·C/L), with L
 * floored so noise in the dark doesn't count. Used to retry when a cast shadow's edge was taken
 * for the page border (a dark, neutral desk defeats it, so it is not the first choice).
 */
function neutrality(f: PaperFeatures): GrayImage {
  const n = f.luma.data.length;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const sat = f.chroma.data[i]! / Math.max(25, f.luma.data[i]!);
    out[i] = 255 * Math.max(0, 1 - 2.5 * sat);
  }
  return { width: f.width, height: f.height, data: out };
}

/** A pixel is grainy where its luma departs from its 5×5 mean by over this share of it… */
const GRAIN = 0.015;
/** …and the grain round a pixel is the share of such pixels within this radius. */
const GRAIN_RADIUS = 5;

/**
 * Paper is smooth where desks, wood, fabric and stone have grain. The grain round each pixel
 * (the share of grainy pixels near it, read relative to the local brightness, so a shadow cast
 * across page and desk alike leaves it as it is, and over a window wide enough that a line of
 * grainy pixels, a shadow's or a crease's edge, does not count) falls into three classes: paper
 * (next to none), the desk, and print and the page's border (dense). The desk is what the frame
 * reaches through the desk's class; the rest is the page, its print included (1 there, 0
 * elsewhere, as a feature for `pageMask`). Used as a retry (`planGeometry`): a smooth desk has
 * no grain to tell it by.
 */
function smoothPage(f: PaperFeatures): GrayImage {
  const { width: w, height: h } = f;
  const mean = boxMean(f.luma, 2);
  const grainy = new Float32Array(w * h);
  for (let i = 0; i < grainy.length; i++) {
    const m = mean.data[i]!;
    grainy[i] = Math.abs(f.luma.data[i]! - m) > GRAIN * Math.max(m, 20) ? 255 : 0;
  }
  const grain = boxMean({ width: w, height: h, data: grainy }, GRAIN_RADIUS).data;
  // Paper below the first threshold, the desk between them, print and borders past the second.
  const [paperEnd, deskEnd] = otsu3(grain);
  const notDesk = new Uint8Array(w * h);
  for (let i = 0; i < notDesk.length; i++) {
    notDesk[i] = grain[i]! < paperEnd || grain[i]! >= deskEnd ? 1 : 0;
  }
  // The frame reaches the desk through the desk's class; what of that class it cannot reach
  // lies inside the page (a photo printed on it) and is filled in with it.
  return { width: w, height: h, data: Float32Array.from(fillHoles(notDesk, w, h)) };
}

/**
 * Page mask from a feature map (higher = more page-like): Otsu threshold, opened to cut thin
 * bridges to clutter, the largest component (centre-weighted), holes (text, photos, crease
 * shadows) filled, closed.
 */
export function pageMask(
  f: PaperFeatures,
  feature: GrayImage = f.paper,
  threshold?: number,
  split?: SplitPaper,
): Uint8Array {
  const { width: w, height: h } = f;
  const t = threshold ?? otsu(feature.data);
  let mask: Uint8Array = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) mask[i] = feature.data[i]! > t ? 1 : 0;
  const r = Math.max(1, Math.round(Math.max(w, h) / 300));
  mask = morph(morph(mask, w, h, r, false), w, h, r, true);
  const { labels, sizes } = components(mask, w, h);
  const centre = labels[(h >> 1) * w + (w >> 1)]!;
  let best = 0;
  let bestScore = 0;
  for (let l = 1; l < sizes.length; l++) {
    const score = sizes[l]! * (l === centre ? 1.5 : 1);
    if (score > bestScore) {
      bestScore = score;
      best = l;
    }
  }
  const finish = (keep: (label: number) => boolean): Uint8Array => {
    let m: Uint8Array = new Uint8Array(w * h);
    for (let i = 0; i < m.length; i++) m[i] = keep(labels[i]!) ? 1 : 0;
    m = fillHoles(m, w, h);
    const rc = 2 * r + 1;
    m = morph(morph(m, w, h, rc, true), w, h, rc, false);
    m = fillHoles(m, w, h);
    // Open once more to cut thin protrusions (specks bridging to the border, cables, shadows)
    // that would otherwise stretch the convex hull.
    const ro = Math.max(2, Math.round(0.008 * Math.max(w, h)));
    return morph(morph(m, w, h, ro, false), w, h, ro, true);
  };
  if (best === 0) return new Uint8Array(w * h);
  if (split) {
    // Large pieces left out: with the page's own piece, their hull is the page they may be parts
    // of (a photo printed across it, with thin margins beside it, cuts a brochure in two).
    // Pieces of paper, not specks (a page filling the frame thresholds into noise).
    const min = Math.max(SPLIT_PAPER * sizes[best]!, MIN_PIECE * w * h);
    let dropped = 0;
    for (let l = 1; l < sizes.length; l++) if (l !== best) dropped = Math.max(dropped, sizes[l]!);
    split.dropped = dropped / sizes[best]!;
    if (dropped >= min && sizes[best]! >= MIN_SPLIT_PAGE * w * h) {
      // Only inside the frame: pieces the frame cuts are not parts of one page's outline (the
      // opening may have eaten r px next to the frame).
      const atFrame = new Set<number>();
      const band = r + 2;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          if (y < band || y >= h - band || x < band || x >= w - band) {
            atFrame.add(labels[y * w + x]!);
          }
        }
      }
      const piece = (l: number) => l > 0 && sizes[l]! >= min && !atFrame.has(l);
      if (piece(best) && sizes.some((_, l) => l !== best && piece(l))) {
        const pieces = finish(piece);
        split.joined = convexFill(convexHull(boundaryPixels(pieces, w, h)), w, h);
      }
    }
  }
  return largestComponent(
    finish((l) => l === best),
    w,
    h,
  );
}

/** What `pageMask` left out of the page: its largest other piece of paper as a share of the
 *  page's piece and, when there are such pieces (each at least SPLIT_PAPER of the page's piece
 *  and MIN_PIECE of the frame, clear of the frame), the hull of the page's piece with them. */
export interface SplitPaper {
  dropped: number;
  joined?: Uint8Array;
}

/** 0/1 mask of the inside of a convex polygon (vertices in order), row by row. */
function convexFill(poly: Point[], w: number, h: number): Uint8Array {
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < poly.length; k++) {
      const a = poly[k]!;
      const b = poly[(k + 1) % poly.length]!;
      if ((a.y - y) * (b.y - y) > 0) continue;
      const x = a.y === b.y ? Math.min(a.x, b.x) : a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y);
      const x2 = a.y === b.y ? Math.max(a.x, b.x) : x;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x2);
    }
    for (let x = Math.max(0, Math.ceil(lo)); x <= Math.min(w - 1, Math.floor(hi)); x++) {
      mask[y * w + x] = 1;
    }
  }
  return mask;
}

/**
 * Page mask from sharp edges alone: the background is what the frame reaches without crossing
 * a wall, and the page is the rest. The walls are the sharp edges with the faint stretches that
 * continue them (`faintEdges`), thickened so that breaks of up to about 2·`gap` px close. A page
 * on a table as light and neutral as itself, or half under a cast shadow, defeats the colour
 * features, but its border is still a sharp edge all round; text and photos inside are enclosed.
 */
function enclosedByEdges(faint: Uint8Array, w: number, h: number, gap: number): Uint8Array {
  const r = Math.max(1, Math.round(gap));
  const wall = r > 1 ? morph(faint, w, h, r - 1, true) : faint;
  // Everything the frame reaches is background; walls and what they enclose are the page.
  let mask = fillHoles(wall, w, h);
  mask = morph(mask, w, h, r, false);
  // Cut the background's own edges (grain, noise) off the page and keep one piece.
  const ro = Math.max(2, Math.round(0.008 * Math.max(w, h)));
  mask = morph(morph(mask, w, h, ro, false), w, h, ro, true);
  return fillHoles(largestComponent(mask, w, h), w, h);
}

/** 0/1 mask of the inside of convex quad q (corners in order). */
function quadMask(q: Point[], w: number, h: number): Uint8Array {
  const mask = new Uint8Array(w * h);
  const cx = (q[0]!.x + q[1]!.x + q[2]!.x + q[3]!.x) / 4;
  const cy = (q[0]!.y + q[1]!.y + q[2]!.y + q[3]!.y) / 4;
  // Each side as n·p ≤ c with n pointing away from the centre.
  const sides = q.map((a, k) => {
    const b = q[(k + 1) % 4]!;
    let l = lineThrough(a, b);
    if (l.nx * cx + l.ny * cy > l.c) l = { nx: -l.nx, ny: -l.ny, c: -l.c };
    return l;
  });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (sides.every((l) => l.nx * x + l.ny * y <= l.c)) mask[y * w + x] = 1;
    }
  }
  return mask;
}

function largestComponent(mask: Uint8Array, w: number, h: number): Uint8Array {
  const { labels, sizes } = components(mask, w, h);
  let best = 0;
  for (let l = 1; l < sizes.length; l++) if (sizes[l]! > (sizes[best] ?? 0)) best = l;
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = best > 0 && labels[i] === best ? 1 : 0;
  return out;
}

function boundaryPixels(mask: Uint8Array, w: number, h: number): Point[] {
  const pts: Point[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      if (
        x === 0 ||
        y === 0 ||
        x === w - 1 ||
        y === h - 1 ||
        !mask[i - 1] ||
        !mask[i + 1] ||
        !mask[i - w] ||
        !mask[i + w]
      ) {
        pts.push({ x, y });
      }
    }
  }
  return pts;
}

/**
 * Refines each side of a rough quad by a robust line fit to the mask boundary pixels in the
 * middle 76 % of that side (so dog-ears and fingers near corners do not pull it), then takes
 * corners as intersections of adjacent side lines.
 */
function refineQuad(
  rough: [Point, Point, Point, Point],
  boundary: Point[],
  diag: number,
): {
  corners: [Point, Point, Point, Point];
  lines: Line[];
} {
  const sides: Array<[Point, Point]> = [
    [rough[0], rough[1]],
    [rough[1], rough[2]],
    [rough[2], rough[3]],
    [rough[3], rough[0]],
  ];
  const tol = 0.04 * diag;
  const lines = sides.map(([a, b]) => {
    const base = lineThrough(a, b);
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const near: Point[] = [];
    for (const p of boundary) {
      const d = base.nx * p.x + base.ny * p.y - base.c;
      if (Math.abs(d) > tol) continue;
      const t = ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / (len * len);
      if (t < 0.12 || t > 0.88) continue;
      near.push(p);
    }
    if (near.length < 10) return base;
    const coarse = fitLineRobust(near, tol / 3, base);
    return fitLineRobust(near, 1.5, coarse ?? base) ?? base;
  });
  const corners = rough.map((c, k) => {
    const p = intersect(lines[(k + 3) % 4]!, lines[k]!);
    if (!p || Math.hypot(p.x - c.x, p.y - c.y) > 0.15 * diag) return c;
    return p;
  }) as [Point, Point, Point, Point];
  return { corners, lines };
}

/**
 * Moves each side of a mask-derived quad onto the best sharp straight edge nearby (a mask can
 * leak into a lit table or stop at a cast shadow; the paper's own edge is sharp and straight),
 * keeping sides that lie on the image border or find no better-supported edge.
 */
function snapToEdges(
  q: [Point, Point, Point, Point],
  edges: EdgeMap,
  f: PaperFeatures,
  diag: number,
  mask: Uint8Array,
): [Point, Point, Point, Point] {
  const { width: w, height: h } = f;
  const onBorder = (a: Point, b: Point): boolean =>
    (a.x < 3 && b.x < 3) ||
    (a.y < 3 && b.y < 3) ||
    (a.x > w - 4 && b.x > w - 4) ||
    (a.y > h - 4 && b.y > h - 4);
  const lines: Line[] = [];
  for (let s = 0; s < 4; s++) {
    const a = q[s]!;
    const b = q[(s + 1) % 4]!;
    const base = lineThrough(a, b);
    const mid = (t: number): Point => ({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) });
    const border = onBorder(a, b);
    // A side on the image border has no edge of its own; a page edge found inside wins
    // only with strong support (else the page really is cut by the frame).
    const own = border
      ? 0
      : segmentSupport(edges, mid(0.1), mid(0.9)) *
        Math.min(1, sidesContrast(edges, mid(0.1), mid(0.9)) / 15);
    // A wavy (crumpled) but real edge: support with a looser tolerance.
    const ownLoose = border ? 0 : segmentSupport(edges, mid(0.1), mid(0.9), 5);
    const found = bestEdgeLine(edges, a, b, (border ? 0.18 : 0.12) * diag);
    const need = border ? 0.6 : 0.35;
    // Inward moves (towards the centre) risk snapping onto a text line or rule: allowed only
    // when the mask's own side has no real edge (it leaked, or lies on the frame).
    const cx = (q[0].x + q[1].x + q[2].x + q[3].x) / 4;
    const cy = (q[0].y + q[1].y + q[2].y + q[3].y) / 4;
    const m0 = mid(0.5);
    const m1 = { x: (found.a.x + found.b.x) / 2, y: (found.a.y + found.b.y) / 2 };
    const inward = Math.hypot(m1.x - cx, m1.y - cy) < Math.hypot(m0.x - cx, m0.y - cy) - 2;
    // Outward moves far past the mask must cross page, not background: a long straight edge in
    // the background (wood grain, a table's edge) beside a curved side would otherwise win.
    // An edge that meets the side at one end and swings out at the other (a straight piece of
    // a crumpled page's bent side, run on) puts that end's corner off the page as surely as a
    // parallel shift does: the far end's move counts too.
    const outwardBy = (p: Point, o: Point): number =>
      Math.hypot(p.x - cx, p.y - cy) > Math.hypot(o.x - cx, o.y - cy)
        ? Math.hypot(p.x - o.x, p.y - o.y)
        : 0;
    const reach = Math.max(
      Math.hypot(m1.x - m0.x, m1.y - m0.y),
      outwardBy(found.a, a),
      outwardBy(found.b, b),
    );
    const far =
      !inward &&
      !border &&
      reach > OUTWARD_FREE * diag &&
      !stripIsPage(f, mask, a, b, found.a, found.b);
    const allowed = (!inward || border || ownLoose < 0.3) && !far;
    lines.push(allowed && found.support >= need && found.support > own + 0.05 ? found.line : base);
  }
  const out = q.map((c, k) => {
    const p = intersect(lines[(k + 3) % 4]!, lines[k]!);
    if (!p || Math.hypot(p.x - c.x, p.y - c.y) > 0.25 * diag) return c;
    return p;
  }) as [Point, Point, Point, Point];
  return isConvex(out) ? out : q;
}

/** Outward snaps up to this share of the diagonal need no check (a thin missed margin). */
const OUTWARD_FREE = 0.03;
/** A strip whose colour is this close to the background beyond (relative to the page's) is background. */
const SAME_AS_BEYOND = 0.3;

/**
 * Calls `visit(i)` (i = y·w + x) on a 20 × 8 grid over the strip between the segments a→b and p→q (the
 * middle 80 % along them), skipping points outside the w × h image.
 */
function overStrip(
  w: number,
  h: number,
  a: Point,
  b: Point,
  p: Point,
  q: Point,
  visit: (i: number) => void,
): void {
  for (let i = 0; i < 20; i++) {
    const t = 0.1 + (0.8 * (i + 0.5)) / 20;
    const sx = a.x + t * (b.x - a.x);
    const sy = a.y + t * (b.y - a.y);
    const ex = p.x + t * (q.x - p.x);
    const ey = p.y + t * (q.y - p.y);
    for (let j = 0; j < 8; j++) {
      const u = (j + 0.5) / 8;
      const x = Math.round(sx + u * (ex - sx));
      const y = Math.round(sy + u * (ey - sy));
      if (x >= 0 && y >= 0 && x < w && y < h) visit(y * w + x);
    }
  }
}

/**
 * Whether the strip an outward snap would add to the page (between the side a→b and the found
 * edge p→q) could be page: it is mostly inside the mask, or its colour is not simply that of
 * what lies just beyond the found edge. A strip of wood grain beside a curled side, ending at
 * one of the grain's own straight edges, looks just like the wood beyond it and fails; a page
 * margin the mask missed (yellowed, shaded, or a photo printed near the edge) passes.
 */
function stripIsPage(
  f: PaperFeatures,
  mask: Uint8Array,
  a: Point,
  b: Point,
  p: Point,
  q: Point,
): boolean {
  const { width: w, height: h } = f;
  const [R, G, B] = f.rgb.map((c) => c.data) as [Float32Array, Float32Array, Float32Array];
  const shift = (u: Point, v: Point, k: number): Point => ({
    x: u.x + k * (v.x - u.x),
    y: u.y + k * (v.y - u.y),
  });
  const mean = (from: [Point, Point], to: [Point, Point], onlyMask: boolean) => {
    const acc = [0, 0, 0, 0, 0];
    overStrip(w, h, from[0], from[1], to[0], to[1], (i) => {
      acc[4]! += 1;
      acc[3]! += mask[i]!;
      if (onlyMask && !mask[i]) return;
      acc[0]! += R[i]!;
      acc[1]! += G[i]!;
      acc[2]! += B[i]!;
    });
    const n = onlyMask ? acc[3]! : acc[4]!;
    return {
      rgb: n > 0 ? [acc[0]! / n, acc[1]! / n, acc[2]! / n] : null,
      inMask: acc[4]! > 0 ? acc[3]! / acc[4]! : 0,
    };
  };
  const strip = mean([a, b], [p, q], false);
  if (strip.inMask >= 0.5) return true;
  const page = mean([shift(a, p, -1), shift(b, q, -1)], [a, b], true).rgb;
  const beyond = mean([p, q], [shift(a, p, 1.5), shift(b, q, 1.5)], false).rgb;
  if (!page || !beyond || !strip.rgb) return true;
  const d = (u: number[], v: number[]) => Math.hypot(u[0]! - v[0]!, u[1]! - v[1]!, u[2]! - v[2]!);
  return d(strip.rgb, beyond) >= SAME_AS_BEYOND * d(page, beyond);
}

/** Full-frame outline (used when the page fills the frame or nothing is found). */
export function fullFrameOutline(width: number, height: number, confidence: number): PageOutline {
  const n = 16;
  const line = (a: Point, b: Point): Point[] =>
    Array.from({ length: n }, (_, i) => ({
      x: a.x + ((b.x - a.x) * i) / (n - 1),
      y: a.y + ((b.y - a.y) * i) / (n - 1),
    }));
  const tl = { x: 0, y: 0 };
  const tr = { x: width - 1, y: 0 };
  const br = { x: width - 1, y: height - 1 };
  const bl = { x: 0, y: height - 1 };
  return {
    corners: [tl, tr, br, bl],
    top: line(tl, tr),
    right: line(tr, br),
    bottom: line(bl, br),
    left: line(tl, bl),
    clipped: { top: true, right: true, bottom: true, left: true },
    confidence,
  };
}

/** A candidate mask filling less than this share of its quadrilateral loses score… */
const MIN_FILL = 0.85;
/** …at this rate per unit of missing fill. */
const FILL_PENALTY = 0.5;

/**
 * How good one candidate outline is. Edge support decides; a larger page wins near-ties
 * (shadowed parts of the page also show contrast along their border). A mask that leaves much
 * of its quadrilateral empty is part of a page cut along a crease shadow, however strong that
 * shadow's edge, and loses score.
 * @example const best = candidates.reduce((a, b) => (candidateScore(b) > candidateScore(a) ? b : a));
 */
export function candidateScore(r: DetectResult): number {
  const fill = Number(r.details.fill ?? 1);
  return (
    (r.outline?.confidence ?? -1) +
    0.15 * Number(r.details.areaFrac ?? 0) -
    FILL_PENALTY * Math.max(0, MIN_FILL - fill)
  );
}

/** The paper features and edge map every page search on one photo starts from (read only). */
export interface PageFeatures {
  f: PaperFeatures;
  edges: EdgeMap;
}

/**
 * detectPage's features of `work` at most maxSide px long: made once per photo and passed to
 * each later search (its retries with other masks), they are a third of a search's time.
 * @example const features = pageFeatures(work); detectPage(work, undefined, { features });
 */
export function pageFeatures(work: RgbImage, maxSide = 560): PageFeatures {
  const f = paperFeatures(work, maxSide);
  return { f, edges: edgeMap(f.luma, f.chroma) };
}

/**
 * Finds the page in a photo: paper mask → hull → largest inscribed quad → robust side lines →
 * corners by intersection → four boundary curves that follow the real edge → clipped sides and
 * a confidence from edge contrast along the curves. Coordinates are those of `work`.
 * @example const { outline } = detectPage(work); // outline.corners = [tl, tr, br, bl]
 */
export function detectPage(
  work: RgbImage,
  maxSide = 560,
  opts: {
    shadowInvariant?: boolean;
    straightEdges?: boolean;
    /** only the mask of smooth paper among grain (see `smoothPage`) */
    smoothness?: boolean;
    /** only the masks of regions enclosed by sharp edges (see `enclosedByEdges`) */
    edgeEnclosures?: boolean;
    cornersOnMask?: boolean;
    /** `pageFeatures(work, maxSide)`, when an earlier call on this photo made them */
    features?: PageFeatures;
  } = {},
): DetectResult {
  const { f, edges } = opts.features ?? pageFeatures(work, maxSide);
  if (opts.shadowInvariant) {
    const r = detectFromMask(f, pageMask(f, neutrality(f)), edges);
    r.details.feature = 'neutral colour';
    return r;
  }
  if (opts.smoothness) {
    const r = detectFromMask(f, pageMask(f, smoothPage(f), 0.5), edges);
    r.details.feature = 'smoothness';
    return r;
  }
  if (opts.straightEdges) {
    return (
      straightEdgeOutline(f, edges) ?? {
        outline: null,
        reason: 'no four straight page edges found',
        details: {},
      }
    );
  }
  let faint: Uint8Array | null = null;
  const walls = (): Uint8Array => (faint ??= faintEdges(edges, FAINT_EDGE));
  // The masks from the edges alone: the walls as they are, then with breaks closed.
  const enclosures: Array<[string, () => Uint8Array]> = [
    ['edge enclosure', () => enclosedByEdges(walls(), f.width, f.height, 1)],
    [
      'edge enclosure, gaps closed',
      () => enclosedByEdges(walls(), f.width, f.height, GAP_SHARE * Math.max(f.width, f.height)),
    ],
  ];
  // The frame reaches a page that touches it, so an enclosure reaching the frame leaked; and
  // one far larger than its quadrilateral leaked into a textured background.
  const enclosureLeaked = (r: DetectResult): boolean =>
    leaked(r) || Number(r.details.fill ?? 0) > MAX_ENCLOSURE_FILL;
  if (opts.edgeEnclosures) {
    let best: DetectResult | null = null;
    for (const [name, make] of enclosures) {
      const r = detectFromMask(f, make(), edges);
      r.details.feature = name;
      if (!enclosureLeaked(r) && (!best || preferCandidate(r, best))) best = r;
    }
    return best ?? { outline: null, reason: 'no region enclosed by edges', details: {} };
  }
  // A large piece of paper apart from the page's mask may be the page's own, cut off by a photo
  // printed across it. Then the search goes on past that mask however sure its outline, and the
  // hull of the pieces is a candidate after the colour masks (which may keep the photo).
  const split: SplitPaper = { dropped: 0 };
  const paperMask = pageMask(f, f.paper, undefined, split);
  // Candidates from cheapest to dearest; a clean, confident outline that fills its quadrilateral
  // ends the search (a shadow's edge can look as confident, but leaves a bite out of the page).
  // The edge enclosures are a fallback: an outline of theirs close to the colour masks' best is
  // dropped, so they only ever find a different region (on crumpled paper they follow crease
  // edges here and there, and are no better for it).
  type Candidate = [string, () => Uint8Array | null, fallback?: boolean];
  const masks: Candidate[] = [
    ['paperness', () => paperMask],
    [
      'colour model',
      () => {
        const colour = colourModelScore(f, paperMask);
        return colour ? pageMask(f, colour, 128) : null;
      },
    ],
    ['background distance', () => pageMask(f, backgroundDistance(f))],
    // A page lit across a band only (a curl turned from the light above and below it, on a grey
    // desk): the threshold parts the lit paper from all the rest, shaded paper and desk alike,
    // so the darker class is parted once more (curl/invoice#1271's top and bottom thirds). On
    // a light table that takes in the table too: a fallback, dropped when it leaks.
    [SHADE_INCLUDED, () => pageMask(f, f.paper, otsu(f.paper.data, otsu(f.paper.data))), true],
    [JOINED, () => split.joined ?? null],
    ...enclosures.map(([name, make]): Candidate => [name, make, true]),
  ];
  let best: DetectResult | null = null;
  // The best outline of the colour masks, which the enclosures must differ from.
  let found: DetectResult | null = null;
  // Every candidate weighed, for `others`.
  const weighed: DetectResult[] = [];
  // The paperness mask's outline (the lit paper).
  let lit: PageOutline | null = null;
  for (const [name, make, fallback] of masks) {
    if (
      best?.outline &&
      !(split.joined && best.details.feature === 'paperness') &&
      best.outline.confidence >= SURE &&
      Number(best.details.fill ?? 0) >= MIN_FILL &&
      Number(best.details.areaFrac ?? 0) >= SMALL_PAGE
    ) {
      break;
    }
    const mask = make();
    if (!mask) continue;
    const r = detectFromMask(f, mask, edges, opts.cornersOnMask);
    r.details.feature = name;
    if (name === 'paperness' && split.joined) r.details.splitPaper = split.dropped;
    if (fallback && enclosureLeaked(r)) continue;
    if (name === 'paperness') lit = r.outline;
    // The paper in shade goes round the lit paper, and the desk beyond it shows as the page's
    // edge all round: an outline that leaves some lit paper out, or a side of which edges
    // hardly support, followed shade or crease shadows across the page (crumple/form#1123) or
    // ran on into a desk of the paper's shade (the real linguistics_thesis_a).
    if (
      name === SHADE_INCLUDED &&
      !(
        lit &&
        r.outline &&
        Math.min(...((r.details.sides as number[] | undefined) ?? [0])) >= SHADE_SIDE_SUPPORT &&
        quadEncloses(r.outline.corners, lit.corners, 1, LEAK_SLACK)
      )
    ) {
      continue;
    }
    // The hull, and the fallbacks, only ever add an outline the colour masks did not find.
    if (
      (fallback || name === JOINED) &&
      found &&
      sameOutline(r, found, Math.hypot(f.width, f.height) / f.scale)
    ) {
      continue;
    }
    if (r.outline) weighed.push(r);
    if (!best || preferCandidate(r, best)) best = r;
    // The pieces' hull is rougher than an outline of their own: it does not stand in for the
    // colour masks here.
    if (!fallback && name !== JOINED && (!found || preferCandidate(r, found))) found = r;
  }
  if (
    best?.outline &&
    Number(best.details.fill ?? 0) > LEAKY_FILL &&
    best.outline.confidence < SURE
  ) {
    // The mask spills well past its own quadrilateral: it ran on into a table as light as the
    // paper (past a faint border, up to a cast shadow's edge), and its sides follow whatever
    // stopped it. A quadrilateral of four straight edges inside it, covering most of it, is the
    // page's border (a box printed on the page covers less; the text check sees to the rest).
    const r = straightEdgeOutline(f, edges);
    const inner = r?.outline;
    if (
      inner &&
      inner.confidence >= ENCLOSING_CONFIDENCE &&
      Number(r.details.areaFrac) >= LEAK_INNER_AREA * Number(best.details.areaFrac) &&
      quadEncloses(best.outline.corners, inner.corners, 1, LEAK_SLACK) &&
      // The same corners: the mask leaked, but its sides were snapped onto the page's edges.
      !sameOutline(r, best, Math.hypot(f.width, f.height) / f.scale)
    ) {
      r.details.feature = 'edge enclosure, straight sides inside a leaking mask';
      r.details.leakyFill = best.details.fill;
      best = r;
    }
  }
  const chosen = best!;
  const others = weighed.filter((r) => r !== chosen);
  if (others.length > 0) {
    chosen.others = others.sort((a, b) => candidateScore(b) - candidateScore(a));
  }
  return chosen;
}

/** The page as four straight edges (`straightEdgeQuad`), traced and scored; null when none. */
function straightEdgeOutline(f: PaperFeatures, edges: EdgeMap): DetectResult | null {
  const faint = withFaintEdges(edges, FAINT_EDGE);
  const quad = straightEdgeQuad(faint);
  if (!quad) return null;
  const r = detectFromMask(f, quadMask(quad.corners, f.width, f.height), faint);
  r.details.feature = 'straight edges';
  // The trace wants more contrast across a side than a border fading into a light table
  // has; the straight sides' own support vouches for the outline.
  if (r.outline) r.outline.confidence = Math.max(r.outline.confidence, quad.support);
  return r;
}

/** An outline this confident that fills its quadrilateral needs no other candidate. */
const SURE = 0.95;
/** A best mask this much larger than its quadrilateral leaked past the page's border. */
export const LEAKY_FILL = 1.08;
/** The straight-sided page inside a leaking mask covers at least this share of it… */
export const LEAK_INNER_AREA = 0.5;
/** …and lies inside its quadrilateral to within this share of the quadrilateral's size. */
export const LEAK_SLACK = 0.05;

/** Gradient down to which edges continuing the edge map's own count as walls of the enclosure. */
const FAINT_EDGE = 1.5;
/** An enclosure this much larger than its quadrilateral is not the page alone. */
const MAX_ENCLOSURE_FILL = 1.2;
/** Outlines whose corners all lie within this share of the image diagonal are the same one. */
const SAME_OUTLINE = 0.05;
/** Below this share of the frame a confident outline may be a photo on the page: search on. */
const SMALL_PAGE = 0.2;
/** A piece of paper at least this share of the paper mask's page, left out of it, makes the
 *  hull of both a candidate (see `SplitPaper`). */
const SPLIT_PAPER = 0.05;
/** A piece joined to the page is at least this share of the frame, */
const MIN_PIECE = 0.01;
/** and the page's own piece at least this share. */
const MIN_SPLIT_PAGE = 0.1;
/** The candidate of the paper mask's pieces joined by their hull. */
const JOINED = 'paperness, pieces joined';
/** The paperness mask with the shaded part of the page (see `detectPage`)… */
const SHADE_INCLUDED = 'paperness, shade included';
/** …counts only when edges support each of its sides over at least this share. */
const SHADE_SIDE_SUPPORT = 0.8;
/** Edge gaps up to twice this share of the detection size are closed by the enclosure's second try. */
const GAP_SHARE = 0.008;
/** A confident outline around another one is the page round a photo printed on it. */
const ENCLOSING_CONFIDENCE = 0.8;
/** Whether quad `outer` holds every corner of `inner` (within 1 % of its size) and is at least 1.5× its area. */
const encloses = (outer: Point[], inner: Point[]): boolean => quadEncloses(outer, inner, 1.5, 0.01);

/**
 * Whether candidate outline `r` should replace `best`: by `candidateScore`, except that a
 * confident outline enclosing the other one wins whatever the scores. A photo or a framed box
 * printed on the page has edges as clean as the page's own, and is found alone when the
 * page's border fades into a light table.
 * @example if (preferCandidate(next, best)) best = next;
 */
export function preferCandidate(r: DetectResult, best: DetectResult): boolean {
  const a = r.outline;
  const b = best.outline;
  if (a && b) {
    if (a.confidence >= ENCLOSING_CONFIDENCE && encloses(a.corners, b.corners)) return true;
    if (b.confidence >= ENCLOSING_CONFIDENCE && encloses(b.corners, a.corners)) return false;
  }
  return candidateScore(r) > candidateScore(best);
}

/** Whether an outline has a side along the image border. */
function leaked(r: DetectResult): boolean {
  return !r.outline || Object.values(r.outline.clipped).some(Boolean);
}

/** Whether two candidates' outlines have all four corners within SAME_OUTLINE·`diag` of each other. */
function sameOutline(a: DetectResult, b: DetectResult, diag: number): boolean {
  const p = a.outline?.corners;
  const q = b.outline?.corners;
  if (!p || !q) return false;
  return p.every((c, k) => Math.hypot(c.x - q[k]!.x, c.y - q[k]!.y) < SAME_OUTLINE * diag);
}

function detectFromMask(
  f: PaperFeatures,
  mask: Uint8Array,
  edges: EdgeMap,
  cornersOnMask = false,
): DetectResult {
  const { width: w, height: h } = f;
  let area = 0;
  for (let i = 0; i < mask.length; i++) area += mask[i]!;
  const areaFrac = area / (w * h);
  if (areaFrac < 0.04) {
    return { outline: null, reason: 'no paper-like region found', details: { areaFrac } };
  }
  const boundary = boundaryPixels(mask, w, h);
  const hull = convexHull(boundary);
  const rough = orderCorners(maxAreaQuad(hull));
  const diag = Math.hypot(w, h);
  const corners = cornersOnMask
    ? rough
    : snapToEdges(refineQuad(rough, boundary, diag).corners, edges, f, diag, mask);
  if (!isConvex(corners) || quadArea(corners) < 0.03 * w * h) {
    return {
      outline: null,
      reason: 'page outline is not a plausible quadrilateral',
      details: { areaFrac },
    };
  }
  const traced = traceBoundary(mask, w, h, corners, edges);
  // A page mask fills its quadrilateral; a mask of clutter or of half a page does not.
  const fill = area / quadArea(corners);
  const quadFit = Math.max(0, Math.min(1, (Math.min(fill, 2 - fill) - 0.75) / 0.15));
  // Strong edge support vouches for the outline even where the mask leaked.
  const weakest = traced.sides.length ? Math.min(...traced.sides) : 0;
  if (traced.support < 0.7 || weakest < 0.7) {
    traced.confidence *= quadFit;
    if (quadFit < 1) traced.reason = `mask fills ${(100 * fill).toFixed(0)} % of its quadrilateral`;
  }
  const s = 1 / f.scale;
  const toWork = (p: Point): Point => ({ x: (p.x + 0.5) * s - 0.5, y: (p.y + 0.5) * s - 0.5 });
  const outline: PageOutline = {
    corners: corners.map(toWork) as [Point, Point, Point, Point],
    top: traced.curves[0].map(toWork),
    right: traced.curves[1].map(toWork),
    bottom: traced.curves[2].map(toWork),
    left: traced.curves[3].map(toWork),
    clipped: traced.clipped,
    confidence: traced.confidence,
  };
  return {
    outline,
    reason: traced.reason,
    details: { areaFrac, fill, support: traced.support, sides: traced.sides, detectScale: f.scale },
  };
}
