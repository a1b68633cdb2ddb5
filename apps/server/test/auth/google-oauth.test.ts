import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGoogleStandIn } from '../support/google-stand-in.ts';
import type { GoogleStandIn } from '../support/google-stand-in.ts';
import { TestBrowser } from '../support/http-client.ts';
import { TEST_PUBLIC_URL, createTestApp, describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const client = {
  clientId: 'uncrumple-test.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-test-secret',
};

describeEachDialect('Google sign-in through a local stand-in for Google', (dialect) => {
  let t: TestApp;
  let google: GoogleStandIn;
  let restoreFetch: () => void;
  beforeAll(async () => {
    google = await startGoogleStandIn(client);
    restoreFetch = google.interceptFetch();
    t = await createTestApp({
      dialect,
      env: { GOOGLE_CLIENT_ID: client.clientId, GOOGLE_CLIENT_SECRET: client.clientSecret },
    });
  });
  afterAll(async () => {
    restoreFetch();
    await t.close();
    await google.close();
  });

  /** Starts sign-in, lets the "user" consent at the stand-in and returns the callback URL. */
  async function consent(browser: TestBrowser, callbackURL: string): Promise<string> {
    const start = await browser.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL,
    });
    expect(start.statusCode).toBe(200);
    const { url, redirect } = start.json() as { url: string; redirect: boolean };
    expect(redirect).toBe(true);
    const authUrl = new URL(url);
    expect(authUrl.origin).toBe('https://accounts.google.com');
    expect(authUrl.searchParams.get('redirect_uri')).toBe(
      `${TEST_PUBLIC_URL}/api/auth/callback/google`,
    );
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    // The browser visits Google (here: the stand-in), which redirects back with a code.
    const atGoogle = await fetch(google.rewrite(url), { redirect: 'manual' });
    expect(atGoogle.status).toBe(302);
    return String(atGoogle.headers.get('location'));
  }

  it('reports Google as enabled', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().googleEnabled).toBe(true);
  });

  it('signs a new user in: code, token, signed id_token, profile created', async () => {
    google.nextUser = {
      sub: '1111',
      email: 'Gabi@Gmail.example',
      email_verified: true,
      name: 'Gabi Google',
      picture: 'https://lh3.googleusercontent.example/a/gabi.png',
    };
    const browser = new TestBrowser(t.app);
    const callback = await consent(browser, '/es/app');
    expect(callback.startsWith(`${TEST_PUBLIC_URL}/api/auth/callback/google?code=`)).toBe(true);

    const landed = await browser.get(callback);
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe('/es/app');
    expect(browser.sessionCookie()).toBeDefined();
    expect(google.requests).toContain('POST oauth2.googleapis.com /token');

    const profile = await browser.get('/api/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: 'gabi@gmail.example',
      full_name: 'Gabi Google',
      avatar_url: 'https://lh3.googleusercontent.example/a/gabi.png',
      is_admin: false,
    });

    // Signing in again reuses the same account.
    const again = new TestBrowser(t.app);
    await again.get(await consent(again, '/app'));
    expect((await again.get('/api/profile')).json().id).toBe(profile.json().id);
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    google.nextUser = { ...google.nextUser, sub: '2222', email: 'mallory@gmail.example' };
    const victim = new TestBrowser(t.app);
    const callback = await consent(new TestBrowser(t.app), '/app');
    const landed = await victim.get(callback);
    expect(landed.statusCode).toBe(302);
    expect(String(landed.headers.location)).toContain('error=');
    expect(victim.sessionCookie()).toBeUndefined();
  });

  it('refuses a replayed authorization code', async () => {
    google.nextUser = { ...google.nextUser, sub: '3333', email: 'replay@gmail.example' };
    const browser = new TestBrowser(t.app);
    const callback = await consent(browser, '/app');
    expect((await browser.get(callback)).headers.location).toBe('/app');
    const replay = new TestBrowser(t.app);
    for (const [name, value] of browser.cookies)
      if (!name.endsWith('session_token')) replay.cookies.set(name, value);
    const second = await replay.get(callback);
    expect(String(second.headers.location)).toContain('error=');
    expect(replay.sessionCookie()).toBeUndefined();
  });

  it('accepts a Google id_token only when signed by the published key', async () => {
    const user = {
      ...google.nextUser,
      sub: '4444',
      email: 'onetap@gmail.example',
      name: 'One Tap',
    };
    const forged = new TestBrowser(t.app);
    const refused = await forged.post('/api/auth/sign-in/social', {
      provider: 'google',
      idToken: { token: await google.issueIdToken(user, { forged: true }) },
    });
    expect(refused.statusCode).toBe(401);
    expect(forged.sessionCookie()).toBeUndefined();
    expect(google.requests).toContain('GET www.googleapis.com /oauth2/v3/certs');

    const genuine = new TestBrowser(t.app);
    const accepted = await genuine.post('/api/auth/sign-in/social', {
      provider: 'google',
      idToken: { token: await google.issueIdToken(user) },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await genuine.get('/api/profile')).json().email).toBe('onetap@gmail.example');
  });
});

describeEachDialect('Google sign-in when not configured', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('says so in /api/config and in the social endpoint', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().googleEnabled).toBe(
      false,
    );
    const response = await new TestBrowser(t.app).post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/app',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('PROVIDER_NOT_FOUND');
  });
});
