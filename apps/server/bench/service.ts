/**
 * npm run bench:service [-- --n 12 --width 1000 --threads <WORKER_THREADS> --warm-up on|off]
 *
 * Starts the real server (tsx src/main.ts) on a temporary data folder, makes a premium user
 * through the HTTP API, submits one document alone (the first after boot: with `--warm-up off`
 * its thread is cold), then N generated crumpled-document photos concurrently over HTTP, and
 * prints the first document's upload→done time, throughput (pages/min), p50/p95 upload→done
 * latency, the server's peak RSS and the /healthz p99 latency measured while the pool is busy.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateSample } from '@uncrumple/engine/synth';
import sharp from 'sharp';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '12' },
    width: { type: 'string', default: '1000' },
    threads: { type: 'string' },
    'warm-up': { type: 'string', default: 'on' },
  },
});
const WARM_UP = values['warm-up'] !== 'off';
const N = Math.max(1, Number(values.n));
const WIDTH = Math.max(200, Number(values.width));
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = 'bench-admin@example.com';
const USER = 'bench-user@example.com';
const PASSWORD = 'Crumpled-paper-42';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uncrumple-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: serverDir,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: ADMIN,
    MAX_IN_FLIGHT_PER_USER: String(Math.max(10, N)),
    AUTH_RATE_LIMIT_MAX: '0',
    ...(values.threads ? { WORKER_THREADS: values.threads } : {}),
    WORKER_WARM_UP: String(WARM_UP),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const cleanup = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanup);

try {
  await waitReady();
  const inputs = await makeInputs(N);
  const [firstInput] = await makeInputs(1, 100 + N);
  await signUp(ADMIN);
  await signUp(USER);
  const admin = await signIn(ADMIN);
  const cookie = await signIn(USER);
  await grantPremium(admin, USER);

  const first = await runOne(cookie, firstInput!, N);

  const health: number[] = [];
  let loading = true;
  const healthLoop = (async () => {
    while (loading) {
      const t0 = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
      health.push(performance.now() - t0);
      await sleep(50);
    }
  })();

  const start = performance.now();
  const results = await Promise.all(inputs.map((input, i) => runOne(cookie, input, i)));
  const elapsed = performance.now() - start;
  loading = false;
  await healthLoop;

  const failed = results.filter((r) => r.status !== 'done');
  const pages = results.reduce((sum, r) => sum + r.pages, 0);
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const peakRss = peakRssMb(child.pid!);
  const threads = values.threads ?? `default (${Math.max(1, os.availableParallelism() - 1)})`;

  console.log('');
  console.log(
    `bench:service — ${N} documents (${WIDTH}px crumpled photos, JPEG), worker threads: ${threads}, ${os.availableParallelism()} CPUs`,
  );
  console.log(
    `  first after boot       ${fmt(first.ms)}  (alone; worker warm-up ${WARM_UP ? 'on' : 'off'})`,
  );
  console.log(`  done / failed          ${results.length - failed.length} / ${failed.length}`);
  console.log(`  wall time              ${(elapsed / 1000).toFixed(1)} s`);
  console.log(`  throughput             ${((pages / elapsed) * 60_000).toFixed(1)} pages/min`);
  console.log(
    `  latency upload→done    p50 ${fmt(pct(latencies, 50))}  p95 ${fmt(pct(latencies, 95))}`,
  );
  console.log(`  server peak RSS        ${peakRss === null ? 'n/a' : `${peakRss.toFixed(0)} MB`}`);
  console.log(
    `  /healthz under load    p50 ${pct(
      health.sort((a, b) => a - b),
      50,
    ).toFixed(1)} ms  p99 ${pct(health, 99).toFixed(1)} ms  (${health.length} requests)`,
  );
  for (const f of failed) console.log(`  failed: ${f.status} ${f.error ?? ''}`);
} finally {
  cleanup();
}

async function runOne(
  cookie: string,
  input: Buffer,
  i: number,
): Promise<{ ms: number; pages: number; status: string; error: string | null }> {
  const t0 = performance.now();
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(input)], { type: 'image/jpeg' }), `doc-${i}.jpg`);
  const res = await fetch(`${base}/api/documents`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
  });
  if (res.status !== 202) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
  const [doc] = ((await res.json()) as { documents: Array<{ id: string }> }).documents;
  for (;;) {
    const state = (await (
      await fetch(`${base}/api/documents/${doc!.id}`, { headers: { cookie } })
    ).json()) as { status: string; page_count: number | null; error: string | null };
    if (state.status === 'done' || state.status === 'failed') {
      return {
        ms: performance.now() - t0,
        pages: state.page_count ?? 1,
        status: state.status,
        error: state.error,
      };
    }
    await sleep(200);
  }
}

async function makeInputs(count: number, firstSeed = 100): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const { photo } = await generateSample({
      seed: firstSeed + i,
      kind: 'letter',
      family: (['crumple', 'fold', 'curl', 'perspective'] as const)[i % 4]!,
      width: WIDTH,
    });
    out.push(
      await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
        .jpeg({ quality: 88 })
        .toBuffer(),
    );
  }
  return out;
}

async function signUp(email: string): Promise<void> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench', callbackURL: '/auth' }),
  });
  if (!res.ok) throw new Error(`sign-up ${email}: ${res.status} ${await res.text()}`);
  for (let i = 0; i < 100; i++) {
    const mails = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as Array<{
      to: string;
      links: string[];
    }>;
    const link = mails
      .find((m) => m.to.includes(email))
      ?.links.find((l) => l.includes('verify-email'));
    if (link) {
      await fetch(link.replace(/^https?:\/\/[^/]+/, base), { redirect: 'manual' });
      return;
    }
    await sleep(100);
  }
  throw new Error(`no verification mail for ${email}`);
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function grantPremium(adminCookie: string, email: string): Promise<void> {
  const list = await fetch(`${base}/api/admin/profiles?q=${encodeURIComponent(email)}`, {
    headers: { cookie: adminCookie },
  });
  const { items } = (await list.json()) as { items: Array<{ id: string }> };
  const res = await fetch(`${base}/api/admin/profiles/${items[0]!.id}`, {
    method: 'PATCH',
    headers: { cookie: adminCookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ is_premium: true }),
  });
  if (!res.ok) throw new Error(`grant premium: ${res.status} ${await res.text()}`);
}

async function waitReady(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('server did not start');
}

/** Peak resident set size of the server process (VmHWM), Linux only. */
function peakRssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function fmt(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
