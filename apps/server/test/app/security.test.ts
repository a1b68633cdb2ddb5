import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts.ts';
import type { TestBrowser } from '../support/http-client.ts';
import { createTestApp, describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

describeEachDialect('HTTP hardening', (dialect) => {
  let t: TestApp;
  let user: TestBrowser;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'uncrumple-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Uncrumple SPA</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-3f2a.js'), 'console.log(1)');
    t = await createTestApp({
      dialect,
      webDistDir: dist,
      beforeReady: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('secret detail: connection string postgres://user:pw@db');
        });
      },
    });
    ({ browser: user } = await signUpAndSignIn(t.app));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('refuses state-changing requests with a session cookie from another site', async () => {
    const cookie = user.cookieHeader();
    for (const headers of [
      { cookie, origin: 'https://evil.example' },
      { cookie, referer: 'https://evil.example/page' },
      { cookie },
    ]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers,
        payload: { full_name: 'Hacked' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('cross_site_request');
    }
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(signOut.statusCode).toBe(403);
    // Nothing changed and the session is still alive.
    const profile = await user.get('/api/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().full_name).not.toBe('Hacked');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://*.googleusercontent.com",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers 500s without stack traces or internal details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(response.body).not.toMatch(/secret|postgres:|at .*\.ts/);
  });

  it('serves the SPA for unknown pages and JSON 404s for unknown API routes', async () => {
    for (const url of ['/', '/de/pricing', '/no/such/page', '/es/app?x=1']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('Uncrumple SPA');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });

  it('serves /api/config, /healthz and /readyz', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({
      googleEnabled: false,
      billing: 'sandbox',
      mail: 'outbox',
      devMailbox: true,
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      ok: true,
      db: 'ok',
    });
  });

  it('publishes sitemap.xml and robots.txt with absolute URLs', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/es/privacy-policy</loc>');
    expect(sitemap.body).toContain(
      'hreflang="x-default" href="http://localhost:3000/terms-of-service"',
    );
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /de/profile');
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('keeps the test clock off unless ENABLE_TEST_CLOCK', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/dev/clock',
      headers: { origin: 'http://localhost:3000' },
      payload: { advanceMs: 1000 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describeEachDialect('origins', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('accepts auth requests from the origin the server was addressed by, not from others', async () => {
    const { email, password } = await signUpAndSignIn(t.app);
    const asAddressed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      payload: { email, password },
    });
    expect(asAddressed.statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: '127.0.0.1:3000', origin: 'http://evil.example' },
      payload: { email, password },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.cookies).toEqual([]);
  });
});
