import { Crown, LogOut, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocalizedLink } from '../../../components/localized-link.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Badge, Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/field.tsx';
import { LoadingScreen, Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { signOut, useProfile, useResetUserData } from '../../../lib/auth.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { ProfileForm } from './profile-form.tsx';

type Slots = {
  /** Subscription card from the billing feature, shown in the sidebar. */
  subscription?: ReactNode;
  /** Further sections (documents list, API keys) from the documents feature. */
  sections?: ReactNode;
  /** Premium from billing (subscription or admin flag); falls back to the profile's flag. */
  premium?: boolean;
};

export function ProfilePage({ subscription, sections, premium }: Slots) {
  const { t, i18n } = useTranslation('profile');
  const { localize } = useLanguage();
  const navigate = useNavigate();
  const { toast } = useToast();
  const resetUserData = useResetUserData();
  const { profile } = useProfile();
  const [signingOut, setSigningOut] = useState(false);

  async function onSignOut() {
    setSigningOut(true);
    const ok = await signOut().catch(() => false);
    if (!ok) {
      setSigningOut(false);
      toast({ title: t('signOutFailed'), variant: 'error' });
      return;
    }
    // Leave the protected page first, or its guard would send us to /auth once the session is gone.
    await navigate(localize('/'));
    await resetUserData();
  }

  if (profile.isPending) return <LoadingScreen label={t('common:loading')} />;
  if (profile.isError || !profile.data) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <FormAlert>{t('fetchFailed')}</FormAlert>
      </div>
    );
  }

  const p = profile.data;
  const isPremium = premium ?? p.is_premium;
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long' });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
            {p.is_admin && (
              <Badge tone="indigo">
                <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" />
                {t('adminBadge')}
              </Badge>
            )}
          </div>
          <p className="mt-1 text-slate-700">{t('subtitle')}</p>
        </div>
        <Button variant="secondary" onClick={onSignOut} disabled={signingOut}>
          {signingOut ? <Spinner /> : <LogOut aria-hidden="true" className="h-4 w-4" />}
          {t('signOut')}
        </Button>
      </header>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="text-lg font-semibold">{t('card.title')}</h2>
          <p className="mb-5 mt-1 text-sm text-slate-700">{t('card.subtitle')}</p>
          <ProfileForm key={p.id} profile={p} />
        </Card>
        <div className="space-y-6">
          <Card>
            <h2 className="text-lg font-semibold">{t('overview.title')}</h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-slate-700">{t('overview.plan')}</dt>
                <dd className="font-medium">
                  {isPremium ? t('overview.premium') : t('overview.free')}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-700">{t('overview.role')}</dt>
                <dd className="font-medium">
                  {p.is_admin ? t('overview.admin') : t('overview.member')}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-700">{t('overview.memberSince')}</dt>
                <dd className="font-medium">{date(p.created_at)}</dd>
              </div>
            </dl>
          </Card>
          {subscription}
          {!isPremium && (
            <Card className="border-brand-200 bg-brand-50">
              <Crown aria-hidden="true" className="h-6 w-6 text-brand-700" />
              <h2 className="mt-3 text-lg font-semibold">{t('upgrade.title')}</h2>
              <p className="mt-1 text-sm text-slate-800">{t('upgrade.text')}</p>
              <LocalizedLink to="/pricing" className={buttonClass('primary', 'md', 'mt-4 w-full')}>
                {t('upgrade.cta')}
              </LocalizedLink>
            </Card>
          )}
        </div>
      </div>
      {sections}
    </div>
  );
}
