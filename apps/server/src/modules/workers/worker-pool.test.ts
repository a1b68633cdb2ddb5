import { afterEach, describe, expect, it } from 'vitest';
import {
  WorkerCrashedError,
  WorkerPool,
  WorkerTaskError,
  WorkerTimeoutError,
  defaultPoolSize,
  transferable,
} from './worker-pool.ts';

const script = new URL('./pool-test.worker.ts', import.meta.url);
type Task = { action: string; bytes?: Uint8Array };

describe('WorkerPool', () => {
  let pool: WorkerPool<Task, unknown, number>;
  afterEach(() => pool?.close());

  it('sizes itself to the CPU minus one, at least one', () => {
    expect(defaultPoolSize(1)).toBe(1);
    expect(defaultPoolSize(2)).toBe(1);
    expect(defaultPoolSize(8)).toBe(7);
  });

  it('moves input bytes to the thread without copying and gets the result back', async () => {
    pool = new WorkerPool({ script, size: 1, defaultTimeoutMs: 20_000 });
    const bytes = transferable(new Uint8Array([1, 2, 3, 4]));
    const result = pool.run({ action: 'echo', bytes }, { transfer: [bytes.buffer] });
    expect(bytes.byteLength).toBe(0); // detached: it was moved, not copied
    expect(Array.from((await result) as Uint8Array)).toEqual([4, 3, 2, 1]);
  });

  it('reports progress messages and expected errors', async () => {
    pool = new WorkerPool({ script, size: 1, defaultTimeoutMs: 20_000 });
    const seen: number[] = [];
    await expect(
      pool.run({ action: 'progress' }, { onProgress: (f) => seen.push(f) }),
    ).resolves.toBe('ok');
    expect(seen).toEqual([0.25, 0.5, 1]);
    const failed = pool.run({ action: 'fail' });
    await expect(failed).rejects.toBeInstanceOf(WorkerTaskError);
    await expect(failed).rejects.toThrow('The file is damaged.');
  });

  it('replaces a crashed thread: only its task fails and the next task runs', async () => {
    pool = new WorkerPool({ script, size: 1, defaultTimeoutMs: 20_000 });
    await expect(pool.run({ action: 'crash' })).rejects.toBeInstanceOf(WorkerCrashedError);
    await expect(pool.run({ action: 'throw' })).rejects.toThrow(/boom in worker/);
    await expect(pool.run({ action: 'progress' })).resolves.toBe('ok');
    expect(pool.threads).toBe(1);
  });

  it('kills a task that runs past its timeout and keeps serving', async () => {
    pool = new WorkerPool({ script, size: 1, defaultTimeoutMs: 20_000 });
    await expect(pool.run({ action: 'hang' }, { timeoutMs: 300 })).rejects.toBeInstanceOf(
      WorkerTimeoutError,
    );
    await expect(pool.run({ action: 'progress' })).resolves.toBe('ok');
  });

  it('starts its threads on first use, or all at once told to prepare when prewarmed', async () => {
    pool = new WorkerPool({ script, size: 2, defaultTimeoutMs: 20_000 });
    expect(pool.threads).toBe(0);
    await expect(pool.run({ action: 'prewarmed' })).resolves.toBe(false);
    await pool.close();
    pool = new WorkerPool({ script, size: 2, defaultTimeoutMs: 20_000, prewarm: true });
    expect(pool.threads).toBe(2);
    await expect(
      Promise.all([pool.run({ action: 'prewarmed' }), pool.run({ action: 'prewarmed' })]),
    ).resolves.toEqual([true, true]);
    // A thread replacing a crashed one starts for a waiting task: no preparing first.
    await expect(pool.run({ action: 'crash' })).rejects.toBeInstanceOf(WorkerCrashedError);
    const answers = await Promise.all([
      pool.run({ action: 'prewarmed' }),
      pool.run({ action: 'prewarmed' }),
    ]);
    expect(answers.sort()).toEqual([false, true]);
    expect(pool.threads).toBe(2);
  });

  it('aborts a running task and queues tasks beyond the pool size', async () => {
    pool = new WorkerPool({ script, size: 1, defaultTimeoutMs: 20_000 });
    const controller = new AbortController();
    const hung = pool.run({ action: 'hang' }, { signal: controller.signal });
    const next = pool.run({ action: 'progress' });
    expect(pool.load).toEqual({ running: 1, waiting: 1 });
    controller.abort(new Error('stop it'));
    await expect(hung).rejects.toThrow('stop it');
    await expect(next).resolves.toBe('ok');
  });
});
