import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret.ts';

describe('resolveAuthSecret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uncrumple-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uses AUTH_SECRET when set and writes nothing', () => {
    const dataDir = tempDir();
    const secret = 'a'.repeat(40);
    expect(resolveAuthSecret({ AUTH_SECRET: secret, dataDir })).toBe(secret);
    expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
  });

  it('generates a secret once, private to the owner, and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = resolveAuthSecret({ AUTH_SECRET: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ AUTH_SECRET: undefined, dataDir })).toBe(first);
  });
});
