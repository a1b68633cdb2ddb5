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
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? spawnOrThrow('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args])
      : spawnOrThrow(path.join(bin, cmd), args);
  reapOrphans(run);

  const root = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  const dataDir = path.join(root, 'data');
  fs.writeFileSync(path.join(root, 'owner.pid'), String(process.pid));
  if (asRoot) {
    fs.chmodSync(root, 0o755);
    spawnOrThrow('chown', ['postgres:postgres', root]);
  }

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

  let stopped = false;
  const stop = (mode: 'fast' | 'immediate') => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['stop', '-s', '-m', mode, '-w', '-D', dataDir]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
  // An interrupted run (Ctrl-C, `timeout`) skips teardown: stop the server on the way out anyway.
  process.once('exit', () => stop('immediate'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop('immediate');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
  return () => stop('fast');
}

const PREFIX = 'uncrumple-pg-';

/** Stops servers left by earlier runs that were killed outright (their owner process is gone). */
function reapOrphans(run: (cmd: string, args: string[]) => void): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const root = path.join(os.tmpdir(), name);
    let owner: number;
    try {
      owner = Number(fs.readFileSync(path.join(root, 'owner.pid'), 'utf8'));
    } catch {
      continue;
    }
    if (!owner || isAlive(owner)) continue;
    try {
      if (fs.existsSync(path.join(root, 'data', 'postmaster.pid'))) {
        run('pg_ctl', ['stop', '-s', '-m', 'immediate', '-w', '-D', path.join(root, 'data')]);
      }
    } catch {
      // Already gone; removing the folder is all that is left.
    }
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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
