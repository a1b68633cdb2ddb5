/**
 * Landing-page showcase: three synthetic documents (crumpled, folded, curled) restored by the real
 * engine, written as same-size before/after JPEGs plus a manifest the web app lists.
 *
 *   npm run showcase -w @uncrumple/engine
 *   npm run showcase -w @uncrumple/engine -- --seed 7100   # other documents
 *
 * The default seeds (7030–7032) are what apps/web/public/showcase holds. At 17:20 UTC seeds 7000–7002
 * still hit white-table detection failures (a blank invoice), so the published set is not those.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { RgbImage } from '../src/types.ts';
import { generateSample, type DistortionFamily, type PageKind } from '../synth/index.ts';
import { docunetScore } from './metrics/index.ts';
import { loadVariants } from './quality/variants.ts';

const { values } = parseArgs({
  options: { seed: { type: 'string', default: '7030' }, width: { type: 'string', default: '900' } },
});
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = join(repoRoot, 'apps/web/public/showcase');
const frameWidth = Number(values.width);
const baseSeed = Number(values.seed);

const DOCUMENTS: Array<{ kind: PageKind; family: DistortionFamily }> = [
  { kind: 'letter', family: 'crumple' },
  { kind: 'invoice', family: 'fold' },
  { kind: 'brochure', family: 'curl' },
];

const notes: string[] = [];
const engine = (await loadVariants(notes)).find((v) => v.name === 'engine');
if (!engine) {
  console.error(`showcase: the engine's restore() is not available (${notes.join('; ')})`);
  process.exit(1);
}

/** Both images share the restored page's frame so the web compare slider lines them up. */
async function toJpeg(image: RgbImage, width: number, height: number): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height, { fit: 'cover', position: 'centre', kernel: 'lanczos3' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

await mkdir(outDir, { recursive: true });
const manifest = [];
for (const [i, doc] of DOCUMENTS.entries()) {
  const id = String(i + 1);
  const sample = await generateSample({ seed: baseSeed + i, kind: doc.kind, family: doc.family });
  const t0 = performance.now();
  const { image: restored } = await engine.run(sample.photo);
  const ms = performance.now() - t0;
  const before = await docunetScore(sample.photo, sample.flat, { ld: false });
  const after = await docunetScore(restored, sample.flat, { ld: false });
  const width = frameWidth;
  const height = Math.round((restored.height * width) / restored.width);
  await writeFile(join(outDir, `${id}-before.jpg`), await toJpeg(sample.photo, width, height));
  await writeFile(join(outDir, `${id}-after.jpg`), await toJpeg(restored, width, height));
  manifest.push({
    id,
    kind: doc.kind,
    family: doc.family,
    before: `/showcase/${id}-before.jpg`,
    after: `/showcase/${id}-after.jpg`,
    width,
    height,
  });
  const problems = [
    after.msSsim < before.msSsim ? 'MS-SSIM worse than the photo' : '',
    after.ink < 0.6 ? `ink ratio ${after.ink.toFixed(2)}: text lost (blank or cropped)` : '',
  ].filter(Boolean);
  console.log(
    `${id}: ${doc.family} ${doc.kind} seed ${baseSeed + i}: restored in ${(ms / 1000).toFixed(1)} s, ` +
      `MS-SSIM ${before.msSsim.toFixed(3)} → ${after.msSsim.toFixed(3)}, ink ${after.ink.toFixed(2)}` +
      (problems.length ? `  WARNING: ${problems.join('; ')}; look at it before publishing` : ''),
  );
}
await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`wrote ${manifest.length} pairs and manifest.json to ${outDir}`);
