import { useTranslation } from 'react-i18next';
import { usePageHead } from '../../components/seo.tsx';
import { AuthPage, useAuthMode } from '../../features/auth/index.ts';
import { useLanguage } from '../../lib/use-language.ts';

export default function AuthRoute() {
  const { t } = useTranslation('auth');
  const { localize } = useLanguage();
  const { mode } = useAuthMode();
  usePageHead({
    title: t(`${mode}.metaTitle`),
    description: t(`${mode}.metaDescription`),
    canonicalPath: localize('/auth'),
  });
  return <AuthPage />;
}
