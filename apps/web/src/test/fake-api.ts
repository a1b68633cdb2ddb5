import { vi } from 'vitest';
import type { Profile } from '../lib/api.ts';

export type FakeRequest = { method: string; path: string; search: URLSearchParams; body: unknown };
export type FakeResponse = { status?: number; json?: unknown } | 'network-error';
type Handler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

let routes: Record<string, Handler> = {};
let calls: FakeRequest[] = [];

/**
 * Answers the browser's fetch calls the way our server does (same paths, status codes and bodies),
 * so component tests exercise the real API module and the real Better Auth client. Routes are
 * "METHOD /path"; anything else answers 404 like the server. Returns the list of requests made.
 */
export function fakeApi(next: Record<string, Handler>): FakeRequest[] {
  routes = next;
  calls = [];
  return calls;
}

/** Installed once (test/setup.ts): the Better Auth client keeps the fetch it was created with. */
export function installFakeFetch() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), window.location.origin);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const rawBody = init?.body ?? (request ? await request.clone().text() : undefined);
    const body = typeof rawBody === 'string' && rawBody ? JSON.parse(rawBody) : undefined;
    const call = { method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const answer: FakeResponse = handler
      ? await handler(call)
      : {
          status: 404,
          json: { error: { code: 'not_found', message: `No route for ${method} ${url.pathname}` } },
        };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.json === undefined ? null : JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

export const signedOut = { 'GET /api/auth/get-session': () => ({ json: null }) };

export function signedIn(profile: Partial<Profile> = {}) {
  const full = {
    id: 'u1',
    email: 'ada@example.com',
    full_name: 'Ada Lovelace',
    avatar_url: null,
    is_admin: false,
    is_premium: false,
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    ...profile,
  };
  return {
    'GET /api/auth/get-session': () => ({
      json: {
        session: { id: 's1', userId: full.id, expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: full.id, email: full.email, name: full.full_name, emailVerified: true },
      },
    }),
    'GET /api/profile': () => ({ json: full }),
  };
}
