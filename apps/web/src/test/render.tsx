import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProvider, createQueryClient } from '../app/provider.tsx';
import { i18n } from '../lib/i18n.ts';
import { splitPath } from '../lib/language.ts';

/** Shows where the router is, so tests can assert on redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `ui` at `path` inside the real providers (i18n, TanStack Query, toasts) and a memory
 * router; every other path renders a marker so redirects are visible.
 */
export async function renderAt(
  path: string,
  ui: ReactNode,
  { routePath = path.split('?')[0] } = {},
) {
  // The app's layout switches i18n to the path's language; without the layout, do it here.
  await i18n.changeLanguage(splitPath(path.split('?')[0] ?? '/').lang);
  const router = createMemoryRouter(
    [
      {
        path: routePath,
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: ['/previous', path], initialIndex: 1 },
  );
  const result = render(
    <AppProvider queryClient={createQueryClient({ retry: 0 })}>
      <Suspense fallback="suspended">
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>,
  );
  return { ...result, router };
}
