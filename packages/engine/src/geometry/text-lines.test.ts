import { describe, expect, it } from 'vitest';
import { detectTextLines, lineWaviness, rankFilter } from './text-lines.ts';
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

describe('rankFilter', () => {
  it('matches a brute-force max and min filter', () => {
    const w = 37;
    const h = 23;
    const src = new Float32Array(w * h).map((_, i) => (i * 7919) % 101);
    for (const r of [1, 3, 6]) {
      for (const max of [true, false]) {
        const got = rankFilter(src, w, h, r, max);
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            let v = max ? -Infinity : Infinity;
            for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
              for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
                v = max ? Math.max(v, src[yy * w + xx]!) : Math.min(v, src[yy * w + xx]!);
              }
            }
            expect(got[y * w + x]).toBe(v);
          }
        }
      }
    }
  });
});
