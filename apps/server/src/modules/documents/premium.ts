import { AppError } from '../../lib/app-error.ts';

export const PREMIUM_REQUIRED = 'Premium subscription required to uncrumple documents';

/** Whether the user may process documents, read fresh from the database on every call. */
export type PremiumCheck = (userId: string) => Promise<boolean>;

export async function assertPremium(check: PremiumCheck, userId: string): Promise<void> {
  if (!(await check(userId))) throw new AppError('premium_required', PREMIUM_REQUIRED);
}
