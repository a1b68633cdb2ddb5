import { useTranslation } from 'react-i18next';
import { usePageHead } from '../../components/seo.tsx';
import { LandingPage } from '../../features/landing/index.ts';

export default function LandingRoute() {
  const { t } = useTranslation('landing');
  usePageHead({ title: t('meta.title'), description: t('meta.description') });
  return <LandingPage />;
}
