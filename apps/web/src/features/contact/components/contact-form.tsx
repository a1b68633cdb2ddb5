import { Send } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';
import type { ContactMessage } from '../api/send-contact-message.ts';

const MIN_MESSAGE = 10; // the server's minimum, checked here to answer in the page's language
const empty: ContactMessage = { full_name: '', email: '', subject: '', message: '' };

export function ContactForm({ initialSubject = '' }: { initialSubject?: string }) {
  const { t, i18n } = useTranslation('contact');
  const { toast } = useToast();
  const [values, setValues] = useState<ContactMessage>({ ...empty, subject: initialSubject });
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const set = (field: keyof ContactMessage) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (Object.values(values).some((v) => !v.trim())) {
      setStatus({ tone: 'error', text: t('form.required') });
      return;
    }
    if (values.message.trim().length < MIN_MESSAGE) {
      setStatus({ tone: 'error', text: t('form.tooShort', { count: MIN_MESSAGE }) });
      return;
    }
    setSending(true);
    setStatus(null);
    try {
      const result = await sendContactMessage(values, i18n.language);
      // The server answers in English; other languages show the same sentence from the catalog.
      const text = i18n.language === 'en' && result?.message ? result.message : t('form.success');
      setStatus({ tone: 'success', text });
      toast({ title: text, variant: 'success' });
      setValues(empty);
    } catch (error) {
      const text =
        error instanceof ApiError && error.status === 429
          ? t('form.rateLimited')
          : error instanceof ApiError && error.status > 0 && error.code !== 'http_error'
            ? error.message
            : t('form.failed');
      setStatus({ tone: 'error', text });
      toast({ title: text, variant: 'error' });
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-describedby={status ? 'contact-status' : undefined}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('form.fullName')}
          name="full_name"
          autoComplete="name"
          value={values.full_name}
          onChange={set('full_name')}
          maxLength={100}
          required
        />
        <TextField
          label={t('form.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          required
        />
      </div>
      <TextField
        label={t('form.subject')}
        name="subject"
        value={values.subject}
        onChange={set('subject')}
        required
        maxLength={200}
      />
      <TextAreaField
        label={t('form.message')}
        name="message"
        value={values.message}
        onChange={set('message')}
        required
        rows={6}
        maxLength={5000}
      />
      {status && (
        <div id="contact-status">
          <FormAlert tone={status.tone}>{status.text}</FormAlert>
        </div>
      )}
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? <Spinner /> : <Send aria-hidden="true" className="h-4 w-4" />}
        {sending ? t('form.sending') : t('form.send')}
      </Button>
    </form>
  );
}
