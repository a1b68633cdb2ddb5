import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';

describe('ProfilePage', () => {
  it('edits the full name, keeps the email read-only and confirms the save', async () => {
    const session = signedIn({ full_name: 'Ada Lovelace' });
    const calls = fakeApi({
      ...session,
      'PATCH /api/profile': (r) => ({
        json: {
          ...(session['GET /api/profile']().json as object),
          full_name: (r.body as { full_name: string }).full_name,
        },
      }),
    });
    const user = userEvent.setup();
    await renderAt('/profile', <ProfilePage />);
    const name = await screen.findByLabelText('Full name');
    expect(name).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findAllByText('Profile updated successfully!')).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ full_name: 'Ada King' });
  });

  it("shows the server's error, or the fallback, when saving fails", async () => {
    fakeApi({
      ...signedIn(),
      'PATCH /api/profile': () => ({
        status: 400,
        json: { error: { code: 'validation_failed', message: 'full_name: Too long' } },
      }),
    });
    const user = userEvent.setup();
    await renderAt('/profile', <ProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect((await screen.findAllByText('full_name: Too long')).length).toBeGreaterThan(0);
  });

  it('says "Failed to fetch profile" when the profile cannot be loaded', async () => {
    fakeApi({
      ...signedIn(),
      'GET /api/profile': () => ({
        status: 500,
        json: { error: { code: 'internal', message: 'boom' } },
      }),
    });
    await renderAt('/profile', <ProfilePage />);
    expect(await screen.findByText('Failed to fetch profile')).toBeInTheDocument();
  });

  it('shows the upgrade card to free users and the Admin badge to admins', async () => {
    fakeApi(signedIn({ is_admin: true, is_premium: false }));
    await renderAt('/de/profile', <ProfilePage />, { routePath: '/de/profile' });
    expect(await screen.findByRole('link', { name: 'Tarife ansehen' })).toHaveAttribute(
      'href',
      '/de/pricing',
    );
    expect(screen.getAllByText('Administrator').length).toBeGreaterThan(0);
  });

  it('signs out and goes to the home page', async () => {
    const calls = fakeApi({
      ...signedIn({ is_premium: true }),
      'POST /api/auth/sign-out': () => ({ json: { success: true } }),
    });
    const user = userEvent.setup();
    await renderAt('/profile', <ProfilePage />);
    const signOut = await screen.findByRole('button', { name: 'Sign Out' });
    expect(await screen.findByText('Premium')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Plans' })).not.toBeInTheDocument();
    await user.click(signOut);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.some((c) => c.path === '/api/auth/sign-out')).toBe(true);
  });
});
