import type { BackwardMap } from '../types.ts';
import { mapFromFunction, sampleMap } from './backward-map.ts';
import type { TextLine, TextLines } from './text-lines.ts';

/** Fewest samples along lines, and across them, the estimate needs. */
const MIN_ALONG = 40;
const MIN_ACROSS = 20;
/** Upper quantile of the local scales compared (see textAspectFactor). */
const QUANTILE = 0.75;

/** The first index whose x is at least `x`, or the last index when none is. */
function firstAtOrAfter(xs: Float64Array, x: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/**
 * How much taller the output should be, judged by the text on it: the photo's scale across the
 * text lines over its scale along them, each taken as the upper quartile of local measurements.
 * Along a line, each step between centreline samples is mapped back to the photo; across, so is
 * the step from a line to the one below it. Paper does not stretch, and a crease or a tilt only
 * foreshortens it, so the parts facing the camera show the true scale both ways, and a page
 * squashed by a wrong aspect ratio reads its error here (a crumpled page's corners move without
 * any perspective, which the corner-based estimate takes for a strong tilt). When the words
 * alone give too few measurements, rules (table rules, underlines, box edges) count as lines
 * too: they lie on the paper like text (a crumpled form's few words were too few, and it came
 * out a third too tall); where the words suffice they decide alone, as a brochure's rules read
 * its crumpled page as less tall than it is. `lines` were found
 * on the page `map` produces, at `scale` (analysis px per output px). Null with too little text.
 * @example const t = textAspectFactor(plan.map, local.lines, scale); // t.factor ≈ 1.3: too flat
 */
export function textAspectFactor(
  map: BackwardMap,
  tl: TextLines,
  scale: number,
): { factor: number; along: number; across: number } | null {
  const usable = tl.lines.filter((l) => l.xs.length >= 2);
  const enough = (m: Scales): boolean =>
    m.along.length >= MIN_ALONG && m.across.length >= MIN_ACROSS;
  let m = localScales(
    map,
    usable.filter((l) => !l.rule),
    tl.charHeight,
    scale,
  );
  if (!enough(m)) m = localScales(map, usable, tl.charHeight, scale);
  if (!enough(m)) return null;
  const a = quantile(m.along, QUANTILE);
  const c = quantile(m.across, QUANTILE);
  return a > 0 ? { factor: c / a, along: a, across: c } : null;
}

interface Scales {
  along: number[];
  across: number[];
}

/** The photo's local scales along `lines` and across from each to the next below (see above). */
function localScales(
  map: BackwardMap,
  lines: TextLine[],
  charHeight: number,
  scale: number,
): Scales {
  const at = (x: number, y: number) => sampleMap(map, x / scale, y / scale);
  const along: number[] = [];
  for (const l of lines) {
    let prev = at(l.xs[0]!, l.ys[0]!);
    for (let k = 1; k < l.xs.length; k++) {
      const p = at(l.xs[k]!, l.ys[k]!);
      const d = Math.hypot(l.xs[k]! - l.xs[k - 1]!, l.ys[k]! - l.ys[k - 1]!);
      if (d > 0) along.push(Math.hypot(p[0] - prev[0], p[1] - prev[1]) / d);
      prev = p;
    }
  }
  const across: number[] = [];
  const reach = 4 * charHeight;
  const near = 0.5 * charHeight;
  const top = lines.map((l) => Math.min(...l.ys));
  const bottom = lines.map((l) => Math.max(...l.ys));
  lines.forEach((a, ia) => {
    // Only lines that can lie between `near` and `reach` below some point of a, and share some x
    // with it, can hold the nearest line below within reach: the rest cannot change the result.
    const below = lines.filter(
      (b, ib) =>
        b !== a &&
        bottom[ib]! > top[ia]! + near &&
        top[ib]! <= bottom[ia]! + reach &&
        b.xs[0]! <= a.xs[a.xs.length - 1]! &&
        b.xs[b.xs.length - 1]! >= a.xs[0]!,
    );
    for (let k = 0; k < a.xs.length; k += 2) {
      const x = a.xs[k]!;
      const ya = a.ys[k]!;
      let gap = Infinity;
      for (const b of below) {
        if (x < b.xs[0]! || x > b.xs[b.xs.length - 1]!) continue;
        const d = b.ys[firstAtOrAfter(b.xs, x)]! - ya;
        if (d > near && d < gap) gap = d;
      }
      if (gap > reach) continue;
      const p = at(x, ya);
      const q = at(x, ya + gap);
      across.push(Math.hypot(q[0] - p[0], q[1] - p[1]) / gap);
    }
  });
  return { along, across };
}

/**
 * The same map with `height` output rows: the page is stretched (or squashed) vertically.
 * @example const taller = stretchRows(map, Math.round(map.outHeight * 1.2));
 */
export function stretchRows(map: BackwardMap, height: number): BackwardMap {
  const k = (map.outHeight - 1) / Math.max(1, height - 1);
  return mapFromFunction(map.outWidth, height, map.step, (x, y) => sampleMap(map, x, y * k));
}
