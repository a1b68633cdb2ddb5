import { EngineError, probe } from '@uncrumple/engine';
import type { InputFormat } from '@uncrumple/engine';
import { AppError } from '../../lib/app-error.ts';

export const UNSUPPORTED_MESSAGE = 'Please select a PNG, JPG, TIFF, BMP, WEBP or PDF file';

export interface UploadCaps {
  maxBytes: number;
  maxPixels: number;
  maxPages: number;
}

export interface InspectedUpload {
  format: InputFormat;
  pages: number;
  width: number;
  height: number;
}

/**
 * Identifies an upload by its bytes (never its name or Content-Type) and checks the caps from
 * headers only, before anything is decoded: pixel floods and page bombs stop here.
 */
export async function inspectUpload(bytes: Uint8Array, caps: UploadCaps): Promise<InspectedUpload> {
  if (bytes.length === 0) throw new AppError('bad_request', 'The file is empty.');
  let info: InspectedUpload;
  try {
    info = await probe(bytes, caps);
  } catch (err) {
    if (err instanceof EngineError) throw toAppError(err);
    throw err;
  }
  const truncated = truncation(bytes, info.format);
  if (truncated) throw new AppError('unprocessable_file', truncated);
  return info;
}

function toAppError(err: EngineError): AppError {
  switch (err.code) {
    case 'unsupported_format':
      return new AppError('unsupported_media_type', UNSUPPORTED_MESSAGE, { reason: err.message });
    case 'too_large':
      return new AppError('payload_too_large', err.message);
    case 'empty_input':
      return new AppError('bad_request', err.message);
    case 'too_many_pixels':
    case 'too_many_pages':
    case 'corrupt_input':
    case 'aborted':
      return new AppError('unprocessable_file', err.message);
  }
}

/**
 * Cheap end-of-file checks for the two formats phones and scanners truncate most (an interrupted
 * transfer): a JPEG's main image must end with EOI after its first scan, a PNG with IEND.
 */
function truncation(bytes: Uint8Array, format: InputFormat): string | null {
  if (format === 'jpg' && !jpegComplete(bytes)) {
    return 'The JPEG file is truncated (it ends before the image does); try uploading it again.';
  }
  if (format === 'png' && !pngComplete(bytes)) {
    return 'The PNG file is truncated (it ends before the image does); try uploading it again.';
  }
  return null;
}

function jpegComplete(b: Uint8Array): boolean {
  // Walk the marker segments to the first SOS (skipping APP segments, which may hold an EXIF
  // thumbnail with its own EOI), then look for EOI after it.
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return false;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (marker === 0xda) {
      for (let j = b.length - 2; j > i + 2 + length; j--) {
        if (b[j] === 0xff && b[j + 1] === 0xd9) return true;
      }
      return false;
    }
    i += 2 + length;
  }
  return false;
}

function pngComplete(b: Uint8Array): boolean {
  // IEND chunk: length 0, type "IEND", CRC; allow trailing bytes some tools append.
  const tail = Buffer.from(b.buffer, b.byteOffset, b.byteLength).subarray(-4096);
  return tail.includes('IEND');
}
