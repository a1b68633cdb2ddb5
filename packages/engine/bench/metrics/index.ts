/** Quality metrics of the DocUNet protocol plus OCR character error rate. */
import type { RgbImage } from '../../src/types.ts';
import { localDistortion } from './flow.ts';
import { msSsim } from './ms-ssim.ts';
import { prepareDocunet, type Gray } from './prepare.ts';

export { characterErrorRate, createOcr, levenshtein, normaliseText, type Ocr } from './ocr.ts';
export { denseFlow, localDistortion, type Flow } from './flow.ts';
export { msSsim, MS_SSIM_WEIGHTS } from './ms-ssim.ts';
export { DOCUNET_AREA, prepareDocunet, toGray8, type Gray } from './prepare.ts';

/**
 * Dark-pixel count of the output over the ground truth's (gray < 128, at the prepared size).
 * Not part of DocUNet: a blank or cropped-away page can score a fine MS-SSIM on a mostly white
 * document, but its ink ratio collapses towards 0. About 1 for a good restoration.
 * @example inkRatio(ref, ref) === 1
 */
export function inkRatio(out: Gray, ref: Gray): number {
  let a = 0;
  let b = 0;
  for (let i = 0; i < ref.data.length; i++) {
    if (out.data[i]! < 128) a++;
    if (ref.data[i]! < 128) b++;
  }
  return b === 0 ? (a === 0 ? 1 : Number.POSITIVE_INFINITY) : a / b;
}

/**
 * MS-SSIM, LD and ink ratio of an output against its ground truth, DocUNet protocol.
 * @example const { msSsim, ld, ink } = await docunetScore(restored, flat);
 */
export async function docunetScore(
  output: RgbImage,
  groundTruth: RgbImage,
  options: { ld?: boolean } = {},
): Promise<{ msSsim: number; ld: number; ink: number }> {
  const { out, ref } = await prepareDocunet(output, groundTruth);
  return {
    msSsim: msSsim(out, ref),
    ld: options.ld === false ? Number.NaN : localDistortion(out, ref),
    ink: inkRatio(out, ref),
  };
}
