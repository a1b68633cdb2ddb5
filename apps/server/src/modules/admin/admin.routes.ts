import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Container } from '../../container.ts';
import { requireAdmin } from '../auth/require-user.ts';
import { createAdminService } from './admin.service.ts';
import { createAuditLogRepository } from './audit-log.repository.ts';

const listQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const idParams = z.strictObject({ id: z.string().min(1).max(200) });
const premiumBody = z.strictObject({
  is_premium: z.boolean({ error: 'is_premium must be true or false' }),
});
const auditQuery = z.strictObject({
  target: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** Admin endpoints: 401 when signed out, 403 unless profiles.is_admin. */
export function registerAdmin(app: FastifyInstance, container: Container): void {
  const audit = createAuditLogRepository(container.db);
  const service = createAdminService({
    profiles: container.profiles,
    audit,
    clock: container.clock,
  });

  app.get('/api/admin/profiles', async (request) => {
    await requireAdmin(request);
    return service.listProfiles(listQuery.parse(request.query));
  });

  app.patch('/api/admin/profiles/:id', async (request) => {
    const admin = await requireAdmin(request);
    const { id } = idParams.parse(request.params);
    const { is_premium } = premiumBody.parse(request.body ?? {});
    return service.setPremium(admin.id, id, is_premium);
  });

  app.get('/api/admin/audit-log', async (request) => {
    await requireAdmin(request);
    const { target, limit } = auditQuery.parse(request.query);
    return { entries: await audit.list({ targetId: target, limit }) };
  });
}
