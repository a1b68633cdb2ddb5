import { useTranslation } from 'react-i18next';
import { usePageHead } from '../../components/seo.tsx';
import { LegalPage } from '../../features/legal/index.ts';

export default function PrivacyRoute() {
  const { t } = useTranslation('legal');
  usePageHead({ title: t('privacy.metaTitle'), description: t('privacy.metaDescription') });
  return <LegalPage doc="privacy" />;
}
