import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of the PostgreSQL server started for this test run. */
    pgAdminUrl: string;
  }
}

/**
 * Starts ONE real PostgreSQL server for the whole server test run (tests create their own
 * databases on it) and stops it afterwards. Runs initdb/postgres as the `postgres` user when we
 * are root, in a temp dir it owns, on a free loopback port with fsync off for speed.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const bin = findPostgresBin();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'uncrumple-pg-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    fs.chmodSync(root, 0o755);
    spawnOrThrow('chown', ['postgres:postgres', root]);
  }
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? spawnOrThrow('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args])
      : spawnOrThrow(path.join(bin, cmd), args);

  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  run('pg_ctl', ['start', '-w', '-s', '-D', dataDir, '-o', options, '-l', path.join(root, 'log')]);

  project.provide('pgAdminUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);

  return () => {
    try {
      run('pg_ctl', ['stop', '-s', '-m', 'fast', '-w', '-D', dataDir]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
}

function findPostgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions[0];
  if (!found) {
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run `bash scripts/ensure-system-deps.sh` or `sudo apt-get install postgresql`.',
    );
  }
  return path.join(base, found, 'bin');
}

function spawnOrThrow(cmd: string, args: string[]): void {
  const result = spawnSync(cmd, args, { encoding: 'utf8', cwd: os.tmpdir() });
  if (result.status !== 0) {
    throw new Error(
      `PostgreSQL test server: \`${cmd} ${args.join(' ')}\` failed: ${result.error?.message ?? ''}${result.stderr}`,
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
