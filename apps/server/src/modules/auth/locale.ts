import type { Locale } from '../mail/mail.types.ts';

const LOCALES: readonly Locale[] = ['en', 'es', 'de'];

/** The language of an app path: `/es/auth?...` → 'es', `/auth` → 'en'; null when not a path. */
export function localeFromPath(pathOrUrl: string | null | undefined): Locale | null {
  if (!pathOrUrl) return null;
  let pathname: string;
  try {
    pathname = new URL(pathOrUrl, 'http://x').pathname;
  } catch {
    return null;
  }
  const first = pathname.split('/')[1] ?? '';
  return first === 'es' || first === 'de' ? first : 'en';
}

/** The first supported language in an Accept-Language header (quality order). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { lang } of ranked) {
    if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  }
  return null;
}

/** The path prefix of a locale: '' for English, '/es' or '/de' otherwise. */
export function localePrefix(locale: Locale): string {
  return locale === 'en' ? '' : `/${locale}`;
}

/** The `callbackURL` query parameter of a Better Auth link (verification or reset). */
export function callbackOf(link: string): string | null {
  try {
    return new URL(link).searchParams.get('callbackURL');
  } catch {
    return null;
  }
}
