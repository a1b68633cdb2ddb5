/**
 * Quality bench: synthetic pages per distortion family, scored with the DocUNet protocol
 * (MS-SSIM, LD) and OCR CER, for the untouched input and each engine variant; plus the real
 * samples in ../shared/samples when that folder exists.
 *
 *   npm run bench:quality                 # 2 samples per family, with OCR
 *   npm run bench:quality -- --n 4        # 4 samples per family
 *   npm run bench:quality -- --fast       # skip OCR (MS-SSIM and LD only)
 *   npm run bench:quality -- --sheet      # also write bench-results/quality-sheet.png
 *   npm run bench:quality -- --no-real    # skip ../shared/samples
 *   npm run bench:quality -- --out DIR    # results elsewhere than bench-results/
 *   npm run bench:quality -- --modes      # add engine gray and bw rows
 *   npm run bench:quality -- --no-geometry  # drop the geometry-only row
 *   npm run bench:quality -- --flat       # also restore each flat page as a clean scan
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { characterErrorRate, createOcr, docunetScore, type Ocr } from './metrics/index.ts';
import { runReal, samplesDir } from './quality/real.ts';
import { writeContactSheet, type SheetRow } from './quality/sheet.ts';
import {
  aggregate,
  damagedScans,
  FLAT_GROUP,
  formatTable,
  paperSizes,
  regressions,
  type Score,
} from './quality/table.ts';
import { loadVariants, unchanged, type Variant } from './quality/variants.ts';
import { benchSample } from './samples.ts';
import { DISTORTION_FAMILIES, synthFontFiles, type SyntheticSample } from '../synth/index.ts';
import type { RgbImage } from '../src/types.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '2' },
    fast: { type: 'boolean', default: false },
    sheet: { type: 'boolean', default: false },
    'no-real': { type: 'boolean', default: false },
    width: { type: 'string', default: '1240' },
    seed: { type: 'string', default: '1000' },
    family: { type: 'string' },
    out: { type: 'string' },
    'no-geometry': { type: 'boolean', default: false },
    modes: { type: 'boolean', default: false },
    flat: { type: 'boolean', default: false },
  },
});

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = values.out
  ? resolve(process.env.INIT_CWD ?? process.cwd(), values.out)
  : join(repoRoot, 'bench-results');
const perFamily = Math.max(1, Number(values.n));
const width = Number(values.width);
const baseSeed = Number(values.seed);
const families = values.family
  ? DISTORTION_FAMILIES.filter((f) => f === values.family)
  : [...DISTORTION_FAMILIES];

await mkdir(outDir, { recursive: true });
const notes: string[] = [];
const variants = await loadVariants(notes, {
  geometry: !values['no-geometry'],
  modes: values.modes,
});
// A flat page unchanged is its own ground truth: only the variants that change it are run.
const engines = variants.filter((v) => v !== unchanged);
const ocr: Ocr | null = values.fast ? null : await createOcr();
const scores: Score[] = [];
const sheetRows: SheetRow[] = [];
let ceilingErrors = 0;
let ceilingLength = 0;

console.log(
  `bench:quality: ${perFamily} sample(s) × ${families.length} families${values.flat ? ' + their flat pages as clean scans' : ''}, width ${width}, OCR ${ocr ? 'on' : 'off'}`,
);
console.log(`variants: ${variants.map((v) => v.name).join(', ')}`);
// The synthetic pages depend on the fonts found (see synth/fonts.ts): figures compare only
// between runs with the same ones.
console.log(
  `synthetic fonts: ${[...new Set(Object.values(synthFontFiles()).map((f) => basename(f)))].join(', ')}`,
);
for (const n of notes) console.log(`note: ${n}`);

for (let i = 0; i < perFamily; i++) {
  for (const [f, family] of families.entries()) {
    const seed = baseSeed + i * 10 + DISTORTION_FAMILIES.indexOf(family);
    const sample = await benchSample(seed, family, width);
    const { kind } = sample;
    if (ocr) {
      // The OCR ceiling: what tesseract gets on the perfect flat page.
      const c = characterErrorRate(sample.text, await ocr.read(sample.flat));
      ceilingErrors += c.errors;
      ceilingLength += c.length;
    }
    const photo = await scoreVariants(sample, sample.photo, family, seed);
    photo.tiles.push({ label: 'ground truth', image: sample.flat });
    const extras = `${sample.paper} · ${sample.background}${sample.thumb ? ' · thumb' : ''}`;
    sheetRows.push({ title: `${family} · ${kind} · seed ${seed} · ${extras}`, tiles: photo.tiles });
    const step = `${i * families.length + f + 1}/${perFamily * families.length}`;
    console.log(
      `  [${step}] ${family}/${kind}#${seed} (${sample.paper}): ${photo.parts.join(' | ')}`,
    );
    if (values.flat) {
      // The flat page itself, as a scanner, a scanner app or a rasterised PDF delivers it: the
      // engine must give it back whole, upright and as it is.
      const scan = await scoreVariants(sample, sample.flat, FLAT_GROUP, seed, engines);
      scan.tiles.push({ label: 'ground truth (= input)', image: sample.flat });
      sheetRows.push({ title: `clean scan · ${kind} · seed ${seed}`, tiles: scan.tiles });
      console.log(`  [${step}] ${FLAT_GROUP}/${kind}#${seed}: ${scan.parts.join(' | ')}`);
    }
  }
}
await ocr?.close();

/** Runs every variant on `input` (the photo or the flat page of `sample`) and scores it. */
async function scoreVariants(
  sample: SyntheticSample,
  input: RgbImage,
  family: string,
  seed: number,
  which: Variant[] = variants,
): Promise<{ tiles: SheetRow['tiles']; parts: string[] }> {
  const { kind } = sample;
  const tiles: SheetRow['tiles'] = [];
  const parts: string[] = [];
  for (const variant of which) {
    const t0 = performance.now();
    let score: Score;
    try {
      const { image: out, rotation } = await variant.run(input);
      const ms = performance.now() - t0;
      const { msSsim, ld, ink } = await docunetScore(out, sample.flat);
      const c = ocr
        ? characterErrorRate(sample.text, await ocr.read(out))
        : { errors: Number.NaN, length: Number.NaN };
      score = {
        variant: variant.name,
        family,
        kind,
        paper: sample.paper,
        seed,
        msSsim,
        ld,
        ink,
        aspect:
          100 *
          Math.abs(Math.log((out.height / out.width) * (sample.flat.width / sample.flat.height))),
        ratio: out.height / out.width,
        errors: c.errors,
        length: c.length,
        ms,
        rotation,
      };
      tiles.push({
        label: `${variant.name}: MS-SSIM ${msSsim.toFixed(3)} LD ${ld.toFixed(1)} ink ${ink.toFixed(2)}${ocr ? ` CER ${(c.errors / c.length).toFixed(3)}` : ''}`,
        image: out,
      });
      parts.push(
        `${variant.name} ${msSsim.toFixed(3)}/${ld.toFixed(1)}${ocr ? `/${(c.errors / c.length).toFixed(3)}` : ''}${rotation ? ` TURNED ${rotation}°` : ''}`,
      );
    } catch (error) {
      score = {
        variant: variant.name,
        family,
        kind,
        paper: sample.paper,
        seed,
        msSsim: Number.NaN,
        ld: Number.NaN,
        ink: Number.NaN,
        aspect: Number.NaN,
        ratio: Number.NaN,
        errors: Number.NaN,
        length: Number.NaN,
        ms: 0,
        failed: (error as Error).message,
      };
      parts.push(`${variant.name} FAILED: ${(error as Error).message}`);
    }
    scores.push(score);
  }
  return { tiles, parts };
}

const names = variants.map((v) => v.name);
const rows = aggregate(scores, names, families);
const table = formatTable(rows);
console.log(
  `\nMS-SSIM / LD: DocUNet protocol (gray, GT at ≈598,400 px, LD in halved px). CER pooled over pages.\n`,
);
console.log(table);
const lines: string[] = [];
if (ocr) {
  const ceiling = ceilingErrors / ceilingLength;
  lines.push(
    `OCR on the flat ground truth (ceiling): CER ${ceiling.toFixed(4)}, accuracy ${((1 - ceiling) * 100).toFixed(1)}%`,
  );
  const base = rows.find((r) => r.variant === 'input unchanged' && r.group === 'overall');
  for (const r of rows.filter((x) => x.group === 'overall' && x.variant !== 'input unchanged')) {
    if (base)
      lines.push(
        `OCR error ratio input/${r.variant}: ${(base.errors / Math.max(1, r.errors)).toFixed(2)}× fewer errors (target ≥ 3×)`,
      );
  }
}
for (const name of names.filter((n) => n !== 'input unchanged')) {
  lines.push(...paperSizes(scores, name));
  const worse = regressions(scores, name);
  lines.push(
    `${name}: ${worse.length} sample(s) worse than the input${worse.length ? `:\n    ${worse.join('\n    ')}` : ''}`,
  );
  if (values.flat) {
    const scans = scores.filter((x) => x.variant === name && x.family === FLAT_GROUP).length;
    const damaged = damagedScans(scores, name);
    lines.push(
      `${name}: ${damaged.length} of ${scans} clean scan(s) not given back whole and upright${damaged.length ? `:\n    ${damaged.join('\n    ')}` : ''}`,
    );
  }
}
const realDir = values['no-real'] ? null : samplesDir(repoRoot);
if (realDir) {
  const real = await runReal(realDir, variants, values.sheet ? join(outDir, 'real') : null);
  lines.push(...real.lines);
  sheetRows.push(...real.rows);
} else if (!values['no-real']) {
  lines.push('real samples: ../shared/samples not found (set UNCRUMPLE_SAMPLES), skipped');
}
console.log(`\n${lines.join('\n')}`);

await mkdir(outDir, { recursive: true });
await writeFile(
  join(outDir, 'quality.json'),
  JSON.stringify({ rows, scores, notes: lines }, null, 2),
);
await writeFile(join(outDir, 'quality.md'), `${table}\n\n${lines.join('\n')}\n`);
if (values.sheet) {
  await writeContactSheet(join(outDir, 'quality-sheet.png'), sheetRows);
  console.log(`contact sheet: ${join(outDir, 'quality-sheet.png')}`);
}
