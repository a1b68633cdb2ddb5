import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert, TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api.ts';
import type { Profile } from '../../../lib/api.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const { toast } = useToast();
  const update = useUpdateProfile();
  const [fullName, setFullName] = useState(profile.full_name ?? '');
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!fullName.trim()) {
      setStatus({ tone: 'error', text: t('card.nameRequired') });
      return;
    }
    setStatus(null);
    try {
      await update.mutateAsync({ full_name: fullName.trim() });
      setStatus({ tone: 'success', text: t('card.updated') });
      toast({ title: t('card.updated'), variant: 'success' });
    } catch (error) {
      const text = errorMessage(error, t('card.updateFailed'));
      setStatus({ tone: 'error', text });
      toast({ title: text, variant: 'error' });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={t('card.fullName')}
        name="full_name"
        autoComplete="name"
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
        maxLength={120}
        required
      />
      <TextField
        label={t('card.email')}
        name="email"
        type="email"
        value={profile.email}
        readOnly
        disabled
        hint={t('card.emailHint')}
      />
      {status && <FormAlert tone={status.tone}>{status.text}</FormAlert>}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending && <Spinner />}
        {update.isPending ? t('card.saving') : t('card.save')}
      </Button>
    </form>
  );
}
