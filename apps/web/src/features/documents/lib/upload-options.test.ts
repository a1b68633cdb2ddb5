import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_OPTIONS, loadUploadOptions, storeUploadOptions } from './upload-options.ts';

/** A Storage-like map (the component hands window.localStorage). */
function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('upload options', () => {
  it('remembers the options of the last upload', () => {
    const storage = memory();
    expect(loadUploadOptions(storage)).toEqual(DEFAULT_UPLOAD_OPTIONS);
    storeUploadOptions(storage, { mode: 'bw', format: 'pdf', paper: 'letter' });
    expect(loadUploadOptions(storage)).toEqual({ mode: 'bw', format: 'pdf', paper: 'letter' });
  });

  it('falls back to the default for anything unknown, missing or unreadable', () => {
    const key = 'uncrumple.uploadOptions';
    expect(
      loadUploadOptions(memory({ [key]: JSON.stringify({ mode: 'sepia', paper: 'legal' }) })),
    ).toEqual({ mode: 'color', format: 'same', paper: 'legal' });
    expect(loadUploadOptions(memory({ [key]: '{not json' }))).toEqual(DEFAULT_UPLOAD_OPTIONS);
    expect(loadUploadOptions(memory({ [key]: '"a4"' }))).toEqual(DEFAULT_UPLOAD_OPTIONS);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadUploadOptions(refusing)).toEqual(DEFAULT_UPLOAD_OPTIONS);
    expect(() => storeUploadOptions(refusing, DEFAULT_UPLOAD_OPTIONS)).not.toThrow();
    expect(loadUploadOptions(null)).toEqual(DEFAULT_UPLOAD_OPTIONS);
  });
});
