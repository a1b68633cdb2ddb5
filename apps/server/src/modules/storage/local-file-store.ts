import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileNotFoundError } from './file-store.ts';
import type { FileStore, StoredFile } from './file-store.ts';

const KEY_PATTERN = /^[a-f0-9-]{36}(\.[a-z0-9]{1,8})?$/;

/**
 * FileStore on local disk under `root` (DATA_DIR/files, outside any served folder). Files are
 * written to `root/.tmp` first and renamed into place, so a crash never leaves a half file under a
 * real key; leftovers in .tmp are removed at startup.
 */
export class LocalFileStore implements FileStore {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
    for (const name of fs.readdirSync(this.tmpDir)) {
      fs.rmSync(path.join(this.tmpDir, name), { force: true });
    }
  }

  async put(
    body: Uint8Array | Readable,
    options: { extension?: string } = {},
  ): Promise<StoredFile> {
    const extension = (options.extension ?? '').toLowerCase().replace(/^\./, '');
    if (extension && !/^[a-z0-9]{1,8}$/.test(extension)) {
      throw new Error(`Invalid file extension "${extension}"`);
    }
    const key = `${randomUUID()}${extension ? `.${extension}` : ''}`;
    const tmp = path.join(this.tmpDir, `${key}.part`);
    try {
      if (body instanceof Uint8Array) {
        await fsp.writeFile(tmp, body, { flag: 'wx' });
      } else {
        await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
      }
      const { size } = await fsp.stat(tmp);
      await fsp.rename(tmp, this.pathOf(key));
      return { key, size };
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream();
    } catch (err) {
      throw notFound(err, key);
    }
  }

  async read(key: string): Promise<Uint8Array> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (err) {
      throw notFound(err, key);
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async list(): Promise<Array<{ key: string; modifiedAt: Date }>> {
    const names = (await fsp.readdir(this.root)).filter((n) => KEY_PATTERN.test(n));
    const out: Array<{ key: string; modifiedAt: Date }> = [];
    for (const key of names) {
      const stat = await fsp.stat(path.join(this.root, key)).catch(() => null);
      if (stat) out.push({ key, modifiedAt: stat.mtime });
    }
    return out;
  }

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new FileNotFoundError(key);
    return path.join(this.root, key);
  }
}

function notFound(err: unknown, key: string): Error {
  if (err instanceof FileNotFoundError) return err;
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new FileNotFoundError(key);
  return err as Error;
}
