import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProfileRepository } from './profile.repository.ts';
import type { Profile } from './profile.types.ts';

export interface ProfileService {
  get(userId: string): Promise<Profile>;
  updateFullName(userId: string, fullName: string): Promise<Profile>;
}

export function createProfileService(deps: {
  profiles: ProfileRepository;
  clock: Clock;
}): ProfileService {
  const { profiles, clock } = deps;
  const missing = () =>
    new AppError('not_found', 'Your profile was not found. Please sign in again.');
  return {
    async get(userId) {
      return (await profiles.findById(userId)) ?? Promise.reject(missing());
    },
    async updateFullName(userId, fullName) {
      const updated = await profiles.updateFullName(userId, fullName, clock.now().toISOString());
      if (!updated) throw missing();
      return updated;
    },
  };
}
