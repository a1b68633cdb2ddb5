import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/http-client.ts';
import { createTestApp, describeEachDialect } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

const LIMIT = 3;

/** Sends `count` wrong sign-ins and returns their status codes. */
async function signInAttempts(
  t: TestApp,
  count: number,
  options: { remoteAddress: string; forwardedFor?: () => string },
): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) {
    const headers: Record<string, string> = options.forwardedFor
      ? { 'x-forwarded-for': options.forwardedFor() }
      : {};
    const browser = new TestBrowser(t.app, { remoteAddress: options.remoteAddress, headers });
    const response = await browser.post('/api/auth/sign-in/email', {
      email: 'someone@example.com',
      password: 'Wrong-password-123',
    });
    codes.push(response.statusCode);
  }
  return codes;
}

let n = 0;
const spoofed = () => `198.51.100.${(n = (n % 250) + 1)}`;

describeEachDialect('auth rate limits', (dialect) => {
  describe('without a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ dialect, env: { AUTH_RATE_LIMIT_MAX: String(LIMIT) } });
    });
    afterAll(() => t.close());

    it('limits sign-in per client address and says when to retry', async () => {
      const codes = await signInAttempts(t, LIMIT + 1, { remoteAddress: '10.1.0.1' });
      expect(codes).toEqual([401, 401, 401, 429]);
      const limited = await new TestBrowser(t.app, { remoteAddress: '10.1.0.1' }).post(
        '/api/auth/sign-in/email',
        { email: 'someone@example.com', password: 'Wrong-password-123' },
      );
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['x-retry-after'])).toBeGreaterThan(0);
      // Another client is not affected.
      expect(await signInAttempts(t, 1, { remoteAddress: '10.1.0.2' })).toEqual([401]);
    });

    it('ignores a spoofed X-Forwarded-For', async () => {
      const codes = await signInAttempts(t, LIMIT + 2, {
        remoteAddress: '10.2.0.1',
        forwardedFor: spoofed,
      });
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    });

    it('limits sign-up and password reset requests too', async () => {
      const signUps: number[] = [];
      const resets: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const b = new TestBrowser(t.app, { remoteAddress: '10.3.0.1' });
        signUps.push(
          (
            await b.post('/api/auth/sign-up/email', {
              email: `burst-${i}@example.com`,
              password: 'Crumpled-paper-42',
              name: '',
            })
          ).statusCode,
        );
        resets.push(
          (
            await b.post('/api/auth/request-password-reset', {
              email: `burst-${i}@example.com`,
              redirectTo: '/auth?mode=reset',
            })
          ).statusCode,
        );
      }
      expect(signUps).toEqual([200, 200, 200, 429]);
      expect(resets).toEqual([200, 200, 200, 429]);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        dialect,
        env: { AUTH_RATE_LIMIT_MAX: String(LIMIT), TRUST_PROXY: '10.9.0.1' },
      });
    });
    afterAll(() => t.close());

    it('keys the limit by the forwarded client address', async () => {
      const proxy = '10.9.0.1';
      expect(
        await signInAttempts(t, LIMIT + 1, {
          remoteAddress: proxy,
          forwardedFor: () => '203.0.113.7',
        }),
      ).toEqual([401, 401, 401, 429]);
      expect(
        await signInAttempts(t, 1, { remoteAddress: proxy, forwardedFor: () => '203.0.113.8' }),
      ).toEqual([401]);
      // A client that is not the trusted proxy cannot pick its address by header.
      expect(
        await signInAttempts(t, LIMIT + 1, { remoteAddress: '10.4.0.1', forwardedFor: spoofed }),
      ).toEqual([401, 401, 401, 429]);
    });
  });
});
