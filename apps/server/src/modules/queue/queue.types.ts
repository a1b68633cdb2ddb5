/**
 * A durable job queue. The embedded implementation is a jobs table in the app database with
 * leases; the scale-out one is pg-boss. Handlers must be idempotent: a job whose worker died is
 * retried after its lease expires.
 */
export interface Job<T = unknown> {
  id: string;
  name: string;
  payload: T;
  attempt: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  /** Earliest run time (default: now). */
  runAt?: Date;
  /** Total attempts before the job is marked failed (default 3). */
  maxAttempts?: number;
  /** De-duplication key: a second job with the same name and key is not added while the first exists. */
  key?: string;
}

export interface JobQueue {
  enqueue<T>(name: string, payload: T, options?: EnqueueOptions): Promise<string>;
  /** Registers a handler; `concurrency` jobs of this name run at once in this process. */
  work<T>(name: string, handler: (job: Job<T>) => Promise<void>, options?: { concurrency?: number }): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
