import { describe, expect, it } from 'vitest';
import { composeMaps, identityMap, renderGray } from './backward-map.ts';
import { solveMeshWarp } from './mesh-warp.ts';
import { detectTextLines, lineWaviness } from './text-lines.ts';
import { drawTextPage } from './test-images.ts';

const W = 400;
const H = 520;
const none = { top: false, right: false, bottom: false, left: false };

function straighten(warp: (x: number, y: number) => [number, number]) {
  const img = drawTextPage(W, H, warp);
  const before = detectTextLines(img);
  const mesh = solveMeshWarp(before.lines, W, H, {
    spacing: 16,
    anchor: none,
    huber: 5,
    dropResidual: 7,
  })!;
  const out = renderGray(img, composeMaps(mesh.map, identityMap(W, H, 8)));
  const after = detectTextLines(out);
  return { before, after, mesh };
}

describe('solveMeshWarp', () => {
  it('straightens sinusoidal lines without fold-over and keeps the page size', () => {
    const { before, after, mesh } = straighten((x, y) => [
      x,
      y + 7 * Math.sin((2 * Math.PI * x) / 140),
    ]);
    expect(mesh.foldedTriangles).toBe(0);
    expect(mesh.rmsAfter).toBeLessThan(0.4 * mesh.rmsBefore);
    expect(lineWaviness(after.lines)).toBeLessThan(0.35 * lineWaviness(before.lines));
    expect(after.lines.length).toBeGreaterThanOrEqual(before.lines.length - 1);
    // Line pitch (page scale) is preserved.
    expect(after.pitch).toBeCloseTo(before.pitch, -0.3);
  });

  it('straightens a sharp fold', () => {
    const { before, after } = straighten((x, y) => [x, y + 0.12 * Math.abs(x - 200)]);
    expect(lineWaviness(after.lines)).toBeLessThan(0.4 * lineWaviness(before.lines));
  });

  it('returns null when there are too few lines', () => {
    expect(
      solveMeshWarp([], W, H, { spacing: 16, anchor: none, huber: 5, dropResidual: 7 }),
    ).toBeNull();
  });
});
