export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const ACCEPT =
  'image/png,image/jpeg,image/tiff,image/bmp,image/webp,application/pdf,.png,.jpg,.jpeg,.tif,.tiff,.bmp,.webp,.pdf';

const EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'jfif', 'tif', 'tiff', 'bmp', 'webp', 'pdf']);
const TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/pjpeg',
  'image/tiff',
  'image/bmp',
  'image/x-ms-bmp',
  'image/webp',
  'application/pdf',
]);

export type FileProblem =
  | { kind: 'none' }
  | { kind: 'type'; name: string }
  | { kind: 'size'; name: string }
  | { kind: 'empty'; name: string };

/**
 * The first problem among the selected files, checked in the browser before uploading (the
 * server checks again, by the bytes). A file passes on its type or, when the browser gives no
 * type, on its extension.
 */
export function checkFiles(
  files: ReadonlyArray<Pick<File, 'name' | 'type' | 'size'>>,
): FileProblem {
  for (const file of files) {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    const typeOk = file.type ? TYPES.has(file.type.toLowerCase()) : EXTENSIONS.has(ext);
    if (!typeOk) return { kind: 'type', name: file.name };
    if (file.size === 0) return { kind: 'empty', name: file.name };
    if (file.size > MAX_FILE_BYTES) return { kind: 'size', name: file.name };
  }
  return { kind: 'none' };
}
