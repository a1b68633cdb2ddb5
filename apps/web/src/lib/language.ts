/** Languages the site is published in. English lives at unprefixed paths, the others under /<lang>. */
export const LANGUAGES = ['en', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'uncrumple.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Splits a pathname into its language prefix and the base path.
 * @example splitPath('/es/pricing') // { lang: 'es', basePath: '/pricing', prefixed: true }
 */
export function splitPath(pathname: string): {
  lang: Language;
  basePath: string;
  prefixed: boolean;
} {
  const match = /^\/(es|de)(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLanguage(match[1])) {
    return { lang: match[1], basePath: match[2] || '/', prefixed: true };
  }
  return { lang: DEFAULT_LANGUAGE, basePath: pathname || '/', prefixed: false };
}

/**
 * Puts a base path (which may carry ?query and #hash) under a language's prefix.
 * @example localizePath('/auth?mode=signup', 'de') // '/de/auth?mode=signup'
 */
export function localizePath(path: string, lang: Language): string {
  const base = path.startsWith('/') ? path : `/${path}`;
  if (lang === DEFAULT_LANGUAGE) return base;
  if (base === '/') return `/${lang}`;
  if (base.startsWith('/?') || base.startsWith('/#')) return `/${lang}${base.slice(1)}`;
  return `/${lang}${base}`;
}

/** Language for an unprefixed first visit: stored choice, then the browser's languages, then English. */
export function detectPreferredLanguage(
  storage: Pick<Storage, 'getItem'> | null,
  navigatorLanguages: readonly string[],
): Language {
  const stored = safeGet(storage);
  if (isLanguage(stored)) return stored;
  for (const tag of navigatorLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

export function storeLanguage(lang: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or disabled storage: the path still carries the language.
  }
}

function safeGet(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
