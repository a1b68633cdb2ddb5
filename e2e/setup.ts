import { beforeEach } from 'vitest';
import { liveServers } from './support/server.ts';

/** Server output shown with a failed test: at most this many of its last characters. */
const LOG_TAIL = 6000;

// A failed browser test shows what the server logged while it ran (a 500, a worker's crash, a
// slow start under load): without it a flake in a CI run leaves only the browser's side. The
// server's output comes through a pipe, so its first lines may still be the previous test's.
beforeEach((ctx) => {
  const marks = new Map([...liveServers].map((s) => [s, s.output().length]));
  ctx.onTestFailed(() => {
    for (const server of liveServers) {
      const log = server.output().slice(marks.get(server) ?? 0);
      if (!log.trim()) continue;
      const tail = log.length > LOG_TAIL ? `…${log.slice(-LOG_TAIL)}` : log;
      console.error(`server log (${server.baseURL}) since "${ctx.task.name}" began:\n${tail}`);
    }
  });
});
