import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { OutputMode, RgbImage } from '../types.ts';

export const PAPER_MM = {
  A4: { widthMm: 210, heightMm: 297 },
  Letter: { widthMm: 215.9, heightMm: 279.4 },
  Legal: { widthMm: 215.9, heightMm: 355.6 },
} as const;

export type PaperName = keyof typeof PAPER_MM;

export interface PhysicalSize {
  widthMm: number;
  heightMm: number;
}

const MM_PER_INCH = 25.4;
const PT_PER_INCH = 72;

/**
 * Physical size of a page image: the snapped paper (turned to match the image's orientation)
 * when known, else the pixels at `dpi`.
 * @example
 * physicalSize(2480, 3508, 'A4', 300); // { widthMm: 210, heightMm: 297 }
 */
export function physicalSize(
  width: number,
  height: number,
  paper: PaperName | null,
  dpi: number,
): PhysicalSize {
  if (paper) {
    const p = PAPER_MM[paper];
    return width > height ? { widthMm: p.heightMm, heightMm: p.widthMm } : { ...p };
  }
  return { widthMm: (width / dpi) * MM_PER_INCH, heightMm: (height / dpi) * MM_PER_INCH };
}

function toSharp(img: RgbImage, mode: OutputMode): sharp.Sharp {
  const s = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
  // Grey and bw pages (R = G = B) are stored single-channel: a third of the size, faster.
  return mode === 'color' ? s : s.extractChannel(0).toColourspace('b-w');
}

/**
 * Encodes a page as PNG; sharp writes no metadata unless asked, so EXIF/GPS never leak.
 * @example
 * const png = await encodePng(page, 'color');
 */
export async function encodePng(img: RgbImage, mode: OutputMode): Promise<Uint8Array> {
  const buf = await toSharp(img, mode)
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/**
 * Encodes a page as baseline JPEG (4:4:4 for crisp coloured text), metadata stripped.
 * @example
 * const jpg = await encodeJpeg(page, 'gray', 90);
 */
export async function encodeJpeg(
  img: RgbImage,
  mode: OutputMode,
  quality = 90,
): Promise<Uint8Array> {
  const buf = await toSharp(img, mode)
    .jpeg({ quality, chromaSubsampling: '4:4:4', mozjpeg: false })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

export interface PdfPageInput extends PhysicalSize {
  /** JPEG or PNG bytes of the page image */
  data: Uint8Array;
  kind: 'jpg' | 'png';
}

/**
 * Writes one PDF page per image at its physical size, with empty document metadata.
 * @example
 * const pdf = await buildPdf([{ data: jpg, kind: 'jpg', widthMm: 210, heightMm: 297 }]);
 */
export async function buildPdf(pages: PdfPageInput[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setProducer('Uncrumple');
  doc.setCreator('Uncrumple');
  for (const p of pages) {
    const w = (p.widthMm / MM_PER_INCH) * PT_PER_INCH;
    const h = (p.heightMm / MM_PER_INCH) * PT_PER_INCH;
    const image = p.kind === 'jpg' ? await doc.embedJpg(p.data) : await doc.embedPng(p.data);
    const page = doc.addPage([w, h]);
    page.drawImage(image, { x: 0, y: 0, width: w, height: h });
  }
  return doc.save({ useObjectStreams: true });
}
