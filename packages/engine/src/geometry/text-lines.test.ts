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

  it('finds no lines on a blank page', () => {
    const blank = { width: 200, height: 200, data: new Float32Array(200 * 200).fill(230) };
    expect(detectTextLines(blank).lines).toHaveLength(0);
  });
});
