import type { BackwardMap } from '../types.ts';
import { mapFromFunction, sampleMap } from '../geometry/backward-map.ts';
import { lineMoments, type TextLine } from '../geometry/text-lines.ts';

/**
 * Residual skew of text: the length-weighted median of the lines' least-squares angles, in
 * degrees (positive = lines descend to the right in image coordinates). Confidence grows with
 * the number of lines and their agreement.
 * @example const { deg } = estimateSkew(lines);
 */
export function estimateSkew(lines: TextLine[]): { deg: number; confidence: number } {
  const items: Array<[number, number]> = [];
  for (const l of lines) {
    const m = lineMoments(l);
    if (!m) continue;
    const { sxx, sxy } = m;
    if (sxx <= 0) continue;
    items.push([(Math.atan(sxy / sxx) * 180) / Math.PI, l.length]);
  }
  if (items.length === 0) return { deg: 0, confidence: 0 };
  items.sort((a, b) => a[0] - b[0]);
  const total = items.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  let median = 0;
  for (const [a, w] of items) {
    acc += w;
    if (acc >= total / 2) {
      median = a;
      break;
    }
  }
  let spread = 0;
  for (const [a, w] of items) spread += w * Math.abs(a - median);
  spread /= total;
  const confidence = Math.min(1, items.length / 8) * Math.max(0, 1 - spread / 6);
  return { deg: median, confidence };
}

/**
 * Composes a rotation of the output frame by `deg` about its centre (content turns by −deg, so
 * lines at +deg become horizontal). The output size is kept.
 * @example const level = deskewMap(map, 1.5);
 */
export function deskewMap(map: BackwardMap, deg: number): BackwardMap {
  if (deg === 0) return map;
  const th = (deg * Math.PI) / 180;
  const c = Math.cos(th);
  const s = Math.sin(th);
  const cx = (map.outWidth - 1) / 2;
  const cy = (map.outHeight - 1) / 2;
  return mapFromFunction(map.outWidth, map.outHeight, map.step, (x, y) => {
    const dx = x - cx;
    const dy = y - cy;
    return sampleMap(map, cx + c * dx - s * dy, cy + s * dx + c * dy);
  });
}

/**
 * The same text lines seen in the frame `deskewMap(map, deg)` produces (a rotation about the
 * centre of a width×height frame), so a deskew needs no second detection pass.
 * @example const level = rotateLines(lines, 1.5, w, h);
 */
export function rotateLines(
  lines: TextLine[],
  deg: number,
  width: number,
  height: number,
): TextLine[] {
  const th = (deg * Math.PI) / 180;
  const c = Math.cos(th);
  const s = Math.sin(th);
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  return lines.map((l) => {
    const xs = new Float64Array(l.xs.length);
    const ys = new Float64Array(l.ys.length);
    for (let k = 0; k < xs.length; k++) {
      const dx = l.xs[k]! - cx;
      const dy = l.ys[k]! - cy;
      xs[k] = cx + c * dx + s * dy;
      ys[k] = cy - s * dx + c * dy;
    }
    return l.rule ? { xs, ys, length: l.length, rule: true } : { xs, ys, length: l.length };
  });
}
