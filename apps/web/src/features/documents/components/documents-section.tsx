import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../../components/localized-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { deleteDocument, documentsKey, downloadFile, useDocuments } from '../api/documents.ts';
import type { DocumentRecord } from '../api/documents.ts';
import { downloadErrorText, uploadErrorText } from '../lib/error-text.ts';
import { DocumentItem } from './document-item.tsx';

/** Profile section: the documents still kept on the server, with download and delete-now. */
export function DocumentsSection() {
  const { t } = useTranslation('documents');
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const documents = useDocuments();
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentsKey });

  async function run(doc: DocumentRecord, action: 'download' | 'delete') {
    setBusy(doc.id);
    try {
      if (action === 'delete') {
        await deleteDocument(doc.id);
        toast({ title: t('deleted') });
      } else {
        await downloadFile(
          { path: `/api/documents/${doc.id}/download`, method: 'GET' },
          doc.result_name ?? 'document-restored',
        );
        toast({ title: t('downloadStarted'), variant: 'success' });
      }
    } catch (err) {
      const text = action === 'delete' ? uploadErrorText(t, err) : downloadErrorText(t, err);
      toast({ title: text, variant: 'error' });
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  return (
    <Card role="region" aria-labelledby="retained-heading">
      <h2 id="retained-heading" className="text-xl font-semibold">
        {t('profile.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('profile.explain')}</p>
      {documents.isPending && (
        <div className="mt-4 flex items-center gap-2 text-sm text-slate-700">
          <Spinner /> {t('common:loading')}
        </div>
      )}
      {documents.isError && (
        <div className="mt-4">
          <FormAlert>{t('profile.loadFailed')}</FormAlert>
        </div>
      )}
      {documents.data?.length === 0 && (
        <p className="mt-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          {t('profile.empty')}{' '}
          <LocalizedLink to="/app" className="font-semibold text-brand-800 underline">
            {t('profile.upload')}
          </LocalizedLink>
        </p>
      )}
      {documents.data && documents.data.length > 0 && (
        <ul className="mt-4 space-y-3">
          {documents.data.map((doc) => (
            <DocumentItem
              key={doc.id}
              doc={doc}
              compare={false}
              busy={busy === doc.id}
              onDownload={() => void run(doc, 'download')}
              onDelete={() => void run(doc, 'delete')}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
