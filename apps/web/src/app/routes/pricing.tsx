import { useTranslation } from 'react-i18next';
import { usePageHead } from '../../components/seo.tsx';
import { SubscribeButton, useCheckoutReturn } from '../../features/billing/index.ts';
import { PricingPage } from '../../features/pricing/index.ts';

export default function PricingRoute() {
  const { t } = useTranslation(['pricing', 'billing']);
  usePageHead({ title: t('pricing:meta.title'), description: t('pricing:meta.description') });
  useCheckoutReturn();
  return (
    <PricingPage
      renderAction={(plan, label) => (
        <SubscribeButton plan={plan.id} label={label} primary={plan.popular} />
      )}
    />
  );
}
