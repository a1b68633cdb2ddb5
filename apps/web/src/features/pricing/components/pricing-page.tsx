import { Check, Clock, FileType, HardDrive, Lock, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../../components/localized-link.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { PLANS } from '../plans.ts';
import type { Plan } from '../plans.ts';

function usePrice() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  return (amount: number) => format.format(amount);
}

/** The plans page; the subscribe action is supplied by the billing feature. */
export function PricingPage({
  renderAction,
}: {
  renderAction: (plan: Plan, label: string) => ReactNode;
}) {
  const { t } = useTranslation('pricing');
  const price = usePrice();
  const includes = [
    { icon: Lock, key: 'secure' },
    { icon: FileType, key: 'formats' },
    { icon: HardDrive, key: 'storage' },
    { icon: Clock, key: 'uptime' },
  ] as const;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="mx-auto max-w-2xl text-center">
        <Badge tone="amber">
          <Sparkles aria-hidden="true" className="h-3.5 w-3.5" />
          {t('trialBadge')}
        </Badge>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-5xl">{t('title')}</h1>
        <p className="mt-4 text-lg text-slate-700">{t('subtitle')}</p>
      </header>

      <ul className="mt-12 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <li
            key={plan.id}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8',
              plan.popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200',
            )}
          >
            {plan.popular && (
              <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
                {t('mostPopular')}
              </span>
            )}
            <h2 className="text-lg font-semibold">{t(`plans.${plan.id}.name`)}</h2>
            <p className="mt-1 text-sm text-slate-700">{t(`plans.${plan.id}.description`)}</p>
            <div className="mt-6 flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="text-4xl font-extrabold tracking-tight">{price(plan.price)}</span>
              <span className="text-sm text-slate-700">{t(`plans.${plan.id}.period`)}</span>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-2 lg:min-h-7">
              {plan.originalPrice !== null && (
                <span className="text-sm text-slate-600">
                  <span className="sr-only">{t('originalPrice')} </span>
                  <s>{price(plan.originalPrice)}</s>
                </span>
              )}
              {plan.discountPercent !== null && (
                <Badge tone="green">{t('percentOff', { percent: plan.discountPercent })}</Badge>
              )}
            </div>
            <ul
              className="mt-6 flex-1 space-y-3"
              aria-label={t('featuresLabel', { plan: t(`plans.${plan.id}.name`) })}
            >
              {plan.features.map((f) => (
                <li key={f} className="flex items-start gap-2.5 text-sm text-slate-800">
                  <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                  {t(`features.${f}`)}
                </li>
              ))}
            </ul>
            <div className="mt-8">{renderAction(plan, t('subscribe'))}</div>
          </li>
        ))}
      </ul>

      <section
        className="mt-16 rounded-2xl bg-slate-900 px-6 py-10 text-white sm:px-10"
        aria-labelledby="enterprise"
      >
        <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="enterprise" className="text-2xl font-bold">
              {t('enterprise.title')}
            </h2>
            <p className="mt-2 text-slate-300">{t('enterprise.text')}</p>
          </div>
          <LocalizedLink
            to="/contact?subject=enterprise"
            className={buttonClass('secondary', 'lg', 'shrink-0')}
          >
            {t('enterprise.cta')}
          </LocalizedLink>
        </div>
      </section>

      <section className="mt-16" aria-labelledby="all-plans">
        <h2 id="all-plans" className="text-center text-2xl font-bold">
          {t('includes.title')}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {includes.map(({ icon: Icon, key }) => (
            <li key={key} className="text-center">
              <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <h3 className="mt-3 font-semibold">{t(`includes.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-700">{t(`includes.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
