import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { resetPassword } from '../api/auth-actions.ts';
import { SubmitButton } from './submit-button.tsx';

/** Reached from the emailed reset link (`/auth?mode=reset&token=...`). */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const { toast } = useToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password || !confirm) {
      setError(t('errors.required'));
      return;
    }
    if (password !== confirm) {
      setError(t('errors.passwordMismatch'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await resetPassword(password, token);
      if (!result.ok) {
        setError(
          result.error.code === 'INVALID_TOKEN'
            ? t('errors.invalidToken')
            : result.error.message || t('errors.unexpected'),
        );
        return;
      }
      toast({ title: t('messages.passwordUpdated'), variant: 'success' });
      onDone();
    } catch {
      setError(t('errors.unexpected'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={t('fields.newPassword')}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        hint={t('fields.passwordHint')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        required
      />
      {error && <FormAlert>{error}</FormAlert>}
      <SubmitButton busy={busy} label={t('actions.setPassword')} busyLabel={t('actions.saving')} />
    </form>
  );
}
