import { describe, expect, it } from 'vitest';
import { detectTextLines } from '../geometry/text-lines.ts';
import { drawTextPage } from '../geometry/test-images.ts';
import { detectUpsideDown, textIsVertical } from './orientation.ts';
import { estimateSkew } from './skew.ts';

const W = 420;
const H = 520;

describe('orientation', () => {
  const upright = drawTextPage(W, H, (x, y) => [x, y]);
  const flipped = drawTextPage(W, H, (x, y) => [W - x, H - y]);

  it('tells upright from upside-down Latin-like text by its ascenders', () => {
    const a = detectTextLines(upright);
    const b = detectTextLines(flipped);
    expect(detectUpsideDown(a.ink, W, H, a.lines, a.charHeight).upsideDown).toBe(false);
    const res = detectUpsideDown(b.ink, W, H, b.lines, b.charHeight);
    expect(res.upsideDown).toBe(true);
    expect(res.confidence).toBeGreaterThan(0.3);
  });

  it('recognises text running vertically', () => {
    const turned = drawTextPage(W, H, (x, y) => [y, W - x]);
    const a = detectTextLines(turned);
    expect(textIsVertical(a.ink, W, H, a.charHeight).vertical).toBe(true);
    const b = detectTextLines(upright);
    expect(textIsVertical(b.ink, W, H, b.charHeight).vertical).toBe(false);
  });

  it('measures a 3° skew', () => {
    const th = (3 * Math.PI) / 180;
    const skewed = drawTextPage(W, H, (x, y) => {
      const dx = x - W / 2;
      const dy = y - H / 2;
      return [
        W / 2 + Math.cos(th) * dx + Math.sin(th) * dy,
        H / 2 - Math.sin(th) * dx + Math.cos(th) * dy,
      ];
    });
    const { deg, confidence } = estimateSkew(detectTextLines(skewed).lines);
    expect(deg).toBeCloseTo(3, 0);
    expect(confidence).toBeGreaterThan(0.3);
  });
});
