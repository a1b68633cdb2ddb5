import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Container } from '../../container.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../auth/require-user.ts';
import { PLAN_IDS } from './plans.ts';

const localeField = z.enum(['en', 'es', 'de']).optional();
const checkoutInput = z.object({
  plan: z.enum(PLAN_IDS, { error: `plan must be one of ${PLAN_IDS.join(', ')}` }),
  locale: localeField,
});
const localeInput = z.object({ locale: localeField }).default({});

/** The billing API (see API-CONTRACT.md) and the Stripe webhook. */
export async function registerBillingRoutes(
  app: FastifyInstance,
  container: Container,
): Promise<void> {
  const { billing } = container;
  const localeOf = async (request: FastifyRequest, userId: string, given?: string) =>
    given ?? (await container.profiles.localeOf(userId)) ?? 'en';

  app.get('/api/billing/plans', async () => billing.service.listPlans());

  app.post('/api/billing/checkout', async (request) => {
    const user = await requireUser(request);
    const input = checkoutInput.parse(request.body ?? {});
    return billing.service.checkout(
      user,
      input.plan,
      await localeOf(request, user.id, input.locale),
    );
  });

  app.get('/api/billing/subscription', async (request, reply) => {
    const user = await requireUser(request);
    reply.header('Cache-Control', 'no-store');
    return billing.service.status(user.id);
  });

  app.post('/api/billing/portal', async (request) => {
    const user = await requireUser(request);
    const input = localeInput.parse(request.body ?? {});
    return billing.service.portal(user, await localeOf(request, user.id, input.locale));
  });

  app.post('/api/billing/cancel', async (request) => {
    const user = await requireUser(request);
    return billing.service.cancel(user.id);
  });

  // Stripe signs the exact bytes it sent, so this route alone keeps the body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/billing/webhook', async (request) => {
      const stripe = billing.stripe;
      if (!stripe)
        throw new AppError(
          'not_found',
          'Stripe webhooks are not enabled: billing runs in the sandbox.',
        );
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
        throw new AppError('bad_request', 'Missing Stripe signature or body.');
      }
      let event;
      try {
        event = stripe.constructEvent(body, signature);
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'webhook signature rejected');
        throw new AppError('bad_request', 'Webhook signature verification failed.');
      }
      const outcome = await billing.events.processEvent(event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true, outcome };
    });
  });
}
