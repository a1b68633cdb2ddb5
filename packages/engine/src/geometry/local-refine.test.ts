import { describe, expect, it } from 'vitest';
import { identityMap, renderGray } from './backward-map.ts';
import { joinRuleSegments, refineLocal } from './local-refine.ts';
import { drawTextPage } from './test-images.ts';
import { detectTextLines, lineWaviness, type TextLine } from './text-lines.ts';

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

describe('refineLocal', () => {
  const W = 400;
  const H = 520;
  const none = { top: false, right: false, bottom: false, left: false };

  it('takes out crease kinks narrower than a line pitch with a last, denser mesh', () => {
    // Three creases, each a 5 px bump 24 px wide (one line pitch) across the text lines.
    const bump = (x: number) =>
      [110, 210, 300].reduce((s, c) => s + 5 * Math.max(0, 1 - Math.abs(x - c) / 12), 0);
    const img = drawTextPage(W, H, (x, y) => [x, y + bump(x)]);
    const { report, map } = refineLocal(img, identityMap(W, H, 8), none);
    expect(report.applied).toBe(true);
    const details = report.details as { wavinessAfter: number; fine?: { applied: boolean } };
    expect(details.fine?.applied).toBe(true);
    expect(report.reason).toContain('denser mesh');
    // wavinessAfter is measured before the fine pass.
    const out = detectTextLines(renderGray(img, map));
    expect(lineWaviness(out.lines)).toBeLessThan(0.8 * details.wavinessAfter);
  });
});
