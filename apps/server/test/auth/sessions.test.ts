import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { TEST_PASSWORD, signUpAndSignIn, uniqueEmail } from '../support/accounts.ts';
import { TestBrowser, linkFrom } from '../support/http-client.ts';
import { createTestApp, describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

describeEachDialect('sessions', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: { SESSION_IDLE_DAYS: '7', SESSION_MAX_AGE_DAYS: '30' },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const travel = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('ends a session left idle longer than SESSION_IDLE_DAYS', async () => {
    const { browser } = await signUpAndSignIn(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    travel(6 * DAY);
    expect((await browser.get('/api/profile')).statusCode).toBe(200);
    // Used on day 6, so it now lasts until day 13.
    travel(6 * DAY);
    expect((await browser.get('/api/profile')).statusCode).toBe(200);
    travel(8 * DAY);
    expect((await browser.get('/api/profile')).statusCode).toBe(401);
    expect((await browser.get('/api/auth/get-session')).json()).toBeNull();
  });

  it('ends even an active session SESSION_MAX_AGE_DAYS after sign-in', async () => {
    const { browser } = await signUpAndSignIn(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let day = 2; day <= 28; day += 2) {
      travel(2 * DAY);
      expect((await browser.get('/api/profile')).statusCode, `day ${day}`).toBe(200);
    }
    travel(3 * DAY);
    // Better Auth's other endpoints, our routes (requireUser) and /get-session all refuse it.
    const update = await browser.post('/api/auth/update-user', { name: 'Too late' });
    expect(update.statusCode).toBe(401);
    expect((await browser.get('/api/profile')).statusCode).toBe(401);
    expect((await browser.get('/api/auth/get-session')).json()).toBeNull();
  });
});

describeEachDialect('session cookies behind HTTPS', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { PUBLIC_URL: 'https://uncrumple.example' } });
  });
  afterAll(() => t.close());

  it('marks the session cookie Secure, httpOnly and SameSite=Lax', async () => {
    const email = uniqueEmail();
    const browser = new TestBrowser(t.app, { origin: 'https://uncrumple.example' });
    await browser.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: 'S' });
    const link = await linkFrom(t.app, email, 'verify-email', '/api/auth/verify-email');
    expect(link.startsWith('https://uncrumple.example/api/auth/verify-email?')).toBe(true);
    await browser.get(link);
    const signIn = await browser.post('/api/auth/sign-in/email', {
      email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.name.startsWith('__Secure-')).toBe(true);
    expect(signIn.headers['strict-transport-security']).toBeDefined();
  });
});
