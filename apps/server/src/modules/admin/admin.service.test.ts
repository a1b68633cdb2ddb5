import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { OffsetClock } from '../../lib/clock.ts';
import type { ProfileRepository } from '../profile/profile.repository.ts';
import type { Profile } from '../profile/profile.types.ts';
import { createAdminService } from './admin.service.ts';
import type { AuditEntry, AuditLogRepository } from './audit-log.repository.ts';

function fakes() {
  const rows = new Map<string, Profile>();
  const audit: Omit<AuditEntry, 'id'>[] = [];
  const update = async (id: string, patch: Partial<Profile>, now: string) => {
    const row = rows.get(id);
    if (!row) return null;
    const next = { ...row, ...patch, updated_at: now };
    rows.set(id, next);
    return next;
  };
  const profiles = {
    findById: async (id: string) => rows.get(id) ?? null,
    findByEmail: async (email: string) =>
      [...rows.values()].find((p) => p.email === email.trim().toLowerCase()) ?? null,
    setPremium: (id: string, v: boolean, now: string) => update(id, { is_premium: v }, now),
    setAdmin: (id: string, v: boolean, now: string) => update(id, { is_admin: v }, now),
  } as unknown as ProfileRepository;
  const auditRepo: AuditLogRepository = {
    record: async (entry) => void audit.push(entry),
    list: async () => [],
  };
  rows.set('u1', {
    id: 'u1',
    email: 'ana@example.com',
    full_name: 'Ana',
    avatar_url: null,
    is_admin: false,
    is_premium: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
  const clock = new OffsetClock();
  return { service: createAdminService({ profiles, audit: auditRepo, clock }), audit, clock };
}

describe('admin service', () => {
  it('records who changed premium, from what to what, and when', async () => {
    const { service, audit, clock } = fakes();
    const updated = await service.setPremium('admin-1', 'u1', true);
    expect(updated.is_premium).toBe(true);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: 'admin-1',
      action: 'profile.set_premium',
      target_id: 'u1',
      details: { email: 'ana@example.com', from: false, to: true },
    });
    expect(Math.abs(Date.parse(audit[0]?.created_at ?? '') - clock.now().getTime())).toBeLessThan(
      1000,
    );
  });

  it('refuses unknown users without writing to the audit log', async () => {
    const { service, audit } = fakes();
    await expect(service.setPremium('admin-1', 'nope', true)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(service.setAdmin(null, 'ghost@example.com', true)).rejects.toBeInstanceOf(
      AppError,
    );
    expect(audit).toEqual([]);
  });

  it('grants admin by email from the CLI (no actor)', async () => {
    const { service, audit } = fakes();
    const profile = await service.setAdmin(null, ' ANA@example.com ', true);
    expect(profile.is_admin).toBe(true);
    expect(audit[0]).toMatchObject({ actor_id: null, action: 'profile.grant_admin' });
    expect(audit[0]?.details).toMatchObject({ via: 'cli' });
  });
});
