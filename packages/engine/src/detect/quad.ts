import type { Point } from '../types.ts';

/** A line n·p = c with unit normal n. */
export interface Line {
  nx: number;
  ny: number;
  c: number;
}

/** Convex hull (Andrew's monotone chain), counter-clockwise in y-down image coordinates. */
export function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: Point, a: Point, b: Point): number =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) {
      lower.pop();
    }
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) {
      upper.pop();
    }
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

function triArea(a: Point, b: Point, c: Point): number {
  return Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2;
}

/**
 * Largest-area quadrilateral with vertices on a convex polygon (hull subsampled to ≤ 80
 * vertices; O(n³)). Returns the four vertices in polygon order.
 * @example const quad = maxAreaQuad(convexHull(points));
 */
export function maxAreaQuad(hull: Point[]): Point[] {
  let poly = hull;
  if (poly.length > 80) {
    const stride = poly.length / 80;
    poly = Array.from({ length: 80 }, (_, i) => hull[Math.floor(i * stride)]!);
  }
  const n = poly.length;
  if (n <= 4) return poly;
  let best = -1;
  let bestQuad: Point[] = poly.slice(0, 4);
  for (let i = 0; i < n; i++) {
    for (let k = i + 2; k < n; k++) {
      if ((k + 2) % n === i || k - i >= n - 1) continue;
      let a1 = 0;
      let j1 = i + 1;
      for (let j = i + 1; j < k; j++) {
        const a = triArea(poly[i]!, poly[j]!, poly[k]!);
        if (a > a1) {
          a1 = a;
          j1 = j;
        }
      }
      let a2 = 0;
      let l1 = (k + 1) % n;
      for (let l = k + 1; l < i + n; l++) {
        const a = triArea(poly[i]!, poly[k]!, poly[l % n]!);
        if (a > a2) {
          a2 = a;
          l1 = l % n;
        }
      }
      if (a1 + a2 > best) {
        best = a1 + a2;
        bestQuad = [poly[i]!, poly[j1]!, poly[k]!, poly[l1]!];
      }
    }
  }
  return bestQuad;
}

/**
 * Orders four points as tl, tr, br, bl: sorted by angle around the centroid, starting with the
 * point of smallest x + y.
 */
export function orderCorners(quad: Point[]): [Point, Point, Point, Point] {
  const cx = quad.reduce((s, p) => s + p.x, 0) / quad.length;
  const cy = quad.reduce((s, p) => s + p.y, 0) / quad.length;
  const sorted = [...quad].sort(
    (a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx),
  );
  let start = 0;
  for (let i = 1; i < 4; i++) {
    if (sorted[i]!.x + sorted[i]!.y < sorted[start]!.x + sorted[start]!.y) start = i;
  }
  // atan2 with y down sorts clockwise on screen: tl → tr → br → bl.
  return [0, 1, 2, 3].map((k) => sorted[(start + k) % 4]!) as [Point, Point, Point, Point];
}

/**
 * Robust total-least-squares line through points (IRLS with Tukey weights, scale `sigma`).
 * Returns null with fewer than 2 usable points.
 * @example const line = fitLineRobust(points, 2);
 */
export function fitLineRobust(points: Point[], sigma: number, init?: Line): Line | null {
  if (points.length < 2) return null;
  let line: Line | null = init ?? null;
  const weights = new Float64Array(points.length).fill(1);
  for (let iter = 0; iter < 6; iter++) {
    if (line) {
      for (let i = 0; i < points.length; i++) {
        const r = (line.nx * points[i]!.x + line.ny * points[i]!.y - line.c) / (4.685 * sigma);
        weights[i] = Math.abs(r) < 1 ? (1 - r * r) ** 2 : 0;
      }
    }
    let sw = 0;
    let mx = 0;
    let my = 0;
    for (let i = 0; i < points.length; i++) {
      sw += weights[i]!;
      mx += weights[i]! * points[i]!.x;
      my += weights[i]! * points[i]!.y;
    }
    if (sw < 1e-9) return line;
    mx /= sw;
    my /= sw;
    let sxx = 0;
    let sxy = 0;
    let syy = 0;
    for (let i = 0; i < points.length; i++) {
      const dx = points[i]!.x - mx;
      const dy = points[i]!.y - my;
      sxx += weights[i]! * dx * dx;
      sxy += weights[i]! * dx * dy;
      syy += weights[i]! * dy * dy;
    }
    // Direction = principal eigenvector; normal is perpendicular.
    const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
    const nx = -Math.sin(theta);
    const ny = Math.cos(theta);
    line = { nx, ny, c: nx * mx + ny * my };
  }
  return line;
}

/** Line through two points. */
export function lineThrough(a: Point, b: Point): Line {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const nx = -dy / len;
  const ny = dx / len;
  return { nx, ny, c: nx * a.x + ny * a.y };
}

/** Intersection of two lines, or null when (nearly) parallel. */
export function intersect(a: Line, b: Line): Point | null {
  const det = a.nx * b.ny - a.ny * b.nx;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (a.c * b.ny - a.ny * b.c) / det, y: (a.nx * b.c - a.c * b.nx) / det };
}

/**
 * Area of a simple polygon (shoelace formula).
 * @example quadArea([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 1 }, { x: 0, y: 1 }]); // 2
 */
export function quadArea(q: Point[]): number {
  let a = 0;
  for (let i = 0; i < q.length; i++) {
    const p = q[i]!;
    const n = q[(i + 1) % q.length]!;
    a += p.x * n.y - n.x * p.y;
  }
  return Math.abs(a) / 2;
}

/**
 * How far point `p` lies inside quad `outer` (clockwise in y-down coordinates: tl, tr, br, bl):
 * its least distance from the line of a side, on the inner side; negative outside.
 */
function depthInside(outer: Point[], p: Point): number {
  let least = Infinity;
  outer.forEach((a, k) => {
    const b = outer[(k + 1) % outer.length]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    // Inside is to the right of each side.
    least = Math.min(least, ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len);
  });
  return least;
}

/**
 * Whether quad `outer` (clockwise in y-down coordinates: tl, tr, br, bl) holds every corner of
 * `inner` within `tol` of its size (the square root of its area) and is at least `ratio` times
 * its area.
 * @example quadEncloses(neutral.corners, first.corners, 1.15, 0.02);
 */
export function quadEncloses(outer: Point[], inner: Point[], ratio: number, tol: number): boolean {
  const area = quadArea(outer);
  if (area < ratio * quadArea(inner)) return false;
  const slack = tol * Math.sqrt(area);
  return inner.every((p) => depthInside(outer, p) >= -slack);
}

/**
 * Whether quad `outer` covers at least `share` of quad `inner` (judged on a 16 × 16 grid of
 * points spread bilinearly over `inner`) and is at least `ratio` times its area: unlike
 * `quadEncloses`, a corner of `inner` may stick out, as a spike of a mask traced along a crease
 * does.
 * @example quadCovers(neutral.corners, first.corners, 1.15, 0.95);
 */
export function quadCovers(outer: Point[], inner: Point[], ratio: number, share: number): boolean {
  if (quadArea(outer) < ratio * quadArea(inner)) return false;
  const [tl, tr, br, bl] = inner as [Point, Point, Point, Point];
  const n = 16;
  let covered = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const u = (i + 0.5) / n;
      const v = (j + 0.5) / n;
      const p = {
        x: (1 - v) * ((1 - u) * tl.x + u * tr.x) + v * ((1 - u) * bl.x + u * br.x),
        y: (1 - v) * ((1 - u) * tl.y + u * tr.y) + v * ((1 - u) * bl.y + u * br.y),
      };
      if (depthInside(outer, p) >= 0) covered++;
    }
  }
  return covered >= share * n * n;
}

/**
 * Whether quadrilateral q turns the same way at every corner (collinear corners allowed).
 * @example isConvex(outline.corners); // true for a page
 */
export function isConvex(q: Point[]): boolean {
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
