import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { localizePath, splitPath } from './language.ts';

/** The current page's language (from its path prefix) and a helper that keeps links under it. */
export function useLanguage() {
  const { pathname } = useLocation();
  const { lang, basePath } = splitPath(pathname);
  const localize = useCallback((path: string) => localizePath(path, lang), [lang]);
  return { lang, basePath, localize };
}
