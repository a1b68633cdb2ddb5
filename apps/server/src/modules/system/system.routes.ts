import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Container } from '../../container.ts';

const advanceBody = z.strictObject({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 24 * 60 * 60 * 1000),
});

/** What the web app needs to know about this server's setup (no secrets). */
export function publicConfig(container: Container) {
  const { config } = container;
  return {
    googleEnabled: container.auth.googleEnabled,
    billing: config.stripe ? ('stripe' as const) : ('sandbox' as const),
    mail: config.SMTP_URL ? ('smtp' as const) : ('outbox' as const),
    devMailbox: !config.isProduction,
  };
}

export function registerSystem(app: FastifyInstance, container: Container): void {
  app.get('/api/config', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return publicConfig(container);
  });

  // Lets tests and the e2e suite move the server's clock forward; never present in production.
  const testClock = container.testClock;
  if (testClock && !container.config.isProduction) {
    app.get('/dev/clock', async () => ({
      now: testClock.now().toISOString(),
      offsetMs: testClock.offset,
    }));
    app.post('/dev/clock', async (request) => {
      const { advanceMs } = advanceBody.parse(request.body ?? {});
      testClock.advance(advanceMs);
      return { now: testClock.now().toISOString(), offsetMs: testClock.offset };
    });
  }
}
