import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container.ts';
import { registerBillingRoutes } from './billing.routes.ts';
import { registerSandboxRoutes } from './sandbox.routes.ts';

/** Billing API, the Stripe webhook, and the sandbox's pages when the sandbox is the provider. */
export async function registerBilling(app: FastifyInstance, container: Container): Promise<void> {
  await registerBillingRoutes(app, container);
  if (container.billing.sandbox)
    await registerSandboxRoutes(app, container, container.billing.sandbox);
}
