// A worker script for worker-pool.test.ts: exercises the pool's mechanics (crash, hang, transfer)
// without image work. The product's script is restore.worker.ts.
import { parentPort, workerData } from 'node:worker_threads';

type Task = {
  action: 'echo' | 'progress' | 'crash' | 'throw' | 'hang' | 'fail' | 'prewarmed';
  bytes?: Uint8Array;
};

parentPort?.on('message', (task: Task) => {
  switch (task.action) {
    case 'echo': {
      const out = new Uint8Array(task.bytes ?? new Uint8Array());
      out.reverse();
      parentPort?.postMessage({ type: 'done', result: out }, [out.buffer]);
      return;
    }
    case 'progress':
      for (const f of [0.25, 0.5, 1]) parentPort?.postMessage({ type: 'progress', progress: f });
      parentPort?.postMessage({ type: 'done', result: 'ok' });
      return;
    case 'prewarmed':
      parentPort?.postMessage({ type: 'done', result: workerData?.prewarm === true });
      return;
    case 'crash':
      process.exit(3);
      return;
    case 'throw':
      setTimeout(() => {
        throw new Error('boom in worker');
      });
      return;
    case 'hang':
      for (;;) {
        // CPU-bound forever: only terminate() stops it.
      }
    case 'fail':
      parentPort?.postMessage({
        type: 'error',
        code: 'corrupt_input',
        message: 'The file is damaged.',
      });
      return;
  }
});
