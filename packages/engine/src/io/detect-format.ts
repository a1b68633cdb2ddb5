import type { InputFormat } from '../types.ts';

/** How far into the file a PDF header may start (some writers prepend junk bytes). */
const PDF_HEADER_SEARCH = 1024;

function startsWith(head: Uint8Array, bytes: number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (head[offset + i] !== bytes[i]) return false;
  return true;
}

function findPdfHeader(head: Uint8Array): number {
  const sig = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  const end = Math.min(head.length - sig.length, PDF_HEADER_SEARCH);
  for (let i = 0; i <= end; i++) if (startsWith(head, sig, i)) return i;
  return -1;
}

/**
 * Sniffs the input format from magic bytes only; the file name is never trusted.
 * @example
 * detectFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])); // 'png'
 */
export function detectFormat(head: Uint8Array): InputFormat | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) {
    return 'tiff';
  }
  // BigTIFF (version 43) is not supported by every decoder but sharp/libtiff reads it.
  if (startsWith(head, [0x49, 0x49, 0x2b, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2b])) {
    return 'tiff';
  }
  if (startsWith(head, [0x42, 0x4d]) && head.length >= 26) {
    // "BM" is only two bytes; also require a plausible DIB header size to avoid false hits.
    const dib = (head[14]! | (head[15]! << 8) | (head[16]! << 16)) >>> 0;
    if ([12, 40, 52, 56, 64, 108, 124].includes(dib)) return 'bmp';
  }
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp';
  }
  if (findPdfHeader(head) >= 0) return 'pdf';
  return null;
}

/** Byte offset of the %PDF- header, or -1. */
export function pdfHeaderOffset(head: Uint8Array): number {
  return findPdfHeader(head);
}

export const MIME_BY_FORMAT: Record<InputFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
