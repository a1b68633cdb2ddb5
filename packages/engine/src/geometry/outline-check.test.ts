import { describe, expect, it } from 'vitest';
import type { PageOutline, Point, RgbImage } from '../types.ts';
import { identityMap, renderGray } from './backward-map.ts';
import {
  checkOutlineAgainstText,
  growOutlineToText,
  pushPastCutPictures,
  pushPastCutText,
} from './outline-check.ts';
import type { TextLines } from './text-lines.ts';
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

  it('judges a page that seems to lose its text by the median count over small turns', () => {
    // Lines as counted on the page turned by each angle: a page whose count is low only as
    // rectified (its rows a few degrees off level) passes; one that reads at a single turn
    // (its text bent, not tilted) fails.
    const kept = (n: number) => ({ ...lines, lines: lines.lines.slice(0, n) });
    const all = lines.lines.length;
    const asked: number[] = [];
    const judged = (counts: Record<number, number>) =>
      checkOutlineAgainstText(
        page,
        box(2, 2, 398, 478),
        kept(3),
        1,
        undefined,
        undefined,
        undefined,
        (deg) => {
          asked.push(deg);
          return { lines: kept(counts[deg]!), scale: 1 };
        },
      );
    const tilted = judged({ [-4]: all, [-2]: all, 2: 3, 4: all });
    expect(tilted.problem).toBeNull();
    expect(tilted.details.keptLevel).toBeLessThan(0.45);
    expect(tilted.details.keptShare).toBeGreaterThan(0.9);
    expect(asked.sort((a, b) => a - b)).toEqual([-4, -2, 2, 4]);
    const bent = judged({ [-4]: all, [-2]: 3, 2: 3, 4: 3 });
    expect(bent.problem).toMatch(/kept only/);
    // A page that keeps its text as rectified is not counted again.
    asked.length = 0;
    const level = checkOutlineAgainstText(
      page,
      box(2, 2, 398, 478),
      lines,
      1,
      undefined,
      undefined,
      undefined,
      (deg) => {
        asked.push(deg);
        return { lines, scale: 1 };
      },
    );
    expect(level.problem).toBeNull();
    expect(asked).toEqual([]);
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

describe('pushPastCutText', () => {
  /** Photo lines (frame scale 1) from [x0, x1, y at x0, y at x1] rows, sampled every 10 px. */
  function frame(rows: Array<[number, number, number, number]>, charHeight = 10): TextLines {
    const lines = rows.map(([x0, x1, y0, y1]) => {
      const n = Math.round((x1 - x0) / 10) + 1;
      const xs = Float64Array.from({ length: n }, (_, k) => x0 + (k * (x1 - x0)) / (n - 1));
      const ys = Float64Array.from(xs, (x) => y0 + ((y1 - y0) * (x - x0)) / (x1 - x0));
      return { xs, ys, length: x1 - x0 };
    });
    const none = new Uint8Array(0);
    return { lines, charHeight, pitch: 30, ink: none, raw: none, rules: [], runTogether: 0 };
  }
  const yAt = (side: Point[], x: number): number => {
    for (let k = 1; k < side.length; k++) {
      const [a, b] = [side[k - 1]!, side[k]!];
      if (x >= a.x && x <= b.x) return a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x || 1);
    }
    return NaN;
  };

  it('pushes the top side out past a running head that rises across it, and only there', () => {
    const outline = box(20, 60, 420, 560);
    // The head's right end rises 6 px above the top side (traced along a curl's highlight);
    // the body text below is inside.
    const lines = frame([
      [40, 400, 80, 54],
      [40, 400, 120, 120],
      [40, 400, 160, 160],
    ]);
    const pushed = pushPastCutText(outline, lines, 1, 500, 600);
    expect(pushed).not.toBeNull();
    // Past the highest cut sample (y 54) by 1.6 character heights, where the head leaves the page.
    expect(yAt(pushed!.top, 400)).toBeLessThanOrEqual(54 - 16 + 0.5);
    // Fading out along the side: the left part, where the head is inside, is untouched.
    expect(yAt(pushed!.top, 60)).toBeCloseTo(60, 5);
    // The corner moved with the side, and the right side starts there.
    expect(pushed!.corners[1]).toEqual(pushed!.top[pushed!.top.length - 1]);
    expect(pushed!.right[0]).toEqual(pushed!.corners[1]);
    // The bottom is left as it was.
    expect(pushed!.bottom).toEqual(outline.bottom);
  });

  it('pushes the bottom side down past a cut line, and stays inside the image', () => {
    const outline = box(20, 60, 420, 560);
    const lines = frame([
      [40, 400, 500, 500],
      [40, 400, 540, 566],
    ]);
    const pushed = pushPastCutText(outline, lines, 1, 500, 575)!;
    expect(pushed).not.toBeNull();
    expect(yAt(pushed.bottom, 400)).toBe(574);
    expect(yAt(pushed.bottom, 60)).toBeCloseTo(560, 5);
    expect(pushed.corners[2]).toEqual(pushed.bottom[pushed.bottom.length - 1]);
    expect(pushed.right[pushed.right.length - 1]).toEqual(pushed.corners[2]);
  });

  it('pushes the top side out past a line running just under it (its letters’ tops are cut)', () => {
    const outline = box(20, 60, 420, 560);
    const pushed = pushPastCutText(outline, frame([[40, 400, 63, 63]]), 1, 500, 600)!;
    expect(pushed).not.toBeNull();
    for (const x of [40, 200, 400]) expect(yAt(pushed.top, x)).toBeLessThanOrEqual(63 - 16 + 0.5);
  });

  it('leaves the outline alone when no line is cut, or a line lies wholly beyond it', () => {
    const outline = box(20, 60, 420, 560);
    expect(pushPastCutText(outline, frame([[40, 400, 100, 100]]), 1, 500, 600)).toBeNull();
    // A line wholly above the page (the facing page's, or grain): not this page's text.
    expect(pushPastCutText(outline, frame([[40, 400, 30, 30]]), 1, 500, 600)).toBeNull();
    // A side across several lines (along a shadow's edge) is not bent round them.
    const across = frame([
      [40, 400, 90, 40],
      [40, 400, 120, 70],
      [40, 400, 150, 100],
    ]);
    expect(pushPastCutText(outline, across, 1, 500, 600)).toBeNull();
    // Line ends over the left or right side are left to the other checks.
    expect(pushPastCutText(outline, frame([[0, 400, 100, 100]]), 1, 500, 600)).toBeNull();
  });
});

describe('pushPastCutPictures', () => {
  /** A 500 × 600 photo: grey table, a page of paper (light, faintly green under a cast) from
   *  (20, 40) to (420, 560), with `paint` drawn over it. */
  function photo(paint: (x: number, y: number) => number[] | null): RgbImage {
    const [w, h] = [500, 600];
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const onPage = x >= 20 && x < 420 && y >= 40 && y < 560;
        data.set(paint(x, y) ?? (onPage ? [226, 238, 222] : [120, 120, 124]), 3 * (y * w + x));
      }
    }
    return { width: w, height: h, data };
  }
  const yAt = (side: Point[], x: number): number => {
    for (let k = 1; k < side.length; k++) {
      const [a, b] = [side[k - 1]!, side[k]!];
      if (x >= a.x && x <= b.x) return a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x || 1);
    }
    return NaN;
  };
  // A green logo (a disc of radius 24 round (360, 90)) on the page.
  const logo = (x: number, y: number) =>
    (x - 360) ** 2 + (y - 90) ** 2 <= 24 * 24 ? [40, 160, 60] : null;

  it('pushes the top side out past a logo it cuts, to paper, and only there', () => {
    // The top side runs 20 px under the page's edge (a shadow's edge), through the logo.
    const outline = box(20, 80, 420, 560);
    const pushed = pushPastCutPictures(outline, photo(logo), 10)!;
    expect(pushed).not.toBeNull();
    // Past the logo's top (y 66) by a character height, where the logo is.
    expect(yAt(pushed.top, 360)).toBeLessThanOrEqual(66 - 10 + 1);
    // Fading out along the side: far from the logo the side is where it was.
    expect(yAt(pushed.top, 100)).toBeCloseTo(80, 5);
    expect(pushed.corners[1]).toEqual(pushed.top[pushed.top.length - 1]);
    expect(pushed.right[0]).toEqual(pushed.corners[1]);
    expect(pushed.bottom).toEqual(outline.bottom);
  });

  it('pushes the right side out past a stamp it cuts', () => {
    const stamp = (x: number, y: number) =>
      x >= 380 && x < 410 && y >= 300 && y < 340 ? [200, 40, 50] : null;
    const pushed = pushPastCutPictures(box(20, 40, 395, 560), photo(stamp), 10)!;
    expect(pushed).not.toBeNull();
    const xAt = (y: number) => {
      const r = pushed.right;
      for (let k = 1; k < r.length; k++) {
        const [a, b] = [r[k - 1]!, r[k]!];
        if (y >= a.y && y <= b.y) return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y || 1);
      }
      return NaN;
    };
    expect(xAt(320)).toBeGreaterThanOrEqual(410 + 10 - 1);
    expect(xAt(100)).toBeCloseTo(395, 5);
    expect(pushed.left).toEqual(box(20, 40, 395, 560).left);
  });

  it('leaves a side alone on a coloured table, at a full-bleed picture, and over specks', () => {
    // The page on a brown desk (coloured as far as the reach goes): nothing printed is cut.
    const desk = photo((x, y) =>
      x >= 20 && x < 420 && y >= 40 && y < 560 ? null : [150, 100, 60],
    );
    expect(pushPastCutPictures(box(20, 40, 420, 560), desk, 10)).toBeNull();
    // A photo printed to the page's top edge, on a grey table: the side is the page's edge.
    const bleed = photo((x, y) =>
      x >= 100 && x < 300 && y >= 40 && y < 140 ? [40, 90, 200] : null,
    );
    expect(pushPastCutPictures(box(20, 40, 420, 560), bleed, 10)).toBeNull();
    // A coloured speck on the side (one place): no picture.
    const speck = photo((x, y) => ((x - 200) ** 2 + (y - 80) ** 2 <= 9 ? [200, 40, 50] : null));
    expect(pushPastCutPictures(box(20, 80, 420, 560), speck, 10)).toBeNull();
    // A logo wholly inside the page.
    expect(pushPastCutPictures(box(20, 40, 420, 560), photo(logo), 10)).toBeNull();
  });

  it('leaves a side alone that bulges over a green desk whose dark patches read as plain', () => {
    // Past the page's top edge (y 40) the desk is green, with bands of dark grey in it; the top
    // side runs over the desk at y 30. Past the green lies "paper" far darker than the page's.
    const desk = photo((x, y) => {
      if (x >= 20 && x < 420 && y >= 40 && y < 560) return null;
      return y >= 12 && y < 22 ? [60, 62, 60] : [60, 120, 60];
    });
    expect(pushPastCutPictures(box(20, 30, 420, 560), desk, 10)).toBeNull();
  });

  it('leaves a side alone that is coloured along most of its length (a book’s page stack)', () => {
    // A brown band 20 px deep along the whole top, paper on both sides of it: every place along
    // the side reads as a cut picture, which no logo does.
    const band = photo((x, y) => (x >= 20 && x < 420 && y >= 70 && y < 90 ? [150, 110, 60] : null));
    expect(pushPastCutPictures(box(20, 80, 420, 560), band, 10)).toBeNull();
    // The same band over a quarter of the side's length is a picture the side cut.
    const short = photo((x, y) =>
      x >= 320 && x < 420 && y >= 70 && y < 90 ? [150, 110, 60] : null,
    );
    expect(pushPastCutPictures(box(20, 80, 420, 560), short, 10)).not.toBeNull();
  });

  it('leaves a side alone where a picture runs on past the reach (a page-wide photo)', () => {
    const big = photo((x, y) => (y >= 45 && y < 300 && x >= 30 && x < 410 ? [40, 90, 200] : null));
    expect(pushPastCutPictures(box(20, 240, 420, 560), big, 10)).toBeNull();
  });
});
