import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts.ts';
import type { TestBrowser } from '../support/http-client.ts';
import { mailFor } from '../support/http-client.ts';
import { createTestApp, describeEachDialect, TEST_PUBLIC_URL } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { StripeStandIn } from './stripe-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_test_uncrumple_0123456789';
const PRICES = { '1-month': 'price_1m', '3-months': 'price_3m', '1-year': 'price_1y' };
const stripe = new Stripe('sk_test_for_signing_only');
let eventCounter = 0;

interface Status {
  subscribed: boolean;
  subscription_tier: string | null;
  subscription_end: string | null;
  cancel_at_period_end: boolean;
  status: string | null;
}

describeEachDialect('billing with Stripe (real SDK against a local stand-in)', (dialect) => {
  const standIn = new StripeStandIn();
  let t: TestApp;

  beforeAll(async () => {
    await standIn.start();
    t = await createTestApp({
      dialect,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_uncrumple',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_1_MONTH: PRICES['1-month'],
        STRIPE_PRICE_3_MONTHS: PRICES['3-months'],
        STRIPE_PRICE_1_YEAR: PRICES['1-year'],
        STRIPE_API_BASE: standIn.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.stop();
  });

  /** Delivers an event the way Stripe does: JSON body, signed header. */
  const deliver = (
    type: string,
    object: unknown,
    options: { id?: string; created?: number } = {},
  ) => {
    const event = {
      id: options.id ?? `evt_test_${++eventCounter}_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      created: options.created ?? Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: '2025-10-29.clover',
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return {
      event,
      send: (overrides: { payload?: string; signature?: string } = {}) =>
        t.app.inject({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': overrides.signature ?? signature,
          },
          payload: overrides.payload ?? payload,
        }),
    };
  };

  const statusOf = async (browser: TestBrowser) =>
    (await browser.get('/api/billing/subscription')).json() as Status;

  /** Signs up, checks out, and has "Stripe" complete the checkout with its webhooks. */
  const subscribe = async (plan: keyof typeof PRICES = '1-month') => {
    const user = await signUpAndSignIn(t.app);
    const res = await user.browser.post('/api/billing/checkout', { plan });
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    const sessionId = url.split('/').pop()!;
    const { session, subscription } = standIn.completeCheckout(sessionId);
    expect((await deliver('customer.subscription.created', subscription).send()).statusCode).toBe(
      200,
    );
    expect((await deliver('checkout.session.completed', session).send()).statusCode).toBe(200);
    return { ...user, url, sessionId, subscriptionId: subscription.id as string };
  };

  describe('checkout', () => {
    it('creates a customer and a subscription-mode Checkout Session with the trial, keyed for idempotency', async () => {
      const user = await signUpAndSignIn(t.app);
      const res = await user.browser.post('/api/billing/checkout', {
        plan: '3-months',
        locale: 'es',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      const calls = standIn.requests.slice(-2);
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
        'POST /v1/customers',
        'POST /v1/checkout/sessions',
      ]);
      expect(calls[0]?.params).toMatchObject({ email: user.email, 'metadata[user_id]': user.id });
      expect(calls[0]?.authorization).toBe('Bearer sk_test_uncrumple');
      expect(calls[1]?.params).toMatchObject({
        mode: 'subscription',
        'line_items[0][price]': 'price_3m',
        'subscription_data[trial_period_days]': '7',
        'subscription_data[metadata][user_id]': user.id,
        client_reference_id: user.id,
        locale: 'es',
        success_url: `${TEST_PUBLIC_URL}/es/pricing?success=true`,
        cancel_url: `${TEST_PUBLIC_URL}/es/pricing?canceled=true`,
      });
      expect(calls.every((c) => c.idempotencyKey)).toBe(true);

      // A second checkout reuses the customer.
      await user.browser.post('/api/billing/checkout', { plan: '1-month' });
      expect(standIn.requests.at(-1)?.path).toBe('/v1/checkout/sessions');
      expect(standIn.requests.at(-1)?.params.customer).toBe(calls[1]?.params.customer);
    });

    it('a completed checkout grants premium, mails the welcome once, and refuses a second checkout', async () => {
      const user = await subscribe('1-year');
      expect(await statusOf(user.browser)).toMatchObject({
        subscribed: true,
        subscription_tier: '1-year',
        status: 'trialing',
        cancel_at_period_end: false,
      });
      expect(await t.container.entitlements.isPremium(user.id)).toBe(true);
      expect(await mailFor(t.app, user.email, 'welcome-trial')).toHaveLength(1);
      expect(
        (await user.browser.post('/api/billing/checkout', { plan: '1-month' })).statusCode,
      ).toBe(409);
    });
  });

  describe('webhooks', () => {
    it('refuses a bad signature or a tampered body and changes nothing', async () => {
      const user = await subscribe();
      const sub = standIn.update(user.subscriptionId, {
        status: 'canceled',
        canceled_at: Math.floor(Date.now() / 1000),
      });
      const { send, event } = deliver('customer.subscription.deleted', sub);
      const forged = await send({ signature: 't=1,v1=deadbeef' });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error.message).toBe('Webhook signature verification failed.');
      const tampered = await send({
        payload: JSON.stringify({ ...event, type: 'customer.subscription.updated' }),
      });
      expect(tampered.statusCode).toBe(400);
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      });
      expect(missing.statusCode).toBe(400);
      expect((await statusOf(user.browser)).subscribed).toBe(true);
      standIn.update(user.subscriptionId, { status: 'trialing', canceled_at: null });
    });

    it('ignores subscriptions of customers this app does not know', async () => {
      const foreign = {
        id: 'sub_foreign',
        object: 'subscription',
        customer: 'cus_made_in_dashboard',
        status: 'active',
        created: Math.floor(Date.now() / 1000),
        cancel_at_period_end: false,
        canceled_at: null,
        trial_end: null,
        metadata: {},
        items: {
          data: [{ current_period_start: 1, current_period_end: 2, price: { id: 'price_1m' } }],
        },
      };
      const res = await deliver('customer.subscription.created', foreign).send();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    });

    it('processes a replayed event once', async () => {
      const user = await subscribe();
      const { send } = deliver(
        'customer.subscription.trial_will_end',
        standIn.subscriptions.get(user.subscriptionId),
      );
      expect((await send()).json()).toEqual({ received: true, outcome: 'processed' });
      expect((await send()).json()).toEqual({ received: true, outcome: 'duplicate' });
      const mails = await mailFor(t.app, user.email, 'trial-ending');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Your free trial ends in 3 days');
    });

    it('ignores an older event that arrives after a newer one', async () => {
      const user = await subscribe();
      const base = Math.floor(Date.now() / 1000) + 100;
      const cancelled = standIn.update(user.subscriptionId, { cancel_at_period_end: true });
      const stale = { ...cancelled, cancel_at_period_end: false };
      await deliver('customer.subscription.updated', cancelled, { created: base + 20 }).send();
      await deliver('customer.subscription.updated', stale, { created: base + 10 }).send();
      expect((await statusOf(user.browser)).cancel_at_period_end).toBe(true);
      // A "created" event delivered last must not revive a deleted subscription either.
      const deleted = standIn.update(user.subscriptionId, {
        status: 'canceled',
        canceled_at: base,
      });
      await deliver('customer.subscription.deleted', deleted, { created: base + 30 }).send();
      await deliver(
        'customer.subscription.created',
        { ...deleted, status: 'trialing', canceled_at: null },
        { created: base + 31 },
      ).send();
      expect(await statusOf(user.browser)).toMatchObject({ subscribed: false, status: null });
    });

    it('asks the API for the truth when two events share a second', async () => {
      const user = await subscribe();
      const second = Math.floor(Date.now() / 1000) + 200;
      const current = standIn.update(user.subscriptionId, { cancel_at_period_end: true });
      await deliver('customer.subscription.updated', current, { created: second }).send();
      const before = standIn.requests.length;
      await deliver(
        'customer.subscription.updated',
        { ...current, cancel_at_period_end: false },
        { created: second },
      ).send();
      const fetched = standIn.requests.slice(before);
      expect(fetched.map((r) => `${r.method} ${r.path}`)).toEqual([
        `GET /v1/subscriptions/${user.subscriptionId}`,
      ]);
      expect((await statusOf(user.browser)).cancel_at_period_end).toBe(true);
    });

    it('a failed payment mails the user and past_due loses access', async () => {
      const user = await subscribe();
      standIn.update(user.subscriptionId, { status: 'past_due' });
      const invoice = {
        id: 'in_test_1',
        object: 'invoice',
        customer: standIn.subscriptions.get(user.subscriptionId)?.customer,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: user.subscriptionId },
        },
        attempt_count: 1,
      };
      expect((await deliver('invoice.payment_failed', invoice).send()).statusCode).toBe(200);
      const [mail] = await mailFor(t.app, user.email, 'payment-failed');
      expect(mail?.subject).toBe('Your payment failed');
      expect(mail?.links).toEqual([`${TEST_PUBLIC_URL}/profile`]);
      expect(await t.container.entitlements.isPremium(user.id)).toBe(false);
      expect(await statusOf(user.browser)).toMatchObject({
        subscribed: false,
        status: 'past_due',
        subscription_tier: '1-month',
      });
      const again = await user.browser.post('/api/billing/checkout', { plan: '1-month' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toMatch(/Update your payment method/);
    });
  });

  describe('account actions', () => {
    it('cancel-at-period-end keeps access until deleted, then removes it', async () => {
      const user = await subscribe();
      const res = await user.browser.post('/api/billing/cancel');
      expect(res.statusCode).toBe(200);
      const update = standIn.requests.at(-1)!;
      expect(`${update.method} ${update.path}`).toBe(
        `POST /v1/subscriptions/${user.subscriptionId}`,
      );
      expect(update.params).toEqual({ cancel_at_period_end: 'true' });
      expect(update.idempotencyKey).toBeTruthy();
      const end = standIn.subscriptions.get(user.subscriptionId) as {
        items: { data: Array<{ current_period_end: number }> };
      };
      expect(res.json()).toEqual({
        period_end: new Date(end.items.data[0]!.current_period_end * 1000).toISOString(),
      });
      expect(await statusOf(user.browser)).toMatchObject({
        subscribed: true,
        cancel_at_period_end: true,
      });
      expect(await t.container.entitlements.isPremium(user.id)).toBe(true);

      const deleted = standIn.update(user.subscriptionId, {
        status: 'canceled',
        canceled_at: Math.floor(Date.now() / 1000),
      });
      await deliver('customer.subscription.deleted', deleted, {
        created: Math.floor(Date.now() / 1000) + 400,
      }).send();
      expect(await t.container.entitlements.isPremium(user.id)).toBe(false);
      expect(await statusOf(user.browser)).toMatchObject({
        subscribed: false,
        subscription_tier: null,
      });
    });

    it('grants the trial only once per account', async () => {
      const user = await subscribe();
      const deleted = standIn.update(user.subscriptionId, {
        status: 'canceled',
        canceled_at: Math.floor(Date.now() / 1000),
      });
      await deliver('customer.subscription.deleted', deleted, {
        created: Math.floor(Date.now() / 1000) + 500,
      }).send();
      const again = await user.browser.post('/api/billing/checkout', { plan: '1-month' });
      expect(again.statusCode).toBe(200);
      const params = standIn.requests.at(-1)!.params;
      expect(params['line_items[0][price]']).toBe('price_1m');
      expect(params['subscription_data[trial_period_days]']).toBeUndefined();
    });

    it('opens the Billing Portal for the customer, returning to the profile', async () => {
      const user = await subscribe();
      const res = await user.browser.post('/api/billing/portal', { locale: 'de' });
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_/);
      const call = standIn.requests.at(-1)!;
      expect(call.path).toBe('/v1/billing_portal/sessions');
      expect(call.params.return_url).toBe(`${TEST_PUBLIC_URL}/de/profile`);
      expect(call.idempotencyKey).toBeTruthy();

      const stranger = await signUpAndSignIn(t.app);
      expect((await stranger.browser.post('/api/billing/portal')).statusCode).toBe(404);
    });

    it('sent an idempotency key with every POST', () => {
      expect(standIn.requests.filter((r) => r.method === 'POST').length).toBeGreaterThan(10);
      expect(standIn.postsWithoutIdempotencyKey()).toEqual([]);
    });
  });
});
