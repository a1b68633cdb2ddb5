import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import type { DocumentDto } from '../../src/modules/documents/document.dto.ts';
import { createPgDatabase, describeEachDialect } from '../support/test-app.ts';
import { asJpeg, crumpledPhoto } from './fixtures.ts';
import { createDocsApp, signedInUser } from './helpers.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const AUTH_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

interface Server {
  child: ChildProcess;
  url: string;
}

/** Starts the real server (`tsx src/main.ts`) as its own process and waits for its URL. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_SECRET,
      WORKER_THREADS: '1',
      JOB_LEASE_SECONDS: '2',
      JOB_POLL_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1].replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

function kill(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

describeEachDialect('a crash in the middle of a job', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uncrumple-crash-'));
  let env: Record<string, string>;
  let dropPg: (() => Promise<void>) | undefined;
  let cookie: string;
  const servers: Server[] = [];

  beforeAll(async () => {
    const pg = dialect === 'postgres' ? await createPgDatabase() : null;
    dropPg = pg?.drop;
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: pg ? pg.url : `sqlite:${path.join(dataDir, 'app.db')}`,
    };
    // Sign a premium user up in-process on the same database; the cookie works in the servers.
    const setup = await createDocsApp(dialect, { env });
    const user = await signedInUser(setup, true);
    cookie = user.browser.cookieHeader();
    await setup.close();
  });

  afterAll(async () => {
    for (const s of servers) await kill(s);
    await dropPg?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is followed by exactly one completed result after the restart', async () => {
    const first = await startServer(env);
    servers.push(first);
    const call = (server: Server, url: string, init: RequestInit = {}) =>
      fetch(`${server.url}${url}`, {
        ...init,
        headers: { cookie, origin: server.url, ...(init.headers as Record<string, string>) },
      });

    // A larger photo so that processing takes a moment.
    const jpg = await asJpeg(await crumpledPhoto(11, 1400));
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(jpg)], { type: 'image/jpeg' }), 'big.jpg');
    const res = await call(first, '/api/documents', { method: 'POST', body: form });
    expect(res.status).toBe(202);
    const [doc] = ((await res.json()) as { documents: DocumentDto[] }).documents;

    // Wait until it is being processed, then kill the process without any shutdown.
    for (;;) {
      const state = (await (await call(first, `/api/documents/${doc!.id}`)).json()) as DocumentDto;
      expect(state.status).not.toBe('done');
      if (state.status === 'processing') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await kill(first);

    const second = await startServer(env);
    servers.push(second);
    let done: DocumentDto;
    for (;;) {
      done = (await (await call(second, `/api/documents/${doc!.id}`)).json()) as DocumentDto;
      if (done.status === 'done' || done.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(done.status, done.error ?? '').toBe('done');

    // Exactly one job run to completion (two attempts: the killed one and this one) and
    // exactly one result: result + two previews, the original deleted.
    const handle = openDatabase(
      dialect === 'postgres'
        ? { kind: 'postgres', url: env.DATABASE_URL! }
        : { kind: 'sqlite', file: env.DATABASE_URL!.slice('sqlite:'.length) },
    );
    try {
      const jobs = await handle.db
        .selectFrom('jobs')
        .selectAll()
        .where('key', '=', doc!.id)
        .execute();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.status).toBe('done');
      expect(jobs[0]!.attempts).toBe(2);
    } finally {
      await handle.close();
    }
    const files = fs.readdirSync(path.join(dataDir, 'files')).filter((n) => n !== '.tmp');
    expect(files).toHaveLength(3);

    const file = await call(second, `/api/documents/${doc!.id}/download`);
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    await kill(second);
  });
});
