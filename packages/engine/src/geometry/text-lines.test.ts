import { describe, expect, it } from 'vitest';
import { detectTextLines, levelNeighbours, lineWaviness, type TextLine } from './text-lines.ts';
import { drawTextPage } from './test-images.ts';

describe('detectTextLines', () => {
  it('finds every line of a flat page with the right pitch', () => {
    const { lines, pitch, charHeight } = detectTextLines(drawTextPage(400, 480, (x, y) => [x, y]));
    // Margin 38 px, pitch 24 px: lines whose x-height band lies inside 38..442.
    expect(lines.length).toBeGreaterThanOrEqual(15);
    expect(lines.length).toBeLessThanOrEqual(17);
    expect(pitch).toBeCloseTo(24, 0);
    expect(charHeight).toBeGreaterThan(5);
    expect(lineWaviness(lines)).toBeLessThan(1);
  });

  it('follows sinusoidally warped lines', () => {
    const warp = (x: number, y: number): [number, number] => [
      x,
      y + 6 * Math.sin((2 * Math.PI * x) / 160),
    ];
    const { lines } = detectTextLines(drawTextPage(400, 480, warp));
    expect(lines.length).toBeGreaterThanOrEqual(12);
    // A 6 px sine has an RMS of about 4 px around a straight line.
    expect(lineWaviness(lines)).toBeGreaterThan(2.5);
  });

  it('finds text lines in crease shadow, judged against the paper around them', () => {
    const page = drawTextPage(400, 480, (x, y) => [x, y]);
    // A dark diagonal band (a crease shadow) over half the lines: paper at 45 % brightness.
    for (let y = 0; y < page.height; y++) {
      for (let x = 0; x < page.width; x++) {
        const i = y * page.width + x;
        if (x + y > 300 && x + y < 520) page.data[i] = page.data[i]! * 0.45;
      }
    }
    expect(detectTextLines(page).lines.length).toBeGreaterThanOrEqual(14);
  });

  it('follows a bent table rule as one line of its own', () => {
    const w = 420;
    const h = 200;
    const data = new Float32Array(w * h).fill(235);
    // A 2 px rule from x 20 to 400 with a sharp kink at x 200 (rising 30 px, as at a crease).
    const yAt = (x: number) => 120 - (x > 200 ? Math.min(30, (x - 200) * 0.6) : 0);
    for (let x = 20; x < 400; x++) {
      const y0 = Math.round(yAt(x));
      for (let y = y0; y < y0 + 2; y++) data[y * w + x] = 40;
    }
    const { lines } = detectTextLines({ width: w, height: h, data });
    const rules = lines.filter((l) => l.rule);
    expect(rules).toHaveLength(1);
    const r = rules[0]!;
    expect(r.length).toBeGreaterThan(340);
    for (let k = 0; k < r.xs.length; k++)
      expect(Math.abs(r.ys[k]! - yAt(r.xs[k]!) - 0.5)).toBeLessThan(2);
  });

  /** 12 receipt rows, pitch 24: a 6-glyph item name at x 20–62 and a 4-glyph price at x 230–258
   *  (glyphs 5 × 9 px, 2 px apart), optionally with a table rule at x 150 between them, the
   *  prices `lift` px above their items. */
  function receipt(rule: boolean, lift = 0): { width: number; height: number; data: Float32Array } {
    const w = 320;
    const h = 340;
    const data = new Float32Array(w * h).fill(235);
    if (rule) for (let y = 20; y < 320; y++) data[y * w + 150] = data[y * w + 151] = 40;
    for (let row = 0; row < 12; row++) {
      const base = 40 + 24 * row;
      for (const [x0, glyphs] of [
        [20, 6],
        [230, 4],
      ] as const) {
        for (let x = x0; x < x0 + 7 * glyphs - 2; x++) {
          if ((x - x0) % 7 >= 5) continue;
          const b = x0 === 230 ? base - lift : base;
          for (let y = b - 9; y < b; y++) data[y * w + x] = 40;
        }
      }
    }
    return { width: w, height: h, data };
  }

  it('links an item and its price on a page that still leans a degree, not further', () => {
    // 3 px over the 168 px gap (1°, a third of a character height): a rectified page before
    // deskew. 8 px (nearly a character height) is another line's piece, not this one's.
    const opts = { linkLevelPieces: true };
    const lean = detectTextLines(receipt(false, 3), opts).lines.filter((l) => !l.rule);
    expect(lean.length).toBeGreaterThanOrEqual(11);
    for (const l of lean) expect(l.xs[l.xs.length - 1]! - l.xs[0]!).toBeGreaterThan(180);
    const apart = detectTextLines(receipt(false, 8), opts).lines.filter((l) => !l.rule);
    expect(apart).toHaveLength(0);
  });

  it("links a receipt's item and its price, far apart on one level line", () => {
    // Either piece alone is shorter than a line must be.
    const opts = { linkLevelPieces: true };
    const text = detectTextLines(receipt(false), opts).lines.filter((l) => !l.rule);
    expect(text.length).toBeGreaterThanOrEqual(11);
    // Not for the mesh warp: without the option the pieces stay apart (too short to be lines).
    expect(detectTextLines(receipt(false)).lines.filter((l) => !l.rule)).toHaveLength(0);
    for (const l of text) expect(l.xs[l.xs.length - 1]! - l.xs[0]!).toBeGreaterThan(180);
  });

  it('does not link table cells across the rule between them', () => {
    const opts = { linkLevelPieces: true };
    const text = detectTextLines(receipt(true), opts).lines.filter((l) => !l.rule);
    expect(text).toHaveLength(0);
  });

  it('keeps the words of table cells as short lines when asked to', () => {
    // Each cell's word is shorter than a line must be, and the rule keeps them from linking:
    // the 6-glyph items (about 4.4 character heights) are kept, one per row.
    const cells = detectTextLines(receipt(true), { minLine: 4 }).lines.filter((l) => !l.rule);
    expect(cells).toHaveLength(12);
    for (const l of cells) expect(l.length).toBeLessThan(60);
  });

  it('splits two lines that a crease kink ran together, for the mesh warp', () => {
    // Two lines of 8 px glyphs; one word of the lower line climbs into the upper one (a crease
    // kink on crumpled paper), so the two run together into one blob.
    const w = 400;
    const h = 110;
    const data = new Float32Array(w * h).fill(235);
    for (const base of [50, 70]) {
      for (let x = 20, g = 0; x < 380; x += 7, g++) {
        if (g % 6 === 5) continue;
        const b =
          base === 70 && x >= 182 && x < 217 ? base - Math.round((x - 182) * (4 / 7)) : base;
        for (let y = b - 8; y <= b; y++) {
          for (let dx = 0; dx < 5; dx++) {
            if (dx > 1 && dx < 4 && y > b - 7 && y < b - 1) continue;
            data[y * w + x + dx] = 35;
          }
        }
      }
    }
    const page = { width: w, height: h, data };
    const plain = detectTextLines(page);
    const split = detectTextLines(page, { splitRunTogether: true });
    expect(plain.runTogether).toBe(1);
    // As it comes, the blob is one "line" between the two on the left.
    const between = (t: typeof plain): boolean =>
      t.lines.some((l) => l.xs[0]! < 60 && l.ys[0]! > 50 && l.ys[0]! < 62);
    expect(between(plain)).toBe(true);
    expect(between(split)).toBe(false);
    // Split, both lines are found on the left, each at its own height.
    const left = split.lines.filter((l) => l.xs[0]! < 60 && l.xs[l.xs.length - 1]! > 150);
    expect(left.map((l) => Math.round(l.ys[0]!)).sort()).toEqual([46, 66]);
  });

  it('pairs the pieces of a line broken at a kink, and nothing else', () => {
    const piece = (x0: number, x1: number, y0: number, y1 = y0, rule = false): TextLine => ({
      xs: Float64Array.from([x0, (x0 + x1) / 2, x1]),
      ys: Float64Array.from([y0, (y0 + y1) / 2, y1]),
      length: x1 - x0,
      ...(rule ? { rule } : {}),
    });
    const lines = [
      piece(20, 150, 100), // 0: broken at a kink…
      piece(162, 300, 105, 104), // 1: …its rest, 5 px lower (char height 10, pitch 24)
      piece(20, 150, 124), // 2: the next line
      piece(230, 300, 128), // 3: starts too far after line 2 ends
      piece(20, 150, 148), // 4
      piece(160, 300, 148, 160, true), // 5: a rule is no text piece
      piece(20, 150, 172), // 6
      piece(158, 300, 184), // 7: the next line's height, not this one's
    ];
    expect(levelNeighbours(lines, 10, 24)).toEqual([[0, 1]]);
  });

  it('finds no lines on a blank page', () => {
    const blank = { width: 200, height: 200, data: new Float32Array(200 * 200).fill(230) };
    expect(detectTextLines(blank).lines).toHaveLength(0);
  });
});
