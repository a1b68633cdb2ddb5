import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { signUp } from '../api/auth-actions.ts';
import { SubmitButton } from './submit-button.tsx';

export function SignUpForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('auth');
  const { localize } = useLanguage();
  const { toast } = useToast();
  const [values, setValues] = useState({ name: '', email: '', password: '', confirm: '' });
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim() || !values.email.trim() || !values.password || !values.confirm) {
      setError(t('errors.required'));
      return;
    }
    if (values.password !== values.confirm) {
      setError(t('errors.passwordMismatch'));
      return;
    }
    if (!accepted) {
      setError(t('errors.termsRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await signUp({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        callbackURL: localize('/auth?mode=signin&verified=1'),
      });
      if (!result.ok) {
        setError(result.error.message || t('errors.unexpected'));
        return;
      }
      toast({ title: t('messages.accountCreated'), variant: 'success' });
      onCreated();
    } catch {
      setError(t('errors.unexpected'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={t('fields.fullName')}
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        required
      />
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        required
      />
      <TextField
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        hint={t('fields.passwordHint')}
        value={values.password}
        onChange={set('password')}
        required
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        name="confirm"
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
        required
      />
      <div className="flex items-start gap-3">
        <input
          id="accept-terms"
          type="checkbox"
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor="accept-terms" className="text-sm text-slate-700">
          {t('fields.acceptPrefix')}{' '}
          <a
            href={localize('/terms-of-service')}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-800 underline"
          >
            {t('fields.terms')}
          </a>{' '}
          {t('fields.and')}{' '}
          <a
            href={localize('/privacy-policy')}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-800 underline"
          >
            {t('fields.privacy')}
          </a>
        </label>
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      <SubmitButton
        busy={busy}
        label={t('actions.signUp')}
        busyLabel={t('actions.creatingAccount')}
      />
    </form>
  );
}
