import { Clock, Mail, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { ContactForm } from './contact-form.tsx';

type Faq = { q: string; a: string };

export function ContactPage({ presetSubject }: { presetSubject?: string | null }) {
  const { t } = useTranslation('contact');
  const faqs = t('faq.items', { returnObjects: true }) as Faq[];
  const initialSubject = presetSubject === 'enterprise' ? t('form.enterpriseSubject') : '';
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-lg text-slate-700">{t('subtitle')}</p>
      </header>
      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="mb-6 text-xl font-semibold">{t('form.title')}</h2>
          <ContactForm key={initialSubject} initialSubject={initialSubject} />
        </Card>
        <div className="space-y-6">
          <Card>
            <Mail aria-hidden="true" className="h-6 w-6 text-brand-700" />
            <h2 className="mt-3 font-semibold">{t('cards.email.title')}</h2>
            <p className="mt-1 text-sm text-slate-700">{t('cards.email.text')}</p>
            <p className="mt-3 flex items-center gap-1.5 text-sm font-medium text-brand-800">
              <Clock aria-hidden="true" className="h-4 w-4" />
              {t('cards.email.meta')}
            </p>
          </Card>
          <Card>
            <MessageCircle aria-hidden="true" className="h-6 w-6 text-brand-700" />
            <h2 className="mt-3 font-semibold">{t('cards.chat.title')}</h2>
            <p className="mt-1 text-sm text-slate-700">{t('cards.chat.text')}</p>
            <p className="mt-3 flex items-center gap-1.5 text-sm font-medium text-brand-800">
              <Clock aria-hidden="true" className="h-4 w-4" />
              {t('cards.chat.meta')}
            </p>
          </Card>
        </div>
      </div>
      <section className="mt-16" aria-labelledby="contact-faq">
        <h2 id="contact-faq" className="text-2xl font-bold">
          {t('faq.title')}
        </h2>
        <dl className="mt-6 grid gap-6 md:grid-cols-2">
          {faqs.map((f) => (
            <Card key={f.q}>
              <dt className="font-semibold">{f.q}</dt>
              <dd className="mt-2 text-slate-700">{f.a}</dd>
            </Card>
          ))}
        </dl>
      </section>
    </div>
  );
}
