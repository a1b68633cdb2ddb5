import type { FastifyInstance } from 'fastify';
import { TestBrowser, linkFrom } from './http-client.ts';

export const TEST_PASSWORD = 'Crumpled-paper-42';

let counter = 0;

/** A unique email for this test run. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Signs a new user up through the real HTTP flow (sign-up → verification link from the outbox →
 * sign-in) and returns a browser holding the session cookie.
 *
 * @example
 * const { browser, id } = await signUpAndSignIn(t.app, { email: uniqueEmail() });
 * await browser.get('/api/profile');
 */
export async function signUpAndSignIn(
  app: FastifyInstance,
  options: { email?: string; password?: string; name?: string; remoteAddress?: string } = {},
): Promise<{ browser: TestBrowser; id: string; email: string; password: string }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const browser = new TestBrowser(app, { remoteAddress: options.remoteAddress });
  const signUp = await browser.post('/api/auth/sign-up/email', {
    email,
    password,
    name: options.name ?? 'Test User',
    callbackURL: '/auth?mode=signin&verified=1',
  });
  if (signUp.statusCode !== 200)
    throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const link = await linkFrom(app, email, 'verify-email', '/api/auth/verify-email');
  const verify = await browser.get(link);
  if (verify.statusCode !== 302)
    throw new Error(`verification failed: ${verify.statusCode} ${verify.body}`);
  const signIn = await browser.post('/api/auth/sign-in/email', { email, password });
  if (signIn.statusCode !== 200)
    throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const id = (signIn.json() as { user: { id: string } }).user.id;
  return { browser, id, email, password };
}
