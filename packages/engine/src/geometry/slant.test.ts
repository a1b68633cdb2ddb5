import { describe, expect, it } from 'vitest';
import { identityMap, renderGray, sampleMap } from './backward-map.ts';
import { refineLocal } from './local-refine.ts';
import { deshearMap, leanCorrections, strokeLeans, type Lean } from './slant.ts';
import { drawTextPage } from './test-images.ts';
import { detectTextLines } from './text-lines.ts';

const W = 420;
const H = 520;
const PITCH = 24;
const NONE = { top: false, right: false, bottom: false, left: false };

/** The text page's lines' x-height centres (see textInk in test-images.ts). */
function centreOf(y: number): number {
  const margin = Math.max(12, 0.08 * Math.min(W, H));
  const line = Math.floor((y - margin) / PITCH);
  return margin + line * PITCH + 0.55 * PITCH;
}

/** Letters leaning with stems along dx/dy = shear on lines above `until` (px), upright below;
 *  the lines themselves stay where they are. */
function leaningPage(shear: number, until: number, bend = (_x: number) => 0) {
  return drawTextPage(W, H, (x, y) => {
    const v = y + bend(x);
    return [v < until ? x - shear * (v - centreOf(v)) : x, v];
  });
}

/** Mean lean of the lines whose centre lies in [y0, y1). */
function meanLean(
  img: { width: number; height: number; data: Float32Array },
  y0: number,
  y1: number,
) {
  const found = detectTextLines(img);
  const leans = strokeLeans(found.ink, img.width, found.lines, found.charHeight, found.pitch);
  const inside = leans.filter((l) => l.y >= y0 && l.y < y1);
  return { mean: inside.reduce((s, l) => s + l.shear, 0) / inside.length, count: inside.length };
}

describe('strokeLeans', () => {
  it('reads the lean of letters from their stems, and upright letters as upright', () => {
    const img = leaningPage(-0.3, 200);
    const top = meanLean(img, 0, 190);
    const bottom = meanLean(img, 230, H);
    expect(top.count).toBeGreaterThan(10);
    expect(bottom.count).toBeGreaterThan(10);
    expect(top.mean).toBeCloseTo(-0.3, 1);
    expect(Math.abs(bottom.mean)).toBeLessThan(0.03);
  });
});

describe('leanCorrections', () => {
  const lean = (x: number, y: number, shear: number): Lean => ({
    line: Math.round(y / PITCH),
    x0: x - 24,
    x1: x + 24,
    x,
    y,
    shear,
    slope: 0,
    above: 8,
    below: 6,
  });
  const grid = (shear: (x: number, y: number) => number): Lean[] => {
    const out: Lean[] = [];
    for (let y = 40; y < 400; y += PITCH)
      for (let x = 60; x < 400; x += 48) out.push(lean(x, y, shear(x, y)));
    return out;
  };

  it('undoes a lean that a stretch of text shares, less the page type’s own', () => {
    // The page's type leans 0.2 (italic); the top lines lean 0.2 more.
    const undo = leanCorrections(
      grid((_x, y) => (y < 100 ? 0.4 : 0.2)),
      48,
      PITCH,
    );
    expect(undo.length).toBeGreaterThan(0);
    expect(undo.every((c) => c.y < 100 && Math.abs(c.undo - 0.2) < 1e-9)).toBe(true);
  });

  it('leaves the letters of a line set at an angle (a stamp) leaning with it', () => {
    // A line turned by 15° (slope 0.27) leans its stems by −0.27.
    const turned = grid((_x, y) => (y < 100 ? -0.27 : 0)).map((l) =>
      l.y < 100 ? { ...l, slope: 0.27 } : l,
    );
    expect(leanCorrections(turned, 48, PITCH)).toEqual([]);
  });

  it('undoes a line on its own only when it leans beyond italics', () => {
    // Upright text above and below, a line 3 pitches away from both in between.
    const page = grid(() => 0).filter((l) => l.y < 150 || l.y > 250);
    const alone = (shear: number) =>
      [100, 148, 196].map((x) => ({ ...lean(x, 200, shear), line: 99 }));
    expect(leanCorrections([...page, ...alone(-0.2)], 48, PITCH)).toEqual([]);
    const undo = leanCorrections([...page, ...alone(-0.4)], 48, PITCH);
    expect(undo.map((c) => c.line)).toEqual([99, 99, 99]);
  });

  it('leaves an italic page, and an italic word among upright ones, as they are', () => {
    expect(
      leanCorrections(
        grid(() => -0.2),
        48,
        PITCH,
      ),
    ).toEqual([]);
    const oneWord = grid((x, y) => (x === 204 && y === 184 ? -0.25 : 0));
    expect(leanCorrections(oneWord, 48, PITCH)).toEqual([]);
  });
});

describe('deshearMap', () => {
  it('samples along the stems inside the line and leaves the rows between lines alone', () => {
    const map = identityMap(W, H, 8);
    const line = {
      xs: Float64Array.from([40, 380]),
      ys: Float64Array.from([100, 100]),
      length: 340,
    };
    const c = {
      line: 0,
      x0: 150,
      x1: 250,
      x: 200,
      y: 100,
      shear: -0.3,
      slope: 0,
      above: 8,
      below: 6,
      undo: -0.3,
    };
    const out = deshearMap(map, [line], [c], 1, 3)!;
    // Inside the ink: (X, Y) reads (X + undo·(Y − 100), Y).
    for (const [X, Y] of [
      [200, 92],
      [200, 104],
      [160, 96],
    ] as const) {
      const [sx, sy] = sampleMap(out, X, Y);
      expect(sx).toBeCloseTo(X - 0.3 * (Y - 100), 3);
      expect(sy).toBeCloseTo(Y, 3);
    }
    // Beyond the fade above and below, and past the stretch along the line: unmoved.
    for (const [X, Y] of [
      [200, 80],
      [200, 116],
      [370, 96],
    ] as const) {
      expect(sampleMap(out, X, Y)[0]).toBeCloseTo(X, 3);
    }
    expect(deshearMap(map, [line], [], 1, 3)).toBeNull();
  });
});

describe('refineLocal and leaning letters', () => {
  it('makes the letters upright where a curl left them leaning, and no others', () => {
    // A curl along the page's top bends its lines; the lines there lean as well.
    const bend = (x: number) => 6 * Math.sin((Math.PI * x) / W);
    const img = leaningPage(-0.3, 200, bend);
    const { report, map } = refineLocal(img, identityMap(W, H, 8), NONE);
    expect(report.applied).toBe(true);
    expect(report.reason).toContain('leaning letters made upright');
    const out = renderGray(img, map);
    const before = meanLean(img, 0, 190);
    const top = meanLean(out, 0, 190);
    const bottom = meanLean(out, 230, H);
    expect(before.mean).toBeLessThan(-0.2);
    expect(Math.abs(top.mean)).toBeLessThan(0.08);
    expect(Math.abs(bottom.mean)).toBeLessThan(0.03);
  });
});
