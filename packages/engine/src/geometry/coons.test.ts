import { describe, expect, it } from 'vitest';
import type { PageOutline, Point } from '../types.ts';
import { sampleMap } from './backward-map.ts';
import { coonsMap, sideJaggedness, smoothSide, withoutStep } from './coons.ts';

/** n + 1 points from (0, 0) to (1000, 0), offset by off(t) at t ∈ [0, 1] (y grows down). */
function side(n: number, off: (t: number, i: number) => number): Point[] {
  return Array.from({ length: n + 1 }, (_, i) => ({ x: (1000 * i) / n, y: off(i / n, i) }));
}

const zigzag = (i: number, t: number): number => (i % 2 ? 12 : -12) * Math.sin(Math.PI * t);
const bow = (t: number): number => 60 * Math.sin(Math.PI * t);

describe('sideJaggedness', () => {
  it('reads straight and bowed sides as smooth, a zigzag along a page stack as jagged', () => {
    expect(sideJaggedness(side(31, () => 0))).toBeLessThan(0.01);
    expect(sideJaggedness(side(31, bow))).toBeLessThan(1);
    expect(sideJaggedness(side(31, (t, i) => bow(t) + zigzag(i, t)))).toBeGreaterThan(3);
  });
});

describe('smoothSide', () => {
  it('takes a zigzag out, keeps the corners where they are and a bow as deep as it was', () => {
    const pts = smoothSide(side(31, (t, i) => bow(t) + zigzag(i, t)));
    expect(pts[0]).toEqual({ x: 0, y: 0 });
    expect(pts[pts.length - 1]!.x).toBeCloseTo(1000, 9);
    expect(pts[pts.length - 1]!.y).toBeCloseTo(0, 9);
    let worst = 0;
    for (const p of pts) worst = Math.max(worst, Math.abs(p.y - bow(p.x / 1000)));
    expect(worst).toBeLessThan(3);
    const bowed = smoothSide(side(31, bow));
    const mid = bowed[bowed.length >> 1]!;
    expect(mid.y).toBeGreaterThan(0.98 * 60);
  });
});

describe('withoutStep', () => {
  it('takes the chord for a side that steps out onto the table, keeps bows, folds and wiggles', () => {
    // The trace runs along the page's edge for a third of it, then 30 px (3 %) further out.
    const stepped = side(31, (t) => (t > 0.3 && t < 0.97 ? -30 : 0));
    const chord = withoutStep(stepped);
    expect(chord).not.toBe(stepped);
    expect(chord[0]).toEqual({ x: 0, y: 0 });
    expect(chord[chord.length - 1]).toEqual({ x: 1000, y: 0 });
    for (const p of chord) expect(Math.abs(p.y)).toBeLessThan(1e-9);
    // A curl's bow, a fold's kink and a crumpled edge's small wiggles are the page's own shape.
    const kept = [
      side(31, bow),
      side(31, (t) => 80 * (0.5 - Math.abs(t - 0.5))),
      side(31, (t) => 6 * Math.sin(20 * t)),
    ];
    for (const s of kept) expect(withoutStep(s)).toBe(s);
  });
});

describe('coonsMap', () => {
  it('with smoothed sides, keeps a zigzag of the bottom side out of the rows above it', () => {
    const [W, H] = [400, 500];
    const bottom = side(31, (t, i) => 500 + zigzag(i, t)).map((p) => ({ x: 0.4 * p.x, y: p.y }));
    const outline: PageOutline = {
      corners: [
        { x: 0, y: 0 },
        { x: 400, y: 0 },
        { x: 400, y: 500 },
        { x: 0, y: 500 },
      ],
      top: side(31, () => 0).map((p) => ({ x: 0.4 * p.x, y: p.y })),
      bottom,
      left: side(31, () => 0).map((p) => ({ x: 0, y: 0.5 * p.x })),
      right: side(31, () => 0).map((p) => ({ x: 400, y: 0.5 * p.x })),
      clipped: { top: false, right: false, bottom: false, left: false },
      confidence: 1,
    };
    /** How far the source row under output row y strays from straight (max − min of its y). */
    const spread = (smooth: boolean, y: number): number => {
      const map = coonsMap(outline, W, H, 4, true, smooth)!;
      let lo = Infinity;
      let hi = -Infinity;
      for (let x = 0; x < W; x += 2) {
        const sy = sampleMap(map, x, y)[1];
        lo = Math.min(lo, sy);
        hi = Math.max(hi, sy);
      }
      return hi - lo;
    };
    // Row 400 lies at 0.8 of the height: the raw patch bends it with the zigzag (±12 px there).
    const raw = spread(false, 400);
    expect(raw).toBeGreaterThan(15);
    expect(spread(true, 400)).toBeLessThan(0.25 * raw);
  });
});
