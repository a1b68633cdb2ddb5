import { describe, expect, it } from 'vitest';
import { detectTextLines, lineWaviness } from './text-lines.ts';
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
   *  (glyphs 5 × 9 px, 2 px apart), optionally with a table rule at x 150 between them. */
  function receipt(rule: boolean): { width: number; height: number; data: Float32Array } {
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
          for (let y = base - 9; y < base; y++) data[y * w + x] = 40;
        }
      }
    }
    return { width: w, height: h, data };
  }

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

  it('finds no lines on a blank page', () => {
    const blank = { width: 200, height: 200, data: new Float32Array(200 * 200).fill(230) };
    expect(detectTextLines(blank).lines).toHaveLength(0);
  });
});
