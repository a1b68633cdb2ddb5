import {
  DISTORTION_FAMILIES,
  generateSample,
  PAGE_KINDS,
  type DistortionFamily,
  type SyntheticSample,
} from '../synth/index.ts';

/**
 * The bench's synthetic sample for one seed and family: the page kind follows from the seed
 * (`--seed 1020 --n 1` reproduces the third round of a run), receipts are about half as wide.
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
  });
}
