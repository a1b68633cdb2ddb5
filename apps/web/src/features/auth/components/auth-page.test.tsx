import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedOut } from '../../../test/fake-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { AuthPage } from './auth-page.tsx';

const config = (googleEnabled: boolean) => ({
  'GET /api/config': () => ({
    json: { googleEnabled, billing: 'sandbox', mail: 'outbox', devMailbox: true },
  }),
});

function renderAuth(path: string) {
  return renderAt(path, <AuthPage />, {
    routePath: path.split('?')[0]!.startsWith('/es') ? '/es/auth' : '/auth',
  });
}

describe('sign up', () => {
  async function fillSignUp(
    user: ReturnType<typeof userEvent.setup>,
    confirm = 'correct-horse-42',
  ) {
    await user.type(await screen.findByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await user.type(screen.getByLabelText('Confirm password'), confirm);
  }

  it('checks matching passwords and the terms before calling the server', async () => {
    const calls = fakeApi({ ...signedOut, ...config(false) });
    const user = userEvent.setup();
    await renderAuth('/auth?mode=signup');
    await fillSignUp(user, 'different-42');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(
      await screen.findByText('You must accept the Terms of Service to create an account.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('sign-up'))).toEqual([]);
  });

  it('requires every field', async () => {
    fakeApi({ ...signedOut, ...config(false) });
    const user = userEvent.setup();
    await renderAuth('/auth?mode=signup');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please fill in all required fields.')).toBeInTheDocument();
  });

  it('creates the account with a callback in the page language, then switches to sign in', async () => {
    const calls = fakeApi({
      ...signedOut,
      ...config(false),
      'POST /api/auth/sign-up/email': () => ({ json: { token: null, user: { id: 'u1' } } }),
    });
    const user = userEvent.setup();
    await renderAuth('/es/auth?mode=signup');
    await user.type(await screen.findByLabelText('Nombre completo'), 'Ada');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ada@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'correct-horse-42');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'correct-horse-42');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(
      await screen.findByText(
        '¡Cuenta creada correctamente! Revisa tu correo para verificar tu cuenta.',
      ),
    ).toBeInTheDocument();
    const signUp = calls.find((c) => c.path === '/api/auth/sign-up/email');
    expect(signUp?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct-horse-42',
      callbackURL: '/es/auth?mode=signin&verified=1',
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/es/auth?mode=signin'),
    );
  });

  it("shows the provider's error as it is", async () => {
    fakeApi({
      ...signedOut,
      ...config(false),
      'POST /api/auth/sign-up/email': () => ({
        status: 400,
        json: {
          code: 'PASSWORD_TOO_WEAK',
          message: 'Password is too weak: Use at least 10 characters.',
        },
      }),
    });
    const user = userEvent.setup();
    await renderAuth('/auth?mode=signup');
    await fillSignUp(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password is too weak: Use at least 10 characters.',
    );
  });

  it('opens the terms and privacy links in a new tab', async () => {
    fakeApi({ ...signedOut, ...config(false) });
    await renderAuth('/auth?mode=signup');
    const terms = await screen.findByRole('link', { name: 'Terms of Service' });
    expect(terms).toHaveAttribute('href', '/terms-of-service');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });
});

describe('sign in', () => {
  it('shows "Signing in..." and then goes to /app with the prefix kept', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    fakeApi({
      ...signedOut,
      ...config(true),
      'POST /api/auth/sign-in/email': async () => (
        await gate,
        { json: { token: 't', user: { id: 'u1' } } }
      ),
    });
    const user = userEvent.setup();
    await renderAuth('/es/auth');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ada@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'correct-horse-42');
    await user.click(screen.getAllByRole('button', { name: 'Iniciar sesión' }).at(-1)!);
    expect(await screen.findByRole('button', { name: 'Iniciando sesión...' })).toBeDisabled();
    release();
    expect(await screen.findByText('¡Sesión iniciada correctamente!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/es\/app$/));
  });

  it('offers to resend the verification mail for an unverified address', async () => {
    const calls = fakeApi({
      ...signedOut,
      ...config(false),
      'POST /api/auth/sign-in/email': () => ({
        status: 403,
        json: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
      }),
      'POST /api/auth/send-verification-email': () => ({ json: { status: true } }),
    });
    const user = userEvent.setup();
    await renderAuth('/auth?mode=signin');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await user.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Email not verified');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('We sent you a new verification email.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/send-verification-email')?.body).toEqual({
      email: 'ada@example.com',
      callbackURL: '/auth?mode=signin&verified=1',
    });
  });

  it('reflects the server config: Google disabled with a note', async () => {
    fakeApi({ ...signedOut, ...config(false) });
    await renderAuth('/auth');
    expect(
      await screen.findByText(
        'Google sign-in is not available on this server. Use your email instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  });

  it('shows the verified notice after the email link', async () => {
    fakeApi({ ...signedOut, ...config(true) });
    await renderAuth('/auth?mode=signin&verified=1');
    expect(
      await screen.findByText('Your email address is verified. You can sign in now.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled(),
    );
  });
});

describe('password reset', () => {
  it('requests a link ("Sending..."), then returns to sign in', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = fakeApi({
      ...signedOut,
      'POST /api/auth/request-password-reset': async () => (await gate, { json: { status: true } }),
    });
    const user = userEvent.setup();
    await renderAuth('/auth?mode=reset');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Password reset link sent to your email!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/request-password-reset')?.body).toEqual({
      email: 'ada@example.com',
      redirectTo: '/auth?mode=reset',
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/auth?mode=signin'),
    );
  });

  it('sets a new password from the reset link token', async () => {
    const calls = fakeApi({
      ...signedOut,
      'POST /api/auth/reset-password': () => ({ json: { status: true } }),
    });
    const user = userEvent.setup();
    await renderAuth('/auth?mode=reset&token=tok123');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass-1');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({
      newPassword: 'brand-new-pass-1',
      token: 'tok123',
    });
  });

  it('explains an expired or used link', async () => {
    fakeApi({ ...signedOut });
    await renderAuth('/auth?mode=reset&error=INVALID_TOKEN');
    expect(
      await screen.findByText(
        'This reset link is invalid or has expired. Please request a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeInTheDocument();
  });
});
