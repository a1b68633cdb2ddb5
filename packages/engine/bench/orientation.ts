/**
 * Orientation bench: how often the engine turns a page the right way up. Each synthetic photo
 * (taken upright) is restored as it is and turned by a quarter, a half and three quarters, as a
 * photo taken sideways or upside down without EXIF orientation arrives; the engine must turn
 * each back, and must never turn an upright page.
 *
 *   npm run bench:orientation                    # 10 rounds × 4 families from seed 1000
 *   npm run bench:orientation -- --n 20 --seed 9000
 *   npm run bench:orientation -- --turns 180     # only upside-down photos
 *   npm run bench:orientation -- --flat          # the flat pages, not the photos
 */
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { restore } from '../src/index.ts';
import type { RgbImage } from '../src/types.ts';
import { benchSample } from './samples.ts';
import { DISTORTION_FAMILIES } from '../synth/index.ts';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1000' },
    turns: { type: 'string', default: '0,90,180,270' },
    width: { type: 'string', default: '1240' },
    flat: { type: 'boolean', default: false },
  },
});

const rounds = Math.max(1, Number(values.n));
const baseSeed = Number(values.seed);
const width = Number(values.width);
const turns = values.turns.split(',').map(Number);
for (const t of turns) {
  if (![0, 90, 180, 270].includes(t)) throw new Error(`--turns: ${t} is not 0, 90, 180 or 270`);
}

/** The image turned clockwise by `degrees`, as PNG bytes. */
async function turned(image: RgbImage, degrees: number): Promise<Uint8Array> {
  const buf = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .rotate(degrees)
    .png({ compressionLevel: 1 })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

interface Outcome {
  seed: number;
  label: string;
  turn: number;
  rotation: number;
  ms: number;
}

console.log(
  `bench:orientation: ${rounds} round(s) × ${DISTORTION_FAMILIES.length} families from seed ${baseSeed}, ` +
    `${values.flat ? 'flat pages' : 'photos'} turned by ${turns.join(', ')}°`,
);
const outcomes: Outcome[] = [];
for (let i = 0; i < rounds; i++) {
  for (const [f, family] of DISTORTION_FAMILIES.entries()) {
    const seed = baseSeed + i * 10 + f;
    const sample = await benchSample(seed, family, width);
    const image = values.flat ? sample.flat : sample.photo;
    const label = `${values.flat ? 'flat' : family}/${sample.kind}#${seed}`;
    const parts: string[] = [];
    for (const turn of turns) {
      const input = await turned(image, turn);
      const t0 = performance.now();
      const { report } = await restore(input, { format: 'png' });
      const ms = performance.now() - t0;
      const rotation = report.pages[0]!.rotation;
      outcomes.push({ seed, label, turn, rotation, ms });
      const right = (turn + rotation) % 360 === 0;
      parts.push(`${turn}°→${rotation}°${right ? '' : ' WRONG'}`);
    }
    console.log(`  ${label}: ${parts.join('  ')}`);
  }
}

console.log('\n| photo turned by | pages | turned back upright | left or made wrong | ms/page |');
console.log('|---:|---:|---:|---:|---:|');
for (const turn of turns) {
  const of = outcomes.filter((o) => o.turn === turn);
  const right = of.filter((o) => (o.turn + o.rotation) % 360 === 0).length;
  const ms = of.reduce((s, o) => s + o.ms, 0) / Math.max(1, of.length);
  console.log(`| ${turn}° | ${of.length} | ${right} | ${of.length - right} | ${ms.toFixed(0)} |`);
}
const wrong = outcomes.filter((o) => (o.turn + o.rotation) % 360 !== 0);
console.log(
  `\n${wrong.length} of ${outcomes.length} page(s) end up the wrong way round` +
    (wrong.length
      ? `:\n    ${wrong.map((o) => `${o.label} turned ${o.turn}°, engine turned ${o.rotation}°`).join('\n    ')}`
      : ''),
);
