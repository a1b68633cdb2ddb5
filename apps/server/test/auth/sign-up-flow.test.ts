import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_PASSWORD, signUpAndSignIn, uniqueEmail } from '../support/accounts.ts';
import { TestBrowser, linkFrom, mailFor } from '../support/http-client.ts';
import { createTestApp, describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

describeEachDialect('accounts: sign-up, verification, sign-in, profile, sign-out', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { ADMIN_EMAILS: 'boss@example.com' } });
  });
  afterAll(() => t.close());

  it('runs the whole account flow over HTTP', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('ana');
    const signUp = await browser.post('/api/auth/sign-up/email', {
      email,
      password: TEST_PASSWORD,
      name: 'Ana Pérez',
      callbackURL: '/es/auth?mode=signin&verified=1',
    });
    expect(signUp.statusCode).toBe(200);
    expect(browser.sessionCookie()).toBeUndefined();

    // Unverified accounts cannot sign in with their password.
    const early = await browser.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    // ... and gets a fresh verification link for it.
    expect(await mailFor(t.app, email, 'verify-email')).toHaveLength(2);

    // The verification mail is in Spanish and its link returns to the Spanish sign-in page.
    const [mail] = await mailFor(t.app, email, 'verify-email');
    expect(mail?.locale).toBe('es');
    const link = await linkFrom(t.app, email, 'verify-email', '/api/auth/verify-email');
    const verified = await browser.get(link);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/es/auth?mode=signin&verified=1');

    const wrong = await browser.post('/api/auth/sign-in/email', {
      email,
      password: 'Not-the-password-1',
    });
    expect(wrong.statusCode).toBe(401);

    const signIn = await browser.post('/api/auth/sign-in/email', {
      email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy(); // plain http in tests; Secure behind https (see below)

    const profile = await browser.get('/api/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email,
      full_name: 'Ana Pérez',
      avatar_url: null,
      is_admin: false,
      is_premium: false,
    });
    const created = profile.json().created_at as string;
    expect(new Date(created).toISOString()).toBe(created);

    const renamed = await browser.patch('/api/profile', { full_name: '  Ana P. García ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ full_name: 'Ana P. García', email });
    const session = await browser.get('/api/auth/get-session');
    expect(session.json().user.name).toBe('Ana P. García');

    // Only full_name may change: any other field is refused and nothing is written.
    for (const body of [
      { full_name: 'X', email: 'evil@example.com' },
      { is_admin: true },
      { full_name: 42 },
    ]) {
      const refused = await browser.patch('/api/profile', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    expect((await browser.get('/api/profile')).json()).toMatchObject({
      email,
      full_name: 'Ana P. García',
      is_admin: false,
    });

    const signOut = await browser.post('/api/auth/sign-out', {});
    expect(signOut.statusCode).toBe(200);
    expect(browser.sessionCookie()).toBeUndefined();
    expect((await browser.get('/api/profile')).statusCode).toBe(401);
  });

  it('ends the session on the server at sign-out (a copied cookie stops working)', async () => {
    const { browser } = await signUpAndSignIn(t.app);
    const stolen = browser.cookieHeader();
    expect((await browser.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: stolen },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Please sign in to continue.' },
    });
  });

  it('issues a new session token at every sign-in', async () => {
    const { browser, email, password } = await signUpAndSignIn(t.app);
    const first = browser.sessionCookie();
    await browser.post('/api/auth/sign-in/email', { email, password });
    const second = browser.sessionCookie();
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('answers a sign-up for a registered email exactly like a new one', async () => {
    const { email } = await signUpAndSignIn(t.app);
    const again = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email,
      password: 'Another-password-77',
      name: 'Someone',
    });
    const fresh = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: 'Another-password-77',
      name: 'Someone',
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(Object.keys(again.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(again.json().user.emailVerified).toBe(false);
    // And the existing account is untouched: the old password still works.
    const b = new TestBrowser(t.app);
    expect(
      (await b.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('refuses weak passwords with every reason', async () => {
    const email = uniqueEmail('weak');
    const response = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email,
      password: 'short',
      name: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'PASSWORD_TOO_WEAK',
      message:
        'Password is too weak: Use at least 10 characters. Do not use only letters: add a digit or a symbol.',
      reasons: ['Use at least 10 characters.', 'Do not use only letters: add a digit or a symbol.'],
    });
    expect(await mailFor(t.app, email)).toEqual([]);
    const withEmail = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email,
      password: `${email.split('@')[0]}!9`,
      name: '',
    });
    expect(withEmail.json().message).toBe(
      'Password is too weak: Do not include your email address in the password.',
    );
    const digits = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: '98765432109876',
      name: '',
    });
    expect(digits.json()).toMatchObject({
      code: 'PASSWORD_TOO_WEAK',
      message: 'Password is too weak: Do not use only digits: add letters.',
    });
  });

  it('stores an empty full name as an empty string and promotes ADMIN_EMAILS at sign-up', async () => {
    const plain = await signUpAndSignIn(t.app, { name: '' });
    expect((await plain.browser.get('/api/profile')).json()).toMatchObject({
      full_name: '',
      is_admin: false,
    });
    const boss = await signUpAndSignIn(t.app, { email: 'Boss@Example.com' });
    expect((await boss.browser.get('/api/profile')).json()).toMatchObject({
      email: 'boss@example.com',
      is_admin: true,
    });
    const log = (await boss.browser.get(`/api/admin/audit-log?target=${boss.id}`)).json();
    expect(log.entries).toEqual([
      expect.objectContaining({
        actor_id: null,
        action: 'profile.grant_admin',
        details: { email: 'boss@example.com', from: false, to: true, via: 'ADMIN_EMAILS' },
      }),
    ]);
  });

  it('takes the locale from Accept-Language when the callback has no prefix', async () => {
    const email = uniqueEmail();
    await new TestBrowser(t.app).post(
      '/api/auth/sign-up/email',
      { email, password: TEST_PASSWORD, name: 'Jörg' },
      { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    );
    const [mail] = await mailFor(t.app, email, 'verify-email');
    expect(mail?.locale).toBe('de');
  });

  it('resends the verification mail to the language of the page asking for it', async () => {
    const email = uniqueEmail('resend');
    const browser = new TestBrowser(t.app);
    await browser.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: 'R' });
    const resend = await browser.post('/api/auth/send-verification-email', {
      email,
      callbackURL: '/de/auth?mode=signin&verified=1',
    });
    expect(resend.statusCode).toBe(200);
    const mails = await mailFor(t.app, email, 'verify-email');
    expect(mails.map((m) => m.locale)).toEqual(['de', 'en']);
    const link = mails[0]?.links.find((l) => l.includes('/api/auth/verify-email'));
    const verified = await browser.get(String(link));
    expect(verified.headers.location).toBe('/de/auth?mode=signin&verified=1');
    const signIn = await browser.post('/api/auth/sign-in/email', {
      email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses overlong names and keeps the profile in step with Better Auth name changes', async () => {
    const tooLong = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      name: 'x'.repeat(121),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      code: 'INVALID_NAME',
      message: 'Full name must be at most 120 characters.',
    });

    const { browser } = await signUpAndSignIn(t.app, { name: 'Old Name' });
    const renamed = await browser.post('/api/auth/update-user', {
      name: 'New Name',
      image: 'https://example.com/me.png',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await browser.get('/api/profile')).json()).toMatchObject({
      full_name: 'New Name',
      avatar_url: 'https://example.com/me.png',
    });
    const bad = await browser.post('/api/auth/update-user', { name: 'a\u0007b' });
    expect(bad.json().code).toBe('INVALID_NAME');
  });

  it('answers 401 on the profile when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });
});
