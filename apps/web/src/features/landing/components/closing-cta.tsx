import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../../components/localized-link.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';

export function ClosingCta() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-5xl rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('cta.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-brand-50">{t('cta.subtitle')}</p>
        <LocalizedLink to="/app" className={buttonClass('secondary', 'lg', 'mt-8')}>
          {t('cta.button')}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </LocalizedLink>
      </div>
    </section>
  );
}
