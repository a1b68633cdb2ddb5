import { describe, expect, it } from 'vitest';
import type { PageOutline, Point } from '../types.ts';
import { identityMap, renderGray } from './backward-map.ts';
import { checkOutlineAgainstText, growOutlineToText } from './outline-check.ts';
import { drawTextPage, quadOutline } from './test-images.ts';
import { detectTextLines } from './text-lines.ts';

/** An axis-aligned outline from (x0, y0) to (x1, y1), 8 points per side. */
function box(x0: number, y0: number, x1: number, y1: number): PageOutline {
  return quadOutline({ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 });
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

  it('does not count line-like grain beyond the outline that lies off the paper', () => {
    // The right half of the "text" stands for wood grain: not neutral, so not paper.
    const half = box(2, 2, 200, 478);
    expect(checkOutlineAgainstText(page, half, lines, 1).problem).toMatch(/outside/);
    const check = checkOutlineAgainstText(page, half, lines, 1, undefined, (x) => x <= 200);
    expect(check.problem).toBeNull();
    expect(check.details.outsideShare).toBe(0);
  });

  it('gives as the text inside only its samples on paper', () => {
    // A finger over the left margin, taken into the lines beside it, is not paper.
    const all = checkOutlineAgainstText(page, box(2, 2, 398, 478), lines, 1);
    const check = checkOutlineAgainstText(
      page,
      box(2, 2, 398, 478),
      lines,
      1,
      undefined,
      (x) => x > 100,
    );
    expect(all.inside.some((p) => p.x <= 100)).toBe(true);
    expect(check.inside.length).toBeGreaterThan(0);
    expect(check.inside.every((p) => p.x > 100)).toBe(true);
    expect(check.details.outsideShare).toBe(all.details.outsideShare);
  });

  it('rejects a smaller share of text outside when asked to', () => {
    // The top fifth of the text lies outside: too little to reject by default.
    const lower = box(2, 100, 398, 478);
    const check = checkOutlineAgainstText(page, lower, lines, 1);
    expect(check.details.outsideShare).toBeGreaterThan(0.1);
    expect(check.problem).toBeNull();
    const strict = checkOutlineAgainstText(page, lower, lines, 1, undefined, undefined, 0.1);
    expect(strict.problem).toMatch(/outside the page outline/);
  });

  it('rejects an outline whose rectified page lost most of the text lines', () => {
    const few = { ...lines, lines: lines.lines.slice(0, 3) };
    const check = checkOutlineAgainstText(page, box(2, 2, 398, 478), few, 1);
    expect(check.problem).toMatch(/kept only/);
  });
});

describe('growOutlineToText', () => {
  const page = drawTextPage(400, 480, (x, y) => [x, y]);
  const lines = detectTextLines(renderGray(page, identityMap(400, 480)));

  it('moves the side that cuts off the last lines out past them (a fold taken for the end)', () => {
    const cut = box(2, 2, 398, 400);
    const check = checkOutlineAgainstText(page, cut, lines, 1);
    expect(check.problem).toBeNull();
    expect(check.details.outsideShare).toBeGreaterThan(0.01);
    const lowest = Math.max(...check.outside.map((p) => p.y));
    const grown = growOutlineToText(cut, check.outside, 10, 400, 480)!;
    // Only the bottom moved, by a uniform shift; the sides ran on along their lines to meet it.
    expect(grown.top).toEqual(cut.top);
    for (const p of grown.bottom) expect(p.y).toBeCloseTo(lowest + 10, 6);
    expect(grown.corners[2]).toEqual(grown.right[grown.right.length - 1]);
    expect(grown.left.slice(0, 8)).toEqual(cut.left);
    expect(grown.left[8]!.x).toBeCloseTo(2, 6);
    expect(grown.left[8]!.y).toBeCloseTo(lowest + 10, 6);
    const again = checkOutlineAgainstText(page, grown, lines, 1);
    expect(again.details.outsideShare).toBeLessThan(0.005);
  });

  it('straightens the side it moves (its zigzag followed a shadow, not the edge)', () => {
    const cut = box(2, 2, 398, 400);
    // The bottom traced along a ragged cast shadow: a zigzag of ±6 px.
    const ragged = {
      ...cut,
      bottom: cut.bottom.map((p, k) =>
        k === 0 || k === cut.bottom.length - 1 ? p : { x: p.x, y: p.y + (k % 2 ? 6 : -6) },
      ),
    };
    const check = checkOutlineAgainstText(page, ragged, lines, 1);
    const grown = growOutlineToText(ragged, check.outside, 10, 400, 480)!;
    const ys = grown.bottom.map((p) => p.y);
    expect(Math.max(...ys) - Math.min(...ys)).toBeLessThan(1e-9);
    expect(grown.bottom).toHaveLength(ragged.bottom.length);
    expect(ys[0]).toBeGreaterThan(Math.max(...check.outside.map((p) => p.y)));
  });

  it('runs a tilted page’s sides on along their own lines to the moved side', () => {
    // A page turned by about 8° and seen in perspective (its sides splay), its bottom cut off:
    // the grown corners must stay on the left and right sides' lines, not slide along the
    // bottom's normal off the page.
    const a = (8 * Math.PI) / 180;
    const rot = (x: number, y: number): Point => ({
      x: 200 + (x - 200) * Math.cos(a) - (y - 240) * Math.sin(a),
      y: 240 + (x - 200) * Math.sin(a) + (y - 240) * Math.cos(a),
    });
    const [tl, tr, br, bl] = [rot(80, 40), rot(320, 40), rot(350, 330), rot(50, 330)];
    const cut = quadOutline(tl, tr, br, bl);
    const below = [rot(150, 360), rot(250, 370)];
    const grown = growOutlineToText(cut, below, 10, 400, 480)!;
    const onLine = (p: Point, q: Point, r: Point) =>
      Math.abs((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)) /
      Math.hypot(q.x - p.x, q.y - p.y);
    expect(onLine(tl, bl, grown.corners[3])).toBeLessThan(1e-6);
    expect(onLine(tr, br, grown.corners[2])).toBeLessThan(1e-6);
    // 370 + 10 px below the page's old bottom in its own frame.
    const depth = (p: Point) => (p.x - 200) * -Math.sin(a) + (p.y - 240) * Math.cos(a) + 240;
    expect(depth(grown.corners[3])).toBeCloseTo(380, 6);
    expect(depth(grown.corners[2])).toBeCloseTo(380, 6);
  });

  it('leaves past the text a margin like the one the text keeps from the neighbouring sides', () => {
    // Text 30 px in from the left side and 40 px from the right; the top side ran along a rule
    // below the first line. The top goes 30 px above that line, not just the 10 px asked.
    const cut = box(50, 100, 350, 450);
    const inside = [
      { x: 80, y: 200 },
      { x: 310, y: 300 },
    ];
    const above = [
      { x: 100, y: 80 },
      { x: 300, y: 80 },
    ];
    const grown = growOutlineToText(cut, above, 10, 400, 480, inside)!;
    for (const p of grown.top) expect(p.y).toBeCloseTo(50, 6);
    // The margin stays within a tenth of the neighbouring sides' length (35 px here).
    const far = [{ x: 52, y: 200 }, ...inside.slice(1)];
    const wide = growOutlineToText(cut, above, 10, 400, 480, [{ x: 200, y: 300 }])!;
    for (const p of wide.top) expect(p.y).toBeCloseTo(80 - 35, 6);
    const narrow = growOutlineToText(cut, above, 10, 400, 480, far)!;
    for (const p of narrow.top) expect(p.y).toBeCloseTo(70, 6);
  });

  it('leaves the outline alone when the text outside is not beyond one side, or off the image', () => {
    const pts = [
      { x: 200, y: -5 },
      { x: 200, y: 490 },
    ];
    expect(growOutlineToText(box(2, 2, 398, 478), pts, 10, 400, 480)).toBeNull();
    expect(growOutlineToText(box(2, 2, 398, 400), [{ x: 200, y: 470 }], 20, 400, 480)).toBeNull();
    expect(growOutlineToText(box(2, 2, 398, 400), [], 20, 400, 480)).toBeNull();
  });
});
