import i18next from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from './language.ts';
import type { Language } from './language.ts';

/** Feature namespaces; each lives in src/i18n/locales/<lang>/<namespace>.json. */
export const NAMESPACES = [
  'common',
  'landing',
  'pricing',
  'auth',
  'contact',
  'legal',
  'app',
  'profile',
  'admin',
  'documents',
  'billing',
] as const;

// Each catalog becomes its own small chunk, fetched the first time a page needs it.
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*/*.json');

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogs[`../i18n/locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No catalog ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default as never),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export const i18n = i18next.createInstance();

export function initI18n(
  language: Language = DEFAULT_LANGUAGE,
  preload: readonly string[] = ['common'],
) {
  return i18n
    .use(lazyCatalogs)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      // Catalogs are complete in every language (src/i18n/catalogs.test.ts), so no fallback loads.
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...preload],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
}
