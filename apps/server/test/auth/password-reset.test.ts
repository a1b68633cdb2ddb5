import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { signUpAndSignIn } from '../support/accounts.ts';
import { TestBrowser, linkFrom, mailFor } from '../support/http-client.ts';
import { TEST_PUBLIC_URL, createTestApp, describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const NEW_PASSWORD = 'Flattened-pages-2026';

describeEachDialect('accounts: password reset', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Asks for a reset and follows the mailed link; returns where it lands. */
  async function requestResetLanding(email: string, redirectTo: string): Promise<URL> {
    const anonymous = new TestBrowser(t.app);
    const request = await anonymous.post('/api/auth/request-password-reset', { email, redirectTo });
    expect(request.statusCode).toBe(200);
    const link = await linkFrom(t.app, email, 'password-reset', '/api/auth/reset-password/');
    const landing = await anonymous.get(link);
    expect(landing.statusCode).toBe(302);
    return new URL(String(landing.headers.location), TEST_PUBLIC_URL);
  }

  it('resets by the mailed link once, refuses the old password and ends every old session', async () => {
    const { browser: laptop, email, password } = await signUpAndSignIn(t.app);
    const phone = new TestBrowser(t.app);
    expect((await phone.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);

    const landing = await requestResetLanding(email, '/de/auth?mode=reset');
    expect(landing.pathname).toBe('/de/auth');
    expect(landing.searchParams.get('mode')).toBe('reset');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();
    const [mail] = await mailFor(t.app, email, 'password-reset');
    expect(mail?.locale).toBe('de');

    const weak = await new TestBrowser(t.app).post('/api/auth/reset-password', {
      token,
      newPassword: 'weakweak',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('PASSWORD_TOO_WEAK');

    const reset = await new TestBrowser(t.app).post('/api/auth/reset-password', {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(await mailFor(t.app, email, 'password-changed')).toHaveLength(1);

    // Old sessions are gone on both devices.
    expect((await laptop.get('/api/profile')).statusCode).toBe(401);
    expect((await phone.get('/api/profile')).statusCode).toBe(401);

    // The old password is refused, the new one works.
    const fresh = new TestBrowser(t.app);
    expect((await fresh.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(401);
    expect(
      (await fresh.post('/api/auth/sign-in/email', { email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await fresh.get('/api/profile')).json().email).toBe(email);

    // The link works once.
    const again = await new TestBrowser(t.app).post('/api/auth/reset-password', {
      token,
      newPassword: 'Yet-another-password-9',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('expires the link after one hour', async () => {
    const { email } = await signUpAndSignIn(t.app);
    const anonymous = new TestBrowser(t.app);
    await anonymous.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth?mode=reset',
    });
    const link = await linkFrom(t.app, email, 'password-reset', '/api/auth/reset-password/');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    const landing = await anonymous.get(link);
    expect(landing.statusCode).toBe(302);
    const url = new URL(String(landing.headers.location), TEST_PUBLIC_URL);
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(url.searchParams.get('token')).toBeNull();
    const token = new URL(link).pathname.split('/').pop();
    const reset = await anonymous.post('/api/auth/reset-password', {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.json().code).toBe('INVALID_TOKEN');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = 'nobody-here@example.com';
    const response = await new TestBrowser(t.app).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth?mode=reset',
    });
    expect(response.statusCode).toBe(200);
    expect(await mailFor(t.app, email)).toEqual([]);
  });
});
