import type { authClient as AuthClientInstance } from './better-auth-client.ts';

export type AuthClient = typeof AuthClientInstance;

let loading: Promise<AuthClient> | undefined;

/**
 * Better Auth's client for everything under /api/auth. It is loaded on first use so the landing
 * page's first load stays small (the header's session check pulls it in right after).
 */
export function getAuthClient(): Promise<AuthClient> {
  loading ??= import('./better-auth-client.ts').then((m) => m.authClient);
  return loading;
}
