import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert, TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useResetUserData } from '../../../lib/auth.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { resendVerification, signIn } from '../api/auth-actions.ts';
import { SubmitButton } from './submit-button.tsx';

export function SignInForm() {
  const { t } = useTranslation('auth');
  const { localize } = useLanguage();
  const navigate = useNavigate();
  const { toast } = useToast();
  const resetUserData = useResetUserData();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [resent, setResent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t('errors.required'));
      return;
    }
    setBusy(true);
    setError(null);
    setUnverified(false);
    try {
      const result = await signIn(email.trim(), password);
      if (!result.ok) {
        setError(result.error.message || t('errors.unexpected'));
        setUnverified(result.error.code === 'EMAIL_NOT_VERIFIED');
        return;
      }
      toast({ title: t('messages.signedIn'), variant: 'success' });
      await resetUserData();
      navigate(localize('/app'));
    } catch {
      setError(t('errors.unexpected'));
    } finally {
      setBusy(false);
    }
  }

  async function onResend() {
    const result = await resendVerification(
      email.trim(),
      localize('/auth?mode=signin&verified=1'),
    ).catch(() => null);
    if (result?.ok) setResent(true);
    else
      setError(
        result && !result.ok && result.error.message
          ? result.error.message
          : t('errors.unexpected'),
      );
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
      <TextField
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {error && <FormAlert>{error}</FormAlert>}
      {unverified && !resent && (
        <Button variant="secondary" className="w-full" onClick={onResend}>
          {t('actions.resendVerification')}
        </Button>
      )}
      {resent && <FormAlert tone="success">{t('messages.verificationResent')}</FormAlert>}
      <SubmitButton busy={busy} label={t('actions.signIn')} busyLabel={t('actions.signingIn')} />
    </form>
  );
}
