import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { reloadOnceForNewVersion } from './app/layout.tsx';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { detectPreferredLanguage, localizePath, splitPath } from './lib/language.ts';
import './index.css';

// Language: the path prefix wins; an unprefixed first visit follows the stored choice or the browser.
const { lang: pathLang, basePath, prefixed } = splitPath(window.location.pathname);
let lang = pathLang;
if (!prefixed) {
  const preferred = detectPreferredLanguage(
    window.localStorage,
    navigator.languages ?? [navigator.language],
  );
  if (preferred !== pathLang) {
    lang = preferred;
    const { search, hash } = window.location;
    window.history.replaceState(null, '', localizePath(`${basePath}${search}${hash}`, preferred));
  }
}
document.documentElement.lang = lang;

// Preloaded chunks of an older build are gone after a deploy: fetch the new version once.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForNewVersion()) event.preventDefault();
});

void initI18n(lang).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createRouter()} />
      </AppProvider>
    </StrictMode>,
  );
});
