import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/localized-link.tsx';
import { usePageHead } from '../../components/seo.tsx';
import { buttonClass } from '../../components/ui/button.tsx';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  usePageHead({ title: t('notFound.metaTitle'), description: t('notFound.metaDescription') });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-7xl font-extrabold tracking-tight text-brand-700">
        {t('notFound.title')}
      </h1>
      <p className="mt-4 text-xl text-slate-700">{t('notFound.text')}</p>
      <LocalizedLink to="/" className={buttonClass('primary', 'lg', 'mt-8')}>
        {t('notFound.home')}
      </LocalizedLink>
    </section>
  );
}
