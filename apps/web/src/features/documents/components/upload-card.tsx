import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';

/**
 * The /app upload card. Owned by the documents feature (issue 5), which replaces this shell with
 * the drop zone, the processing progress, the before/after comparison and the downloads.
 */
export function UploadCard() {
  const { t } = useTranslation('documents');
  return (
    <Card className="flex flex-col items-center py-12 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <FileUp aria-hidden="true" className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-xl font-semibold">{t('upload.title')}</h2>
      <p className="mt-2 max-w-md text-sm text-slate-700">{t('upload.formats')}</p>
    </Card>
  );
}
