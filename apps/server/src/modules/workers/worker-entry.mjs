// Plain-JS entry for pool threads: registers tsx's TypeScript loader in this thread, then loads
// the real worker script (a .ts file) named in workerData. No build step, as on the main thread.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.script);
