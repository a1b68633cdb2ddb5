import type { RestoreProgress, RestoreTask, RestoreTaskResult } from './restore-task.ts';
import { WorkerPool, transferable } from './worker-pool.ts';
import type { RunOptions } from './worker-pool.ts';

/** The pool of threads that run the engine's restore(). */
export class RestorePool {
  private readonly pool: WorkerPool<RestoreTask, RestoreTaskResult, RestoreProgress>;

  constructor(options: {
    size: number;
    timeoutMs: number;
    maxMemoryMb?: number;
    /** start the threads now, each restoring a drawn page before its first document */
    prewarm?: boolean;
  }) {
    this.pool = new WorkerPool({
      script: new URL('./restore.worker.ts', import.meta.url),
      size: options.size,
      defaultTimeoutMs: options.timeoutMs,
      prewarm: options.prewarm ?? false,
      ...(options.maxMemoryMb
        ? { resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb } }
        : {}),
    });
  }

  get size(): number {
    return this.pool.size;
  }

  get load(): { running: number; waiting: number } {
    return this.pool.load;
  }

  /** Restores one document off the event loop; the input bytes are moved to the thread. */
  restore(
    task: RestoreTask,
    options: Omit<RunOptions<RestoreProgress>, 'transfer'> = {},
  ): Promise<RestoreTaskResult> {
    const input = transferable(task.input);
    return this.pool.run({ ...task, input }, { ...options, transfer: [input.buffer] });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
