import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { authenticateApiKey } from '../api-keys/api-keys.service.ts';
import type { ApiKeyDeps } from '../api-keys/api-keys.service.ts';
import { requireUser } from '../auth/require-user.ts';

/**
 * The user behind a documents request: a personal API key (`Authorization: Bearer uk_...` or
 * `x-api-key`) when one is sent, the session cookie otherwise. A wrong key is 401, never a
 * fallback to the cookie.
 */
export async function requireCaller(request: FastifyRequest, keys: ApiKeyDeps): Promise<string> {
  const secret = presentedKey(request);
  if (secret !== null) {
    const userId = await authenticateApiKey(keys, secret);
    if (!userId) throw new AppError('unauthenticated', 'The API key is invalid or was revoked.');
    return userId;
  }
  return (await requireUser(request)).id;
}

function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1]) return match[1];
  }
  const key = request.headers['x-api-key'];
  if (typeof key === 'string' && key.trim()) return key.trim();
  return null;
}
