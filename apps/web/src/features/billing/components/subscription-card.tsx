import { CalendarClock, CreditCard, ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Badge, Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { cancelSubscription, isUnpaid, openPortal, useSubscription } from '../api/subscription.ts';

/**
 * The profile's subscription card: plan, renewal or end date, Manage (provider portal in a new
 * tab), Cancel (at the period's end, after confirming) and Refresh. Shows nothing while the user
 * has no subscription: the profile's upgrade card covers that case.
 */
export function SubscriptionCard() {
  const { t, i18n } = useTranslation('billing');
  const { lang } = useLanguage();
  const { toast } = useToast();
  const subscription = useSubscription();
  const [busy, setBusy] = useState<'portal' | 'cancel' | null>(null);
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long' });

  async function refresh() {
    const result = await subscription.refetch();
    if (result.isError) toast({ title: t('card.refreshFailed'), variant: 'error' });
  }

  async function manage() {
    // Open the tab inside the click so pop-up blockers allow it, then point it at the portal.
    const tab = window.open('', '_blank');
    setBusy('portal');
    try {
      const { url } = await openPortal(lang);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch {
      tab?.close();
      toast({ title: t('card.portalFailed'), variant: 'error' });
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    if (!window.confirm(t('card.cancelConfirm'))) return;
    setBusy('cancel');
    try {
      const { period_end } = await cancelSubscription();
      toast({
        title: t('card.cancelled.title'),
        description: t('card.cancelled.text', { date: date(period_end) }),
        variant: 'success',
      });
      await subscription.refetch();
    } catch {
      toast({ title: t('card.cancelFailed'), variant: 'error' });
    } finally {
      setBusy(null);
    }
  }

  if (subscription.isPending) {
    return (
      <Card aria-busy="true">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner /> {t('card.checking')}
        </p>
      </Card>
    );
  }
  if (subscription.isError) {
    return (
      <Card>
        <p role="alert" className="text-sm text-red-800">
          {t('card.refreshFailed')}
        </p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={refresh}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> {t('card.refresh')}
        </Button>
      </Card>
    );
  }
  const s = subscription.data;
  const unpaid = isUnpaid(s.status);
  if (!s.subscribed && !unpaid) return null;
  const pending = s.cancel_at_period_end && !unpaid;
  const trialing = s.status === 'trialing';

  return (
    <Card data-testid="subscription-card">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-semibold">{t('card.title')}</h2>
        <Badge
          className={
            unpaid
              ? 'bg-red-100 text-red-900'
              : pending
                ? 'bg-amber-100 text-amber-900'
                : 'bg-emerald-100 text-emerald-900'
          }
        >
          {unpaid
            ? t('card.status.unpaid')
            : pending
              ? t('card.status.ending')
              : trialing
                ? t('card.status.trial')
                : t('card.status.active')}
        </Badge>
      </div>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">{t('card.plan')}</dt>
          <dd className="font-medium" data-testid="subscription-tier">
            {s.subscription_tier ? t(`card.tiers.${s.subscription_tier}`) : t('card.tiers.granted')}
          </dd>
        </div>
        {s.subscription_end && (
          <div className="flex justify-between gap-4">
            <dt className="flex items-center gap-1.5 text-slate-700">
              <CalendarClock aria-hidden="true" className="h-4 w-4" />
              {pending ? t('card.ends') : t('card.renews')}
            </dt>
            <dd className="font-medium" data-testid="subscription-end">
              {date(s.subscription_end)}
            </dd>
          </div>
        )}
      </dl>
      {unpaid && (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900"
          data-testid="payment-failed"
        >
          {t('card.unpaidNotice')}
        </p>
      )}
      {pending && s.subscription_end && (
        <p
          role="note"
          className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="cancel-pending"
        >
          {t('card.pendingNotice', { date: date(s.subscription_end) })}
        </p>
      )}
      {s.subscription_tier && (
        <div className="mt-5 flex flex-col gap-2">
          <Button variant="primary" onClick={manage} disabled={busy !== null}>
            {busy === 'portal' ? (
              <Spinner />
            ) : (
              <CreditCard aria-hidden="true" className="h-4 w-4" />
            )}
            {t('card.manage')}
            <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only">{t('card.newTab')}</span>
          </Button>
          {!pending && !unpaid && (
            <Button variant="secondary" onClick={cancel} disabled={busy !== null}>
              {busy === 'cancel' && <Spinner />}
              {t('card.cancel')}
            </Button>
          )}
        </div>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="mt-2 w-full"
        onClick={refresh}
        disabled={subscription.isFetching}
      >
        <RefreshCw
          aria-hidden="true"
          className={subscription.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
        />
        {t('card.refresh')}
      </Button>
    </Card>
  );
}
