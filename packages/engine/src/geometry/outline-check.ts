import type { GrayImage, PageOutline, Point } from '../types.ts';
import { identityMap, renderGray, scaleOutput } from './backward-map.ts';
import { detectTextLines, type TextLines } from './text-lines.ts';

/** Long side of the frame copy the text is looked for on (x-height stays ≥ ~6 px). */
const FRAME_SIDE = 960;
/** Share of the photo's text lines (by length) that may lie outside the outline. */
const MAX_OUTSIDE = 0.25;
/** The rectified page must keep at least this share of the line length seen in the photo. */
const MIN_KEPT = 0.45;

export interface OutlineCheck {
  /** null when the outline is consistent with the text; else why it is not */
  problem: string | null;
  details: Record<string, number>;
}

function ring(o: PageOutline): Point[] {
  return [...o.top, ...o.right, ...[...o.bottom].reverse(), ...[...o.left].reverse()];
}

/** Squared distance from (x, y) to the closed polygon's boundary. */
function distance2(poly: Point[], x: number, y: number): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[j]!;
    const b = poly[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / len2)) : 0;
    const ex = a.x + t * dx - x;
    const ey = a.y + t * dy - y;
    best = Math.min(best, ex * ex + ey * ey);
  }
  return best;
}

function inside(poly: Point[], x: number, y: number): boolean {
  let on = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) on = !on;
  }
  return on;
}

const textLength = (t: TextLines): number =>
  t.lines.reduce((s, l) => s + (l.rule ? 0 : l.length), 0);

/**
 * Checks a detected page outline against the text in the photo: a shadow edge or a fold taken
 * for the page border leaves text lines outside the outline, and a wrong outline warps the
 * page so that far fewer text lines survive rectification. `rectified` are the lines found on
 * the rectified page at `rectScale` (output px × rectScale).
 * @example const { problem } = checkOutlineAgainstText(gray, outline, lines, 0.8);
 */
export function checkOutlineAgainstText(
  gray: GrayImage,
  outline: PageOutline,
  rectified: TextLines,
  rectScale: number,
): OutlineCheck {
  const fs = Math.min(1, FRAME_SIDE / Math.max(gray.width, gray.height));
  const frame = detectTextLines(
    renderGray(gray, scaleOutput(identityMap(gray.width, gray.height, 8), fs)),
  );
  const poly = ring(outline);
  let total = 0;
  let outside = 0;
  // Text only (rules include shadows and edges of the table the page lies on), and only well
  // outside the outline: a curled border may pass just over the ends of lines.
  const textLines = frame.lines.filter((l) => !l.rule);
  const margin2 = ((2 * frame.charHeight) / fs) ** 2;
  for (const l of textLines) {
    const n = l.xs.length;
    let out = 0;
    for (let k = 0; k < n; k++) {
      const x = l.xs[k]! / fs;
      const y = l.ys[k]! / fs;
      if (!inside(poly, x, y) && distance2(poly, x, y) > margin2) out++;
    }
    total += l.length;
    outside += (l.length * out) / Math.max(1, n);
  }
  const frameLength = total / fs;
  const rectLength = textLength(rectified) / rectScale;
  const details = {
    frameLines: textLines.length,
    outsideShare: total > 0 ? outside / total : 0,
    keptShare: frameLength > 0 ? rectLength / frameLength : 1,
  };
  if (textLines.length >= 3 && details.outsideShare > MAX_OUTSIDE) {
    return {
      problem: `${Math.round(details.outsideShare * 100)}% of the text lies outside the page outline`,
      details,
    };
  }
  if (textLines.length >= 5 && details.keptShare < MIN_KEPT) {
    return {
      problem: `rectifying by the outline kept only ${Math.round(details.keptShare * 100)}% of the text lines`,
      details,
    };
  }
  return { problem: null, details };
}
