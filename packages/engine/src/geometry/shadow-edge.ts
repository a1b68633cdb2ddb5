import type { PageOutline, Point, RgbImage } from '../types.ts';

type Side = 'top' | 'right' | 'bottom' | 'left';

/** Patch means are taken this share of the photo's long side inside and outside a side. */
const OFFSET = 0.008;
/** Half-width of the square patch averaged at each sample (share of the long side). */
const PATCH = 0.003;
/** Beyond a shadow's edge the paper is darker by at least this factor… */
const MAX_SHADE = 0.8;
/** …but still lit this much (a black desk is no shadow). */
const MIN_SHADE = 0.2;
/** Chromaticities (r, g, b over their sum) within this L1 distance are the same surface colour. */
const SAME_HUE = 0.04;
/** A side is a shadow's edge when this share of its samples are. */
const MIN_SHARE = 0.5;
/** Samples per side (the middle 80 %: corners may be dog-eared or covered). */
const SAMPLES = 16;

/** Mean RGB of the (2r+1)² patch round (x, y), or null outside the image. */
function patchMean(
  img: RgbImage,
  x: number,
  y: number,
  r: number,
): [number, number, number] | null {
  const { width: w, height: h, data } = img;
  const cx = Math.round(x);
  const cy = Math.round(y);
  if (cx - r < 0 || cy - r < 0 || cx + r >= w || cy + r >= h) return null;
  let sr = 0;
  let sg = 0;
  let sb = 0;
  for (let yy = cy - r; yy <= cy + r; yy++) {
    for (let xx = cx - r; xx <= cx + r; xx++) {
      const i = 3 * (yy * w + xx);
      sr += data[i]!;
      sg += data[i + 1]!;
      sb += data[i + 2]!;
    }
  }
  const n = (2 * r + 1) ** 2;
  return [sr / n, sg / n, sb / n];
}

/** Point at arc-length share t along a polyline, and the unit tangent there. */
export function along(pts: Point[], t: number): { p: Point; tx: number; ty: number } {
  let total = 0;
  for (let k = 1; k < pts.length; k++) {
    total += Math.hypot(pts[k]!.x - pts[k - 1]!.x, pts[k]!.y - pts[k - 1]!.y);
  }
  let goal = t * total;
  for (let k = 1; k < pts.length; k++) {
    const a = pts[k - 1]!;
    const b = pts[k]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (goal <= len || k === pts.length - 1) {
      const u = len > 0 ? Math.min(1, goal / len) : 0;
      return {
        p: { x: a.x + u * (b.x - a.x), y: a.y + u * (b.y - a.y) },
        tx: len > 0 ? (b.x - a.x) / len : 1,
        ty: len > 0 ? (b.y - a.y) / len : 0,
      };
    }
    goal -= len;
  }
  return { p: pts[0]!, tx: 1, ty: 0 };
}

/**
 * The sides of `outline` that run along a shadow's edge rather than the page's: just beyond
 * them lies the same surface colour as just inside (the same chromaticity), only darker. A cast
 * shadow or the shaded panel of a fold falling across the page leaves its lit part looking like
 * a whole page to a brightness-based mask; a real border has the table beyond it, whose colour
 * differs (wood, fabric) or whose brightness does not drop by a shadow's factor. A light grey
 * table can pass the test too, so it only asks for a second look, never decides the outline.
 * Clipped sides (on the frame) are skipped.
 * @example if (shadowedSides(work, outline).length) tryNeutralOutline();
 */
export function shadowedSides(work: RgbImage, outline: PageOutline): Side[] {
  const long = Math.max(work.width, work.height);
  const off = Math.max(3, OFFSET * long);
  const r = Math.max(1, Math.round(PATCH * long));
  const [tl, tr, br, bl] = outline.corners;
  const cx = (tl.x + tr.x + br.x + bl.x) / 4;
  const cy = (tl.y + tr.y + br.y + bl.y) / 4;
  const luma = (c: number[]) => 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!;
  const hue = (c: number[]) => {
    const s = c[0]! + c[1]! + c[2]! || 1;
    return [c[0]! / s, c[1]! / s, c[2]! / s];
  };
  const out: Side[] = [];
  for (const side of ['top', 'right', 'bottom', 'left'] as const) {
    if (outline.clipped[side]) continue;
    const pts = outline[side];
    if (pts.length < 2) continue;
    let shadow = 0;
    let seen = 0;
    for (let k = 0; k < SAMPLES; k++) {
      const { p, tx, ty } = along(pts, 0.1 + (0.8 * (k + 0.5)) / SAMPLES);
      // The normal pointing away from the page's centre.
      let nx = -ty;
      let ny = tx;
      if ((cx - p.x) * nx + (cy - p.y) * ny > 0) {
        nx = -nx;
        ny = -ny;
      }
      const inside = patchMean(work, p.x - off * nx, p.y - off * ny, r);
      const beyond = patchMean(work, p.x + off * nx, p.y + off * ny, r);
      if (!inside || !beyond) continue;
      seen++;
      const li = luma(inside);
      const lb = luma(beyond);
      if (li <= 0 || lb > MAX_SHADE * li || lb < MIN_SHADE * li) continue;
      const hi = hue(inside);
      const hb = hue(beyond);
      if (
        Math.abs(hi[0]! - hb[0]!) + Math.abs(hi[1]! - hb[1]!) + Math.abs(hi[2]! - hb[2]!) <
        SAME_HUE
      ) {
        shadow++;
      }
    }
    if (seen > 0 && shadow >= MIN_SHARE * seen) out.push(side);
  }
  return out;
}
