import { useTranslation } from 'react-i18next';

type Section = { title: string; paragraphs: string[] };

/** A legal document: numbered sections straight from the `legal` catalog. */
export function LegalPage({ doc }: { doc: 'privacy' | 'terms' }) {
  const { t } = useTranslation('legal');
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Section[];
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(`${doc}.title`)}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('lastUpdated')}</p>
      <p className="mt-6 text-lg text-slate-700">{t(`${doc}.intro`)}</p>
      <ol className="mt-10 space-y-8">
        {sections.map((section, i) => (
          <li key={section.title}>
            <h2 className="text-xl font-semibold">
              {i + 1}. {section.title}
            </h2>
            {section.paragraphs.map((p) => (
              <p key={p} className="mt-3 leading-relaxed text-slate-700">
                {p}
              </p>
            ))}
          </li>
        ))}
      </ol>
    </article>
  );
}
