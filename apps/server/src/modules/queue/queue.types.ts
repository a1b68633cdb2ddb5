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

export interface WorkOptions<T> {
  /** Jobs of this name run at once in this process (default 1). */
  concurrency?: number;
  /** Called once when the job is marked failed for good (attempts used up or a permanent error). */
  onFailed?: (job: Job<T>, message: string) => Promise<void>;
}

/** Thrown by a handler when retrying cannot help (e.g. a damaged file); the message is kept. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface JobQueue {
  enqueue<T>(name: string, payload: T, options?: EnqueueOptions): Promise<string>;
  /** Registers a handler; `concurrency` jobs of this name run at once in this process. */
  work<T>(name: string, handler: (job: Job<T>) => Promise<void>, options?: WorkOptions<T>): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
