import { describe, expect, it } from 'vitest';
import { applyH, homographyFromPoints, invert3 } from './homography.ts';

describe('homographyFromPoints', () => {
  it('recovers a known perspective transform exactly', () => {
    const from = [
      { x: 103, y: 55 },
      { x: 512, y: 80 },
      { x: 560, y: 700 },
      { x: 60, y: 640 },
    ];
    const to = [
      { x: 0, y: 0 },
      { x: 400, y: 0 },
      { x: 400, y: 566 },
      { x: 0, y: 566 },
    ];
    const h = homographyFromPoints(from, to)!;
    from.forEach((p, k) => {
      const [x, y] = applyH(h, p.x, p.y);
      expect(x).toBeCloseTo(to[k]!.x, 6);
      expect(y).toBeCloseTo(to[k]!.y, 6);
    });
    const [bx, by] = applyH(invert3(h), 200, 283);
    const [rx, ry] = applyH(h, bx, by);
    expect(rx).toBeCloseTo(200, 6);
    expect(ry).toBeCloseTo(283, 6);
  });

  it('returns null for collinear points', () => {
    const pts = [0, 1, 2, 3].map((i) => ({ x: i, y: 2 * i }));
    expect(
      homographyFromPoints(
        pts,
        pts.map((p) => ({ x: p.y, y: p.x })),
      ),
    ).toBeNull();
  });
});
