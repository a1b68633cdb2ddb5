/**
 * Seeded synthetic document generator: flat pages with their exact text, and photos of them
 * distorted by one family (perspective, curl, fold, crumple) under realistic capture conditions.
 * Used by the quality bench, the showcase images, and server/e2e tests that need real inputs.
 */
import sharp from 'sharp';
import type { RgbImage } from '../src/types.ts';
import { photograph } from './camera.ts';
import { PAGE_KINDS, renderPage, type PageKind, type PaperSize } from './pages.ts';
import { Rng } from './prng.ts';
import { drawThumb } from './occluder.ts';
import { BACKGROUNDS, composePhoto, type Background } from './scene.ts';
import {
  DISTORTION_FAMILIES,
  displaceGrid,
  randomBends,
  type DistortionFamily,
} from './surface.ts';

export {
  PAGE_KINDS,
  PAPER_RATIO,
  PAPER_SIZES,
  renderPage,
  type PageKind,
  type PaperSize,
} from './pages.ts';
export { DISTORTION_FAMILIES, type DistortionFamily } from './surface.ts';
export { BACKGROUNDS, type Background } from './scene.ts';
export { Rng } from './prng.ts';
export { synthFontFiles } from './fonts.ts';

export interface SampleOptions {
  seed: number;
  kind: PageKind;
  family: DistortionFamily;
  /** Flat page width in px (default 1240, receipts 640); the photo is about as large as the page. */
  width?: number;
  /** The paper the page is printed on (default A4; a receipt is as long as its items). */
  paper?: PaperSize;
  background?: Background;
  /** JPEG quality of the simulated camera; default random 72–92 from the seed. */
  jpegQuality?: number;
  /** A thumb holding the page over its border; default: one sample in five, from the seed. */
  thumb?: boolean;
}

export interface SyntheticSample {
  /** The ground truth: the flat page as rendered. */
  flat: RgbImage;
  /** The simulated phone photo (already JPEG-compressed and decoded back to RGB). */
  photo: RgbImage;
  /** Exactly the text printed on the page, one line per printed line, in reading order. */
  text: string;
  kind: PageKind;
  family: DistortionFamily;
  /** The paper size; a receipt's is its own (its `flat` gives its proportions). */
  paper: PaperSize | 'receipt';
  background: Background;
  /** Whether a thumb covers part of the page border. */
  thumb: boolean;
}

/**
 * Generates one reproducible sample: the same options always give the same pixels.
 * @example const s = await generateSample({ seed: 1, kind: 'invoice', family: 'crumple', width: 800 });
 */
export async function generateSample(options: SampleOptions): Promise<SyntheticSample> {
  const { seed, kind, family } = options;
  if (!PAGE_KINDS.includes(kind)) throw new Error(`synth: unknown page kind "${String(kind)}"`);
  if (!DISTORTION_FAMILIES.includes(family))
    throw new Error(`synth: unknown distortion family "${String(family)}"`);
  const rng = new Rng(seed);
  const paper = kind === 'receipt' ? 'receipt' : (options.paper ?? 'a4');
  const page = renderPage(kind, seed, options.width, paper === 'receipt' ? 'a4' : paper);
  const { width, height } = page.image;
  const warpRng = rng.fork(2);
  const bends = randomBends(family, width, height, warpRng);
  const step = Math.max(2, Math.round(Math.max(width, height) / 400));
  const grid = displaceGrid(bends, width, height, step);
  const raster = photograph(grid, step, width, height, family, warpRng);
  const sceneRng = rng.fork(3);
  const background = options.background ?? sceneRng.pick(BACKGROUNDS);
  const raw = composePhoto(page.image, raster, background, sceneRng);
  // A separate stream, so the thumb never shifts any other random draw of the sample.
  const thumbRng = new Rng((seed ^ 0x7a3b91c5) >>> 0);
  const thumb = options.thumb ?? thumbRng.bool(0.2);
  if (thumb) drawThumb(raw, raster, thumbRng);
  const quality = options.jpegQuality ?? Math.round(sceneRng.range(72, 92));
  const photo = await jpegRoundTrip(raw, quality);
  return { flat: page.image, photo, text: page.text, kind, family, paper, background, thumb };
}

/** Encodes an RGB image as PNG. @example await writeFile('a.png', await encodePng(img)); */
export async function encodePng(image: RgbImage): Promise<Uint8Array> {
  const buf = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Encodes an RGB image as baseline JPEG. @example await encodeJpeg(img, 85); */
export async function encodeJpeg(image: RgbImage, quality = 88): Promise<Uint8Array> {
  const buf = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Decodes any image sharp reads into interleaved RGB (EXIF orientation applied). */
export async function decodeRgb(bytes: Uint8Array): Promise<RgbImage> {
  const { data, info } = await sharp(bytes)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

async function jpegRoundTrip(image: RgbImage, quality: number): Promise<RgbImage> {
  return decodeRgb(await encodeJpeg(image, quality));
}
