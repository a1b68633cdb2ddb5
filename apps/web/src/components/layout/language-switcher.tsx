import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANGUAGES, localizePath, splitPath, storeLanguage } from '../../lib/language.ts';
import { cn } from '../../lib/cn.ts';

/** Links to the same page (path, query and hash) under each language's prefix. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const { lang: current, basePath } = splitPath(pathname);
  return (
    <nav
      aria-label={t('nav.language')}
      className={cn(
        'flex items-center rounded-lg border border-slate-300 bg-white p-0.5',
        className,
      )}
    >
      {LANGUAGES.map((lang) => (
        <Link
          key={lang}
          to={localizePath(`${basePath}${search}${hash}`, lang)}
          hrefLang={lang}
          // Stored at the click, not when the page has rendered: a reload right after must keep it.
          onClick={() => storeLanguage(lang)}
          lang={lang}
          aria-current={lang === current ? 'true' : undefined}
          aria-label={t(`languages.${lang}`)}
          className={cn(
            'rounded-md px-2.5 py-1.5 text-xs font-bold uppercase tracking-wide',
            lang === current ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {lang}
        </Link>
      ))}
    </nav>
  );
}
