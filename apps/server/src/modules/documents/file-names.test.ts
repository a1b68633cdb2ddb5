import { describe, expect, it } from 'vitest';
import { baseName, cleanOriginalName, contentDisposition, resultName } from './file-names.ts';

describe('result file names', () => {
  it('derives the restored name from the original', () => {
    expect(resultName('contract.jpg', 'png')).toBe('contract-restored.png');
    expect(resultName('scan.final.PDF', 'pdf')).toBe('scan.final-restored.pdf');
    expect(resultName('C:\\Users\\me\\bill.tiff', 'pdf')).toBe('bill-restored.pdf');
    expect(resultName('../../etc/passwd', 'png')).toBe('passwd-restored.png');
  });

  it('removes quotes, control characters and bidi overrides, and falls back to "document"', () => {
    expect(baseName('a"b\r\nc\u202e.jpg')).toBe('abc');
    expect(baseName('.jpg')).toBe('document');
    expect(baseName('')).toBe('document');
    expect(baseName('x'.repeat(500) + '.png')).toHaveLength(120);
    expect(cleanOriginalName('dir/na\u0000me.png')).toBe('name.png');
  });

  it('writes a header-safe Content-Disposition with a UTF-8 filename*', () => {
    expect(contentDisposition('contract-restored.png')).toBe(
      `attachment; filename="contract-restored.png"; filename*=UTF-8''contract-restored.png`,
    );
    const header = contentDisposition('Vertrag München (2).png');
    expect(header).toContain('filename="Vertrag Munchen (2).png"');
    expect(header).toContain("filename*=UTF-8''Vertrag%20M%C3%BCnchen%20%282%29.png");
    expect(contentDisposition('日本.pdf')).toMatch(/^attachment; filename="__\.pdf"; filename\*=/);
  });
});
