import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api.ts';

/**
 * The product's error texts, readable: the server's sentence (never a JSON body) after the
 * status, a plain network message when the server cannot be reached.
 */
export function uploadErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('errors.network');
    return t('errors.http', { status: error.status, message: error.message });
  }
  return t('errors.failed');
}

export function downloadErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('errors.network');
    return t('errors.download', { status: error.status, message: error.message });
  }
  return t('errors.download', { status: '?', message: t('errors.failed') });
}

/** "in 23 h 5 min" style remaining time until `iso`, or null when it has passed. */
export function timeLeft(
  iso: string | null,
  now: number,
): { hours: number; minutes: number } | null {
  if (!iso) return null;
  const ms = Date.parse(iso) - now;
  if (!(ms > 0)) return null;
  const minutes = Math.ceil(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
