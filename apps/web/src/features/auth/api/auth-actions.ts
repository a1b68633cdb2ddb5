import { getAuthClient } from '../../../lib/auth-client.ts';

/** What a Better Auth call reports on failure: its code and the provider's own message. */
export type AuthFailure = {
  code?: string | undefined;
  message?: string | undefined;
  status?: number;
};
export type AuthResult = { ok: true } | { ok: false; error: AuthFailure };

function settle(result: {
  error: { code?: string; message?: string; status?: number } | null;
}): AuthResult {
  return result.error ? { ok: false, error: result.error } : { ok: true };
}

export async function signIn(email: string, password: string): Promise<AuthResult> {
  return settle(await (await getAuthClient()).signIn.email({ email, password }));
}

export async function signUp(input: {
  name: string;
  email: string;
  password: string;
  callbackURL: string;
}): Promise<AuthResult> {
  return settle(await (await getAuthClient()).signUp.email(input));
}

export async function requestPasswordReset(email: string, redirectTo: string): Promise<AuthResult> {
  return settle(await (await getAuthClient()).requestPasswordReset({ email, redirectTo }));
}

export async function resetPassword(newPassword: string, token: string): Promise<AuthResult> {
  return settle(await (await getAuthClient()).resetPassword({ newPassword, token }));
}

export async function resendVerification(email: string, callbackURL: string): Promise<AuthResult> {
  return settle(await (await getAuthClient()).sendVerificationEmail({ email, callbackURL }));
}

export async function signInWithGoogle(callbackURL: string): Promise<AuthResult> {
  return settle(await (await getAuthClient()).signIn.social({ provider: 'google', callbackURL }));
}
