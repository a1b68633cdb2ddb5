import { describe, expect, it } from 'vitest';
import { composeMaps, identityMap, renderGray } from './backward-map.ts';
import { solveMeshWarp } from './mesh-warp.ts';
import { detectTextLines, lineWaviness, type TextLine } from './text-lines.ts';
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

  it('holds the pieces of a line that a crease broke apart at one height', () => {
    // Twelve lines, each in two pieces; on lines 4–7 a crease lifts the right piece by 8 px.
    const piece = (x0: number, x1: number, y: number): TextLine => {
      const xs = Float64Array.from({ length: 18 }, (_, k) => x0 + ((x1 - x0) * k) / 17);
      return { xs, ys: new Float64Array(18).fill(y), length: x1 - x0 };
    };
    const lines: TextLine[] = [];
    for (let i = 0; i < 12; i++) {
      const y = 40 + 36 * i;
      lines.push(piece(30, 190, y), piece(205, 370, i >= 4 && i <= 7 ? y - 8 : y));
    }
    const opts = { spacing: 16, anchor: none, huber: 5, dropResidual: 7 };
    const joins = lines
      .map((_, k) => k)
      .filter((k) => k % 2 === 0)
      .map((k) => ({ a: k, b: k + 1, weight: 10 }));
    // The step left between the two pieces of line i after the warp (forward heights).
    const step = (mesh: NonNullable<ReturnType<typeof solveMeshWarp>>, i: number): number => {
      const height = (l: TextLine): number => {
        let s = 0;
        for (let k = 0; k < l.xs.length; k++) {
          const gx = (l.xs[k]! / (W - 1)) * (mesh.gw - 1);
          const gy = (l.ys[k]! / (H - 1)) * (mesh.gh - 1);
          const i0 = Math.min(mesh.gw - 2, Math.floor(gx));
          const j0 = Math.min(mesh.gh - 2, Math.floor(gy));
          const fx = gx - i0;
          const fy = gy - j0;
          const dv = (ii: number, jj: number): number => mesh.dv[jj * mesh.gw + ii]!;
          s +=
            l.ys[k]! +
            (1 - fy) * ((1 - fx) * dv(i0, j0) + fx * dv(i0 + 1, j0)) +
            fy * ((1 - fx) * dv(i0, j0 + 1) + fx * dv(i0 + 1, j0 + 1));
        }
        return s / l.xs.length;
      };
      return Math.abs(height(lines[2 * i + 1]!) - height(lines[2 * i]!));
    };
    const apart = solveMeshWarp(lines, W, H, opts)!;
    const joined = solveMeshWarp(lines, W, H, { ...opts, joins })!;
    expect(joined.foldedTriangles).toBe(0);
    for (const i of [5, 6]) {
      // Straightened on its own, each piece keeps most of the step.
      expect(step(apart, i)).toBeGreaterThan(5);
      expect(step(joined, i)).toBeLessThan(2);
    }
    // Lines the crease missed stay level.
    expect(step(joined, 10)).toBeLessThan(1);
  });

  it('returns null when there are too few lines', () => {
    expect(
      solveMeshWarp([], W, H, { spacing: 16, anchor: none, huber: 5, dropResidual: 7 }),
    ).toBeNull();
  });
});
