import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ProfileRepository } from '../profile/profile.repository.ts';
import type { Profile, ProfilePage } from '../profile/profile.types.ts';
import type { AuditLogRepository } from './audit-log.repository.ts';

export interface AdminService {
  listProfiles(query: { q?: string; page: number; pageSize: number }): Promise<ProfilePage>;
  /** Sets is_premium and records who changed what in the audit log. */
  setPremium(actorId: string, profileId: string, isPremium: boolean): Promise<Profile>;
  /** Grants or revokes admin (CLI); `actorId` null means the command line. */
  setAdmin(actorId: string | null, email: string, isAdmin: boolean): Promise<Profile>;
}

export function createAdminService(deps: {
  profiles: ProfileRepository;
  audit: AuditLogRepository;
  clock: Clock;
}): AdminService {
  const { profiles, audit, clock } = deps;
  return {
    async listProfiles({ q, page, pageSize }) {
      const { items, total } = await profiles.list({ q, page, pageSize });
      return { items, total, page, pageSize };
    },
    async setPremium(actorId, profileId, isPremium) {
      const before = await profiles.findById(profileId);
      if (!before) throw new AppError('not_found', 'No user with this id.');
      const now = clock.now().toISOString();
      const after = await profiles.setPremium(profileId, isPremium, now);
      if (!after) throw new AppError('not_found', 'No user with this id.');
      await audit.record({
        actor_id: actorId,
        action: 'profile.set_premium',
        target_id: profileId,
        details: { email: before.email, from: before.is_premium, to: isPremium },
        created_at: now,
      });
      return after;
    },
    async setAdmin(actorId, email, isAdmin) {
      const before = await profiles.findByEmail(email);
      if (!before)
        throw new AppError(
          'not_found',
          `No user with the email ${email}. They must sign up first.`,
        );
      const now = clock.now().toISOString();
      const after = await profiles.setAdmin(before.id, isAdmin, now);
      if (!after) throw new AppError('not_found', `No user with the email ${email}.`);
      await audit.record({
        actor_id: actorId,
        action: isAdmin ? 'profile.grant_admin' : 'profile.revoke_admin',
        target_id: before.id,
        details: {
          email: before.email,
          from: before.is_admin,
          to: isAdmin,
          via: actorId ? 'api' : 'cli',
        },
        created_at: now,
      });
      return after;
    },
  };
}
