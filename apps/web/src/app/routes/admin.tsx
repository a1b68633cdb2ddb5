import { useTranslation } from 'react-i18next';
import { usePageHead } from '../../components/seo.tsx';
import { AdminPage } from '../../features/admin/index.ts';
import { AdminRoute as RequireAdmin } from '../../lib/auth.tsx';

export default function AdminRoute() {
  const { t } = useTranslation('admin');
  usePageHead({ title: t('meta.title'), description: t('meta.description') });
  return (
    <RequireAdmin>
      <AdminPage />
    </RequireAdmin>
  );
}
