import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RootLayout, RouteError } from './layout.tsx';

// Every page is its own chunk; the landing page's first load only pulls the shell and its own code.
type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({
  Component: (await load()).default,
});

function pages(): RouteObject[] {
  return [
    { index: true, lazy: page(() => import('./routes/landing.tsx')) },
    { path: 'pricing', lazy: page(() => import('./routes/pricing.tsx')) },
    { path: 'auth', lazy: page(() => import('./routes/auth.tsx')) },
    { path: 'contact', lazy: page(() => import('./routes/contact.tsx')) },
    { path: 'privacy-policy', lazy: page(() => import('./routes/privacy-policy.tsx')) },
    { path: 'terms-of-service', lazy: page(() => import('./routes/terms-of-service.tsx')) },
    { path: 'app', lazy: page(() => import('./routes/app.tsx')) },
    { path: 'profile', lazy: page(() => import('./routes/profile.tsx')) },
    { path: 'admin', lazy: page(() => import('./routes/admin.tsx')) },
    { path: '*', lazy: page(() => import('./routes/not-found.tsx')) },
  ];
}

/** The same pages unprefixed (English), under /es and under /de. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: [...pages(), { path: 'es', children: pages() }, { path: 'de', children: pages() }],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
