import sharp from 'sharp';
import type { RgbImage } from '../../src/types.ts';

/** Grayscale image as 8-bit values stored in a Float64Array, as MATLAB's rgb2gray + imresize give. */
export interface Gray {
  width: number;
  height: number;
  data: Float64Array;
}

/** The DocUNet protocol's target area: the ground truth is resized to about this many pixels. */
export const DOCUNET_AREA = 598_400;

/**
 * ITU-R BT.601 luma with MATLAB rgb2gray's weights, rounded to 8 bits like rgb2gray on uint8.
 * @example const g = toGray8(img); // Uint8Array, one byte per pixel
 */
export function toGray8(image: RgbImage): Uint8Array {
  const n = image.width * image.height;
  const out = new Uint8Array(n);
  const d = image.data;
  for (let i = 0; i < n; i++) {
    out[i] = Math.round(0.2989 * d[i * 3]! + 0.587 * d[i * 3 + 1]! + 0.114 * d[i * 3 + 2]!);
  }
  return out;
}

async function resizeGray(
  gray: Uint8Array,
  width: number,
  height: number,
  toW: number,
  toH: number,
): Promise<Gray> {
  // sharp's cubic kernel reduces with an antialiasing prefilter, like imresize(…, 'bicubic').
  const buf = await sharp(gray, { raw: { width, height, channels: 1 } })
    .resize(toW, toH, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  const data = new Float64Array(toW * toH);
  for (let i = 0; i < data.length; i++) data[i] = buf[i]!;
  return { width: toW, height: toH, data };
}

/**
 * DocUNet preparation: both images to grayscale, the ground truth resized to ≈598,400 px of
 * area keeping its aspect, and the output resized to exactly the ground truth's new size.
 * @example const { out, ref } = await prepareDocunet(restored, flat);
 */
export async function prepareDocunet(
  output: RgbImage,
  groundTruth: RgbImage,
): Promise<{ out: Gray; ref: Gray }> {
  const scale = Math.sqrt(DOCUNET_AREA / (groundTruth.width * groundTruth.height));
  const w = Math.max(1, Math.round(groundTruth.width * scale));
  const h = Math.max(1, Math.round(groundTruth.height * scale));
  const ref = await resizeGray(toGray8(groundTruth), groundTruth.width, groundTruth.height, w, h);
  const out = await resizeGray(toGray8(output), output.width, output.height, w, h);
  return { out, ref };
}
