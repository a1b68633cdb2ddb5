import { describe, expect, it } from 'vitest';
import { joinRuleSegments } from './local-refine.ts';
import type { TextLine } from './text-lines.ts';

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

  it('keeps rules apart when their ends are far apart or at different heights', () => {
    const lines = [
      line(40, 296, () => 200),
      // a different row: the ends are half a character height apart
      line(304, 596, () => 208),
      // same height but a wide gap
      line(640, 900, () => 208),
    ];
    const out = joinRuleSegments(lines, ch);
    expect(out).toHaveLength(3);
  });

  it('leaves text lines alone', () => {
    const lines = [line(40, 296, () => 200, false), line(300, 596, () => 200, false)];
    expect(joinRuleSegments(lines, ch)).toEqual(lines);
  });
});
