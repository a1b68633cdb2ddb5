import sharp from 'sharp';
import { restore } from './restore.ts';
import type { RestoreReport, RgbImage } from './types.ts';

/** Size of the drawn photo: small, so the warm-up costs a few seconds of one core at most. */
const WIDTH = 600;
const HEIGHT = 800;
/** The page's corners in the photo (tl, tr, br, bl): tilted and in perspective on a desk. */
type Point = readonly [number, number];
const CORNERS: readonly [Point, Point, Point, Point] = [
  [92, 58],
  [530, 84],
  [548, 748],
  [64, 724],
];
const DESK: readonly [number, number, number] = [96, 78, 62];
const PAPER: readonly [number, number, number] = [232, 226, 214];
const INK: readonly [number, number, number] = [38, 36, 40];

/**
 * Restores a small drawn photo once (a page of text lines, tilted in perspective on a dark desk,
 * lit unevenly), so that a fresh thread has compiled and optimised the engine's code before its
 * first real document, which otherwise runs while V8 is still compiling (through the server, the
 * first 3 MP photo after boot took 2.5 s cold and 1.5 s after a warm-up: `npm run bench:service
 * -- --width 1500 --n 4 --warm-up off|on`). Resolves to the warm-up page's report.
 * @example await warmUp(); // at a worker's start, before it takes documents
 */
export async function warmUp(): Promise<RestoreReport> {
  const photo = drawnPhoto();
  const png = await sharp(photo.data, {
    raw: { width: photo.width, height: photo.height, channels: 3 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return (await restore(png, { format: 'png' })).report;
}

/**
 * The warm-up photo: the page is drawn in its own coordinates (u, v in 0..1) and carried into
 * the photo bilinearly between CORNERS, sampled twice as densely as the photo so no pixel of the
 * page is missed. Text: 20 lines of words made of glyph-like stems, from a fixed sequence.
 */
export function drawnPhoto(): RgbImage {
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) data.set(DESK, (y * WIDTH + x) * 3);
  }
  const words = wordStarts();
  const [tl, tr, br, bl] = CORNERS;
  const steps = 2 * Math.max(WIDTH, HEIGHT);
  for (let j = 0; j <= steps; j++) {
    const v = j / steps;
    for (let i = 0; i <= steps; i++) {
      const u = i / steps;
      const x = (1 - v) * ((1 - u) * tl[0] + u * tr[0]) + v * ((1 - u) * bl[0] + u * br[0]);
      const y = (1 - v) * ((1 - u) * tl[1] + u * tr[1]) + v * ((1 - u) * bl[1] + u * br[1]);
      const px = Math.round(x);
      const py = Math.round(y);
      if (px < 0 || py < 0 || px >= WIDTH || py >= HEIGHT) continue;
      const light = 0.75 + 0.25 * (1 - u) * (1 - 0.5 * v);
      const c = inkAt(u, v, words) ? INK : PAPER;
      const o = (py * WIDTH + px) * 3;
      data[o] = c[0] * light;
      data[o + 1] = c[1] * light;
      data[o + 2] = c[2] * light;
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

const LINES = 20;
const TOP = 0.1;
const PITCH = 0.04;
/** x-height of a line and the width of a glyph, in page units. */
const LINE_HEIGHT = 0.014;
const GLYPH = 0.012;

/** Per line, alternating word starts and ends along u (a fixed, irregular sequence). */
function wordStarts(): number[][] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const lines: number[][] = [];
  for (let k = 0; k < LINES; k++) {
    const bounds: number[] = [];
    const end = k % 6 === 5 ? 0.55 : 0.9;
    let u = 0.1;
    while (u < end) {
      const length = GLYPH * (2 + Math.floor(next() * 8));
      bounds.push(u, Math.min(end, u + length));
      u += length + GLYPH;
    }
    lines.push(bounds);
  }
  return lines;
}

/** Whether (u, v) on the page is ink: a glyph's stem or bar inside a word of a text line. */
function inkAt(u: number, v: number, words: number[][]): boolean {
  const k = Math.floor((v - TOP) / PITCH);
  if (k < 0 || k >= LINES) return false;
  const dv = v - TOP - k * PITCH;
  if (dv > LINE_HEIGHT) return false;
  const bounds = words[k]!;
  for (let w = 0; w < bounds.length; w += 2) {
    if (u < bounds[w]! || u >= bounds[w + 1]!) continue;
    const g = (u - bounds[w]!) / GLYPH;
    const inGlyph = g - Math.floor(g);
    // A stem on the glyph's left, a bar across its middle.
    return inGlyph < 0.25 || (inGlyph < 0.7 && Math.abs(dv - LINE_HEIGHT / 2) < LINE_HEIGHT / 7);
  }
  return false;
}
