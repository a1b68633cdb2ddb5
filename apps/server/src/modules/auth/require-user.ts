import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { AuthService, AuthUser } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the auth module; use `requireUser` / `requireAdmin` rather than this directly. */
    authService: AuthService;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

/** The signed-in caller or null; resolved once per request. */
export function currentUser(request: FastifyRequest): Promise<AuthUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = request.server.authService.authenticate(request.headers);
    resolved.set(request, pending);
  }
  return pending;
}

/**
 * The signed-in caller; otherwise 401 `unauthenticated`.
 *
 * @example
 * app.get('/api/things', async (request) => {
 *   const user = await requireUser(request);
 *   return listThings(user.id);
 * });
 */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await currentUser(request);
  if (!user) throw new AppError('unauthenticated', 'Please sign in to continue.');
  return user;
}

/** A signed-in administrator; 401 when signed out, 403 `forbidden` for everyone else. */
export async function requireAdmin(request: FastifyRequest): Promise<AuthUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new AppError('forbidden', 'This page is for administrators only.');
  return user;
}
