import type { Clock } from '../../lib/clock.ts';
import type { BillingRepository } from './billing.repository.ts';

export interface Entitlements {
  /**
   * Premium = the admin-set profiles.is_premium flag OR an active/trialing subscription whose
   * period has not ended by `clock`. Read from the database on every call, never cached, so a
   * cancellation, an expired period or an admin change applies to the very next request.
   */
  isPremium(userId: string): Promise<boolean>;
}

export function createEntitlements(deps: {
  repo: BillingRepository;
  clock: Clock;
  isFlaggedPremium(userId: string): Promise<boolean>;
  refresh(userId: string): Promise<void>;
}): Entitlements {
  return {
    async isPremium(userId) {
      if (await deps.isFlaggedPremium(userId)) return true;
      await deps.refresh(userId);
      return deps.repo.hasEntitledSubscription(userId, deps.clock.now().toISOString());
    },
  };
}
