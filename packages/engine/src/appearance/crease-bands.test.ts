import { describe, expect, it } from 'vitest';
import { creaseBands } from './crease-bands.ts';
import { closingFilter } from '../filters/rank-filter.ts';

/** A 200 × 120 page of paper (210, 200, 190) with `paint` drawing into its planes, and its
 *  closing at radius 3 (the pipeline's window on a page this size is about as wide). */
function page(paint: (set: (x: number, y: number, rgb: number[]) => void) => void) {
  const [w, h] = [200, 120];
  const planes = [210, 200, 190].map((v) => new Float32Array(w * h).fill(v));
  paint((x, y, rgb) => {
    for (let c = 0; c < 3; c++) planes[c]![y * w + x] = rgb[c]!;
  });
  const closed = planes.map((p) => closingFilter(p, w, h, 3));
  return { w, h, planes, closed };
}

/** The paper's hue at `share` of its brightness: what a fold's shadow looks like. */
const shade = (share: number) => [210, 200, 190].map((v) => v * share);

describe('creaseBands', () => {
  it("gives a fold's shadow band back to the background, across the text it crosses", () => {
    const { w, h, planes, closed } = page((set) => {
      // A band 5 px wide at 72 % running the width of the page...
      for (let x = 0; x < 200; x++) for (let y = 58; y < 63; y++) set(x, y, shade(0.72));
      // ...through a line of text whose glyphs (black strokes 2 px wide, every 8 px) reach into
      // its upper two rows.
      for (let x = 20; x < 180; x += 8) {
        for (let y = 48; y < 60; y++) for (let dx = 0; dx < 2; dx++) set(x + dx, y, [30, 30, 30]);
      }
    });
    const bands = creaseBands(planes, closed, w, h, 3);
    // The band, between the strokes too; not the strokes, nor the paper.
    for (const [x, y] of [
      [5, 60],
      [100, 62],
      [25, 59],
      [25, 58],
      [199, 58],
    ] as const) {
      expect(bands[y * w + x]).toBe(1);
    }
    for (const [x, y] of [
      [20, 59],
      [21, 52],
      [25, 57],
      [100, 63],
      [5, 30],
    ] as const) {
      expect(bands[y * w + x]).toBe(0);
    }
    expect(bands.reduce((a, v) => a + v, 0)).toBeGreaterThan(700);
  });

  it('leaves blurred text, thin rules, coloured marks and short smudges to the closing', () => {
    const { w, h, planes, closed } = page((set) => {
      // Small blurred text: mid-grey glyph bodies that change from pixel to pixel.
      for (let y = 20; y < 27; y++) {
        for (let x = 20; x < 180; x++)
          set(x, y, shade(x % 3 === 0 ? 0.6 : x % 3 === 1 ? 0.8 : 0.7));
      }
      // A grey rule 2 px thick.
      for (let x = 10; x < 190; x++) for (let y = 45; y < 47; y++) set(x, y, shade(0.7));
      // A red stamp bar 6 px thick, as dark as a shadow but not in the paper's hue.
      for (let x = 30; x < 170; x++) for (let y = 70; y < 76; y++) set(x, y, [200, 90, 90]);
      // A flat grey smudge shorter than a band.
      for (let x = 100; x < 108; x++) for (let y = 95; y < 101; y++) set(x, y, shade(0.72));
    });
    expect(creaseBands(planes, closed, w, h, 3).every((v) => v === 0)).toBe(true);
  });
});
