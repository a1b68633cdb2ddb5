import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPgDatabase, describeEachDialect } from '../support/test-app.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Starts `tsx src/main.ts` with exactly this environment (plus PATH). */
function startServer(env: Record<string, string>) {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Run>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, output })),
  );
  const serving = async (): Promise<string> => {
    for (let i = 0; i < 600; i++) {
      const match = /serving at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) return match[1];
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`server did not start:\n${output}`);
  };
  return { child, exited, serving, output: () => output };
}

describeEachDialect('server process', (dialect) => {
  let dataDir: string;
  let databaseUrl: string;
  let dropDb: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uncrumple-boot-'));
    if (dialect === 'postgres') {
      const db = await createPgDatabase();
      databaseUrl = db.url;
      dropDb = db.drop;
    } else {
      databaseUrl = `sqlite:${path.join(dataDir, 'boot.db')}`;
    }
  });
  afterAll(async () => {
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a bad configuration, naming every bad key', async () => {
    const run = await startServer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: '',
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
      AUTH_RATE_LIMIT_MAX: '-1',
      ADMIN_EMAILS: 'ok@example.com,not-an-email',
    }).exited;
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/^Invalid configuration:/);
    for (const key of ['PORT', 'LOG_LEVEL', 'PUBLIC_URL', 'AUTH_RATE_LIMIT_MAX', 'ADMIN_EMAILS']) {
      expect(run.output).toContain(`  - ${key}`);
    }
    expect(run.output).not.toContain('DATA_DIR');
    expect(run.output).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('boots on the configured database, answers and shuts down gracefully', async () => {
    const server = startServer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    const url = await server.serving();
    await expect
      .poll(server.output)
      .toContain(`Mail goes to the outbox: read it at ${url}/dev/mailbox`);
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({ ok: true, db: 'ok' });
    const config = await fetch(`${url}/api/config`);
    expect(((await config.json()) as { googleEnabled: boolean }).googleEnabled).toBe(false);
    // Development without AUTH_SECRET: a secret was generated once, private to the owner.
    expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    server.child.kill('SIGTERM');
    const run = await server.exited;
    expect(run.code).toBe(0);
  });
});
