import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/require-user.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';
import type { ApiKeyDeps } from './api-keys.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** Personal API keys, managed with the session only (a key cannot mint or revoke keys). */
export function registerApiKeyRoutes(app: FastifyInstance, deps: ApiKeyDeps): void {
  app.get('/api/api-keys', async (request) => {
    const user = await requireUser(request);
    return { keys: await listApiKeys(deps, user.id) };
  });

  app.post('/api/api-keys', async (request, reply) => {
    const user = await requireUser(request);
    const created = await createApiKey(deps, user.id, request.body ?? {});
    return reply.status(201).header('Cache-Control', 'no-store').send(created);
  });

  app.delete('/api/api-keys/:id', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = idParams.parse(request.params);
    await revokeApiKey(deps, user.id, id);
    return reply.status(204).send();
  });
}
