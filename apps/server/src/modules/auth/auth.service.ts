import type { IncomingHttpHeaders } from 'node:http';
import type { ProfileRepository } from '../profile/profile.repository.ts';
import { createBetterAuth } from './auth.ts';
import type { AuthDeps, BetterAuthInstance } from './auth.ts';

/** The signed-in caller as our routes see it. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  sessionId: string;
}

export interface AuthService {
  /** Better Auth itself (mounted at /api/auth/* by auth.routes.ts). */
  betterAuth: BetterAuthInstance;
  googleEnabled: boolean;
  /** The caller of a request with these headers, or null when there is no valid session. */
  authenticate(headers: IncomingHttpHeaders | Headers): Promise<AuthUser | null>;
}

export function createAuthService(deps: AuthDeps): AuthService {
  const betterAuth = createBetterAuth(deps);
  return {
    betterAuth,
    googleEnabled: Boolean(deps.config.GOOGLE_CLIENT_ID && deps.config.GOOGLE_CLIENT_SECRET),
    authenticate: (headers) =>
      authenticate(betterAuth, deps.profiles, headers, deps.config.ADMIN_EMAILS),
  };
}

async function authenticate(
  betterAuth: BetterAuthInstance,
  profiles: ProfileRepository,
  headers: IncomingHttpHeaders | Headers,
  adminEmails: string[],
): Promise<AuthUser | null> {
  const webHeaders = headers instanceof Headers ? headers : toWebHeaders(headers);
  if (!webHeaders.get('cookie')) return null;
  // Goes through Better Auth's hooks, so idle and absolute expiry apply exactly as for /get-session.
  const result = await betterAuth.api.getSession({ headers: webHeaders });
  if (!result) return null;
  let profile = await profiles.findById(result.user.id);
  if (!profile) {
    // The user-create hook normally made it; if that write was lost, make it now (idempotent).
    await profiles.create(
      {
        id: result.user.id,
        email: result.user.email.toLowerCase(),
        full_name: result.user.name ?? '',
        avatar_url: result.user.image ?? null,
        is_admin: adminEmails.includes(result.user.email.toLowerCase()),
        locale: 'en',
      },
      new Date().toISOString(),
    );
    profile = await profiles.findById(result.user.id);
  }
  return {
    id: result.user.id,
    email: result.user.email,
    name: profile?.full_name ?? result.user.name,
    isAdmin: profile?.is_admin ?? false,
    sessionId: result.session.id,
  };
}

/** Node's header object as a fetch `Headers` (multi-valued headers joined as the spec says). */
export function toWebHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out.set(key, Array.isArray(value) ? value.join(key === 'cookie' ? '; ' : ', ') : value);
  }
  return out;
}
