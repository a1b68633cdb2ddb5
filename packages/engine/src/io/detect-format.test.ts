import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('detectFormat', () => {
  it('recognises each supported magic number', () => {
    expect(detectFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'png',
    );
    expect(detectFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(detectFormat(new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8]))).toBe('tiff');
    expect(detectFormat(new Uint8Array([0x4d, 0x4d, 0x00, 0x2a, 0]))).toBe('tiff');
    expect(detectFormat(bytes('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(detectFormat(bytes('%PDF-1.7\n'))).toBe('pdf');
    const bmp = new Uint8Array(30);
    bmp.set([0x42, 0x4d]);
    bmp[14] = 40;
    expect(detectFormat(bmp)).toBe('bmp');
  });

  it('finds a PDF header after a few junk bytes', () => {
    expect(detectFormat(bytes('\r\n\x00junk%PDF-1.4\n'))).toBe('pdf');
  });

  it('rejects HTML, empty input and RIFF that is not WEBP', () => {
    expect(detectFormat(bytes('<!DOCTYPE html><html>'))).toBeNull();
    expect(detectFormat(new Uint8Array(0))).toBeNull();
    expect(detectFormat(bytes('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(detectFormat(bytes('BM just text, not a bitmap'))).toBeNull();
  });
});
