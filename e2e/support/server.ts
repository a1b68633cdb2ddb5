import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..', '..');

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  template?: string;
  locale?: string;
  created_at: string;
};

export type TestServer = {
  baseURL: string;
  dataDir: string;
  /** Every mail the server has rendered (its development outbox), newest first. */
  mailbox(): Promise<Mail[]>;
  /** Waits until a mail to `to` matching `match` shows up in the outbox. */
  waitForMail(to: string, match?: (mail: Mail) => boolean): Promise<Mail>;
  /** Server output so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
};

/** The servers started and not yet stopped in this test file (see ../setup.ts). */
export const liveServers = new Set<TestServer>();

/** A free TCP port on loopback; the server needs to know its public URL before it listens. */
async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => ok(port));
    });
  });
}

async function waitUntilReady(
  baseURL: string,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become ready in 90 s:\n${log()}`);
}

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`) on a fresh data directory,
 * serving the built SPA (apps/web/dist; scripts/test.sh builds it first).
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'uncrumple-e2e-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Many sign-ins from one loopback address; the limiter has its own server tests.
      AUTH_RATE_LIMIT_MAX: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseURL, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }

  const mailbox = async (): Promise<Mail[]> => {
    const response = await fetch(`${baseURL}/dev/mailbox.json`);
    if (!response.ok) throw new Error(`GET /dev/mailbox.json answered ${response.status}`);
    return (await response.json()) as Mail[];
  };

  const waitForMail = async (
    to: string,
    match: (mail: Mail) => boolean = () => true,
  ): Promise<Mail> => {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const found = (await mailbox()).find(
        (m) => m.to.toLowerCase().includes(to.toLowerCase()) && match(m),
      );
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail to ${to} arrived in 20 s`);
  };

  const server: TestServer = {
    baseURL,
    dataDir,
    mailbox,
    waitForMail,
    output: () => log,
    stop: async () => {
      liveServers.delete(server);
      await stop();
    },
  };
  liveServers.add(server);
  return server;
}

/** The first link in a mail whose URL contains `fragment` (e.g. 'verify-email', 'reset-password'). */
export function linkIn(mail: Mail, fragment: string): string {
  const link = mail.links.find((l) => l.includes(fragment));
  if (!link)
    throw new Error(
      `no link containing "${fragment}" in mail "${mail.subject}": ${mail.links.join(', ')}`,
    );
  return link;
}

/**
 * Creates a verified account through the real HTTP API (sign-up, then the emailed link), for tests
 * whose subject is not sign-up itself.
 */
export async function createVerifiedUser(
  server: TestServer,
  user: { email: string; password: string; name: string },
): Promise<void> {
  const response = await fetch(`${server.baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.baseURL },
    body: JSON.stringify({ ...user, callbackURL: '/auth?mode=signin&verified=1' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const mail = await server.waitForMail(user.email, (m) =>
    m.links.some((l) => l.includes('verify-email')),
  );
  const verify = await fetch(linkIn(mail, 'verify-email'), { redirect: 'manual' });
  if (verify.status >= 400) throw new Error(`verification failed: ${verify.status}`);
}
