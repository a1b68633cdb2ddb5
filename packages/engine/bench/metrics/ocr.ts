import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, PSM, type Worker } from 'tesseract.js';
import type { RgbImage } from '../../src/types.ts';
import { encodePng } from '../../synth/index.ts';

/** Folder of the offline English LSTM model shipped in @tesseract.js-data/eng (no download). */
export function engLangPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** One tesseract.js worker, reused across pages. Call `close()` when done. */
export interface Ocr {
  read(image: RgbImage): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts tesseract.js with the bundled English model; nothing is fetched or cached on disk.
 * @example const ocr = await createOcr(); const text = await ocr.read(page); await ocr.close();
 */
export async function createOcr(): Promise<Ocr> {
  const worker: Worker = await createWorker('eng', 1, {
    langPath: engLangPath(),
    gzip: true,
    cacheMethod: 'none',
  });
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  return {
    async read(image) {
      const png = await encodePng(image);
      const { data } = await worker.recognize(Buffer.from(png));
      return data.text;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}

/** Collapses every run of whitespace to one space and trims. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Levenshtein edit distance (insertions, deletions, substitutions all cost 1). */
export function levenshtein(a: string, b: string): number {
  if (a.length < b.length) [a, b] = [b, a];
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/**
 * Character error rate: edit distance / ground-truth length, after whitespace normalisation.
 * Can exceed 1 when the OCR output is much longer than the truth.
 * @example characterErrorRate('a  b', 'a b') === 0
 */
export function characterErrorRate(
  truth: string,
  recognised: string,
): { cer: number; errors: number; length: number } {
  const t = normaliseText(truth);
  const r = normaliseText(recognised);
  const errors = levenshtein(t, r);
  return {
    cer: t.length === 0 ? (r.length === 0 ? 0 : 1) : errors / t.length,
    errors,
    length: t.length,
  };
}
