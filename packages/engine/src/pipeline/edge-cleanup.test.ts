import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../types.ts';
import { whitenEdgeBackground } from './edge-cleanup.ts';

function page(w: number, h: number): RgbImage {
  return { width: w, height: h, data: new Uint8Array(w * h * 3).fill(255) };
}

function fill(img: RgbImage, inside: (x: number, y: number) => boolean, rgb: number[]): void {
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!inside(x, y)) continue;
      const i = 3 * (y * img.width + x);
      img.data.set(rgb, i);
    }
  }
}

const at = (img: RgbImage, x: number, y: number) => img.data[3 * (y * img.width + x)]!;

describe('whitenEdgeBackground', () => {
  it('whitens a dark desk corner and a wavy strip along the edge, keeps text near them', () => {
    const img = page(400, 500);
    // Desk seen at the top-left corner (a dog-ear) and along the bottom edge (wavy border).
    fill(img, (x, y) => x + y < 20, [40, 35, 30]);
    fill(img, (x, y) => y > 492 + 3 * Math.sin(x / 20), [60, 60, 70]);
    // Text inside the band but not touching the border, and text in the body.
    fill(img, (x, y) => y >= 10 && y < 16 && x >= 60 && x < 200, [20, 20, 20]);
    fill(img, (x, y) => y >= 200 && y < 208 && x >= 40 && x < 360, [20, 20, 20]);
    const share = whitenEdgeBackground(img);
    expect(share).toBeGreaterThan(0);
    expect(at(img, 2, 2)).toBe(255);
    expect(at(img, 100, 498)).toBe(255);
    expect(at(img, 100, 12)).toBe(20);
    expect(at(img, 100, 204)).toBe(20);
  });

  it('leaves dark content that reaches beyond the band, and a clean page, untouched', () => {
    const clean = page(200, 300);
    expect(whitenEdgeBackground(clean)).toBe(0);
    const img = page(200, 300);
    // A full-bleed dark bar 60 px deep at the top (a header photo): content, not background.
    fill(img, (_x, y) => y < 60, [30, 30, 90]);
    expect(whitenEdgeBackground(img)).toBe(0);
    expect(at(img, 100, 2)).toBe(30);
  });
});
