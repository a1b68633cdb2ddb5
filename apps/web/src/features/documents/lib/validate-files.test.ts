import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, checkFiles } from './validate-files.ts';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('checkFiles', () => {
  it('accepts the six formats by type, or by extension when the type is unknown', () => {
    expect(
      checkFiles([
        file('a.png', 'image/png'),
        file('b.jpg', 'image/jpeg'),
        file('c.tif', 'image/tiff'),
        file('d.bmp', 'image/bmp'),
        file('e.webp', 'image/webp'),
        file('f.pdf', 'application/pdf'),
        file('g.TIFF', ''),
      ]),
    ).toEqual({ kind: 'none' });
  });

  it('names the first file of another type, an empty file, or one over 50 MB', () => {
    expect(checkFiles([file('a.png', 'image/png'), file('logo.svg', 'image/svg+xml')])).toEqual({
      kind: 'type',
      name: 'logo.svg',
    });
    expect(checkFiles([file('notes.docx', '')])).toEqual({ kind: 'type', name: 'notes.docx' });
    expect(checkFiles([file('a.png', 'image/png', 0)])).toEqual({ kind: 'empty', name: 'a.png' });
    expect(checkFiles([file('big.pdf', 'application/pdf', MAX_FILE_BYTES + 1)])).toEqual({
      kind: 'size',
      name: 'big.pdf',
    });
  });
});
