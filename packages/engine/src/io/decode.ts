import sharp from 'sharp';
import { EngineError, throwIfAborted } from '../errors.ts';
import type { RestoreLimits, RgbImage } from '../types.ts';
import { decodeBmp } from './bmp.ts';
import { resolveLimits } from './limits.ts';
import { openPdf, renderPdfPage, type OpenPdf } from './pdf.ts';
import { PDF_DPI, probeDetails, type ProbeDetails } from './probe.ts';

export interface DecodedPage {
  image: RgbImage;
  /** physical page size when the source states it (PDF pages, scans with a density) */
  physicalMm?: { widthMm: number; heightMm: number };
}

/** A lazily decoded document: pages are decoded one at a time to bound memory. */
export interface PageSource {
  info: ProbeDetails;
  /** 0-based */
  page(index: number): Promise<DecodedPage>;
  close(): Promise<void>;
}

const MM_PER_INCH = 25.4;

function sharpError(err: unknown, format: string): EngineError {
  const msg = String((err as Error)?.message ?? err);
  if (/pixel limit/i.test(msg)) {
    return new EngineError('too_many_pixels', 'The image has more pixels than allowed.', {
      cause: err,
    });
  }
  if (/premature end|truncated|unexpected end|end of (file|stream)|not enough data/i.test(msg)) {
    return new EngineError(
      'corrupt_input',
      `The ${format} file is truncated (it ends before the image does); try uploading it again.`,
      { cause: err },
    );
  }
  return new EngineError(
    'corrupt_input',
    `The ${format} file is damaged and could not be decoded.`,
    {
      cause: err,
    },
  );
}

/**
 * Decodes one page of a raster file to 8-bit sRGB: EXIF orientation applied, alpha flattened on
 * white, 16-bit and CMYK converted by libvips.
 */
async function decodeRaster(
  input: Uint8Array,
  info: ProbeDetails,
  index: number,
  maxPixels: number,
): Promise<DecodedPage> {
  const name = info.format.toUpperCase();
  let out: { data: Buffer; info: sharp.OutputInfo };
  try {
    out = await sharp(input, {
      limitInputPixels: maxPixels,
      page: index,
      failOn: 'truncated',
    })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw sharpError(err, name === 'JPG' ? 'JPEG' : name);
  }
  if (out.info.channels !== 3) {
    throw new EngineError('corrupt_input', `The ${name} file has an unexpected colour layout.`);
  }
  const image: RgbImage = {
    width: out.info.width,
    height: out.info.height,
    data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength),
  };
  const page: DecodedPage = { image };
  if (info.density) {
    page.physicalMm = {
      widthMm: (image.width / info.density) * MM_PER_INCH,
      heightMm: (image.height / info.density) * MM_PER_INCH,
    };
  }
  return page;
}

/**
 * Probes (caps first) and opens a document for page-by-page decoding.
 * @example
 * const src = await openPages(bytes); const first = await src.page(0); await src.close();
 */
export async function openPages(
  input: Uint8Array,
  opts: { limits?: RestoreLimits; signal?: AbortSignal } = {},
): Promise<PageSource> {
  const caps = resolveLimits(opts.limits);
  const info = await probeDetails(input, opts.limits);
  throwIfAborted(opts.signal);
  if (info.format === 'pdf') {
    let pdf: OpenPdf | null = await openPdf(input);
    return {
      info,
      async page(index) {
        if (!pdf) throw new Error('PageSource used after close()');
        throwIfAborted(opts.signal);
        try {
          const img = await renderPdfPage(pdf.doc, index + 1, PDF_DPI, caps.maxPixels);
          return {
            image: { width: img.width, height: img.height, data: img.data },
            physicalMm: {
              widthMm: (img.widthPt / 72) * MM_PER_INCH,
              heightMm: (img.heightPt / 72) * MM_PER_INCH,
            },
          };
        } catch (err) {
          if (err instanceof EngineError) throw err;
          throw new EngineError(
            'corrupt_input',
            `Page ${index + 1} of the PDF could not be drawn.`,
            {
              cause: err,
            },
          );
        }
      },
      async close() {
        await pdf?.doc.destroy().catch(() => undefined);
        pdf = null;
      },
    };
  }
  return {
    info,
    async page(index) {
      throwIfAborted(opts.signal);
      if (info.format === 'bmp') return { image: decodeBmp(input) };
      return decodeRaster(input, info, index, caps.maxPixels);
    },
    async close() {},
  };
}

/**
 * Decodes every page to RGB (EXIF orientation applied, alpha on white, PDFs at ~300 dpi).
 * @example
 * const [page] = await decode(pngBytes); page.width;
 */
export async function decode(
  input: Uint8Array,
  opts: { limits?: RestoreLimits; signal?: AbortSignal } = {},
): Promise<RgbImage[]> {
  const src = await openPages(input, opts);
  try {
    const pages: RgbImage[] = [];
    for (let i = 0; i < src.info.pages; i++) pages.push((await src.page(i)).image);
    return pages;
  } finally {
    await src.close();
  }
}
