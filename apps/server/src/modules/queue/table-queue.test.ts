import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDialect, openEmptyDatabase } from '../../../test/support/test-app.ts';
import type { Db, Dialect } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { PermanentJobError } from './queue.types.ts';
import { TableJobQueue } from './table-queue.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDialect('TableJobQueue', (dialect: Dialect) => {
  let handle: Db;
  let cleanup: () => Promise<void>;
  const queues: TableJobQueue[] = [];
  const makeQueue = (options = {}) => {
    const q = new TableJobQueue(handle.db, dialect, log, {
      pollMs: 50,
      backoffMs: 20,
      ...options,
    });
    queues.push(q);
    return q;
  };
  const job = (id: string) =>
    handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeEach(async () => {
    ({ handle, cleanup } = await openEmptyDatabase(dialect, 'queue-test'));
    await migrateToLatest(handle.db as never, dialect);
  });

  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
    await cleanup();
  });

  it('runs an enqueued job once with its payload and marks it done', async () => {
    const q = makeQueue({ pollMs: 60_000 });
    const seen: unknown[] = [];
    q.work<{ n: number }>('t.echo', async (j) => void seen.push(j.payload));
    await q.start();
    // The long poll interval proves the in-process wake-up on enqueue.
    const id = await q.enqueue('t.echo', { n: 7 });
    await until(async () => (await job(id)).status === 'done');
    expect(seen).toEqual([{ n: 7 }]);
    expect((await job(id)).attempts).toBe(1);
  });

  it('retries a failing job with backoff and keeps the last error', async () => {
    const q = makeQueue();
    let calls = 0;
    q.work('t.flaky', async () => {
      calls++;
      if (calls < 2) throw new Error('temporary glitch');
    });
    await q.start();
    const id = await q.enqueue('t.flaky', {});
    await until(async () => (await job(id)).status === 'done');
    const row = await job(id);
    expect(row.attempts).toBe(2);
    expect(row.last_error).toBeNull();
    expect(calls).toBe(2);
  });

  it('fails for good after max attempts with a readable message and calls onFailed once', async () => {
    const q = makeQueue();
    const failures: string[] = [];
    q.work(
      't.broken',
      async () => {
        throw new Error('The printer is on fire.');
      },
      { onFailed: async (_j, message) => void failures.push(message) },
    );
    await q.start();
    const id = await q.enqueue('t.broken', {}, { maxAttempts: 3 });
    await until(async () => (await job(id)).status === 'failed');
    // The row is marked failed first, then the hook runs: wait for the hook too.
    await until(() => failures.length > 0);
    const row = await job(id);
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBe('The printer is on fire.');
    expect(failures).toEqual(['The printer is on fire.']);
  });

  it('does not retry a permanent error', async () => {
    const q = makeQueue();
    let calls = 0;
    q.work('t.perm', async () => {
      calls++;
      throw new PermanentJobError('The file is damaged.');
    });
    await q.start();
    const id = await q.enqueue('t.perm', {}, { maxAttempts: 5 });
    await until(async () => (await job(id)).status === 'failed');
    expect(calls).toBe(1);
    expect((await job(id)).last_error).toBe('The file is damaged.');
  });

  it('runs a job whose worker died (expired lease) exactly once after restart', async () => {
    // A previous process claimed the job and vanished: status running, lease in the past.
    const id = await makeQueue().enqueue('t.crash', { doc: 1 });
    await handle.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 1,
        locked_by: 'dead-process',
        locked_until: new Date(Date.now() - 1000).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    let runs = 0;
    const a = makeQueue();
    const b = makeQueue();
    for (const q of [a, b]) q.work('t.crash', async () => void runs++);
    await Promise.all([a.start(), b.start()]);
    await until(async () => (await job(id)).status === 'done');
    await new Promise((r) => setTimeout(r, 200));
    expect(runs).toBe(1);
    expect((await job(id)).attempts).toBe(2);
  });

  it('keeps renewing the lease of a long job so no other process takes it', async () => {
    const a = makeQueue({ leaseMs: 150 });
    const b = makeQueue({ leaseMs: 150 });
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    for (const q of [a, b]) {
      q.work('t.long', async () => {
        runs++;
        await gate;
      });
    }
    await a.start();
    const id = await a.enqueue('t.long', {});
    await until(() => runs === 1);
    await b.start();
    await new Promise((r) => setTimeout(r, 600)); // four lease lengths
    expect(runs).toBe(1);
    release();
    await until(async () => (await job(id)).status === 'done');
    expect(runs).toBe(1);
  });

  it('fails a job whose lease expired more often than it may be tried', async () => {
    const id = await makeQueue().enqueue('t.loop', {}, { maxAttempts: 2 });
    await handle.db
      .updateTable('jobs')
      .set({ status: 'running', attempts: 2, locked_until: new Date(0).toISOString() })
      .where('id', '=', id)
      .execute();
    const failures: string[] = [];
    const q = makeQueue();
    let runs = 0;
    q.work('t.loop', async () => void runs++, {
      onFailed: async (_j, m) => void failures.push(m),
    });
    await q.start();
    await until(async () => (await job(id)).status === 'failed');
    await until(() => failures.length > 0);
    expect(runs).toBe(0);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/interrupted/);
  });

  it('shares jobs between two processes without running any twice', async () => {
    const a = makeQueue();
    const b = makeQueue();
    const seen: number[] = [];
    for (const q of [a, b]) {
      q.work<{ n: number }>(
        't.many',
        async (j) => {
          seen.push(j.payload.n);
          await new Promise((r) => setTimeout(r, 5));
        },
        { concurrency: 3 },
      );
    }
    await Promise.all([a.start(), b.start()]);
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => a.enqueue('t.many', { n })));
    await until(async () => (await a.counts('t.many')).done === 30);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(new Set(ids).size).toBe(30);
  });

  it('does not add a second live job with the same key', async () => {
    const q = makeQueue();
    const first = await q.enqueue('t.key', { a: 1 }, { key: 'doc-1' });
    const second = await q.enqueue('t.key', { a: 2 }, { key: 'doc-1' });
    expect(second).toBe(first);
    expect((await q.counts('t.key')).queued).toBe(1);
  });

  it('puts a running job back when stopped, so the next start runs it', async () => {
    const a = makeQueue();
    let started = false;
    a.work('t.stop', async (j) => {
      started = true;
      await new Promise<void>((_, reject) =>
        (j as { signal: AbortSignal }).signal.addEventListener('abort', () =>
          reject(new Error('aborted')),
        ),
      );
    });
    await a.start();
    const id = await a.enqueue('t.stop', {});
    await until(() => started);
    await a.stop();
    const row = await job(id);
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(0);
    const b = makeQueue();
    b.work('t.stop', async () => undefined);
    await b.start();
    await until(async () => (await job(id)).status === 'done');
  });
});
