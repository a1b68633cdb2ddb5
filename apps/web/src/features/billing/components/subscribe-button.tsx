import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocalizedLink } from '../../../components/localized-link.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { startCheckout } from '../api/checkout.ts';
import { isUnpaid, useSubscription } from '../api/subscription.ts';

/**
 * Subscribe to a plan: signed-out visitors are sent to sign up, signed-in ones to checkout.
 * Subscribers see their current plan marked and a way to manage it instead.
 */
export function SubscribeButton({
  plan,
  label,
  primary,
}: {
  plan: string;
  label: string;
  primary?: boolean;
}) {
  const { t } = useTranslation('billing');
  const { toast } = useToast();
  const { lang, localize } = useLanguage();
  const navigate = useNavigate();
  const session = useSession();
  const [loading, setLoading] = useState(false);
  const subscription = useSubscription(Boolean(session.data));
  const current =
    session.data && (subscription.data?.subscribed || isUnpaid(subscription.data?.status))
      ? subscription.data
      : null;

  async function onClick() {
    if (!session.data) {
      toast({
        title: t('authRequired.title'),
        description: t('authRequired.text'),
        variant: 'error',
      });
      navigate(localize('/auth?mode=signup'));
      return;
    }
    setLoading(true);
    try {
      const { url } = await startCheckout(plan, lang);
      window.location.assign(url);
    } catch {
      toast({
        title: t('checkoutError.title'),
        description: t('checkoutError.text'),
        variant: 'error',
      });
      setLoading(false);
    }
  }

  if (current) {
    return current.subscribed && current.subscription_tier === plan ? (
      <p
        className={buttonClass('secondary', 'lg', 'w-full cursor-default')}
        data-testid="current-plan"
      >
        <Check aria-hidden="true" className="h-4 w-4 text-brand-700" />
        {t('currentPlan')}
      </p>
    ) : (
      <LocalizedLink to="/profile" className={buttonClass('secondary', 'lg', 'w-full')}>
        {t('manageInProfile')}
      </LocalizedLink>
    );
  }

  return (
    <Button
      size="lg"
      variant={primary ? 'primary' : 'secondary'}
      className="w-full"
      onClick={onClick}
      disabled={loading || session.isPending}
      aria-busy={loading}
    >
      {loading && <Spinner />}
      {loading ? t('loading') : label}
    </Button>
  );
}
