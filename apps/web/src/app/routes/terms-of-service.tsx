import { useTranslation } from 'react-i18next';
import { usePageHead } from '../../components/seo.tsx';
import { LegalPage } from '../../features/legal/index.ts';

export default function TermsRoute() {
  const { t } = useTranslation('legal');
  usePageHead({ title: t('terms.metaTitle'), description: t('terms.metaDescription') });
  return <LegalPage doc="terms" />;
}
