import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeRgb, encodeJpeg, encodePng, generateSample } from './index.ts';

afterEach(() => vi.restoreAllMocks());

describe('generateSample', () => {
  it('is reproducible from its seed and never uses Math.random', async () => {
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    const a = await generateSample({ seed: 11, kind: 'invoice', family: 'crumple', width: 420 });
    const b = await generateSample({ seed: 11, kind: 'invoice', family: 'crumple', width: 420 });
    expect(Buffer.from(a.photo.data).equals(Buffer.from(b.photo.data))).toBe(true);
    expect(a.text).toBe(b.text);
    const c = await generateSample({ seed: 12, kind: 'invoice', family: 'crumple', width: 420 });
    expect(Buffer.from(a.photo.data).equals(Buffer.from(c.photo.data))).toBe(false);
  });

  it('returns the flat page, its exact text and a photo with the page on a background', async () => {
    const s = await generateSample({ seed: 3, kind: 'receipt', family: 'fold', width: 320 });
    expect(s.flat.width).toBe(320);
    expect(s.flat.height).toBeGreaterThan(2 * s.flat.width); // receipts are long and narrow
    expect(s.text).toMatch(/TOTAL/);
    expect(s.text).toMatch(/THANK YOU/);
    expect(s.photo.data.length).toBe(s.photo.width * s.photo.height * 3);
    // The top-left corner pixel is background, the centre is page (brighter than a dark desk/wood).
    expect(s.photo.width).toBeGreaterThan(s.flat.width * 0.8);
  });

  it('renders every kind and family', async () => {
    const kinds = ['letter', 'invoice', 'receipt', 'form', 'paper', 'brochure'] as const;
    const families = ['perspective', 'curl', 'fold', 'crumple'] as const;
    for (let i = 0; i < kinds.length; i++) {
      const s = await generateSample({
        seed: i,
        kind: kinds[i]!,
        family: families[i % 4]!,
        width: 300,
      });
      expect(s.text.split('\n').length).toBeGreaterThan(5);
      // Flat pages are mostly white paper with dark ink.
      let white = 0;
      for (let k = 0; k < s.flat.data.length; k += 3) if (s.flat.data[k]! > 240) white++;
      expect(white / (s.flat.data.length / 3)).toBeGreaterThan(0.6);
    }
  });

  it('prints pages on A4 by default, on US Letter or Legal when asked, and receipts at their length', async () => {
    const ratio = (img: { width: number; height: number }) => img.height / img.width;
    const a4 = await generateSample({ seed: 4, kind: 'form', family: 'curl', width: 400 });
    const letter = await generateSample({
      seed: 4,
      kind: 'form',
      family: 'curl',
      width: 400,
      paper: 'letter',
    });
    const legal = await generateSample({
      seed: 4,
      kind: 'paper',
      family: 'fold',
      width: 400,
      paper: 'legal',
    });
    expect([a4.paper, letter.paper, legal.paper]).toEqual(['a4', 'letter', 'legal']);
    expect(ratio(a4.flat)).toBeCloseTo(Math.SQRT2, 2);
    expect(ratio(letter.flat)).toBeCloseTo(11 / 8.5, 2);
    expect(ratio(legal.flat)).toBeCloseTo(14 / 8.5, 2);
    // Every line printed lies on the page: the last one is above the bottom margin.
    for (const s of [letter, legal]) {
      let lowest = 0;
      for (let y = 0; y < s.flat.height; y++)
        for (let x = 0; x < s.flat.width; x++)
          if (s.flat.data[(y * s.flat.width + x) * 3]! < 128) lowest = y;
      expect(lowest).toBeLessThan(s.flat.height * 0.97);
    }
    const receipt = await generateSample({
      seed: 4,
      kind: 'receipt',
      family: 'fold',
      width: 300,
      paper: 'legal',
    });
    expect(receipt.paper).toBe('receipt');
    expect(ratio(receipt.flat)).toBeGreaterThan(2);
  });

  it('can add a thumb over the page border without changing the rest of the scene', async () => {
    const opts = {
      seed: 21,
      kind: 'letter',
      family: 'perspective',
      width: 360,
      jpegQuality: 95,
    } as const;
    const withThumb = await generateSample({ ...opts, thumb: true });
    const without = await generateSample({ ...opts, thumb: false });
    expect(withThumb.thumb).toBe(true);
    expect(without.thumb).toBe(false);
    let changed = 0;
    for (let k = 0; k < without.photo.data.length; k += 3) {
      if (Math.abs(withThumb.photo.data[k]! - without.photo.data[k]!) > 20) changed++;
    }
    const fraction = changed / (without.photo.data.length / 3);
    expect(fraction).toBeGreaterThan(0.002);
    expect(fraction).toBeLessThan(0.1);
  });

  it('rejects unknown kinds with a clear message', async () => {
    // @ts-expect-error deliberately wrong kind
    await expect(generateSample({ seed: 1, kind: 'poster', family: 'fold' })).rejects.toThrow(
      /unknown page kind "poster"/,
    );
  });
});

describe('encoders', () => {
  it('round-trips PNG exactly and JPEG closely', async () => {
    const s = await generateSample({ seed: 5, kind: 'letter', family: 'perspective', width: 300 });
    const png = await decodeRgb(await encodePng(s.flat));
    expect(Buffer.from(png.data).equals(Buffer.from(s.flat.data))).toBe(true);
    const jpg = await decodeRgb(await encodeJpeg(s.flat, 90));
    let err = 0;
    for (let k = 0; k < jpg.data.length; k++) err += Math.abs(jpg.data[k]! - s.flat.data[k]!);
    expect(err / jpg.data.length).toBeLessThan(6);
  });
});
