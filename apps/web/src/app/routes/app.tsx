import { Camera, Maximize, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePageHead } from '../../components/seo.tsx';
import { UploadCard } from '../../features/documents/index.ts';
import { ProtectedRoute } from '../../lib/auth.tsx';

const tips = [
  { key: 'lighting', icon: Sun },
  { key: 'resolution', icon: Camera },
  { key: 'whole', icon: Maximize },
] as const;

function AppPage() {
  const { t } = useTranslation('app');
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-lg text-slate-700">{t('subtitle')}</p>
      </header>
      <div className="mt-10">
        <UploadCard />
      </div>
      <section className="mt-12" aria-labelledby="tips">
        <h2 id="tips" className="text-xl font-semibold">
          {t('tips.title')}
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-3">
          {tips.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-slate-200 bg-white p-5">
              <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
              <h3 className="mt-3 font-semibold">{t(`tips.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-700">{t(`tips.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default function AppRoute() {
  const { t } = useTranslation('app');
  usePageHead({ title: t('meta.title'), description: t('meta.description') });
  return (
    <ProtectedRoute>
      <AppPage />
    </ProtectedRoute>
  );
}
