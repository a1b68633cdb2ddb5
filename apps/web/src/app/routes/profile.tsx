import { useTranslation } from 'react-i18next';
import { usePageHead } from '../../components/seo.tsx';
import {
  SubscriptionCard,
  useCheckoutReturn,
  useSubscription,
} from '../../features/billing/index.ts';
import { ApiKeysSection, DocumentsSection } from '../../features/documents/index.ts';
import { ProfilePage } from '../../features/profile/index.ts';
import { ProtectedRoute } from '../../lib/auth.tsx';

function Profile() {
  useCheckoutReturn();
  const subscription = useSubscription();
  // Slots: the billing feature adds its subscription card, the documents feature its lists.
  return (
    <ProfilePage
      subscription={<SubscriptionCard />}
      premium={subscription.data?.subscribed}
      sections={
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <DocumentsSection />
          <ApiKeysSection />
        </div>
      }
    />
  );
}

export default function ProfileRoute() {
  const { t } = useTranslation('profile');
  usePageHead({ title: t('meta.title'), description: t('meta.description') });
  return (
    <ProtectedRoute>
      <Profile />
    </ProtectedRoute>
  );
}
