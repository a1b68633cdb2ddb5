import zlib from 'node:zlib';
import { generateSample } from '@uncrumple/engine/synth';
import type { RgbImage } from '@uncrumple/engine';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Inputs for the documents tests, all made here: crumpled photos from the engine's synthetic
 * generator in every accepted format, and hostile files (floods, bombs, impostors).
 */

const photos = new Map<number, Promise<RgbImage>>();

/** A small crumpled-paper photo (about `width` px wide), cached per seed. */
export function crumpledPhoto(seed = 1, width = 360): Promise<RgbImage> {
  let photo = photos.get(seed);
  if (!photo) {
    photo = generateSample({ seed, kind: 'letter', family: 'crumple', width }).then((s) => s.photo);
    photos.set(seed, photo);
  }
  return photo;
}

function raw(image: RgbImage): sharp.Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
}

export async function asJpeg(image: RgbImage): Promise<Buffer> {
  return raw(image).jpeg({ quality: 85 }).toBuffer();
}

export async function asPng(image: RgbImage): Promise<Buffer> {
  return raw(image).png().toBuffer();
}

export async function asWebp(image: RgbImage): Promise<Buffer> {
  return raw(image).webp({ quality: 85 }).toBuffer();
}

/** 24-bit BMP (bottom-up rows, padded to 4 bytes); sharp cannot write BMP. */
export function asBmp(image: RgbImage): Buffer {
  const rowBytes = Math.ceil((image.width * 3) / 4) * 4;
  const size = 54 + rowBytes * image.height;
  const out = Buffer.alloc(size);
  out.write('BM', 0, 'ascii');
  out.writeUInt32LE(size, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(image.width, 18);
  out.writeInt32LE(image.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(rowBytes * image.height, 34);
  for (let y = 0; y < image.height; y++) {
    const row = 54 + (image.height - 1 - y) * rowBytes;
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 3;
      out[row + x * 3] = image.data[i + 2]!;
      out[row + x * 3 + 1] = image.data[i + 1]!;
      out[row + x * 3 + 2] = image.data[i]!;
    }
  }
  return out;
}

/** An uncompressed RGB TIFF with one page per image (sharp writes single-page TIFFs only). */
export function asMultiPageTiff(images: RgbImage[]): Buffer {
  const entries = 10;
  const ifdSize = 2 + entries * 12 + 4;
  const chunks: Buffer[] = [];
  let offset = 8;
  const header = Buffer.alloc(8);
  header.write('II', 0, 'ascii');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(8, 4);
  chunks.push(header);
  images.forEach((image, index) => {
    const dataBytes = image.width * image.height * 3;
    const ifdOffset = offset;
    const bpsOffset = ifdOffset + ifdSize;
    const dataOffset = bpsOffset + 8;
    const next = index === images.length - 1 ? 0 : dataOffset + dataBytes;
    const ifd = Buffer.alloc(ifdSize + 8);
    ifd.writeUInt16LE(entries, 0);
    const tags: Array<[number, number, number, number]> = [
      [256, 4, 1, image.width], // ImageWidth
      [257, 4, 1, image.height], // ImageLength
      [258, 3, 3, bpsOffset], // BitsPerSample -> 8,8,8
      [259, 3, 1, 1], // Compression none
      [262, 3, 1, 2], // RGB
      [273, 4, 1, dataOffset], // StripOffsets
      [277, 3, 1, 3], // SamplesPerPixel
      [278, 4, 1, image.height], // RowsPerStrip
      [279, 4, 1, dataBytes], // StripByteCounts
      [284, 3, 1, 1], // PlanarConfiguration chunky
    ];
    tags.forEach(([tag, type, count, value], i) => {
      const at = 2 + i * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(count, at + 4);
      if (type === 3 && count === 1) ifd.writeUInt16LE(value, at + 8);
      else ifd.writeUInt32LE(value, at + 8);
    });
    ifd.writeUInt32LE(next, 2 + entries * 12);
    ifd.writeUInt16LE(8, ifdSize);
    ifd.writeUInt16LE(8, ifdSize + 2);
    ifd.writeUInt16LE(8, ifdSize + 4);
    chunks.push(ifd, Buffer.from(image.data.buffer, image.data.byteOffset, dataBytes));
    offset = dataOffset + dataBytes;
  });
  return Buffer.concat(chunks);
}

/** A PDF with one JPEG page per image, at A5-ish physical size. */
export async function asPdf(images: RgbImage[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const image of images) {
    const jpg = await pdf.embedJpg(await asJpeg(image));
    const page = pdf.addPage([image.width * 0.6, image.height * 0.6]);
    page.drawImage(jpg, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return Buffer.from(await pdf.save());
}

/** A valid, tiny PNG whose header claims width × height pixels (a decompression bomb's header). */
export function pixelFloodPng(width = 60_000, height = 60_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A page bomb: a small, valid PDF with `count` real (empty) pages sharing one page tree, a few
 * dozen bytes each. pdf.js verifies page counts, so the pages must really exist.
 */
export function pageBombPdf(count = 5000): Buffer {
  const first = 3;
  const kids = Array.from({ length: count }, (_, i) => `${first + i} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} /MediaBox [0 0 612 792] >>`,
    ...Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R >>'),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const HTML_PAGE = Buffer.from(
  '<!DOCTYPE html><html><body><script>alert(1)</script>Not an image</body></html>',
);

export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

export interface FilePart {
  field?: string;
  filename: string;
  contentType?: string;
  data: Buffer | Uint8Array;
}

/** A multipart/form-data body as a browser would send it. */
export function multipart(
  files: FilePart[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----uncrumple${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
