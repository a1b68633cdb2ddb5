import type { OutputFormat, OutputMode, PaperSize } from '../api/documents.ts';

/** The choices an upload is sent with. */
export type UploadOptions = { mode: OutputMode; format: OutputFormat; paper: PaperSize };

export const DEFAULT_UPLOAD_OPTIONS: UploadOptions = {
  mode: 'color',
  format: 'same',
  paper: 'auto',
};

const STORAGE_KEY = 'uncrumple.uploadOptions';
const CHOICES: { [K in keyof UploadOptions]: readonly UploadOptions[K][] } = {
  mode: ['color', 'gray', 'bw'],
  format: ['same', 'png', 'jpg', 'pdf'],
  paper: ['auto', 'a4', 'letter', 'legal'],
};

/**
 * The options last uploaded with on this device (an office on US Letter picks it once), each
 * checked: anything missing, unknown or unreadable falls back to its default.
 * @example const [options, setOptions] = useState(() => loadUploadOptions(deviceStorage()));
 */
export function loadUploadOptions(storage: Pick<Storage, 'getItem'> | null): UploadOptions {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // Disabled storage or a value from elsewhere: the defaults.
  }
  const pick = <K extends keyof UploadOptions>(key: K): UploadOptions[K] =>
    (CHOICES[key] as readonly unknown[]).includes(stored[key])
      ? (stored[key] as UploadOptions[K])
      : DEFAULT_UPLOAD_OPTIONS[key];
  return { mode: pick('mode'), format: pick('format'), paper: pick('paper') };
}

/** This browser's local storage, or null where reaching it throws (storage disabled). */
export function deviceStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Remembers the options of an upload on this device; a storage that refuses is ignored. */
export function storeUploadOptions(
  storage: Pick<Storage, 'setItem'> | null,
  options: UploadOptions,
): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(options));
  } catch {
    // Private mode or a full storage: the choice just is not remembered.
  }
}
