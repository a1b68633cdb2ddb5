import { describe, expect, it } from 'vitest';
import { mapFromFunction, sampleMap } from './backward-map.ts';
import { stretchRows, textAspectFactor } from './text-aspect.ts';
import type { TextLine, TextLines } from './text-lines.ts';

/** `count` straight lines `pitch` apart across a 600 px wide page, sampled every 8 px. */
function lines(count: number, pitch: number): TextLines {
  const out: TextLine[] = [];
  for (let i = 0; i < count; i++) {
    const xs = Float64Array.from({ length: 61 }, (_, k) => 60 + 8 * k);
    out.push({ xs, ys: new Float64Array(61).fill(40 + i * pitch), length: 480 });
  }
  return {
    lines: out,
    charHeight: 12,
    pitch,
    ink: new Uint8Array(0),
    raw: new Uint8Array(0),
    rules: [],
    runTogether: 0,
  };
}

describe('textAspectFactor', () => {
  it('reads how much taller the page should be from the photo scale along and across lines', () => {
    // The photo shows the page 1.3 times taller than the output has it (and at half scale, to
    // show the analysis scale is taken into account).
    const map = mapFromFunction(600, 500, 8, (x, y) => [0.5 * x + 10, 0.65 * y + 5]);
    const t = textAspectFactor(map, lines(12, 30), 1)!;
    expect(t.factor).toBeCloseTo(1.3, 2);
    const half = lines(12, 15);
    for (const l of half.lines) {
      l.xs = l.xs.map((v) => v / 2);
      l.ys = l.ys.map((v) => v / 2);
    }
    expect(textAspectFactor(map, { ...half, charHeight: 6 }, 0.5)!.factor).toBeCloseTo(1.3, 2);
  });

  it('measures rules too when the words alone are too few, and only then', () => {
    const map = mapFromFunction(600, 500, 8, (x, y) => [0.5 * x + 10, 0.65 * y + 5]);
    // One line of words and a table of eight rules: the words alone give nothing across.
    const table = lines(9, 30);
    table.lines.slice(1).forEach((l) => (l.rule = true));
    expect(textAspectFactor(map, table, 1)!.factor).toBeCloseTo(1.3, 2);
    // Enough words: rules that disagree (drawn on a part of the page seen at another scale
    // across) do not count.
    const both = lines(12, 30);
    const rules = lines(6, 30).lines.map((l) => ({
      ...l,
      ys: l.ys.map((y) => y + 400),
      rule: true,
    }));
    const squeezed = mapFromFunction(600, 800, 8, (x, y) => [
      0.5 * x,
      y < 390 ? 0.65 * y : 250 + 2 * (y - 390),
    ]);
    expect(
      textAspectFactor(squeezed, { ...both, lines: [...both.lines, ...rules] }, 1)!.factor,
    ).toBeCloseTo(1.3, 2);
  });

  it('is null with too little text', () => {
    const map = mapFromFunction(600, 500, 8, (x, y) => [x, y]);
    expect(textAspectFactor(map, lines(1, 30), 1)).toBeNull();
  });
});

describe('stretchRows', () => {
  it('keeps the page and changes only how many rows it spans', () => {
    const map = mapFromFunction(100, 51, 4, (x, y) => [2 * x + 1, 3 * y + 2]);
    const tall = stretchRows(map, 101);
    expect(tall.outHeight).toBe(101);
    expect(tall.outWidth).toBe(100);
    for (const [x, y] of [
      [0, 0],
      [37, 50],
      [99, 100],
    ] as const) {
      const [sx, sy] = sampleMap(tall, x, y);
      expect(sx).toBeCloseTo(2 * x + 1, 4);
      expect(sy).toBeCloseTo(3 * (y / 2) + 2, 4);
    }
  });
});
