import { createCanvas } from '@napi-rs/canvas';
import { PAPER_ASPECT } from '../src/geometry/aspect.ts';
import type { RgbImage } from '../src/types.ts';
import { invoice, letter, receipt } from './layouts/business.ts';
import { brochure, form, paper } from './layouts/documents.ts';
import { Rng } from './prng.ts';
import { Sheet } from './sheet.ts';
import { TextSource } from './words.ts';

export type PageKind = 'letter' | 'invoice' | 'receipt' | 'form' | 'paper' | 'brochure';
export const PAGE_KINDS: readonly PageKind[] = [
  'letter',
  'invoice',
  'receipt',
  'form',
  'paper',
  'brochure',
];

/** The paper a (non-receipt) page is printed on: ISO A4 or US Letter or Legal. */
export type PaperSize = 'a4' | 'letter' | 'legal';
export const PAPER_SIZES: readonly PaperSize[] = ['a4', 'letter', 'legal'];
/** Height over width of each paper size. */
export const PAPER_RATIO: Readonly<Record<PaperSize, number>> = {
  a4: PAPER_ASPECT.A4,
  letter: PAPER_ASPECT.Letter,
  legal: PAPER_ASPECT.Legal,
};

export interface FlatPage {
  image: RgbImage;
  /** Exactly the text printed on the page, one visual line per line, in reading order. */
  text: string;
}

/**
 * Renders one flat page of the given kind with its exact text, on A4 unless told otherwise (a
 * receipt's length follows from its items whatever the paper).
 * @example const page = renderPage('invoice', 7, 1240, 'letter'); page.text.includes('Total');
 */
export function renderPage(
  kind: PageKind,
  seed: number,
  width = kind === 'receipt' ? 640 : 1240,
  paperSize: PaperSize = 'a4',
): FlatPage {
  const rng = new Rng(seed ^ 0x5eed);
  const words = new TextSource(rng.fork(1));
  const s = width / (kind === 'receipt' ? 640 : 1240);
  const itemCount = rng.int(10, 18);
  const height =
    kind === 'receipt'
      ? Math.round((560 + itemCount * 44 + 300) * s)
      : Math.round(width * PAPER_RATIO[paperSize]);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const sheet = new Sheet(ctx, width, height, s);
  const layouts: Record<PageKind, () => void> = {
    letter: () => letter(sheet, rng, words),
    invoice: () => invoice(sheet, rng, words),
    receipt: () => receipt(sheet, rng, words, itemCount),
    form: () => form(sheet, rng, words),
    paper: () => paper(sheet, rng, words),
    brochure: () => brochure(sheet, rng, words),
  };
  layouts[kind]();
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < data.length; i += 3, j += 4) {
    data[i] = rgba[j]!;
    data[i + 1] = rgba[j + 1]!;
    data[i + 2] = rgba[j + 2]!;
  }
  return { image: { width, height, data }, text: sheet.lines.join('\n') };
}
