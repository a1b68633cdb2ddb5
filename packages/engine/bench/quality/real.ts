import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import type { RgbImage } from '../../src/types.ts';
import { decodeRgb, encodePng } from '../../synth/index.ts';
import { docunetScore } from '../metrics/index.ts';
import type { SheetRow } from './sheet.ts';
import type { Variant } from './variants.ts';

/** `../shared/samples` beside the repo root, or UNCRUMPLE_SAMPLES; null when absent. */
export function samplesDir(repoRoot: string): string | null {
  const dir = process.env.UNCRUMPLE_SAMPLES ?? resolve(repoRoot, '../shared/samples');
  return existsSync(dir) ? dir : null;
}

const PAIR = { photo: 'uvdoc_00017_photo.png', flat: 'uvdoc_00017_flat.png' };

export interface RealResult {
  lines: string[];
  rows: SheetRow[];
}

/**
 * Runs every variant on the real photos (for the contact sheet) and scores the one real pair
 * with ground truth, saving each output as PNG in `saveDir` when given. Never throws for a
 * missing folder or file: it reports what it skipped.
 */
export async function runReal(
  dir: string,
  variants: Variant[],
  saveDir: string | null,
): Promise<RealResult> {
  if (saveDir) await mkdir(saveDir, { recursive: true });
  const lines: string[] = [];
  const rows: SheetRow[] = [];
  const realDir = existsSync(join(dir, 'real')) ? join(dir, 'real') : dir;
  const files = (await readdir(realDir))
    .filter((f) => /\.(png|jpe?g|tiff?|webp|bmp)$/i.test(f) && !f.includes('_flat.'))
    .sort();
  let flat: RgbImage | null = null;
  if (existsSync(join(realDir, PAIR.flat)))
    flat = await decodeRgb(await readFile(join(realDir, PAIR.flat)));
  for (const file of files) {
    const photo = await decodeRgb(await readFile(join(realDir, file)));
    const tiles: SheetRow['tiles'] = [{ label: 'input', image: photo }];
    for (const variant of variants.filter((v) => v.name !== 'input unchanged')) {
      const t0 = performance.now();
      try {
        const { image: out } = await variant.run(photo);
        const ms = performance.now() - t0;
        let label = `${variant.name} (${(ms / 1000).toFixed(1)} s)`;
        if (file === PAIR.photo && flat) {
          const score = await docunetScore(out, flat);
          label += ` MS-SSIM ${score.msSsim.toFixed(4)} LD ${score.ld.toFixed(2)}`;
          lines.push(
            `real pair ${PAIR.photo}: ${variant.name}: MS-SSIM ${score.msSsim.toFixed(4)}, LD ${score.ld.toFixed(2)} (target MS-SSIM > 0.45)`,
          );
        }
        tiles.push({ label, image: out });
        if (saveDir) {
          const name = `${basename(file, extname(file))}.${variant.name.replace(/\W+/g, '-')}.png`;
          await writeFile(join(saveDir, name), await encodePng(out));
        }
      } catch (error) {
        lines.push(`real ${file}: ${variant.name} failed: ${(error as Error).message}`);
      }
    }
    if (file === PAIR.photo && flat) {
      const base = await docunetScore(photo, flat);
      lines.unshift(
        `real pair ${PAIR.photo}: input unchanged: MS-SSIM ${base.msSsim.toFixed(4)}, LD ${base.ld.toFixed(2)}`,
      );
      tiles.push({ label: 'ground truth', image: flat });
    }
    rows.push({ title: `real: ${file} (${photo.width}×${photo.height})`, tiles });
  }
  if (!flat) lines.push(`real pair: ${PAIR.flat} not found in ${realDir}, not scored`);
  return { lines, rows };
}
