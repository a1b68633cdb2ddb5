import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import type { Profile } from '../../../lib/api.ts';
import { PAGE_SIZE, useAdminProfiles, useSetPremium } from '../api/profiles.ts';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

function PremiumSwitch({ profile }: { profile: Profile }) {
  const { t } = useTranslation('admin');
  const { toast } = useToast();
  const setPremium = useSetPremium();
  async function onChange(next: boolean) {
    try {
      await setPremium.mutateAsync({ id: profile.id, is_premium: next });
      toast({
        title: next ? t('messages.upgraded') : t('messages.downgraded'),
        description: profile.email,
        variant: 'success',
      });
    } catch {
      toast({ title: t('messages.updateFailed'), variant: 'error' });
    }
  }
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={profile.is_premium}
        onChange={onChange}
        disabled={setPremium.isPending}
        label={t('table.premiumFor', { email: profile.email })}
      />
      {setPremium.isPending && <Spinner />}
    </div>
  );
}

export function AdminPage() {
  const { t, i18n } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 300);
  const profiles = useAdminProfiles(q, page);
  const data = profiles.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // The previous page stays on screen, dimmed, while the next one loads.
  const stale = profiles.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity';
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-1 text-slate-700">{t('subtitle')}</p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:max-w-sm">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
            />
            <label htmlFor="admin-search" className="sr-only">
              {t('search.label')}
            </label>
            <input
              id="admin-search"
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
              placeholder={t('search.placeholder')}
              className="w-full rounded-lg border border-slate-300 py-2.5 pl-9 pr-3 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm"
            />
          </div>
          {data && (
            <p className="text-sm text-slate-700" aria-live="polite">
              {t('table.total', { count: data.total })}
            </p>
          )}
        </div>
        {profiles.isError && (
          <div className="p-4">
            <FormAlert>{t('messages.fetchFailed')}</FormAlert>
          </div>
        )}
        {profiles.isPending && (
          <div className="flex items-center gap-2 p-6 text-slate-700" role="status">
            <Spinner /> {t('common:loading')}
          </div>
        )}
        {data && data.items.length === 0 && (
          <p className="p-6 text-slate-700">{t('table.empty')}</p>
        )}
        {data && data.items.length > 0 && (
          <ul
            className={`divide-y divide-slate-200 md:hidden ${stale}`}
            aria-busy={profiles.isPlaceholderData}
          >
            {data.items.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{p.full_name || '—'}</p>
                  <p className="truncate text-sm text-slate-700">{p.email}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-700">
                    {date(p.created_at)}
                    {p.is_admin && <Badge tone="indigo">{t('table.admin')}</Badge>}
                  </p>
                </div>
                <PremiumSwitch profile={p} />
              </li>
            ))}
          </ul>
        )}
        {data && data.items.length > 0 && (
          <div
            className={`hidden overflow-x-auto md:block ${stale}`}
            aria-busy={profiles.isPlaceholderData}
            tabIndex={0}
            role="region"
            aria-label={t('table.caption')}
          >
            <table className="w-full min-w-[640px] text-left text-sm">
              <caption className="sr-only">{t('table.caption')}</caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t('table.user')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('table.joined')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('table.role')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('table.premium')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data.items.map((p) => (
                  <tr key={p.id}>
                    <td className="px-4 py-3">
                      <div className="font-medium text-slate-900">{p.full_name || '—'}</div>
                      <div className="text-slate-700">{p.email}</div>
                    </td>
                    <td className="px-4 py-3 text-slate-700">{date(p.created_at)}</td>
                    <td className="px-4 py-3">
                      {p.is_admin ? (
                        <Badge tone="indigo">{t('table.admin')}</Badge>
                      ) : (
                        t('table.member')
                      )}
                    </td>
                    <td className="px-4 py-3">
                      <PremiumSwitch profile={p} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && pages > 1 && (
          <nav
            aria-label={t('pagination.label')}
            className="flex items-center justify-between border-t border-slate-200 p-4"
          >
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              <ChevronLeft aria-hidden="true" className="h-4 w-4" />
              {t('pagination.previous')}
            </Button>
            <span className="text-sm text-slate-700">
              {t('pagination.status', { page, pages })}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              {t('pagination.next')}
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Button>
          </nav>
        )}
      </div>
    </div>
  );
}
