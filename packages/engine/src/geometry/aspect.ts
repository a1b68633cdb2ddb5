import type { Point } from '../types.ts';

export type PaperSize = 'A4' | 'Letter' | 'Legal';

/** Height over width of each paper size the engine knows. */
export const PAPER_ASPECT: Readonly<Record<PaperSize, number>> = {
  A4: Math.SQRT2,
  Letter: 11 / 8.5,
  Legal: 14 / 8.5,
};
const PAPERS = Object.entries(PAPER_ASPECT) as Array<[PaperSize, number]>;

type V3 = [number, number, number];
const cross = (a: V3, b: V3): V3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * Height/width ratio of the physical rectangle seen as quad tl, tr, br, bl, by Zhang & He
 * ("Whiteboard scanning", MSR-TR-2003-39). Coordinates are centred on the principal point
 * (image centre). When the focal length is undetermined (near-parallel sides) or implausible
 * (f² < 0, too short or too long) it falls back to f = 0.75 × `longSide`, or to the mean side
 * lengths when even that fails.
 * @example const aspect = estimateAspect(corners, { x: w / 2, y: h / 2 }, Math.max(w, h));
 */
export function estimateAspect(
  corners: [Point, Point, Point, Point],
  centre: Point,
  longSide: number,
): { aspect: number; focal: number | null } {
  const [tl, tr, br, bl] = corners;
  const m = (p: Point): V3 => [p.x - centre.x, p.y - centre.y, 1];
  const m1 = m(tl);
  const m2 = m(tr);
  const m3 = m(bl);
  const m4 = m(br);
  const k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3);
  const k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2);
  const n2: V3 = [k2 * m2[0] - m1[0], k2 * m2[1] - m1[1], k2 * m2[2] - m1[2]];
  const n3: V3 = [k3 * m3[0] - m1[0], k3 * m3[1] - m1[1], k3 * m3[2] - m1[2]];
  let f2 = -(n2[0] * n3[0] + n2[1] * n3[1]) / (n2[2] * n3[2]);
  let focal: number | null = Math.sqrt(f2);
  const nearAffine = Math.abs(n2[2]) < 1e-3 || Math.abs(n3[2]) < 1e-3;
  if (!(f2 > 0) || nearAffine || focal < 0.3 * longSide || focal > 5 * longSide) {
    focal = null;
    f2 = (0.75 * longSide) ** 2;
  }
  const wh2 =
    (n2[0] ** 2 + n2[1] ** 2 + f2 * n2[2] ** 2) / (n3[0] ** 2 + n3[1] ** 2 + f2 * n3[2] ** 2);
  let aspect = 1 / Math.sqrt(wh2);
  if (!Number.isFinite(aspect) || aspect <= 0) {
    const d = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
    aspect = (d(tl, bl) + d(tr, br)) / (d(tl, tr) + d(bl, br));
  }
  return { aspect, focal };
}

/**
 * Snaps a height/width ratio to A4, Letter or Legal when within `tol` (relative), in either
 * orientation (landscape ratios < 1 snap to 1/ratio). Receipts and cards are left alone.
 * @example snapPaper(1.40) // → { paper: 'A4', aspect: 1.4142 }
 */
export function snapPaper(aspect: number, tol = 0.03): { paper: PaperSize | null; aspect: number } {
  const portrait = aspect >= 1;
  const r = portrait ? aspect : 1 / aspect;
  let best: [PaperSize, number] | null = null;
  let bestErr = tol;
  for (const [name, ratio] of PAPERS) {
    const err = Math.abs(r - ratio) / ratio;
    if (err <= bestErr) {
      best = [name, ratio];
      bestErr = err;
    }
  }
  if (!best) return { paper: null, aspect };
  return { paper: best[0], aspect: portrait ? best[1] : 1 / best[1] };
}
