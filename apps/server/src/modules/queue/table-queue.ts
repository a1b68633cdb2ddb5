import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { JobsTable } from './queue.tables.ts';
import { PermanentJobError } from './queue.types.ts';
import type { EnqueueOptions, Job, JobQueue, WorkOptions } from './queue.types.ts';

export interface TableQueueOptions {
  /** How long a claimed job stays ours without renewal; renewed every third of it (default 30 s). */
  leaseMs?: number;
  /** Poll interval when nothing woke us (default 500 ms). */
  pollMs?: number;
  /** First retry delay, doubled per attempt (default 2 s), capped by maxBackoffMs (default 5 min). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

interface Registration {
  name: string;
  handler: (job: Job<unknown>) => Promise<void>;
  options: WorkOptions<unknown>;
  concurrency: number;
  inFlight: number;
  wake: (() => void) | null;
}

/** A job handed to a handler; `signal` fires when the queue stops (the job is put back). */
export interface RunningJob<T> extends Job<T> {
  signal: AbortSignal;
}

const INTERRUPTED =
  'Processing was interrupted too many times (the server restarted or a worker crashed). Please try again.';

/**
 * The embedded JobQueue: a `jobs` table in the app database. A claim is one atomic UPDATE that
 * takes the oldest runnable job (or one whose lease expired) and stamps a lease token; PostgreSQL
 * adds FOR UPDATE SKIP LOCKED so several processes can share the table. A job is finished only by
 * the holder of its token, so a worker that lost its lease cannot overwrite a newer attempt.
 */
export class TableJobQueue implements JobQueue {
  private readonly registrations = new Map<string, Registration>();
  private readonly active = new Set<Promise<void>>();
  private readonly loops: Promise<void>[] = [];
  private readonly stopController = new AbortController();
  private running = false;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly log: FastifyBaseLogger,
    options: TableQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 500;
    this.backoffMs = options.backoffMs ?? 2_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 300_000;
    // Every running job listens to this one signal.
    setMaxListeners(0, this.stopController.signal);
  }

  async enqueue<T>(name: string, payload: T, options: EnqueueOptions = {}): Promise<string> {
    const now = new Date().toISOString();
    const id = randomUUID();
    const key = options.key ?? null;
    try {
      await this.db
        .insertInto('jobs')
        .values({
          id,
          name,
          payload: JSON.stringify(payload ?? null),
          status: 'queued',
          key,
          attempts: 0,
          max_attempts: Math.max(1, options.maxAttempts ?? 3),
          run_at: (options.runAt ?? new Date()).toISOString(),
          created_at: now,
          updated_at: now,
        })
        .execute();
    } catch (err) {
      // The partial unique index on (name, key) for live jobs refused a duplicate.
      if (key === null || !isUniqueViolation(err)) throw err;
      const existing = await this.db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', name)
        .where('key', '=', key)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (existing) return existing.id;
      throw err;
    }
    this.wake(name);
    return id;
  }

  work<T>(
    name: string,
    handler: (job: RunningJob<T>) => Promise<void>,
    options: WorkOptions<T> = {},
  ): void {
    if (this.registrations.has(name)) throw new Error(`A handler for job "${name}" is registered`);
    const registration: Registration = {
      name,
      handler: handler as Registration['handler'],
      options: options as WorkOptions<unknown>,
      concurrency: Math.max(1, options.concurrency ?? 1),
      inFlight: 0,
      wake: null,
    };
    this.registrations.set(name, registration);
    if (this.running) this.loops.push(this.loop(registration));
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    for (const registration of this.registrations.values()) {
      this.loops.push(this.loop(registration));
    }
  }

  /** Stops claiming, aborts running handlers and waits for them; their jobs go back to the queue. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopController.abort();
    for (const registration of this.registrations.values()) registration.wake?.();
    await Promise.allSettled(this.loops);
    await Promise.allSettled([...this.active]);
  }

  /** Counts jobs by status, for health pages and tests. */
  async counts(name?: string): Promise<Record<string, number>> {
    let query = this.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('status');
    if (name) query = query.where('name', '=', name);
    const rows = await query.execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  /** Deletes finished jobs older than the cutoff (kept a while for diagnosis). */
  async purgeFinished(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed'])
      .where('updated_at', '<', before.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private wake(name: string): void {
    this.registrations.get(name)?.wake?.();
  }

  private async loop(registration: Registration): Promise<void> {
    while (this.running) {
      try {
        while (this.running && registration.inFlight < registration.concurrency) {
          const row = await this.claim(registration.name);
          if (!row) break;
          registration.inFlight++;
          const task = this.execute(registration, row).finally(() => {
            registration.inFlight--;
            this.active.delete(task);
            registration.wake?.();
          });
          this.active.add(task);
        }
      } catch (err) {
        if (this.running) this.log.error({ err, job: registration.name }, 'job queue poll failed');
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.pollMs);
        function done() {
          clearTimeout(timer);
          registration.wake = null;
          resolve();
        }
        registration.wake = done;
      });
    }
  }

  private async claim(name: string): Promise<JobsTable | undefined> {
    const now = new Date();
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + this.leaseMs).toISOString();
    const token = randomUUID();
    const lock = sql.raw(this.dialect === 'postgres' ? 'for update skip locked' : '');
    const result = await sql<JobsTable>`
      update jobs
         set status = 'running', attempts = attempts + 1, locked_until = ${until},
             locked_by = ${token}, updated_at = ${nowIso}
       where id = (
         select id from jobs
          where name = ${name}
            and ((status = 'queued' and run_at <= ${nowIso})
              or (status = 'running' and locked_until < ${nowIso}))
          order by run_at, created_at
          limit 1
          ${lock})
      returning *`.execute(this.db);
    return result.rows[0];
  }

  private async execute(registration: Registration, row: JobsTable): Promise<void> {
    const token = row.locked_by ?? '';
    const job: RunningJob<unknown> = {
      id: row.id,
      name: row.name,
      payload: JSON.parse(row.payload) as unknown,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      signal: this.stopController.signal,
    };
    if (row.attempts > row.max_attempts) {
      // Its lease expired more often than it may be tried: a crash loop. Fail it for good.
      await this.finish(row.id, token, 'failed', INTERRUPTED);
      await this.notifyFailed(registration, job, INTERRUPTED);
      return;
    }
    const renew = setInterval(
      () => {
        const until = new Date(Date.now() + this.leaseMs).toISOString();
        this.db
          .updateTable('jobs')
          .set({ locked_until: until })
          .where('id', '=', row.id)
          .where('locked_by', '=', token)
          .execute()
          .catch((err: unknown) => this.log.warn({ err, jobId: row.id }, 'lease renewal failed'));
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    try {
      await registration.handler(job);
      await this.finish(row.id, token, 'done', null);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (this.stopController.signal.aborted) {
        // Shutting down: hand the job back untouched so the next start runs it.
        await this.release(row.id, token);
        return;
      }
      const permanent = err instanceof PermanentJobError;
      if (permanent || row.attempts >= row.max_attempts) {
        this.log.warn({ jobId: row.id, job: row.name, err }, 'job failed');
        await this.finish(row.id, token, 'failed', message);
        await this.notifyFailed(registration, job, message);
      } else {
        const delay = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (row.attempts - 1));
        this.log.info({ jobId: row.id, job: row.name, err, delay }, 'job failed; will retry');
        await this.db
          .updateTable('jobs')
          .set({
            status: 'queued',
            run_at: new Date(Date.now() + delay).toISOString(),
            last_error: message,
            locked_by: null,
            locked_until: null,
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', row.id)
          .where('locked_by', '=', token)
          .execute();
      }
    } finally {
      clearInterval(renew);
    }
  }

  private async finish(
    id: string,
    token: string,
    status: 'done' | 'failed',
    error: string | null,
  ): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .updateTable('jobs')
      .set({
        status,
        last_error: error,
        locked_by: null,
        locked_until: null,
        finished_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('locked_by', '=', token)
      .execute();
  }

  private async release(id: string, token: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'queued',
        attempts: eb('attempts', '-', 1),
        locked_by: null,
        locked_until: null,
        updated_at: new Date().toISOString(),
      }))
      .where('id', '=', id)
      .where('locked_by', '=', token)
      .execute();
  }

  private async notifyFailed(
    registration: Registration,
    job: Job<unknown>,
    message: string,
  ): Promise<void> {
    try {
      await registration.options.onFailed?.(job, message);
    } catch (err) {
      this.log.error({ err, jobId: job.id }, 'job onFailed hook failed');
    }
  }
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
