import { useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { apiKeysKey, createApiKey, revokeApiKey, useApiKeys } from '../api/api-keys.ts';

/** Profile section: personal API keys for POST /uncrumple; a new key's secret is shown once. */
export function ApiKeysSection() {
  const { t, i18n } = useTranslation('documents');
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const keys = useApiKeys();
  const nameId = useId();
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const created = await createApiKey(name.trim());
      setSecret(created.secret);
      setName('');
      await queryClient.invalidateQueries({ queryKey: apiKeysKey });
    } catch (err) {
      setError(errorMessage(err, t('keys.createFailed')));
    } finally {
      setPending(false);
    }
  }

  async function onRevoke(id: string, keyName: string) {
    if (!window.confirm(t('keys.confirmRevoke', { name: keyName }))) return;
    try {
      await revokeApiKey(id);
      toast({ title: t('keys.revoked', { name: keyName }) });
      await queryClient.invalidateQueries({ queryKey: apiKeysKey });
    } catch (err) {
      toast({ title: errorMessage(err, t('keys.revokeFailed')), variant: 'error' });
    }
  }

  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: t('keys.copied'), variant: 'success' });
    } catch {
      toast({ title: t('keys.copyFailed'), variant: 'error' });
    }
  }

  return (
    <Card role="region" aria-labelledby="keys-heading">
      <h2 id="keys-heading" className="flex items-center gap-2 text-xl font-semibold">
        <KeyRound aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('keys.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('keys.explain')}</p>

      <form onSubmit={(e) => void onCreate(e)} className="mt-4 flex flex-wrap items-end gap-3">
        <label htmlFor={nameId} className="min-w-48 flex-1 text-sm font-medium">
          {t('keys.name')}
          <input
            id={nameId}
            value={name}
            required
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('keys.placeholder')}
            className="mt-1 block h-11 w-full rounded-lg border border-slate-300 px-3"
          />
        </label>
        <Button type="submit" disabled={pending || !name.trim()}>
          {pending && <Spinner />}
          {t('keys.create')}
        </Button>
      </form>
      {error && (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}

      {secret && (
        <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4" role="status">
          <p className="text-sm font-semibold text-amber-900">{t('keys.showOnce')}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 text-sm"
              data-testid="api-key-secret"
            >
              {secret}
            </code>
            <Button size="sm" variant="secondary" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="h-4 w-4" />
              {t('keys.copy')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSecret(null)}>
              {t('keys.done')}
            </Button>
          </div>
          <p className="mt-2 text-xs text-amber-900">{t('keys.usage')}</p>
        </div>
      )}

      {keys.data?.length === 0 && !secret && (
        <p className="mt-4 text-sm text-slate-700">{t('keys.empty')}</p>
      )}
      {keys.data && keys.data.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {keys.data.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{key.name}</p>
                <p className="text-sm text-slate-700">
                  <code>{key.prefix}…</code> · {t('keys.created', { date: date(key.created_at) })} ·{' '}
                  {key.last_used_at
                    ? t('keys.lastUsed', { date: date(key.last_used_at) })
                    : t('keys.neverUsed')}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void onRevoke(key.id, key.name)}
                aria-label={t('keys.revokeNamed', { name: key.name })}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t('keys.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
