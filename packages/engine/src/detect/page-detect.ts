import type { GrayImage, PageOutline, Point, RgbImage } from '../types.ts';
import { boxMean, channelDown } from '../geometry/raster.ts';
import { components, fillHoles, morph, otsu } from './mask.ts';
import {
  convexHull,
  fitLineRobust,
  intersect,
  lineThrough,
  maxAreaQuad,
  orderCorners,
  type Line,
} from './quad.ts';
import { traceBoundary } from './boundary.ts';
import { bestEdgeLine, edgeMap, segmentSupport, sidesContrast, type EdgeMap } from './edges.ts';

export interface DetectResult {
  outline: PageOutline | null;
  /** why the outline is null or low-confidence */
  reason: string;
  details: Record<string, unknown>;
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
  const r = channelDown(work, maxSide, 0);
  const g = channelDown(work, maxSide, 1);
  const b = channelDown(work, maxSide, 2);
  const n = r.data.length;
  const L = new Float32Array(n);
  const C = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const R = r.data[i]!;
    const G = g.data[i]!;
    const B = b.data[i]!;
    L[i] = 0.299 * R + 0.587 * G + 0.114 * B;
    C[i] = Math.max(R, G, B) - Math.min(R, G, B);
  }
  const w = r.width;
  const h = r.height;
  const luma = boxMean({ width: w, height: h, data: L }, 1);
  const chroma = boxMean({ width: w, height: h, data: C }, 1);
  const P = new Float32Array(n);
  for (let i = 0; i < n; i++) P[i] = Math.max(0, luma.data[i]! - 1.5 * chroma.data[i]!);
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

/**
 * Distance of every pixel's (smoothed) colour to the nearest of k colours clustered from a band
 * along the image border, which is mostly background unless the page fills the frame. Shaded
 * paper stays far from a wood/fabric/desk background even where it is not bright.
 */
export function backgroundDistance(f: PaperFeatures, k = 4): GrayImage {
  const { width: w, height: h } = f;
  const band = Math.max(3, Math.round(0.012 * Math.min(w, h)));
  const samples: number[] = [];
  const [R, G, B] = f.rgb;
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      if (x >= band && y >= band && x < w - band && y < h - band) continue;
      const i = y * w + x;
      samples.push(R.data[i]!, G.data[i]!, B.data[i]!);
    }
  }
  const n = samples.length / 3;
  const centres = new Float64Array(k * 3);
  for (let c = 0; c < k; c++) {
    const s = Math.floor(((c + 0.5) * n) / k) * 3;
    centres.set([samples[s]!, samples[s + 1]!, samples[s + 2]!], c * 3);
  }
  const assign = new Int32Array(n);
  for (let iter = 0; iter < 8; iter++) {
    const acc = new Float64Array(k * 4);
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bd = Infinity;
      for (let c = 0; c < k; c++) {
        const d =
          (samples[i * 3]! - centres[c * 3]!) ** 2 +
          (samples[i * 3 + 1]! - centres[c * 3 + 1]!) ** 2 +
          (samples[i * 3 + 2]! - centres[c * 3 + 2]!) ** 2;
        if (d < bd) {
          bd = d;
          best = c;
        }
      }
      assign[i] = best;
      acc[best * 4] = acc[best * 4]! + samples[i * 3]!;
      acc[best * 4 + 1] = acc[best * 4 + 1]! + samples[i * 3 + 1]!;
      acc[best * 4 + 2] = acc[best * 4 + 2]! + samples[i * 3 + 2]!;
      acc[best * 4 + 3] = acc[best * 4 + 3]! + 1;
    }
    for (let c = 0; c < k; c++) {
      const m = acc[c * 4 + 3]!;
      if (m > 0) for (let q = 0; q < 3; q++) centres[c * 3 + q] = acc[c * 4 + q]! / m;
    }
  }
  const out = new Float32Array(w * h);
  for (let i = 0; i < out.length; i++) {
    let bd = Infinity;
    for (let c = 0; c < k; c++) {
      const d =
        (R.data[i]! - centres[c * 3]!) ** 2 +
        (G.data[i]! - centres[c * 3 + 1]!) ** 2 +
        (B.data[i]! - centres[c * 3 + 2]!) ** 2;
      if (d < bd) bd = d;
    }
    out[i] = Math.min(255, Math.sqrt(bd));
  }
  return { width: w, height: h, data: out };
}

interface Gauss3 {
  mean: [number, number, number];
  inv: Float64Array;
  logDet: number;
}

function fitGauss(samples: number[]): Gauss3 | null {
  const n = samples.length / 3;
  if (n < 30) return null;
  const m: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    m[0] += samples[i * 3]! / n;
    m[1] += samples[i * 3 + 1]! / n;
    m[2] += samples[i * 3 + 2]! / n;
  }
  const c = new Float64Array(9);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) {
        c[a * 3 + b] =
          c[a * 3 + b]! + ((samples[i * 3 + a]! - m[a]!) * (samples[i * 3 + b]! - m[b]!)) / n;
      }
    }
  }
  for (let a = 0; a < 3; a++) c[a * 4] = c[a * 4]! + 1e-5;
  const [A, B, C, D, E, F, G, H, I] = c as unknown as number[];
  const det = A! * (E! * I! - F! * H!) - B! * (D! * I! - F! * G!) + C! * (D! * H! - E! * G!);
  if (!(det > 0)) return null;
  const inv = new Float64Array([
    (E! * I! - F! * H!) / det,
    (C! * H! - B! * I!) / det,
    (B! * F! - C! * E!) / det,
    (F! * G! - D! * I!) / det,
    (A! * I! - C! * G!) / det,
    (C! * D! - A! * F!) / det,
    (D! * H! - E! * G!) / det,
    (B! * G! - A! * H!) / det,
    (A! * E! - B! * D!) / det,
  ]);
  return { mean: m, inv, logDet: Math.log(det) };
}

function mahal(g: Gauss3, v: [number, number, number]): number {
  const d0 = v[0] - g.mean[0];
  const d1 = v[1] - g.mean[1];
  const d2 = v[2] - g.mean[2];
  const m = g.inv;
  return (
    d0 * (m[0]! * d0 + m[1]! * d1 + m[2]! * d2) +
    d1 * (m[3]! * d0 + m[4]! * d1 + m[5]! * d2) +
    d2 * (m[6]! * d0 + m[7]! * d1 + m[8]! * d2) +
    g.logDet
  );
}

/**
 * Colour-model page score: Gaussians in (chromaticity r, chromaticity g, damped luma) fitted to
 * the confident paper (an eroded bright-paper mask) and to the border band outside it. The
 * chromaticity is shading-invariant, so a page whose lower half lies in shadow still separates
 * from a similarly dark desk. Returns 128 + 8·log-likelihood ratio (threshold 128), or null.
 */
export function colourModelScore(f: PaperFeatures, seed: Uint8Array): GrayImage | null {
  const { width: w, height: h } = f;
  const [R, G, B] = f.rgb;
  const v: [number, number, number] = [0, 0, 0];
  const feat = (i: number): [number, number, number] => {
    const s = R.data[i]! + G.data[i]! + B.data[i]! + 30;
    v[0] = R.data[i]! / s;
    v[1] = G.data[i]! / s;
    v[2] = (0.15 * f.luma.data[i]!) / 255;
    return v;
  };
  const core = morph(seed, w, h, 3, false);
  const halo = morph(seed, w, h, 4, true);
  const band = Math.max(3, Math.round(0.012 * Math.min(w, h)));
  const fg: number[] = [];
  const bg: number[] = [];
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      const i = y * w + x;
      if (core[i]) {
        const q = feat(i);
        fg.push(q[0], q[1], q[2]);
      } else if (!halo[i] && (x < band || y < band || x >= w - band || y >= h - band)) {
        const q = feat(i);
        bg.push(q[0], q[1], q[2]);
      }
    }
  }
  const gf = fitGauss(fg);
  const gb = fitGauss(bg);
  if (!gf || !gb) return null;
  const out = new Float32Array(w * h);
  for (let i = 0; i < out.length; i++) {
    const q = feat(i);
    const llr = 0.5 * (mahal(gb, q) - mahal(gf, q));
    out[i] = Math.max(0, Math.min(255, 128 + 8 * llr));
  }
  return { width: w, height: h, data: out };
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
  for (let i = 0; i < mask.length; i++) mask[i] = labels[i] === best && best > 0 ? 1 : 0;
  mask = fillHoles(mask, w, h);
  const rc = 2 * r + 1;
  mask = morph(morph(mask, w, h, rc, true), w, h, rc, false);
  mask = fillHoles(mask, w, h);
  // Open once more to cut thin protrusions (specks bridging to the border, cables, shadows)
  // that would otherwise stretch the convex hull.
  const ro = Math.max(2, Math.round(0.008 * Math.max(w, h)));
  mask = morph(morph(mask, w, h, ro, false), w, h, ro, true);
  return largestComponent(mask, w, h);
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
  w: number,
  h: number,
  diag: number,
): [Point, Point, Point, Point] {
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
    const allowed = !inward || border || ownLoose < 0.3;
    lines.push(allowed && found.support >= need && found.support > own + 0.05 ? found.line : base);
  }
  const out = q.map((c, k) => {
    const p = intersect(lines[(k + 3) % 4]!, lines[k]!);
    if (!p || Math.hypot(p.x - c.x, p.y - c.y) > 0.25 * diag) return c;
    return p;
  }) as [Point, Point, Point, Point];
  return isConvex(out) ? out : q;
}

function quadArea(q: Point[]): number {
  let a = 0;
  for (let i = 0; i < q.length; i++) {
    const p = q[i]!;
    const n = q[(i + 1) % q.length]!;
    a += p.x * n.y - n.x * p.y;
  }
  return Math.abs(a) / 2;
}

function isConvex(q: Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % 4]!;
    const c = q[(i + 2) % 4]!;
    const z = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    const s = Math.sign(z);
    if (s === 0) continue;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
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

/**
 * Finds the page in a photo: paper mask → hull → largest inscribed quad → robust side lines →
 * corners by intersection → four boundary curves that follow the real edge → clipped sides and
 * a confidence from edge contrast along the curves. Coordinates are those of `work`.
 * @example const { outline } = detectPage(work); // outline.corners = [tl, tr, br, bl]
 */
export function detectPage(work: RgbImage, maxSide = 560): DetectResult {
  const f = paperFeatures(work, maxSide);
  const edges = edgeMap(f.luma, f.chroma);
  const paperMask = pageMask(f);
  // Candidates from cheapest to dearest; a clean, confident paperness outline ends the search.
  const masks: Array<[string, () => Uint8Array | null]> = [
    ['paperness', () => paperMask],
    [
      'colour model',
      () => {
        const colour = colourModelScore(f, paperMask);
        return colour ? pageMask(f, colour, 128) : null;
      },
    ],
    ['background distance', () => pageMask(f, backgroundDistance(f))],
  ];
  let best: DetectResult | null = null;
  let bestScore = -Infinity;
  for (const [name, make] of masks) {
    if (best?.outline && best.outline.confidence >= 0.95) break;
    const mask = make();
    if (!mask) continue;
    const r = detectFromMask(f, mask, edges);
    r.details.feature = name;
    // Edge support decides; a larger page wins near-ties (shadowed parts of the page also
    // show contrast along their border).
    const score = (r.outline?.confidence ?? -1) + 0.15 * Number(r.details.areaFrac ?? 0);
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best!;
}

function detectFromMask(f: PaperFeatures, mask: Uint8Array, edges: EdgeMap): DetectResult {
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
  const fromMask = refineQuad(rough, boundary, diag).corners;
  const corners = snapToEdges(fromMask, edges, w, h, diag);
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
