import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { EngineError } from '../errors.ts';
import type { RgbImage } from '../types.ts';
import { pdfHeaderOffset } from './detect-format.ts';

type PdfJs = typeof PdfJsModule;
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type RenderParams = Parameters<Awaited<ReturnType<PdfDocument['getPage']>>['render']>[0];

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** Local asset folders (trailing slash required by pdfjs); nothing is ever fetched. */
const ASSETS = {
  standardFontDataUrl: path.join(PDFJS_DIR, 'standard_fonts') + path.sep,
  cMapUrl: path.join(PDFJS_DIR, 'cmaps') + path.sep,
  wasmUrl: path.join(PDFJS_DIR, 'wasm') + path.sep,
};

let pdfjsPromise: Promise<PdfJs> | null = null;
function loadPdfJs(): Promise<PdfJs> {
  // Lazy: pdfjs is heavy and most inputs are photos.
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

/** Physical size of a PDF page in points (1/72 inch), after its /Rotate. */
export interface PdfPageSize {
  widthPt: number;
  heightPt: number;
}

export interface OpenPdf {
  pages: number;
  firstPage: PdfPageSize;
  doc: PdfDocument;
}

/**
 * Opens a PDF safely: no eval, no scripting, no system fonts, no network; fonts, CMaps and
 * wasm decoders come from the pdfjs-dist package on disk.
 * @example
 * const pdf = await openPdf(bytes); pdf.pages; // 3
 */
export async function openPdf(input: Uint8Array): Promise<OpenPdf> {
  const pdfjs = await loadPdfJs();
  const start = Math.max(0, pdfHeaderOffset(input.subarray(0, 2048)));
  // pdfjs may transfer (detach) the buffer it is given and refuses Node Buffers, so hand it a
  // plain Uint8Array copy (Buffer#slice would return a Buffer view).
  const data = new Uint8Array(input.subarray(start));
  const task = pdfjs.getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    verbosity: 0,
    ...ASSETS,
  });
  let doc: PdfDocument;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new EngineError('unsupported_format', 'The PDF is password-protected.', { cause: err });
    }
    throw new EngineError('corrupt_input', 'The PDF is damaged and could not be read.', {
      cause: err,
    });
  }
  try {
    const page = await doc.getPage(1);
    const vp = page.getViewport({ scale: 1 });
    page.cleanup();
    return { pages: doc.numPages, firstPage: { widthPt: vp.width, heightPt: vp.height }, doc };
  } catch (err) {
    await doc.destroy().catch(() => undefined);
    throw new EngineError('corrupt_input', 'The PDF has no readable pages.', { cause: err });
  }
}

/** Pixel size for a page at `dpi`, shrunk uniformly so it stays within maxPixels. */
export function pdfRasterSize(
  size: PdfPageSize,
  dpi: number,
  maxPixels: number,
): { width: number; height: number; scale: number } {
  let scale = dpi / 72;
  const area = size.widthPt * size.heightPt * scale * scale;
  if (area > maxPixels) scale *= Math.sqrt(maxPixels / area);
  return {
    width: Math.max(1, Math.floor(size.widthPt * scale)),
    height: Math.max(1, Math.floor(size.heightPt * scale)),
    scale,
  };
}

/**
 * Rasterises one page (1-based) on white at about `dpi`, capped by maxPixels.
 * @example
 * const img = await renderPdfPage(pdf.doc, 1, 300, 100e6);
 */
export async function renderPdfPage(
  doc: PdfDocument,
  pageNumber: number,
  dpi: number,
  maxPixels: number,
): Promise<RgbImage & { widthPt: number; heightPt: number }> {
  const page = await doc.getPage(pageNumber);
  try {
    const base = page.getViewport({ scale: 1 });
    const { width, height, scale } = pdfRasterSize(
      { widthPt: base.width, heightPt: base.height },
      dpi,
      maxPixels,
    );
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    await page.render({
      canvasContext: ctx as unknown as RenderParams['canvasContext'],
      canvas: canvas as unknown as RenderParams['canvas'],
      viewport,
      background: '#ffffff',
    }).promise;
    const rgba = ctx.getImageData(0, 0, width, height).data;
    const n = width * height;
    const data = new Uint8Array(n * 3);
    for (let i = 0, j = 0, k = 0; i < n; i++, j += 4, k += 3) {
      // Composite any remaining transparency on white.
      const a = rgba[j + 3]! / 255;
      const w = 255 * (1 - a);
      data[k] = rgba[j]! * a + w;
      data[k + 1] = rgba[j + 1]! * a + w;
      data[k + 2] = rgba[j + 2]! * a + w;
    }
    return { width, height, data, widthPt: base.width, heightPt: base.height };
  } finally {
    page.cleanup();
  }
}
