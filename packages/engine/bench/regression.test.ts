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
  // A cast shadow whose edge crosses the page: the first outline follows the shadow and leaves
  // the form's upper half outside; the neutral-colour retry must find the whole page.
  { seed: 1021, kind: 'form', family: 'curl' },
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
      if (c.seed === 1021) {
        const global = result.report.pages[0]!.stages.find((s) => s.stage === 'global');
        expect(global?.applied).toBe(true);
        expect(global?.reason).toMatch(/neutral colour/);
        expect(output.msSsim).toBeGreaterThan(input.msSsim + 0.15);
      }
    });
  }
});
