import { useQueryClient } from '@tanstack/react-query';
import { Camera, FileUp, FolderDown, Sparkles, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocalizedLink } from '../../../components/localized-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import {
  deleteDocument,
  documentsKey,
  downloadFile,
  followDocument,
  rotateDocument,
  uploadDocuments,
} from '../api/documents.ts';
import type { DocumentRecord, OutputFormat, OutputMode, PaperSize } from '../api/documents.ts';
import { downloadErrorText, uploadErrorText } from '../lib/error-text.ts';
import { deviceStorage, loadUploadOptions, storeUploadOptions } from '../lib/upload-options.ts';
import { ACCEPT, checkFiles } from '../lib/validate-files.ts';
import { DocumentItem } from './document-item.tsx';

const PRICING_REDIRECT_MS = 2500;

/**
 * The /app card: choose or drop files (or take a photo), upload them, follow each one's progress,
 * compare before and after, and download one or all. Results are deleted after their first
 * download, so the card marks them as gone.
 */
export function UploadCard() {
  const { t } = useTranslation('documents');
  const { toast } = useToast();
  const navigate = useNavigate();
  const { localize } = useLanguage();
  const queryClient = useQueryClient();
  const pickerRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);

  const [files, setFiles] = useState<File[]>([]);
  // The options of the last upload on this device, remembered when the next one is sent.
  const [initial] = useState(() => loadUploadOptions(deviceStorage()));
  const [mode, setMode] = useState<OutputMode>(initial.mode);
  const [format, setFormat] = useState<OutputFormat>(initial.format);
  const [paper, setPaper] = useState<PaperSize>(initial.paper);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [batch, setBatch] = useState<DocumentRecord[]>([]);
  const [downloaded, setDownloaded] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const announced = useRef(new Set<string>());

  // Follow every document of the current batch until it is finished.
  const batchIds = batch.map((d) => d.id).join(',');
  useEffect(() => {
    if (!batchIds) return;
    const stops = batchIds.split(',').map((id) =>
      followDocument(id, (doc) => {
        setBatch((all) => all.map((d) => (d.id === doc.id ? doc : d)));
        if (doc.status === 'done' && !announced.current.has(doc.id)) {
          announced.current.add(doc.id);
          toast({ title: t('success'), description: doc.original_name, variant: 'success' });
          void queryClient.invalidateQueries({ queryKey: documentsKey });
        }
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [batchIds, t, toast, queryClient]);

  function choose(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (chosen.length === 0) return;
    // New files clear the previous result and error.
    setFiles(chosen);
    setBatch([]);
    setDownloaded(new Set());
    const problem = checkFiles(chosen);
    setError(
      problem.kind === 'type'
        ? t('errors.type', { name: problem.name })
        : problem.kind === 'size'
          ? t('errors.size', { name: problem.name })
          : problem.kind === 'empty'
            ? t('errors.empty', { name: problem.name })
            : null,
    );
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  }

  async function submit() {
    if (files.length === 0) {
      setError(t('errors.noFile'));
      return;
    }
    if (checkFiles(files).kind !== 'none') return;
    setError(null);
    setUploadProgress(0);
    try {
      const docs = await uploadDocuments(files, { mode, format, paper }, setUploadProgress);
      storeUploadOptions(deviceStorage(), { mode, format, paper });
      setBatch(docs);
      setFiles([]);
      if (pickerRef.current) pickerRef.current.value = '';
      if (cameraRef.current) cameraRef.current.value = '';
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) {
        setError(t('errors.premium'));
        window.setTimeout(() => void navigate(localize('/pricing')), PRICING_REDIRECT_MS);
      } else {
        setError(uploadErrorText(t, err));
      }
    } finally {
      setUploadProgress(null);
    }
  }

  async function download(docs: DocumentRecord[]) {
    const ids = docs.map((d) => d.id);
    setBusy((s) => new Set([...s, ...ids]));
    try {
      const single = docs.length === 1 ? docs[0] : undefined;
      await downloadFile(
        single
          ? { path: `/api/documents/${single.id}/download`, method: 'GET' }
          : { path: '/api/documents/download', method: 'POST', body: { ids } },
        single ? (single.result_name ?? 'document-restored') : 'uncrumple-documents.zip',
      );
      toast({ title: t('downloadStarted'), variant: 'success' });
      setDownloaded((s) => new Set([...s, ...ids]));
      void queryClient.invalidateQueries({ queryKey: documentsKey });
    } catch (err) {
      toast({ title: downloadErrorText(t, err), variant: 'error' });
    } finally {
      setBusy((s) => new Set([...s].filter((id) => !ids.includes(id))));
    }
  }

  async function rotate(doc: DocumentRecord, degrees: 90 | 270) {
    setBusy((s) => new Set([...s, doc.id]));
    try {
      const turned = await rotateDocument(doc.id, degrees);
      setBatch((all) => all.map((d) => (d.id === turned.id ? turned : d)));
    } catch (err) {
      toast({ title: uploadErrorText(t, err), variant: 'error' });
    } finally {
      setBusy((s) => new Set([...s].filter((id) => id !== doc.id)));
    }
  }

  async function remove(doc: DocumentRecord) {
    try {
      await deleteDocument(doc.id);
      setBatch((all) => all.filter((d) => d.id !== doc.id));
      toast({ title: t('deleted') });
      void queryClient.invalidateQueries({ queryKey: documentsKey });
    } catch (err) {
      toast({ title: uploadErrorText(t, err), variant: 'error' });
    }
  }

  const ready = batch.filter((d) => d.status === 'done' && !downloaded.has(d.id));
  const uploading = uploadProgress !== null;

  return (
    <Card className="p-0">
      <div className="p-6">
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
          className={`flex flex-col items-center rounded-2xl border-2 border-dashed px-4 py-10 text-center transition-colors ${
            dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
          }`}
        >
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <FileUp aria-hidden="true" className="h-7 w-7" />
          </span>
          <h2 className="mt-4 text-xl font-semibold">{t('upload.title')}</h2>
          <p className="mt-1 text-sm text-slate-700">{t('upload.drop')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('upload.formats')}</p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Button variant="secondary" onClick={() => pickerRef.current?.click()}>
              <FileUp aria-hidden="true" className="h-4 w-4" />
              {t('upload.choose')}
            </Button>
            <Button variant="secondary" onClick={() => cameraRef.current?.click()}>
              <Camera aria-hidden="true" className="h-4 w-4" />
              {t('upload.camera')}
            </Button>
          </div>
          <input
            ref={pickerRef}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            aria-label={t('upload.choose')}
            data-testid="file-input"
            onChange={(e) => choose(e.target.files)}
          />
          <input
            ref={cameraRef}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => choose(e.target.files)}
          />
        </div>

        {files.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('upload.selected')}>
            {files.map((f, i) => (
              <li
                key={`${f.name}-${i}`}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm"
              >
                {f.name}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-slate-200"
                  aria-label={t('upload.remove', { name: f.name })}
                  onClick={() => {
                    const next = files.filter((_, j) => j !== i);
                    setFiles(next);
                    const problem = checkFiles(next);
                    if (problem.kind === 'none') setError(null);
                  }}
                >
                  <X aria-hidden="true" className="h-3.5 w-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}

        <div className="mt-5 grid gap-4 sm:grid-cols-3 sm:items-end">
          <OptionSelect
            label={t('options.mode')}
            value={mode}
            onChange={setMode}
            options={[
              ['color', t('options.color')],
              ['gray', t('options.gray')],
              ['bw', t('options.bw')],
            ]}
          />
          <OptionSelect
            label={t('options.format')}
            value={format}
            onChange={setFormat}
            options={[
              ['same', t('options.same')],
              ['png', 'PNG'],
              ['jpg', 'JPG'],
              ['pdf', 'PDF'],
            ]}
          />
          <OptionSelect
            label={t('options.paper')}
            value={paper}
            onChange={setPaper}
            options={[
              ['auto', t('options.paperAuto')],
              ['a4', t('options.a4')],
              ['letter', t('options.letter')],
              ['legal', t('options.legal')],
            ]}
          />
        </div>
        <p className="mt-2 text-xs text-slate-600">{t('options.multiPage')}</p>
        <div className="mt-4 flex sm:justify-end">
          <Button
            size="lg"
            className="w-full sm:w-auto"
            onClick={() => void submit()}
            disabled={uploading}
          >
            {uploading ? <Spinner /> : <Sparkles aria-hidden="true" className="h-4 w-4" />}
            {uploading
              ? t('upload.uploading', { percent: Math.round((uploadProgress ?? 0) * 100) })
              : t('upload.submit')}
          </Button>
        </div>

        {error && (
          <div className="mt-4">
            <FormAlert>
              {error}
              {error === t('errors.premium') && (
                <>
                  {' '}
                  <LocalizedLink to="/pricing" className="font-semibold underline">
                    {t('seePlans')}
                  </LocalizedLink>
                </>
              )}
            </FormAlert>
          </div>
        )}
      </div>

      {batch.length > 0 && (
        <section className="border-t border-slate-200 p-6" aria-labelledby="batch-heading">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id="batch-heading" className="text-lg font-semibold">
              {t('batch.title')}
            </h3>
            {ready.length > 1 && (
              <Button variant="secondary" onClick={() => void download(ready)}>
                <FolderDown aria-hidden="true" className="h-4 w-4" />
                {t('downloadAll', { count: ready.length })}
              </Button>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-700">{t('batch.retention')}</p>
          <ul className="mt-4 space-y-4">
            {batch.map((doc) => (
              <DocumentItem
                key={doc.id}
                doc={doc}
                downloaded={downloaded.has(doc.id)}
                busy={busy.has(doc.id)}
                onDownload={() => void download([doc])}
                onDelete={() => void remove(doc)}
                onRotate={(degrees) => void rotate(doc, degrees)}
              />
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-700">
            <LocalizedLink to="/profile" className="font-semibold text-brand-800 underline">
              {t('batch.profileLink')}
            </LocalizedLink>
          </p>
        </section>
      )}
    </Card>
  );
}

/** One labelled upload option: its value and its choices as [value, label] pairs. */
function OptionSelect<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<readonly [T, string]>;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="text-sm font-medium">
      {label}
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className="mt-1 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
