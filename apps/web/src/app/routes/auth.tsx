import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { usePageHead } from '../../components/seo.tsx';
import { AuthPage, useAuthMode } from '../../features/auth/index.ts';
import { useSession } from '../../lib/auth.tsx';
import { useLanguage } from '../../lib/use-language.ts';

export default function AuthRoute() {
  const { t } = useTranslation('auth');
  const { localize } = useLanguage();
  const { mode } = useAuthMode();
  const session = useSession();
  usePageHead({
    title: t(`${mode}.metaTitle`),
    description: t(`${mode}.metaDescription`),
    canonicalPath: localize('/auth'),
  });
  // Already signed in: sign-in and sign-up have nothing to offer; a reset link still works.
  if (session.data && (mode === 'signin' || mode === 'signup')) {
    return <Navigate to={localize('/app')} replace />;
  }
  return <AuthPage />;
}
