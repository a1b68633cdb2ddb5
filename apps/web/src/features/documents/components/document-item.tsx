import {
  CircleAlert,
  CircleCheck,
  Download,
  FileText,
  RotateCcw,
  RotateCw,
  Trash2,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CompareSlider } from '../../../components/ui/compare-slider.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { previewUrl } from '../api/documents.ts';
import type { DocumentRecord } from '../api/documents.ts';
import { timeLeft } from '../lib/error-text.ts';

type Props = {
  doc: DocumentRecord;
  /** Gone from the server after its first complete download. */
  downloaded?: boolean;
  busy?: boolean;
  compare?: boolean;
  onDownload?: () => void;
  onDelete?: () => void;
  /** Turns the result clockwise (90) or counter-clockwise (270). */
  onRotate?: (degrees: 90 | 270) => void;
};

/** The turn buttons under a preview: left (a quarter turn counter-clockwise), then right. */
const TURNS = [
  { degrees: 270, key: 'rotateLeft', Icon: RotateCcw },
  { degrees: 90, key: 'rotateRight', Icon: RotateCw },
] as const;

/** One document: progress with its stage while processing, then the comparison and download. */
export function DocumentItem({
  doc,
  downloaded,
  busy,
  compare = true,
  onDownload,
  onDelete,
  onRotate,
}: Props) {
  const { t } = useTranslation('documents');
  const now = useNow();
  const left = timeLeft(doc.expires_at, now);
  const pages = doc.page_count ?? 1;
  const page = Math.min(pages, Math.floor((doc.progress / 100) * pages) + 1);

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="document-item">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <StatusIcon doc={doc} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" title={doc.original_name}>
              {doc.original_name}
            </p>
            {(doc.status === 'queued' || doc.status === 'processing') && (
              <div className="mt-2">
                <div className="flex justify-between text-sm text-slate-700">
                  <span>
                    {doc.status === 'queued'
                      ? t('status.queued')
                      : t(`stages.${doc.stage ?? 'decode'}`, {
                          defaultValue: t('status.processing'),
                        })}
                    {pages > 1 && doc.status === 'processing' && ` · ${t('page', { page, pages })}`}
                  </span>
                  <span>{doc.progress}%</span>
                </div>
                <div
                  role="progressbar"
                  aria-label={t('progressLabel', { name: doc.original_name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={doc.progress}
                  className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className="h-full rounded-full bg-brand-700 transition-[width] duration-300"
                    style={{ width: `${Math.max(3, doc.progress)}%` }}
                  />
                </div>
              </div>
            )}
            {doc.status === 'failed' && (
              <p className="mt-1 text-sm text-red-800" role="alert">
                {doc.error ?? t('errors.failed')}
              </p>
            )}
            {doc.status === 'done' && (
              <p className="mt-1 text-sm text-slate-700">
                {downloaded
                  ? t('downloadedGone')
                  : left
                    ? t('deletesIn', { hours: left.hours, minutes: left.minutes })
                    : t('deletesSoon')}
              </p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 gap-2 pl-8 sm:pl-0">
          {doc.status === 'done' && onDownload && !downloaded && (
            <Button size="sm" onClick={onDownload} disabled={busy}>
              {busy ? <Spinner /> : <Download aria-hidden="true" className="h-4 w-4" />}
              {t('download')}
            </Button>
          )}
          {onDelete && !downloaded && (
            <Button
              size="sm"
              variant="ghost"
              onClick={onDelete}
              disabled={busy}
              aria-label={t('deleteNamed', { name: doc.original_name })}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </Button>
          )}
        </div>
      </div>
      {compare && doc.status === 'done' && !downloaded && doc.has_preview?.after && (
        <div className="mt-4">
          {doc.has_preview.before ? (
            <CompareSlider
              before={previewUrl(doc.id, 'before')}
              after={previewUrl(doc.id, 'after', doc.updated_at)}
              beforeLabel={t('compare.before')}
              afterLabel={t('compare.after')}
              sliderLabel={t('compare.slider', { name: doc.original_name })}
            />
          ) : (
            <img
              src={previewUrl(doc.id, 'after', doc.updated_at)}
              alt={t('compare.after')}
              className="mx-auto max-h-[60vh] rounded-xl border border-slate-200"
            />
          )}
          {onRotate && (
            <div className="mt-2 flex justify-center gap-2">
              {TURNS.map(({ degrees, key, Icon }) => (
                <Button
                  key={key}
                  size="sm"
                  variant="ghost"
                  onClick={() => onRotate(degrees)}
                  disabled={busy}
                  aria-label={t(`${key}Named`, { name: doc.original_name })}
                  title={t(key)}
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                </Button>
              ))}
            </div>
          )}
        </div>
      )}
    </li>
  );
}

function StatusIcon({ doc }: { doc: DocumentRecord }) {
  const { t } = useTranslation('documents');
  if (doc.status === 'done') {
    return (
      <CircleCheck aria-label={t('status.done')} className="mt-0.5 h-5 w-5 text-emerald-700" />
    );
  }
  if (doc.status === 'failed') {
    return <CircleAlert aria-label={t('status.failed')} className="mt-0.5 h-5 w-5 text-red-700" />;
  }
  return <FileText aria-hidden="true" className="mt-0.5 h-5 w-5 text-slate-500" />;
}

/** The current time, refreshed every 30 seconds (for "deleted in …"). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
