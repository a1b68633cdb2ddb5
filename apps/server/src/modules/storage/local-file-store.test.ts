import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileNotFoundError } from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';

describe('LocalFileStore', () => {
  let root: string;
  let store: LocalFileStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
    store = new LocalFileStore(path.join(root, 'files'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores buffers and streams under generated names and reads them back', async () => {
    const a = await store.put(new TextEncoder().encode('hello'), { extension: 'png' });
    const b = await store.put(Readable.from(['str', 'eam']));
    expect(a.key).toMatch(/^[a-f0-9-]{36}\.png$/);
    expect(a.size).toBe(5);
    expect(b.size).toBe(6);
    expect(Buffer.from(await store.read(a.key)).toString()).toBe('hello');
    expect(await text(await store.get(b.key))).toBe('stream');
    expect(await store.exists(a.key)).toBe(true);
    expect(await store.size(b.key)).toBe(6);
    expect((await store.list()).map((f) => f.key).sort()).toEqual([a.key, b.key].sort());
  });

  it('deletes idempotently and reports missing files', async () => {
    const a = await store.put(new Uint8Array([1, 2, 3]));
    await store.delete(a.key);
    await store.delete(a.key);
    expect(await store.exists(a.key)).toBe(false);
    expect(await store.size(a.key)).toBeNull();
    await expect(store.get(a.key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.read(a.key)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('refuses keys that could escape the folder', async () => {
    await expect(store.read('../../etc/passwd')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.put(new Uint8Array(1), { extension: '../x' })).rejects.toThrow();
  });

  it('leaves nothing behind when a stream fails midway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put(failing)).rejects.toThrow('client went away');
    expect(await store.list()).toEqual([]);
    expect(fs.readdirSync(path.join(root, 'files', '.tmp'))).toEqual([]);
  });
});
