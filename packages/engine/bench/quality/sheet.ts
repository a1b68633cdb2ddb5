import { writeFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { RgbImage } from '../../src/types.ts';
import { ensureFonts } from '../../synth/fonts.ts';

export interface SheetRow {
  title: string;
  tiles: Array<{ label: string; image: RgbImage }>;
}

const TILE_H = 420;
const LABEL_H = 44;
const GAP = 12;

async function thumb(image: RgbImage): Promise<{ png: Buffer; width: number }> {
  const width = Math.max(1, Math.round((image.width * TILE_H) / image.height));
  const png = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize(width, TILE_H, { fit: 'fill' })
    .png()
    .toBuffer();
  return { png, width };
}

/**
 * Writes a contact sheet: one row per sample with its tiles (input | outputs | ground truth),
 * each labelled, so a person can see at a glance what the numbers mean.
 * @example await writeContactSheet('bench-results/quality-sheet.png', rows);
 */
export async function writeContactSheet(path: string, rows: SheetRow[]): Promise<void> {
  const prepared = [];
  for (const row of rows) {
    const tiles = [];
    for (const t of row.tiles) tiles.push({ label: t.label, ...(await thumb(t.image)) });
    prepared.push({ title: row.title, tiles });
  }
  const width = Math.max(...prepared.map((r) => r.tiles.reduce((a, t) => a + t.width + GAP, GAP)));
  const rowH = TILE_H + 2 * LABEL_H;
  const canvas = createCanvas(width, rowH * prepared.length);
  const ctx = canvas.getContext('2d');
  const sans = ensureFonts().sans;
  ctx.fillStyle = '#3a3a3a';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (let r = 0; r < prepared.length; r++) {
    const row = prepared[r]!;
    const top = r * rowH;
    ctx.fillStyle = '#fff';
    ctx.font = `24px ${sans}`;
    ctx.fillText(row.title, GAP, top + 30);
    let x = GAP;
    for (const tile of row.tiles) {
      ctx.drawImage(await loadImage(tile.png), x, top + LABEL_H);
      ctx.fillStyle = '#ddd';
      ctx.font = `18px ${sans}`;
      ctx.fillText(tile.label, x, top + LABEL_H + TILE_H + 26, tile.width);
      x += tile.width + GAP;
    }
  }
  await writeFile(path, canvas.toBuffer('image/png'));
}
