import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { requestPasswordReset } from '../api/auth-actions.ts';
import { SubmitButton } from './submit-button.tsx';

export function ForgotPasswordForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('auth');
  const { localize } = useLanguage();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError(t('errors.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await requestPasswordReset(email.trim(), localize('/auth?mode=reset'));
      if (!result.ok) {
        setError(result.error.message || t('errors.unexpected'));
        return;
      }
      toast({ title: t('messages.resetSent'), variant: 'success' });
      onSent();
    } catch {
      setError(t('errors.unexpected'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      {error && <FormAlert>{error}</FormAlert>}
      <SubmitButton
        busy={busy}
        label={t('actions.sendResetLink')}
        busyLabel={t('actions.sending')}
      />
    </form>
  );
}
