import { describe, expect, it } from 'vitest';
import type { Point, RgbImage } from '../types.ts';
import { cornerError, drawScene, TILTED_QUAD } from '../geometry/test-images.ts';
import { edgeMap, withFaintEdges } from './edges.ts';
import { detectPage, paperFeatures } from './page-detect.ts';
import { straightEdgeQuad } from './line-quad.ts';

const quad = TILTED_QUAD;

/** Distance from p to segment a→b. */
function toSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/**
 * The page on a light table as bright as the paper along stretches of its border (`gaps`:
 * [side, from, to] as shares of the side), where no edge is left at all: the brightness and
 * colour masks take in the table, and the edge enclosure leaks through the gaps.
 */
function fadingBorder(gaps: Array<[number, number, number]>, toPage = true): RgbImage {
  const img = drawScene(
    400,
    460,
    quad,
    'white',
    5,
    toPage ? (x, y) => [(x - 60) / 280, (y - 50) / 360] : undefined,
  );
  for (let y = 0; y < 460; y++) {
    for (let x = 0; x < 400; x++) {
      const i = (y * 400 + x) * 3;
      if (img.data[i]! >= 225) continue;
      // Near a gap the table brightens smoothly to the paper's own brightness.
      let wt = 0;
      for (const [s, from, to] of gaps) {
        const a = quad[s]!;
        const b = quad[(s + 1) % 4]!;
        const pa = { x: a.x + from * (b.x - a.x), y: a.y + from * (b.y - a.y) };
        const pb = { x: a.x + to * (b.x - a.x), y: a.y + to * (b.y - a.y) };
        wt = Math.max(wt, Math.min(1, Math.max(0, (30 - toSegment({ x, y }, pa, pb)) / 20)));
      }
      for (let c = 0; c < 3; c++) img.data[i + c] = Math.round(img.data[i + c]! + 30 * wt);
    }
  }
  return img;
}

const gaps: Array<[number, number, number]> = [
  [0, 0.55, 0.7],
  [1, 0.2, 0.32],
  [2, 0.4, 0.5],
  [3, 0.6, 0.75],
];

function quadOf(img: RgbImage) {
  const f = paperFeatures(img, 560);
  return straightEdgeQuad(withFaintEdges(edgeMap(f.luma, f.chroma), 1.5));
}

describe('straightEdgeQuad', () => {
  it('finds a page whose border vanishes into the table here and there, side by side', () => {
    const found = quadOf(fadingBorder(gaps));
    expect(found).not.toBeNull();
    expect(cornerError(found!.corners, quad)).toBeLessThan(3);
    expect(found!.support).toBeGreaterThan(0.65);
  });

  it('finds no page in a block of text lines with no border round it', () => {
    // Every side faded out: the lines of text still vote for long straight lines, but beyond
    // each of them lies more text, not a table.
    const all: Array<[number, number, number]> = [0, 1, 2, 3].map((s) => [s, 0, 1]);
    expect(quadOf(fadingBorder(all))).toBeNull();
  });

  it('takes the largest of nested quadrilaterals: the page, not a box printed on it', () => {
    const img = fadingBorder(gaps, false);
    // A dark-ruled box inside the page, its sides sharper than the page's.
    const box = [
      { x: 140, y: 150 },
      { x: 260, y: 158 },
      { x: 266, y: 300 },
      { x: 134, y: 292 },
    ];
    for (let s = 0; s < 4; s++) {
      const a = box[s]!;
      const b = box[(s + 1) % 4]!;
      for (let y = 0; y < 460; y++) {
        for (let x = 0; x < 400; x++) {
          if (toSegment({ x, y }, a, b) < 1.5)
            img.data.fill(30, (y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
        }
      }
    }
    const found = quadOf(img);
    expect(cornerError(found!.corners, quad)).toBeLessThan(4);
  });
});

describe('detectPage with straightEdges', () => {
  it('returns the page as an outline at the frame scale with its sides traced', () => {
    const { outline, details } = detectPage(fadingBorder(gaps), undefined, { straightEdges: true });
    expect(details.feature).toBe('straight edges');
    expect(outline!.confidence).toBeGreaterThan(0.8);
    expect(cornerError(outline!.corners, quad)).toBeLessThan(3);
    expect(Object.values(outline!.clipped).some(Boolean)).toBe(false);
  });
});
