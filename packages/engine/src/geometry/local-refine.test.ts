import { describe, expect, it } from 'vitest';
import { identityMap, renderGray, sampleMap } from './backward-map.ts';
import { joinRuleSegments, refineLocal, slantedLines, toInkEnds } from './local-refine.ts';
import { drawTextPage } from './test-images.ts';
import { detectTextLines, lineWaviness, type TextLine } from './text-lines.ts';

/** No page side anchored to the frame. */
const NONE = { top: false, right: false, bottom: false, left: false };

/**
 * Ink-weighted mean height of the columns x0..x1 within rows y0..y1 of a rendered page (235 is
 * its paper), NaN where there is no ink.
 */
function inkCentroid(page: {
  width: number;
  height: number;
  data: Float32Array;
}): (x0: number, x1: number, y0: number, y1: number) => number {
  const { width: W, height: H, data } = page;
  return (x0, x1, y0, y1) => {
    let s = 0;
    let m = 0;
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(H, Math.round(y1)); y++) {
      for (let x = x0; x < x1; x++) {
        const v = 235 - data[y * W + x]!;
        if (v > 40) {
          s += v * y;
          m += v;
        }
      }
    }
    return m ? s / m : Number.NaN;
  };
}

/** A line sampled every 4 px from x0 to x1 along y(x). */
function line(x0: number, x1: number, y: (x: number) => number, rule = true): TextLine {
  const xs: number[] = [];
  for (let x = x0; x <= x1; x += 4) xs.push(x);
  return {
    xs: Float64Array.from(xs),
    ys: Float64Array.from(xs.map(y)),
    length: x1 - x0,
    ...(rule ? { rule: true } : {}),
  };
}

describe('joinRuleSegments', () => {
  const ch = 15;

  it('joins a table rule cut by two vertical rules back into one line', () => {
    // A bent rule y = 200 + 0.02x, cut at x ≈ 300 and x ≈ 600 (gaps of 6 px).
    const y = (x: number) => 200 + 0.02 * x;
    const text = line(40, 280, () => 180, false);
    const out = joinRuleSegments(
      [line(40, 296, y), text, line(304, 596, y), line(604, 900, y)],
      ch,
    );
    const rules = out.filter((l) => l.rule);
    expect(rules).toHaveLength(1);
    expect(rules[0]!.xs[0]).toBe(40);
    expect(rules[0]!.xs[rules[0]!.xs.length - 1]).toBe(900);
    expect(rules[0]!.length).toBe(860);
    expect(out).toContain(text);
  });

  it('joins the rest of a row that a crease mark broke off and shifted', () => {
    // A gap of 5.6 character heights, the far piece 0.6 of one lower: no other rule is near.
    const out = joinRuleSegments([line(40, 296, () => 200), line(380, 600, () => 209)], ch);
    expect(out).toHaveLength(1);
    expect(out[0]!.xs[0]).toBe(40);
    expect(out[0]!.xs[out[0]!.xs.length - 1]).toBe(600);
  });

  it('keeps rules apart when their ends are far apart, at different heights or ambiguous', () => {
    const lines = [
      line(40, 296, () => 200),
      // a different row: the ends are almost a character height apart
      line(304, 596, () => 214),
      // same height but a gap of over six character heights
      line(700, 900, () => 214),
    ];
    expect(joinRuleSegments(lines, ch)).toHaveLength(3);
    // Two pieces, 0.6 of a character height above and below: which row goes on is unclear.
    const two = [line(40, 296, () => 200), line(304, 596, () => 209), line(304, 596, () => 191)];
    expect(joinRuleSegments(two, ch)).toHaveLength(3);
  });

  it('leaves text lines alone', () => {
    const lines = [line(40, 296, () => 200, false), line(300, 596, () => 200, false)];
    expect(joinRuleSegments(lines, ch)).toEqual(lines);
  });
});

describe('slantedLines', () => {
  const slope = (k: number) => (x: number) => 100 + k * (x - 40);
  it('picks out a stamp at an angle among level lines, frame and word', () => {
    const lines = [0, 1, 2, 3, 4].map((i) => line(40, 560, () => 60 + 24 * i, false));
    lines.push(line(300, 480, (x) => 200 + 0.27 * (x - 300), false));
    lines.push(line(290, 490, (x) => 180 + 0.27 * (x - 290)));
    expect(slantedLines(lines, 24)).toEqual([false, false, false, false, false, true, true]);
  });

  it('keeps lines a curl tilts alike', () => {
    // Lines bending down towards the right edge, each a little more than the last.
    const lines = [0, 1, 2, 3, 4, 5].map((i) => line(40, 560, slope(0.2 + 0.04 * i), false));
    lines.forEach((l, i) => l.ys.forEach((_, k) => (l.ys[k]! += 24 * i)));
    expect(slantedLines(lines, 24).some(Boolean)).toBe(false);
  });
});

describe('refineLocal', () => {
  const W = 400;
  const H = 520;

  it('takes out crease kinks narrower than a line pitch with a last, denser mesh', () => {
    // Three creases, each a 5 px bump 24 px wide (one line pitch) across the text lines.
    const bump = (x: number) =>
      [110, 210, 300].reduce((s, c) => s + 5 * Math.max(0, 1 - Math.abs(x - c) / 12), 0);
    const img = drawTextPage(W, H, (x, y) => [x, y + bump(x)]);
    const { report, map } = refineLocal(img, identityMap(W, H, 8), NONE);
    expect(report.applied).toBe(true);
    const details = report.details as { wavinessAfter: number; fine?: { applied: boolean } };
    expect(details.fine?.applied).toBe(true);
    expect(report.reason).toContain('denser mesh');
    // wavinessAfter is measured before the fine pass.
    const out = detectTextLines(renderGray(img, map));
    expect(lineWaviness(out.lines)).toBeLessThan(0.8 * details.wavinessAfter);
  });

  it('leaves a line at a slant no crease gives (a stamp set at an angle) as it is', () => {
    const img = drawTextPage(W, H, (x, y) => [x, y + 5 * Math.sin((2 * Math.PI * x) / 160)]);
    img.data.fill(235, 380 * W);
    const found = detectTextLines(img);
    // The word of a stamp 15° off level in the blank lower part.
    const stamp = line(120, 300, (x) => 440 + Math.tan((15 * Math.PI) / 180) * (x - 120), false);
    const { report, map } = refineLocal(img, identityMap(W, H, 8), NONE, 1, {
      ...found,
      lines: [...found.lines, stamp],
    });
    expect(report.applied).toBe(true);
    // Levelled, the output row through the stamp's middle would sample the photo some 48 px
    // apart in height from one end of it to the other; the warp there follows the text above.
    const [, yl] = sampleMap(map, 120, 464);
    const [, yr] = sampleMap(map, 300, 464);
    expect(Math.abs(yr - yl)).toBeLessThan(8);
  });

  it('counts a slanted line as text found, though it leaves it out of the fit', () => {
    // Seven wavy lines and a slanted edge: eight lines are enough to trust a warp.
    const img = drawTextPage(W, H, (x, y) => [x, y + 5 * Math.sin((2 * Math.PI * x) / 160)]);
    const found = detectTextLines(img);
    const edge = line(40, 360, (x) => 470 + 0.3 * (x - 40), false);
    const { report } = refineLocal(img, identityMap(W, H, 8), NONE, 1, {
      ...found,
      lines: [...found.lines.slice(0, 7), edge],
    });
    expect(report.applied).toBe(true);
    expect((report.details as { slanted: number }).slanted).toBe(1);
  });
});

describe('toInkEnds', () => {
  it('adds a sample at each end, on the straight-line fit of the samples near that end', () => {
    // Level in the middle, rising 0.2 px per px over its last 40 px (a curled margin).
    const l = line(60, 300, (x) => 200 - 0.2 * Math.max(0, x - 260), false);
    const out = toInkEnds(l, 12, 10);
    expect(out.xs.length).toBe(l.xs.length + 2);
    expect(out.xs[0]).toBe(50);
    expect(out.ys[0]).toBeCloseTo(200, 6);
    expect(out.xs[out.xs.length - 1]).toBe(310);
    // The fit over the last 36 px follows the rise: at 310, 200 − 0.2 · 50 less its lag.
    expect(out.ys[out.ys.length - 1]!).toBeLessThan(191);
    expect(out.ys[out.ys.length - 1]!).toBeGreaterThan(188);
    expect(Array.from(out.ys.subarray(1, -1))).toEqual(Array.from(l.ys));
  });
});

describe('refineLocal at the ends of lines', () => {
  it("straightens a line's first letters where the page bends just inside its margin", () => {
    // Every line bends up by 0.5 px per px over its first 38 px (text starts at x = 32).
    const W = 400;
    const H = 520;
    const img = drawTextPage(W, H, (x, y) => [x, y + 0.5 * Math.max(0, 70 - x)]);
    const { report, map } = refineLocal(img, identityMap(W, H, 8), NONE);
    expect(report.applied).toBe(true);
    const out = renderGray(img, map);
    const centroid = inkCentroid(out);
    // Each line's height in the middle of the page (peaks of its ink by row), then its first
    // letter's.
    const ink = Array.from({ length: H }, (_, y) => {
      let s = 0;
      for (let x = 150; x < 250; x++) s += Math.max(0, 195 - out.data[y * W + x]!);
      return s;
    });
    const peak = Math.max(...ink);
    const offsets: number[] = [];
    for (let y = 2; y < H - 2; y++) {
      const v = ink[y]!;
      if (
        v < 0.25 * peak ||
        v < ink[y - 1]! ||
        v <= ink[y + 1]! ||
        v < ink[y - 2]! ||
        v <= ink[y + 2]!
      ) {
        continue;
      }
      const mid = centroid(150, 250, y - 8, y + 8);
      offsets.push(Math.abs(centroid(33, 38, mid - 10, mid + 10) - mid));
    }
    expect(offsets.length).toBeGreaterThan(15);
    const mean = offsets.reduce((a, b) => a + b, 0) / offsets.length;
    // 1.7 px when the mesh's rows stopped where the centreline samples start.
    expect(mean).toBeLessThan(1.3);
  });
});

describe('refineLocal with short lines', () => {
  it("levels a form's short labels that a curl tilts beside the level boxes", () => {
    // Each line: a label of one word (about 4 character heights, too short to count as a line
    // of the page), a gap, then its value; left of x = 150 the page curls, tilting the labels
    // by 14° while the values stay level.
    const W = 400;
    const H = 520;
    const curl = (x: number) => 0.25 * Math.max(0, 150 - x);
    const img = drawTextPage(W, H, (x, y) => [x, y + curl(x)]);
    // The gap between each label (ending at x = 74) and its value (from x = 172): the curl
    // moves ink only up and down.
    for (let y = 0; y < H; y++) img.data.fill(235, y * W + 74, y * W + 172);
    const { report, map } = refineLocal(img, identityMap(W, H, 8), NONE);
    expect(report.applied).toBe(true);
    const out = renderGray(img, map);
    const centroid = inkCentroid(out);
    // Each label's rise from its first letters to its last (level: 0; in the photo 0.25 · 22,
    // and about 5 px when only the lines of the page steer the warp there).
    const rises: number[] = [];
    for (let y = 40; y < H - 40; y += 24) {
      const mid = centroid(34, 74, y - 12, y + 12);
      if (!Number.isFinite(mid)) continue;
      const a = centroid(32, 46, mid - 9, mid + 9);
      const b = centroid(54, 68, mid - 9, mid + 9);
      if (Number.isFinite(a) && Number.isFinite(b)) rises.push(Math.abs(b - a));
    }
    expect(rises.length).toBeGreaterThan(12);
    const mean = rises.reduce((p, q) => p + q, 0) / rises.length;
    expect(mean).toBeLessThan(2);
  });
});
