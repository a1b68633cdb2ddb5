// Workspaces that import the engine typecheck its sources without its tsconfig, so the ambient
// bmp-js declaration must be referenced from here to travel with this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./bmp-js.d.ts" />
import bmp from 'bmp-js';
import { EngineError } from '../errors.ts';
import type { RgbImage } from '../types.ts';

export interface BmpHeader {
  width: number;
  height: number;
  bitsPerPixel: number;
  compression: number;
  dataOffset: number;
}

const SUPPORTED_BPP = new Set([1, 4, 8, 16, 24, 32]);

/**
 * Reads the BMP file and DIB headers without touching pixel data.
 * @example
 * parseBmpHeader(bytes); // { width: 640, height: 480, bitsPerPixel: 24, ... }
 */
export function parseBmpHeader(input: Uint8Array): BmpHeader {
  if (input.length < 54) throw new EngineError('corrupt_input', 'The BMP file is truncated.');
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const dataOffset = view.getUint32(10, true);
  const dibSize = view.getUint32(14, true);
  if (dibSize < 40) {
    throw new EngineError('unsupported_format', 'Old OS/2 BMP files are not supported.');
  }
  const width = view.getInt32(18, true);
  const height = Math.abs(view.getInt32(22, true));
  const bitsPerPixel = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  if (width <= 0 || height <= 0) {
    throw new EngineError('corrupt_input', 'The BMP file has an invalid size.');
  }
  if (!SUPPORTED_BPP.has(bitsPerPixel) || (compression !== 0 && compression !== 3)) {
    throw new EngineError(
      'unsupported_format',
      `This BMP variant (${bitsPerPixel} bits, compression ${compression}) is not supported.`,
    );
  }
  if (dataOffset >= input.length) {
    throw new EngineError('corrupt_input', 'The BMP file is truncated.');
  }
  return { width, height, bitsPerPixel, compression, dataOffset };
}

/** Decodes a BMP (bmp-js gives ABGR; alpha is ignored because BMP alpha is rarely meaningful). */
export function decodeBmp(input: Uint8Array): RgbImage {
  const header = parseBmpHeader(input);
  const stride = Math.floor((header.bitsPerPixel * header.width + 31) / 32) * 4;
  if (header.dataOffset + stride * header.height > input.length) {
    throw new EngineError('corrupt_input', 'The BMP file is truncated.');
  }
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded = bmp.decode(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
  } catch (err) {
    throw new EngineError('corrupt_input', 'The BMP file could not be read.', { cause: err });
  }
  const n = decoded.width * decoded.height;
  const out = new Uint8Array(n * 3);
  const src = decoded.data;
  for (let i = 0, j = 0, k = 0; i < n; i++, j += 4, k += 3) {
    out[k] = src[j + 3]!;
    out[k + 1] = src[j + 2]!;
    out[k + 2] = src[j + 1]!;
  }
  return { width: decoded.width, height: decoded.height, data: out };
}
