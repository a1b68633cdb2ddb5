import { describe, expect, it } from 'vitest';
import type { PageOutline, Point } from '../types.ts';
import { identityMap, renderGray } from './backward-map.ts';
import { checkOutlineAgainstText } from './outline-check.ts';
import { drawTextPage } from './test-images.ts';
import { detectTextLines } from './text-lines.ts';

/** An axis-aligned outline from (x0, y0) to (x1, y1), 8 points per side. */
function box(x0: number, y0: number, x1: number, y1: number): PageOutline {
  const side = (a: Point, b: Point): Point[] =>
    Array.from({ length: 8 }, (_, k) => ({
      x: a.x + ((b.x - a.x) * k) / 7,
      y: a.y + ((b.y - a.y) * k) / 7,
    }));
  const tl = { x: x0, y: y0 };
  const tr = { x: x1, y: y0 };
  const br = { x: x1, y: y1 };
  const bl = { x: x0, y: y1 };
  return {
    corners: [tl, tr, br, bl],
    top: side(tl, tr),
    right: side(tr, br),
    bottom: side(bl, br),
    left: side(tl, bl),
    clipped: { top: false, right: false, bottom: false, left: false },
    confidence: 0.9,
  };
}

describe('checkOutlineAgainstText', () => {
  const page = drawTextPage(400, 480, (x, y) => [x, y]);
  const lines = detectTextLines(renderGray(page, identityMap(400, 480)));

  it('accepts an outline around all the text', () => {
    const check = checkOutlineAgainstText(page, box(2, 2, 398, 478), lines, 1);
    expect(check.problem).toBeNull();
    expect(check.details.outsideShare).toBeLessThan(0.05);
  });

  it('rejects an outline that leaves the upper half of the text outside (a shadow edge)', () => {
    const check = checkOutlineAgainstText(page, box(2, 240, 398, 478), lines, 1);
    expect(check.problem).toMatch(/outside the page outline/);
  });

  it('rejects an outline whose rectified page lost most of the text lines', () => {
    const few = { ...lines, lines: lines.lines.slice(0, 3) };
    const check = checkOutlineAgainstText(page, box(2, 2, 398, 478), few, 1);
    expect(check.problem).toMatch(/kept only/);
  });
});
