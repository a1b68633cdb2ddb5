import { afterAll, beforeAll, expect, it } from 'vitest';
import { OffsetClock } from '../../src/lib/clock.ts';
import { signUpAndSignIn } from '../support/accounts.ts';
import type { TestBrowser } from '../support/http-client.ts';
import { mailFor } from '../support/http-client.ts';
import { createTestApp, describeEachDialect, TEST_PUBLIC_URL } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const DAY = 86_400_000;

interface Status {
  subscribed: boolean;
  subscription_tier: string | null;
  subscription_end: string | null;
  cancel_at_period_end: boolean;
  status: string | null;
}

describeEachDialect('billing through the sandbox', (dialect) => {
  const clock = new OffsetClock();
  let t: TestApp;
  let browser: TestBrowser;
  let userId: string;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({ dialect, clock });
    ({ browser, id: userId, email } = await signUpAndSignIn(t.app));
  });
  afterAll(() => t.close());

  const status = async () => (await browser.get('/api/billing/subscription')).json() as Status;
  /** Follows a checkout URL like a browser: opens the page, presses a button. */
  const checkout = async (plan: string, button: 'confirm' | 'abandon' = 'confirm') => {
    const res = await browser.post('/api/billing/checkout', { plan });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url as string);
    expect(url.origin).toBe(TEST_PUBLIC_URL);
    expect(url.pathname).toMatch(/^\/billing\/sandbox\/checkout\/cs_sbx_/);
    const page = await browser.get(url.pathname);
    expect(page.statusCode).toBe(200);
    const done = await browser.post(`${url.pathname}/${button}`, 'x=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(done.statusCode).toBe(303);
    return { page: page.body, redirect: done.headers.location as string };
  };

  it('lists the plans', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(res.json().plans).toEqual([
      { id: '1-month', price: 12, original_price: null, interval_months: 1, trial_days: 7 },
      { id: '3-months', price: 30, original_price: 36, interval_months: 3, trial_days: 7 },
      { id: '1-year', price: 99, original_price: 141, interval_months: 12, trial_days: 7 },
    ]);
  });

  it('refuses anonymous and malformed requests', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { plan: '1-month' },
    });
    expect(anon.statusCode).toBe(401);
    const bad = await browser.post('/api/billing/checkout', { plan: 'forever' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('plan must be one of 1-month, 3-months, 1-year');
    expect(await status()).toMatchObject({ subscribed: false, subscription_tier: null });
    expect((await browser.post('/api/billing/cancel')).statusCode).toBe(404);
  });

  it('abandoning checkout creates nothing', async () => {
    const { redirect } = await checkout('1-month', 'abandon');
    expect(redirect).toBe(`${TEST_PUBLIC_URL}/pricing?canceled=true`);
    expect((await status()).subscribed).toBe(false);
  });

  it('checkout page → confirm → trialing subscription with real dates and a welcome mail', async () => {
    const start = clock.now().getTime();
    const { page, redirect } = await checkout('3-months');
    expect(page).toContain('Sandbox: no card is charged');
    expect(page).toContain('$30 every 3 months');
    expect(page).toContain('7 days');
    expect(redirect).toBe(`${TEST_PUBLIC_URL}/pricing?success=true`);

    const s = await status();
    expect(s).toMatchObject({
      subscribed: true,
      subscription_tier: '3-months',
      status: 'trialing',
      cancel_at_period_end: false,
    });
    const end = new Date(s.subscription_end!).getTime();
    expect(end - start).toBeGreaterThanOrEqual(7 * DAY - 5_000);
    expect(end - start).toBeLessThanOrEqual(7 * DAY + 5_000);
    expect(await t.container.entitlements.isPremium(userId)).toBe(true);
    const [welcome] = await mailFor(t.app, email, 'welcome-trial');
    expect(welcome?.subject).toContain('free trial has started');

    const again = await browser.post('/api/billing/checkout', { plan: '1-year' });
    expect(again.statusCode).toBe(409);
  });

  it('announces the trial end once, three days ahead', async () => {
    clock.advance(4 * DAY + 60_000);
    await status();
    await status();
    const mails = await mailFor(t.app, email, 'trial-ending');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.links[0]).toBe(`${TEST_PUBLIC_URL}/profile`);
  });

  it('cancel keeps access until the period ends, then removes it', async () => {
    const before = await status();
    const res = await browser.post('/api/billing/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ period_end: before.subscription_end });
    expect(await status()).toMatchObject({ subscribed: true, cancel_at_period_end: true });
    expect(await t.container.entitlements.isPremium(userId)).toBe(true);

    clock.advance(3 * DAY);
    expect(await t.container.entitlements.isPremium(userId)).toBe(false);
    expect(await status()).toMatchObject({ subscribed: false, subscription_tier: null });
    const stored = await t.container.db.selectFrom('subscriptions').selectAll().execute();
    expect(stored.map((s) => s.status)).toEqual(['canceled']);
  });

  it('grants the trial only once per account, and renews a plan that is not cancelled', async () => {
    const { page } = await checkout('1-month');
    expect(page).toContain('this account already used its free trial');
    const s = await status();
    expect(s).toMatchObject({ subscribed: true, status: 'active', subscription_tier: '1-month' });

    clock.advance(32 * DAY);
    const renewed = await status();
    expect(renewed).toMatchObject({ subscribed: true, status: 'active' });
    expect(renewed.subscription_end! > s.subscription_end!).toBe(true);
  });

  it('the portal page cancels and resumes', async () => {
    const portal = await browser.post('/api/billing/portal', { locale: 'de' });
    const url = new URL(portal.json().url as string);
    expect(url.pathname).toBe('/billing/sandbox/portal');
    const page = await browser.get(`${url.pathname}${url.search}`);
    expect(page.body).toContain('Sandbox: es wird keine Karte belastet');
    const subId = /name="subscription" value="([^"]+)"/.exec(page.body)?.[1];
    expect(subId).toBeTruthy();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cancel = await browser.post(
      '/billing/sandbox/portal/cancel?locale=de',
      `subscription=${subId}`,
      form,
    );
    expect(cancel.statusCode).toBe(303);
    expect((await status()).cancel_at_period_end).toBe(true);
    const resume = await browser.post(
      '/billing/sandbox/portal/resume?locale=de',
      `subscription=${subId}`,
      form,
    );
    expect(resume.statusCode).toBe(303);
    expect((await status()).cancel_at_period_end).toBe(false);

    const stranger = await signUpAndSignIn(t.app);
    const theft = await stranger.browser.post(
      '/billing/sandbox/portal/cancel',
      `subscription=${subId}`,
      form,
    );
    expect(theft.statusCode).toBe(404);
    expect((await status()).cancel_at_period_end).toBe(false);
  });

  it('the admin premium flag also grants access', async () => {
    const other = await signUpAndSignIn(t.app);
    expect(await t.container.entitlements.isPremium(other.id)).toBe(false);
    await t.container.profiles.setPremium(other.id, true, new Date().toISOString());
    expect(await t.container.entitlements.isPremium(other.id)).toBe(true);
  });
});
