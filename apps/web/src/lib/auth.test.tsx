import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn, signedOut } from '../test/fake-api.ts';
import { renderAt } from '../test/render.tsx';
import { AdminRoute, ProtectedRoute } from './auth.tsx';

function deferred() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { gate, release };
}

describe('ProtectedRoute', () => {
  it('shows Loading... while the session loads, then sends signed-out visitors to /auth, replacing history', async () => {
    const { gate, release } = deferred();
    fakeApi({ 'GET /api/auth/get-session': async () => (await gate, { json: null }) });
    const { router } = await renderAt('/app', <ProtectedRoute>secret app</ProtectedRoute>);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
    expect(screen.queryByText('secret app')).not.toBeInTheDocument();
    // Replaced: going back skips the guarded page.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/previous'));
  });

  it('keeps the language prefix when redirecting', async () => {
    fakeApi(signedOut);
    await renderAt('/de/profile', <ProtectedRoute>secret</ProtectedRoute>);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/de\/auth$/));
  });

  it('renders the page for a signed-in user', async () => {
    fakeApi(signedIn());
    await renderAt('/app', <ProtectedRoute>secret app</ProtectedRoute>);
    expect(await screen.findByText('secret app')).toBeInTheDocument();
  });
});

describe('AdminRoute', () => {
  it('sends a signed-in non-admin to the home page, replacing history', async () => {
    fakeApi(signedIn({ is_admin: false }));
    await renderAt('/es/admin', <AdminRoute>admin table</AdminRoute>);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/es$/));
    expect(screen.queryByText('admin table')).not.toBeInTheDocument();
  });

  it('shows Loading... while the profile loads, then the page for an admin', async () => {
    const { gate, release } = deferred();
    const admin = signedIn({ is_admin: true });
    const calls = fakeApi({
      ...admin,
      'GET /api/profile': async () => (await gate, admin['GET /api/profile']()),
    });
    await renderAt('/admin', <AdminRoute>admin table</AdminRoute>);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/profile')).toBe(true));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('admin table')).toBeInTheDocument();
  });

  it('sends signed-out visitors to /auth', async () => {
    fakeApi(signedOut);
    await renderAt('/admin', <AdminRoute>admin table</AdminRoute>);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });
});
