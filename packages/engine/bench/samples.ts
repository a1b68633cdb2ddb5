import {
  DISTORTION_FAMILIES,
  generateSample,
  PAGE_KINDS,
  Rng,
  type DistortionFamily,
  type PaperSize,
  type SyntheticSample,
} from '../synth/index.ts';

/**
 * The paper of the bench's page for a seed: half A4, three in ten US Letter, one in five Legal,
 * from a stream of its own (the page's content and distortion do not depend on it).
 */
export function benchPaper(seed: number): PaperSize {
  const u = new Rng((seed ^ 0x9a9e55) >>> 0).next();
  return u < 0.5 ? 'a4' : u < 0.8 ? 'letter' : 'legal';
}

/**
 * The bench's synthetic sample for one seed and family: the page kind follows from the seed
 * (`--seed 1020 --n 1` reproduces the third round of a run), receipts are about half as wide,
 * and the paper size follows from the seed too (`benchPaper`).
 * @example const sample = await benchSample(1013, 'crumple', 1240);
 */
export async function benchSample(
  seed: number,
  family: DistortionFamily,
  width: number,
): Promise<SyntheticSample> {
  const familyIndex = DISTORTION_FAMILIES.indexOf(family);
  const round = Math.floor((seed - 1000) / 10);
  const count = PAGE_KINDS.length;
  const kind =
    PAGE_KINDS[(((round * DISTORTION_FAMILIES.length + familyIndex) % count) + count) % count]!;
  return generateSample({
    seed,
    kind,
    family,
    width: kind === 'receipt' ? Math.round(width * 0.52) : width,
    paper: benchPaper(seed),
  });
}
