import { crc32 } from 'node:zlib';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { decode } from './decode.ts';
import { probe } from './probe.ts';

const W = 40;
const H = 30;

/** A 40×30 image: left half red, right half blue. */
function halves(): Buffer {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      if (x < W / 2) data[i] = 230;
      else data[i + 2] = 230;
    }
  }
  return data;
}
const raw = () => sharp(halves(), { raw: { width: W, height: H, channels: 3 } });

function pixel(img: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const i = (y * img.width + x) * 3;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

function expectHalves(img: { width: number; height: number; data: Uint8Array }, tol = 30) {
  expect([img.width, img.height]).toEqual([W, H]);
  const [r1, g1, b1] = pixel(img, 5, 15);
  const [r2, g2, b2] = pixel(img, 35, 15);
  expect(r1).toBeGreaterThan(230 - tol);
  expect(g1! + b1!).toBeLessThan(tol * 2);
  expect(b2).toBeGreaterThan(230 - tol);
  expect(r2! + g2!).toBeLessThan(tol * 2);
}

/** Hand-built 24-bit bottom-up BMP of the same picture. */
function bmp(): Uint8Array {
  const stride = Math.ceil((W * 3) / 4) * 4;
  const out = Buffer.alloc(54 + stride * H);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(W, 18);
  out.writeInt32LE(H, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  const src = halves();
  for (let y = 0; y < H; y++) {
    const row = 54 + (H - 1 - y) * stride;
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      out[row + x * 3] = src[i + 2]!;
      out[row + x * 3 + 1] = src[i + 1]!;
      out[row + x * 3 + 2] = src[i]!;
    }
  }
  return out;
}

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

/** A PNG whose IHDR claims 100000×100000 pixels (a "pixel flood" bomb), with a tiny body. */
function pixelFloodPng(): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A hand-written PDF with `count` real (empty) Letter pages in one flat page tree. */
function pdfWithPages(count: number): Uint8Array {
  const parts: string[] = ['%PDF-1.4\n'];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const add = (s: string) => {
    offsets.push(length);
    parts.push(s);
    length += s.length;
  };
  const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(' ');
  add('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
  add(`2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${count} >>\nendobj\n`);
  for (let i = 0; i < count; i++) {
    add(`${i + 3} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n`);
  }
  parts.push(`xref\n0 ${count + 3}\n0000000000 65535 f \n`);
  for (const off of offsets) parts.push(`${String(off).padStart(10, '0')} 00000 n \n`);
  parts.push(`trailer\n<< /Size ${count + 3} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return new TextEncoder().encode(parts.join(''));
}

async function expectEngineError(p: Promise<unknown>, code: string, text: RegExp) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  expect((err as EngineError).code).toBe(code);
  expect((err as EngineError).message).toMatch(text);
  expect((err as EngineError).message).not.toContain('\n');
}

describe('decode', () => {
  it('decodes PNG, JPEG, WEBP, TIFF and BMP to the same RGB picture', async () => {
    const inputs: Array<[string, Uint8Array]> = [
      ['png', await raw().png().toBuffer()],
      ['jpg', await raw().jpeg({ quality: 95 }).toBuffer()],
      ['webp', await raw().webp({ quality: 95 }).toBuffer()],
      ['tiff', await raw().tiff().toBuffer()],
      ['bmp', bmp()],
    ];
    for (const [format, bytes] of inputs) {
      expect((await probe(bytes)).format).toBe(format);
      const pages = await decode(bytes);
      expect(pages).toHaveLength(1);
      expectHalves(pages[0]!);
    }
  });

  it('applies EXIF orientation, flattens alpha on white and converts 16-bit and grey', async () => {
    // Orientation 6 = rotate 90° clockwise to display: stored 40×30 shows as 30×40.
    const rotated = await raw().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const [r] = await decode(rotated);
    expect([r!.width, r!.height]).toEqual([H, W]);
    expect(await probe(rotated)).toMatchObject({ width: H, height: W });
    // Red half (left) ends up on top after a clockwise turn.
    expect(pixel(r!, 15, 5)[0]).toBeGreaterThan(180);

    const transparent = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const [t] = await decode(transparent);
    expect(pixel(t!, 4, 4)).toEqual([255, 255, 255]);

    const sixteen = await raw().toColourspace('rgb16').png().toBuffer();
    expect((await sharp(sixteen).metadata()).depth).toBe('ushort');
    expectHalves((await decode(sixteen))[0]!);

    const grey = await raw().greyscale().png().toBuffer();
    const [g] = await decode(grey);
    expect(g!.data.length).toBe(W * H * 3);
  });

  it('converts CMYK JPEG to RGB', async () => {
    const cmyk = await raw().toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    // Saturated blue is outside the CMYK gamut, so only check the hues survive the round trip.
    const [img] = await decode(cmyk);
    const [r1, g1, b1] = pixel(img!, 5, 15);
    const [r2, g2, b2] = pixel(img!, 35, 15);
    expect(r1).toBeGreaterThan(g1! + 100);
    expect(r1).toBeGreaterThan(b1! + 100);
    expect(b2).toBeGreaterThan(r2! + 50);
    expect(b2).toBeGreaterThan(g2! + 30);
  });

  it('decodes every page of a multi-page TIFF', async () => {
    const red = await sharp({ create: { width: W, height: H, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const blue = await sharp({ create: { width: W, height: H, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const tiff = await sharp([red, blue], { join: { animated: true } })
      .tiff()
      .toBuffer();
    expect(await probe(tiff)).toMatchObject({ format: 'tiff', pages: 2 });
    const pages = await decode(tiff);
    const [red1, blue2] = pages.map((p) => pixel(p, 1, 1));
    expect(red1![0]).toBeGreaterThan(250);
    expect(blue2![2]).toBeGreaterThan(250);
    expect(red1![2]! + blue2![0]!).toBe(0);
  });

  it('rasterises PDF pages at about 300 dpi', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 2; i++) {
      const page = doc.addPage([144, 72]); // 2 × 1 inch
      page.drawRectangle({ x: 0, y: 0, width: 72, height: 72, color: rgb(1, 0, 0) });
    }
    const bytes = await doc.save();
    expect(await probe(bytes)).toMatchObject({ format: 'pdf', pages: 2, width: 600, height: 300 });
    const pages = await decode(bytes);
    expect(pages).toHaveLength(2);
    expect([pages[1]!.width, pages[1]!.height]).toEqual([600, 300]);
    expect(pixel(pages[1]!, 100, 150)).toEqual([255, 0, 0]);
    expect(pixel(pages[1]!, 500, 150)).toEqual([255, 255, 255]);
  });
});

describe('caps and bad input', () => {
  it('rejects a pixel-flood PNG from its header alone', async () => {
    const bomb = pixelFloodPng();
    await expectEngineError(
      probe(bomb),
      'too_many_pixels',
      /100000×100000.*limit is 100 megapixels/,
    );
    await expectEngineError(decode(bomb), 'too_many_pixels', /limit/);
  });

  it('rejects a PDF with 100000 pages', async () => {
    await expectEngineError(
      probe(pdfWithPages(100_000)),
      'too_many_pages',
      /100000 pages; the limit is 50/,
    );
    expect(await probe(pdfWithPages(3))).toMatchObject({ pages: 3, width: 2550, height: 3300 });
  });

  it('reports a truncated JPEG as corrupt', async () => {
    const jpeg = await sharp({
      create: { width: 256, height: 256, channels: 3, background: '#888' },
    })
      .composite([{ input: halves(), raw: { width: W, height: H, channels: 3 }, tile: true }])
      .jpeg()
      .toBuffer();
    await expectEngineError(
      decode(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))),
      'corrupt_input',
      /JPEG file is truncated/,
    );
  });

  it('names HTML renamed to .png, empty files and oversized files', async () => {
    const html = new TextEncoder().encode('<!DOCTYPE html><html><body>hi</body></html>');
    await expectEngineError(probe(html), 'unsupported_format', /web page \(HTML\)/);
    await expectEngineError(probe(new Uint8Array(0)), 'empty_input', /empty/);
    await expectEngineError(
      probe(new Uint8Array(2048), { maxBytes: 1024 }),
      'too_large',
      /limit is 0\.001 MB|limit is 0 MB/,
    );
  });

  it('enforces a custom pixel cap on ordinary images', async () => {
    const png = await raw().png().toBuffer();
    await expectEngineError(probe(png, { maxPixels: 100 }), 'too_many_pixels', /40×30/);
  });
});
