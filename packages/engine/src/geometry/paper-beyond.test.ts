import { describe, expect, it } from 'vitest';
import type { Point, RgbImage } from '../types.ts';
import { paperRunsOn } from './paper-beyond.ts';
import { quadOutline } from './test-images.ts';

const W = 400;
const H = 500;

/** Rows of 'text' (dark 6 px bars) every 20 px from y0 to y1, x 40–360, on `paper`. */
function page(paper: number, table?: { level: number; top: number }): RgbImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v = paper;
      if (table && y < table.top) v = table.level;
      else if (x >= 40 && x < 360 && (y - 30) % 20 < 6 && y >= 30 && y < 470 && x % 9 < 6) v = 30;
      data.set([v, v, v], 3 * (y * W + x));
    }
  }
  return { width: W, height: H, data };
}

/** Samples along the text rows between y0 and y1 (the text check's points well outside). */
function rows(y0: number, y1: number): Point[] {
  const out: Point[] = [];
  for (let y = 33; y < 470; y += 20) {
    if (y < y0 || y > y1) continue;
    for (let x = 50; x < 350; x += 30) out.push({ x, y });
  }
  return out;
}

describe('paperRunsOn', () => {
  it('finds the side of an outline that stops between two lines of one sheet', () => {
    // A band across the middle of a clean scan, its left and right sides on the frame.
    const band = quadOutline(
      { x: 0, y: 200 },
      { x: W, y: 200 },
      { x: W, y: 400 },
      { x: 0, y: 400 },
    );
    band.clipped = { top: false, right: true, bottom: false, left: true };
    expect(paperRunsOn(page(250), band, rows(0, 150))).toBe('top');
    expect(paperRunsOn(page(250), band, rows(450, H))).toBe('bottom');
  });

  it('leaves a side with a table beyond it, and a side with no text beyond it', () => {
    // The page's top edge at y 150: a white table 12 levels darker above it, with 'text'
    // points on it (grain read as lines).
    const img = page(245, { level: 233, top: 150 });
    const outline = quadOutline({ x: 0, y: 150 }, { x: W, y: 150 }, { x: W, y: H }, { x: 0, y: H });
    outline.clipped = { top: false, right: true, bottom: true, left: true };
    expect(paperRunsOn(img, outline, rows(0, 120))).toBeNull();
    // The same sheet beyond, but no text there: nothing to say the page runs on.
    expect(paperRunsOn(page(250), outline, [])).toBeNull();
  });
});
