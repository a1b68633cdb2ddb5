import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ApiKeyRepository, ApiKeyRow } from './api-keys.repository.ts';

export interface ApiKeyDto {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

export interface ApiKeyDeps {
  repo: ApiKeyRepository;
  clock: Clock;
}

export const MAX_KEYS_PER_USER = 20;
const SECRET_PREFIX = 'uk_';
/** Shown in lists so people can tell keys apart; far too short to guess the rest from. */
const SHOWN_CHARS = 10;

export const createKeySchema = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(60, 'At most 60 characters'),
});

/** sha256 of the whole secret: what is stored; the secret itself never is. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function looksLikeApiKey(value: string): boolean {
  return /^uk_[A-Za-z0-9_-]{20,100}$/.test(value);
}

/** Creates a key; the secret is returned once and cannot be shown again. */
export async function createApiKey(
  deps: ApiKeyDeps,
  userId: string,
  input: unknown,
): Promise<{ key: ApiKeyDto; secret: string }> {
  const { name } = createKeySchema.parse(input);
  if ((await deps.repo.countActive(userId)) >= MAX_KEYS_PER_USER) {
    throw new AppError(
      'conflict',
      `You can have at most ${MAX_KEYS_PER_USER} API keys. Revoke one you no longer use.`,
    );
  }
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row: ApiKeyRow = {
    id: randomUUID(),
    user_id: userId,
    name,
    prefix: secret.slice(0, SHOWN_CHARS),
    hash: hashSecret(secret),
    created_at: deps.clock.now().toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await deps.repo.insert(row);
  return { key: toDto(row), secret };
}

export async function listApiKeys(deps: ApiKeyDeps, userId: string): Promise<ApiKeyDto[]> {
  return (await deps.repo.listActive(userId)).map(toDto);
}

export async function revokeApiKey(deps: ApiKeyDeps, userId: string, id: string): Promise<void> {
  const revoked = await deps.repo.revoke(id, userId, deps.clock.now().toISOString());
  if (!revoked) throw new AppError('not_found', 'API key not found.');
}

/** The owner of an active key, or null; records when it was last used. */
export async function authenticateApiKey(deps: ApiKeyDeps, secret: string): Promise<string | null> {
  if (!looksLikeApiKey(secret)) return null;
  const row = await deps.repo.findActiveByHash(hashSecret(secret));
  if (!row) return null;
  await deps.repo.touch(row.id, deps.clock.now().toISOString());
  return row.user_id;
}

function toDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}
