import { describe, expect, it } from 'vitest';
import { coarseGrid, rowTaps } from './coarse.ts';

describe('coarseGrid', () => {
  it('maps fine columns to cells and bilinear taps between cell centres', () => {
    const g = coarseGrid(10, 7, 4);
    expect([g.cw, g.ch]).toEqual([3, 2]);
    expect(Array.from(g.cell)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2]);
    // Cell centres lie at fine x = 1.5, 5.5, 9.5; between them the weight grows linearly.
    expect([g.x0[3], g.x1[3], g.fx[3]]).toEqual([0, 1, 0.375]);
    expect([g.x0[7], g.x1[7], g.fx[7]]).toEqual([1, 2, 0.375]);
    // Before the first centre sampling clamps to it.
    expect([g.x0[0], g.x1[0], g.fx[0]]).toEqual([0, 1, 0]);
    expect(rowTaps(g, 6)).toEqual([1, 1, 0]);
  });
});
