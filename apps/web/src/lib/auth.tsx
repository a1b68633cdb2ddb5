import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadingScreen } from '../components/ui/spinner.tsx';
import { api } from './api.ts';
import type { Profile } from './api.ts';
import { getAuthClient } from './auth-client.ts';
import { useLanguage } from './use-language.ts';

export const sessionKey = ['session'] as const;
export const profileKey = ['profile'] as const;

type SessionData = {
  user: { id: string; email: string; name: string };
  session: { id: string };
} | null;

/**
 * Reads Better Auth's session endpoint with our plain client: every page's header needs it, and the
 * Better Auth client (about 10 KB gzip) then loads only when someone signs in, up or out.
 */
async function fetchSession(): Promise<SessionData> {
  const session = (await api.get<SessionData>('/api/auth/get-session')) ?? null;
  if (session) signedOutAt = 0;
  return session;
}

// Set by signOut(): a protected page still on screen while the next page loads (a transition)
// must not send the user to /auth; they asked to leave, so they go home.
let signedOutAt = 0;
const justSignedOut = () => Date.now() - signedOutAt < 10_000;

/** The signed-in user's session (null when signed out). */
export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000 });
}

/** Our own profile record (is_admin, is_premium, full_name); only fetched while signed in. */
export function useProfile() {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const profile = useQuery({
    queryKey: profileKey,
    queryFn: () => api.get<Profile>('/api/profile'),
    enabled: signedIn,
    staleTime: 30_000,
  });
  return { session, profile, signedIn };
}

/** Drops every cached user-specific answer (after sign-in, sign-out). */
export function useResetUserData() {
  const client = useQueryClient();
  return async () => {
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    await client.invalidateQueries({ queryKey: sessionKey });
  };
}

/** Ends the session on the server; callers then reset cached user data. */
export async function signOut(): Promise<boolean> {
  const client = await getAuthClient();
  const { error } = await client.signOut();
  if (!error) signedOutAt = Date.now();
  return !error;
}

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const session = useSession();
  if (session.isPending) return <LoadingScreen label={t('loading')} />;
  if (!session.data) return <Navigate to={localize(justSignedOut() ? '/' : '/auth')} replace />;
  return children;
}

export function AdminRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const { session, profile } = useProfile();
  if (session.isPending) return <LoadingScreen label={t('loading')} />;
  if (!session.data) return <Navigate to={localize('/auth')} replace />;
  if (profile.isPending) return <LoadingScreen label={t('loading')} />;
  if (!profile.data?.is_admin) return <Navigate to={localize('/')} replace />;
  return children;
}
