import {
  Award,
  Briefcase,
  Check,
  Clock,
  Download,
  FileCheck,
  FileSignature,
  FlaskConical,
  Landmark,
  Layers,
  Lock,
  Receipt,
  Scan,
  Sparkles,
  Star,
  Upload,
  Wand2,
  X,
  Zap,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-3 text-lg text-slate-700">{subtitle}</p>}
    </div>
  );
}

const features = [
  { key: 'removal', icon: Wand2 },
  { key: 'flattening', icon: Zap },
  { key: 'secure', icon: Lock },
  { key: 'universal', icon: Layers },
] as const;

export function Features() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="features-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          title={t('features.title')}
          subtitle={t('features.subtitle')}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <h3 className="mt-4 font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700">{t(`features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const steps = [
  { key: 'upload', icon: Upload },
  { key: 'unwarp', icon: Scan },
  { key: 'download', icon: Download },
] as const;

export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="how-title" className="bg-slate-900 py-16 text-white sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('how.title')}
          </h2>
          <p className="mt-3 text-lg text-slate-300">{t('how.subtitle')}</p>
        </div>
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {steps.map(({ key, icon: Icon }, i) => (
            <li key={key} className="rounded-2xl bg-slate-800 p-6">
              <div className="flex items-center gap-3">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-300 font-bold text-slate-900">
                  {i + 1}
                </span>
                <Icon aria-hidden="true" className="h-6 w-6 text-brand-200" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{t(`how.${key}.title`)}</h3>
              <p className="mt-2 text-slate-300">{t(`how.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

type Testimonial = { quote: string; name: string; role: string };

export function Testimonials() {
  const { t } = useTranslation('landing');
  const items = t('testimonials.items', { returnObjects: true }) as Testimonial[];
  return (
    <section aria-labelledby="testimonials-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" title={t('testimonials.title')} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {items.map((item) => (
            <li
              key={item.name}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <p
                className="flex gap-0.5 text-amber-500"
                role="img"
                aria-label={t('testimonials.rating')}
              >
                {[0, 1, 2, 3, 4].map((i) => (
                  <Star key={i} aria-hidden="true" className="h-5 w-5 fill-current" />
                ))}
              </p>
              <blockquote className="mt-4 flex-1 text-slate-800">“{item.quote}”</blockquote>
              <p className="mt-4 text-sm">
                <span className="font-semibold">{item.name}</span>
                <span className="text-slate-700"> · {item.role}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const useCases = [
  { key: 'receipts', icon: Receipt },
  { key: 'contracts', icon: FileSignature },
  { key: 'certificates', icon: Award },
  { key: 'business', icon: Briefcase },
  { key: 'historical', icon: Landmark },
  { key: 'research', icon: FlaskConical },
] as const;

export function UseCases() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="usecases-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="usecases-title"
          title={t('useCases.title')}
          subtitle={t('useCases.subtitle')}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {useCases.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4 rounded-2xl border border-slate-200 p-5">
              <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
              <div>
                <h3 className="font-semibold">{t(`useCases.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-700">{t(`useCases.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const benefits = [
  { key: 'time', icon: Clock },
  { key: 'readable', icon: FileCheck },
  { key: 'quality', icon: Sparkles },
] as const;

export function Benefits() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="benefits-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="benefits-title" title={t('benefits.title')} />
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {benefits.map(({ key, icon: Icon }) => (
            <li key={key} className="text-center">
              <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-700 text-white">
                <Icon aria-hidden="true" className="h-7 w-7" />
              </span>
              <p className="mt-4 text-3xl font-extrabold text-brand-800">
                {t(`benefits.${key}.figure`)}
              </p>
              <h3 className="mt-1 font-semibold">{t(`benefits.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700">{t(`benefits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const rows = ['time', 'cost', 'skill', 'consistency', 'batch'] as const;

export function Comparison() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="compare-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <SectionHeading
          id="compare-title"
          title={t('comparison.title')}
          subtitle={t('comparison.subtitle')}
        />
        {/* Phones: one card per aspect; wider screens: the side-by-side table. */}
        <ul className="mt-10 space-y-4 sm:hidden">
          {rows.map((row) => (
            <li key={row} className="rounded-2xl border border-slate-200 bg-white p-4">
              <h3 className="font-semibold">{t(`comparison.rows.${row}.label`)}</h3>
              <div className="mt-2 space-y-2 text-sm">
                <p className="flex items-start gap-2">
                  <X aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-red-600" />
                  <span className="text-slate-700">
                    <span className="font-medium text-slate-900">{t('comparison.manual')}: </span>
                    {t(`comparison.rows.${row}.manual`)}
                  </span>
                </p>
                <p className="flex items-start gap-2">
                  <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                  <span className="text-slate-900">
                    <span className="font-medium text-brand-800">{t('comparison.ai')}: </span>
                    {t(`comparison.rows.${row}.ai`)}
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 hidden overflow-hidden rounded-2xl border border-slate-200 bg-white sm:block">
          <table className="w-full text-left text-sm sm:text-base">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">{t('comparison.aspect')}</span>
                </th>
                <th scope="col" className="px-4 py-3 font-semibold text-slate-800">
                  {t('comparison.manual')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold text-brand-800">
                  {t('comparison.ai')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row}>
                  <th scope="row" className="px-3 py-3 font-medium sm:px-4">
                    {t(`comparison.rows.${row}.label`)}
                  </th>
                  <td className="px-3 py-3 text-slate-700 sm:px-4">
                    <span className="flex items-start gap-2">
                      <X aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-red-600" />
                      {t(`comparison.rows.${row}.manual`)}
                    </span>
                  </td>
                  <td className="px-3 py-3 text-slate-900 sm:px-4">
                    <span className="flex items-start gap-2">
                      <Check
                        aria-hidden="true"
                        className="mt-0.5 h-4 w-4 shrink-0 text-brand-700"
                      />
                      {t(`comparison.rows.${row}.ai`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

type Faq = { q: string; a: string };

export function Faq() {
  const { t } = useTranslation('landing');
  const items = t('faq.items', { returnObjects: true }) as Faq[];
  return (
    <section aria-labelledby="faq-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" title={t('faq.title')} />
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {items.map((item) => (
            <details key={item.q} className="group p-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
                {item.q}
                <span
                  aria-hidden="true"
                  className="text-xl text-brand-700 transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <p className="mt-3 text-slate-700">{item.a}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
