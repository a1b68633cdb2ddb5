import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../types.ts';
import { buildPdf, encodeJpeg, encodePng, physicalSize } from './encode.ts';

function page(w: number, h: number): RgbImage {
  const data = new Uint8Array(w * h * 3).fill(255);
  for (let i = 0; i < w * 3; i += 3) data[10 * w * 3 + i] = 0; // a black-ish line
  return { width: w, height: h, data };
}

describe('output', () => {
  it('derives physical size from paper or pixels at dpi', () => {
    expect(physicalSize(2480, 3508, 'A4', 300)).toEqual({ widthMm: 210, heightMm: 297 });
    expect(physicalSize(3508, 2480, 'A4', 300)).toEqual({ widthMm: 297, heightMm: 210 });
    const s = physicalSize(600, 300, null, 300);
    expect(s.widthMm).toBeCloseTo(50.8, 3);
    expect(s.heightMm).toBeCloseTo(25.4, 3);
  });

  it('encodes PNG and JPEG without metadata, grey pages single-channel', async () => {
    const img = page(40, 30);
    const png = await encodePng(img, 'color');
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 40, 30, 3]);
    expect(meta.exif).toBeUndefined();
    const grey = await sharp(await encodePng(img, 'gray')).metadata();
    expect(grey.channels).toBe(1);
    const jpg = await sharp(await encodeJpeg(img, 'color', 85)).metadata();
    expect([jpg.format, jpg.exif, jpg.icc, jpg.xmp]).toEqual([
      'jpeg',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('builds a PDF with one page per image at the physical size', async () => {
    const jpg = await encodeJpeg(page(60, 80), 'color');
    const png = await encodePng(page(80, 60), 'bw');
    const bytes = await buildPdf([
      { data: jpg, kind: 'jpg', widthMm: 210, heightMm: 297 },
      { data: png, kind: 'png', widthMm: 279.4, heightMm: 215.9 },
    ]);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    const [a4, letter] = doc.getPages();
    expect(a4!.getWidth()).toBeCloseTo(595.28, 1);
    expect(a4!.getHeight()).toBeCloseTo(841.89, 1);
    expect(letter!.getWidth()).toBeCloseTo(792, 1);
    expect(letter!.getHeight()).toBeCloseTo(612, 1);
  });
});
