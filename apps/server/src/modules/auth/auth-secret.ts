import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/env.ts';

/**
 * AUTH_SECRET signs session cookies and tokens. Production must set it (env.ts enforces that);
 * elsewhere a random secret is generated once and kept in DATA_DIR/auth-secret (mode 600) so
 * sessions survive restarts.
 */
export function resolveAuthSecret(config: Pick<Config, 'AUTH_SECRET' | 'dataDir'>): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return secret;
}
