/** Quality metrics of the DocUNet protocol plus OCR character error rate. */
import type { RgbImage } from '../../src/types.ts';
import { localDistortion } from './flow.ts';
import { msSsim } from './ms-ssim.ts';
import { prepareDocunet } from './prepare.ts';

export { characterErrorRate, createOcr, levenshtein, normaliseText, type Ocr } from './ocr.ts';
export { denseFlow, localDistortion, type Flow } from './flow.ts';
export { msSsim, MS_SSIM_WEIGHTS } from './ms-ssim.ts';
export { DOCUNET_AREA, prepareDocunet, toGray8, type Gray } from './prepare.ts';

/**
 * MS-SSIM and LD of an output against its ground truth, DocUNet protocol.
 * @example const { msSsim, ld } = await docunetScore(restored, flat);
 */
export async function docunetScore(
  output: RgbImage,
  groundTruth: RgbImage,
  options: { ld?: boolean } = {},
): Promise<{ msSsim: number; ld: number }> {
  const { out, ref } = await prepareDocunet(output, groundTruth);
  return {
    msSsim: msSsim(out, ref),
    ld: options.ld === false ? Number.NaN : localDistortion(out, ref),
  };
}
