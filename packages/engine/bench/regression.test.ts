import { describe, expect, it } from 'vitest';
import { restore } from '../src/index.ts';
import {
  decodeRgb,
  encodePng,
  generateSample,
  type DistortionFamily,
  type PageKind,
} from '../synth/index.ts';
import { docunetScore } from './metrics/index.ts';

/**
 * Quality regression guard (fast, no OCR): on small synthetic photos the restored page must be
 * at least as close to the ground truth (DocUNet MS-SSIM) as the untouched photo.
 */
const CASES: Array<{ seed: number; kind: PageKind; family: DistortionFamily }> = [
  { seed: 501, kind: 'invoice', family: 'perspective' },
  { seed: 502, kind: 'letter', family: 'fold' },
  { seed: 503, kind: 'form', family: 'crumple' },
];

describe('engine quality regression', () => {
  for (const c of CASES) {
    it(`restoring a ${c.family} ${c.kind} does not score below the input`, async () => {
      const sample = await generateSample({ ...c, width: 440 });
      const result = await restore(await encodePng(sample.photo), { format: 'png' });
      const restored = await decodeRgb(result.file);
      const input = await docunetScore(sample.photo, sample.flat, { ld: false });
      const output = await docunetScore(restored, sample.flat, { ld: false });
      expect(output.msSsim).toBeGreaterThanOrEqual(input.msSsim);
    });
  }
});
