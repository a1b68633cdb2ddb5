import os from 'node:os';
import { Worker } from 'node:worker_threads';

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

/** Messages a pool worker script posts back (see restore.worker.ts). */
export type WorkerMessage<R, P> =
  | { type: 'progress'; progress: P }
  | { type: 'done'; result: R }
  | { type: 'error'; code: string; message: string };

export interface RunOptions<P> {
  onProgress?: (progress: P) => void;
  /** Kills the thread and rejects with WorkerTimeoutError after this long (default: pool's). */
  timeoutMs?: number;
  /** Aborting kills the thread running the task (or drops it from the wait list). */
  signal?: AbortSignal;
  /** ArrayBuffers moved (not copied) to the thread; they are unusable here afterwards. */
  transfer?: ArrayBuffer[];
}

/** The task failed inside the worker with an expected, user-readable error. */
export class WorkerTaskError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

export class WorkerCrashedError extends Error {
  constructor(detail: string) {
    super(`The processing worker stopped unexpectedly (${detail}).`);
    this.name = 'WorkerCrashedError';
  }
}

export class WorkerTimeoutError extends Error {
  constructor(ms: number) {
    super(`Processing took longer than ${Math.round(ms / 1000)} seconds and was stopped.`);
    this.name = 'WorkerTimeoutError';
  }
}

export class PoolClosedError extends Error {
  constructor() {
    super('The server is shutting down.');
    this.name = 'PoolClosedError';
  }
}

export interface WorkerPoolOptions {
  /** Module the threads run; receives tasks via parentPort and answers WorkerMessage. */
  script: URL;
  size: number;
  defaultTimeoutMs: number;
  /** Extra resource limits per thread. */
  resourceLimits?: { maxOldGenerationSizeMb?: number };
  /**
   * Start every thread now rather than on first use, each told to prepare for work before its
   * first task (`workerData.prewarm`; the restore script restores a drawn page). Threads that
   * replace a crashed one start on demand, unprepared: a task is waiting for them.
   */
  prewarm?: boolean;
}

interface Slot {
  worker: Worker;
  busy: boolean;
}

interface Pending<T, R, P> {
  task: T;
  options: RunOptions<P>;
  resolve: (value: R) => void;
  reject: (err: Error) => void;
  onWaitingAbort: () => void;
}

/**
 * Default pool size: one thread per core minus one for the HTTP event loop, at least one
 * (so on a 2-core machine: 1 thread). WORKER_THREADS overrides it.
 */
export function defaultPoolSize(cpus = os.availableParallelism?.() ?? os.cpus().length): number {
  return Math.max(1, cpus - 1);
}

/**
 * A fixed pool of worker threads for CPU-heavy tasks, so image work never blocks the HTTP event
 * loop. One task per thread at a time; extra tasks wait in order. A thread that crashes, times
 * out or is aborted is terminated and replaced, and only its task fails.
 */
export class WorkerPool<T, R, P = unknown> {
  private readonly slots: Slot[] = [];
  private readonly waiting: Pending<T, R, P>[] = [];
  private closed = false;

  /** Threads start on first use (so an idle server or a test app costs no threads), or all at
   *  once with `prewarm`. */
  constructor(private readonly options: WorkerPoolOptions) {
    if (options.prewarm) {
      for (let i = 0; i < this.size; i++) this.slots.push(this.spawn(true));
    }
  }

  get size(): number {
    return Math.max(1, this.options.size);
  }

  /** Threads currently alive. */
  get threads(): number {
    return this.slots.length;
  }

  /** Tasks waiting for a free thread plus tasks running. */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.filter((s) => s.busy).length, waiting: this.waiting.length };
  }

  run(task: T, options: RunOptions<P> = {}): Promise<R> {
    if (this.closed) return Promise.reject(new PoolClosedError());
    return new Promise<R>((resolve, reject) => {
      if (options.signal?.aborted) return reject(abortError(options.signal));
      // While waiting for a thread, an abort just drops the task; start() swaps this listener
      // for one that stops the thread.
      const onWaitingAbort = () => {
        const index = this.waiting.indexOf(pending);
        if (index >= 0) {
          this.waiting.splice(index, 1);
          reject(abortError(options.signal));
        }
      };
      const pending: Pending<T, R, P> = { task, options, resolve, reject, onWaitingAbort };
      options.signal?.addEventListener('abort', onWaitingAbort, { once: true });
      this.waiting.push(pending);
      this.dispatch();
    });
  }

  /** Terminates every thread; waiting tasks are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(new PoolClosedError());
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(prewarm = false): Slot {
    // The entry registers tsx in the thread, then imports the .ts script (no build step).
    const worker = new Worker(ENTRY, {
      workerData: { script: this.options.script.href, prewarm },
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
    });
    // An idle thread must not keep the process alive.
    worker.unref();
    return { worker, busy: false };
  }

  private dispatch(): void {
    while (!this.closed) {
      if (
        this.waiting.length &&
        !this.slots.some((s) => !s.busy) &&
        this.slots.length < this.size
      ) {
        this.slots.push(this.spawn());
      }
      const slot = this.slots.find((s) => !s.busy);
      const pending = slot && this.waiting.shift();
      if (!slot || !pending) return;
      this.start(slot, pending);
    }
  }

  private start(slot: Slot, pending: Pending<T, R, P>): void {
    slot.busy = true;
    const { worker } = slot;
    worker.ref();
    const { options } = pending;
    options.signal?.removeEventListener('abort', pending.onWaitingAbort);
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs;
    let settled = false;

    const finish = (replace: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (replace) {
        void worker.terminate();
        const index = this.slots.indexOf(slot);
        // The replacement starts when the next task needs it.
        if (index >= 0) this.slots.splice(index, 1);
      } else {
        slot.busy = false;
        worker.unref();
      }
      outcome();
      this.dispatch();
    };

    const onMessage = (message: WorkerMessage<R, P>) => {
      if (message.type === 'progress') {
        options.onProgress?.(message.progress);
      } else if (message.type === 'done') {
        finish(false, () => pending.resolve(message.result));
      } else {
        finish(false, () => pending.reject(new WorkerTaskError(message.code, message.message)));
      }
    };
    const onError = (err: Error) =>
      finish(true, () => pending.reject(new WorkerCrashedError(err.message)));
    const onExit = (code: number) =>
      finish(true, () => pending.reject(new WorkerCrashedError(`exit code ${code}`)));
    const onAbort = () => finish(true, () => pending.reject(abortError(options.signal)));
    const timer = setTimeout(
      () => finish(true, () => pending.reject(new WorkerTimeoutError(timeoutMs))),
      timeoutMs,
    );

    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      worker.postMessage(pending.task, options.transfer ?? []);
    } catch (err) {
      finish(true, () => pending.reject(err instanceof Error ? err : new Error(String(err))));
    }
  }
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error('The task was cancelled.');
}

/**
 * A Uint8Array whose bytes can be transferred without moving unrelated memory: Node Buffers from
 * the shared pool are copied once, anything else is used as is.
 */
export function transferable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  ) {
    return bytes as Uint8Array<ArrayBuffer>;
  }
  return new Uint8Array(bytes);
}
