import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Container } from '../../container.ts';
import { requireUser } from '../auth/require-user.ts';
import { createProfileService } from './profile.service.ts';

/** Only the name can change here; email, roles and premium are not the caller's to set. */
const updateProfileBody = z.strictObject({
  full_name: z
    .string({ error: 'full_name must be a string' })
    .trim()
    .max(120, 'full_name must be at most 120 characters')
    .refine(
      (v) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127),
      'full_name must not contain control characters',
    ),
});

export function registerProfile(app: FastifyInstance, container: Container): void {
  const service = createProfileService({ profiles: container.profiles, clock: container.clock });

  app.get('/api/profile', async (request) => {
    const user = await requireUser(request);
    return service.get(user.id);
  });

  app.patch('/api/profile', async (request) => {
    const user = await requireUser(request);
    const body = updateProfileBody.parse(request.body ?? {});
    return service.updateFullName(user.id, body.full_name);
  });
}
