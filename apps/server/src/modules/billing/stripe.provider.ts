import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { PlanId } from './plans.ts';
import type { BillingProvider, ProviderEvent, ProviderSubscription } from './provider.types.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PlanId, string>;
  /** e.g. http://127.0.0.1:12111 to point the SDK at a local stand-in (tests). */
  apiBase?: string;
}

/** Stripe's UI languages we map ours to (Checkout and the portal are shown in the user's language). */
const stripeLocale = (locale: string) => (locale === 'es' || locale === 'de' ? locale : 'en');

/**
 * The Stripe provider: Checkout Sessions in subscription mode, the Billing Portal, and
 * cancel-at-period-end, with an idempotency key on every POST so a retried request never creates
 * a second customer, session or change.
 */
export function createStripeProvider(settings: StripeSettings): BillingProvider & {
  constructEvent(rawBody: Buffer, signature: string): ProviderEvent;
} {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Uncrumple' },
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
  const byPrice = new Map(
    Object.entries(settings.prices).map(([plan, price]) => [price, plan as PlanId]),
  );
  const key = (what: string) => ({ idempotencyKey: `${what}-${randomUUID()}` });

  return {
    kind: 'stripe',
    async createCustomer({ userId, email }) {
      // Keyed by user: two concurrent first checkouts still make one customer.
      const customer = await stripe.customers.create(
        { email, metadata: { user_id: userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: settings.prices[input.plan], quantity: 1 }],
          subscription_data: {
            metadata: { user_id: input.userId, plan: input.plan },
            ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
          },
          metadata: { user_id: input.userId, plan: input.plan },
          locale: stripeLocale(input.locale),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        key('checkout'),
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url };
    },
    async createPortal({ customerId, returnUrl, locale }) {
      const session = await stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: returnUrl, locale: stripeLocale(locale) },
        key('portal'),
      );
      return { url: session.url };
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const sub = await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: cancel },
        key(cancel ? 'cancel' : 'resume'),
      );
      return sub as unknown as ProviderSubscription;
    },
    async retrieveSubscription(subscriptionId) {
      return (await stripe.subscriptions.retrieve(
        subscriptionId,
      )) as unknown as ProviderSubscription;
    },
    planForPrice: (priceId) => byPrice.get(priceId) ?? null,
    constructEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(
        rawBody,
        signature,
        settings.webhookSecret,
      ) as unknown as ProviderEvent;
    },
  };
}
