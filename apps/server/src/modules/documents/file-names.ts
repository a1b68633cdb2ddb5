/** Extensions the result can have. */
export type ResultExtension = 'png' | 'jpg' | 'pdf';

/**
 * The download name for a result, derived from the user's original name but safe anywhere:
 * no path, no control characters, no quotes; at most 120 characters.
 * @example
 * resultName('contract.jpg', 'png'); // 'contract-restored.png'
 */
export function resultName(originalName: string, extension: ResultExtension | 'zip'): string {
  return `${baseName(originalName)}-restored.${extension}`;
}

/** The original's name without folders and extension, cleaned for use in a file name. */
export function baseName(originalName: string): string {
  const last = originalName.split(/[\\/]/).pop() ?? '';
  const withoutExt = last.replace(/\.[^.]{1,8}$/, '');
  const cleaned = withoutExt
    .normalize('NFC')
    // control characters, characters Windows forbids, and quotes
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*`'\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return cleaned || 'document';
}

/** A name that survives in an HTTP header and a ZIP listing (user input, cleaned). */
export function cleanOriginalName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'document';
}

/**
 * `attachment` Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 /
 * RFC 5987), so non-Latin names download correctly and nothing can break out of the header.
 * @example
 * contentDisposition('Vertrag-München-restored.png');
 * // attachment; filename="Vertrag-Munchen-restored.png"; filename*=UTF-8''Vertrag-M%C3%BCnchen-restored.png
 */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
