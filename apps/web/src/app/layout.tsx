import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useRouteError } from 'react-router';
import { Footer } from '../components/layout/footer.tsx';
import { Header } from '../components/layout/header.tsx';
import { LoadingScreen } from '../components/ui/spinner.tsx';
import { storeLanguage, splitPath } from '../lib/language.ts';

/** Follows the path's language: i18n, <html lang> and the stored choice. */
function useLanguageSync() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const { lang } = splitPath(pathname);
  useEffect(() => {
    storeLanguage(lang);
    document.documentElement.lang = lang;
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, i18n]);
}

/** A new page starts at the top, and keyboard and screen-reader users start at its content. */
function useScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (shown.current === pathname) return; // the first page keeps the browser's own focus
    shown.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  const { t } = useTranslation();
  useLanguageSync();
  useScrollToTop();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" className="flex-1 focus:outline-none" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

const RELOAD_KEY = 'uncrumple.reloadedAt';

/** A page's code chunk is gone (a new version was deployed): reload once to get the new one. */
export function reloadOnceForNewVersion(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 30_000) return false;
    window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceForNewVersion();
  }, [error]);
  return (
    <div className="mx-auto max-w-lg px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
      <p className="mt-3 text-slate-700">{t('routeError.text')}</p>
      <button
        type="button"
        className="mt-6 font-semibold text-brand-800 underline"
        onClick={() => window.location.reload()}
      >
        {t('routeError.reload')}
      </button>
    </div>
  );
}
