import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageHead } from '../../components/seo.tsx';
import { ContactPage } from '../../features/contact/index.ts';

export default function ContactRoute() {
  const { t } = useTranslation('contact');
  const [params] = useSearchParams();
  usePageHead({ title: t('meta.title'), description: t('meta.description') });
  return <ContactPage presetSubject={params.get('subject')} />;
}
