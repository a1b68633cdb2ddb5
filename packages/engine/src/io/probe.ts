import sharp from 'sharp';
import { EngineError } from '../errors.ts';
import type { InputFormat, ProbeResult, RestoreLimits } from '../types.ts';
import { parseBmpHeader } from './bmp.ts';
import { detectFormat } from './detect-format.ts';
import { megapixels, mebibytes, resolveLimits } from './limits.ts';
import { openPdf, pdfRasterSize } from './pdf.ts';

/** Resolution PDFs are rasterised at (before the pixel cap). */
export const PDF_DPI = 300;

const FORMAT_NAMES: Record<InputFormat, string> = {
  png: 'PNG',
  jpg: 'JPEG',
  tiff: 'TIFF',
  bmp: 'BMP',
  webp: 'WEBP',
  pdf: 'PDF',
};

/** Probe result plus what the decoder needs later (physical size hints). */
export interface ProbeDetails extends ProbeResult {
  /** pixels per inch stored in the file, when it states one */
  density?: number;
  /** first page's size in points, for PDFs */
  pageSizePt?: { widthPt: number; heightPt: number };
}

function describeUnknown(head: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head.subarray(0, 512))
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<!doctype html') || text.startsWith('<html')) {
    return 'The file is a web page (HTML), not an image or PDF.';
  }
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg'))) {
    return 'SVG drawings are not supported; use PNG, JPEG, TIFF, BMP, WEBP or PDF.';
  }
  if (text.startsWith('gif8')) return 'GIF images are not supported; use PNG or JPEG.';
  if (head.length >= 12 && text.slice(4, 8) === 'ftyp') {
    return 'HEIC/HEIF photos are not supported; export the photo as JPEG or PNG.';
  }
  return 'The file is not a supported image or PDF (PNG, JPEG, TIFF, BMP, WEBP or PDF).';
}

function checkPixels(width: number, height: number, maxPixels: number, what: string): void {
  if (width * height > maxPixels) {
    throw new EngineError(
      'too_many_pixels',
      `The ${what} is ${width}×${height} pixels (${megapixels(width * height)}); the limit is ${megapixels(maxPixels)}.`,
    );
  }
}

function checkPages(pages: number, maxPages: number, what: string): void {
  if (pages > maxPages) {
    throw new EngineError(
      'too_many_pages',
      `The ${what} has ${pages} pages; the limit is ${maxPages}.`,
    );
  }
}

/**
 * Identifies the input and checks it against the caps using headers only, before any decode.
 * @example
 * await probe(bytes); // { format: 'jpg', pages: 1, width: 4000, height: 3000 }
 */
export async function probe(input: Uint8Array, limits?: RestoreLimits): Promise<ProbeResult> {
  const { format, pages, width, height } = await probeDetails(input, limits);
  return { format, pages, width, height };
}

/** {@link probe} plus density and PDF page size, for the decoder and output sizing. */
export async function probeDetails(
  input: Uint8Array,
  limits?: RestoreLimits,
): Promise<ProbeDetails> {
  const caps = resolveLimits(limits);
  if (input.length === 0) throw new EngineError('empty_input', 'The file is empty.');
  if (input.length > caps.maxBytes) {
    throw new EngineError(
      'too_large',
      `The file is ${mebibytes(input.length)}; the limit is ${mebibytes(caps.maxBytes)}.`,
    );
  }
  const format = detectFormat(input.subarray(0, 2048));
  if (!format) throw new EngineError('unsupported_format', describeUnknown(input));

  if (format === 'bmp') {
    const h = parseBmpHeader(input);
    checkPixels(h.width, h.height, caps.maxPixels, 'image');
    return { format, pages: 1, width: h.width, height: h.height };
  }

  if (format === 'pdf') {
    const pdf = await openPdf(input);
    try {
      checkPages(pdf.pages, caps.maxPages, 'PDF');
      const size = pdfRasterSize(pdf.firstPage, PDF_DPI, caps.maxPixels);
      return {
        format,
        pages: pdf.pages,
        width: size.width,
        height: size.height,
        density: PDF_DPI,
        pageSizePt: pdf.firstPage,
      };
    } finally {
      await pdf.doc.destroy().catch(() => undefined);
    }
  }

  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new EngineError(
      'corrupt_input',
      `The ${FORMAT_NAMES[format]} file is damaged and could not be read.`,
      { cause: err },
    );
  }
  if (!meta.width || !meta.height) {
    throw new EngineError('corrupt_input', `The ${FORMAT_NAMES[format]} file has no image size.`);
  }
  // For multi-page TIFFs sharp reports the first page's size (pageHeight when pages are stacked).
  const pageHeight = meta.pageHeight ?? meta.height;
  const pages = format === 'tiff' ? Math.max(1, meta.pages ?? 1) : 1;
  checkPixels(meta.width, pageHeight, caps.maxPixels, 'image');
  if (format === 'tiff') checkPages(pages, caps.maxPages, 'TIFF');
  const swap = (meta.orientation ?? 1) >= 5;
  const result: ProbeDetails = {
    format,
    pages,
    width: swap ? pageHeight : meta.width,
    height: swap ? meta.width : pageHeight,
  };
  if (meta.density && meta.density >= 100) result.density = meta.density;
  return result;
}
