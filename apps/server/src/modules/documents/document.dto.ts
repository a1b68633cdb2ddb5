import type { DocumentRow } from './documents.repository.ts';
import type {
  DocumentFormat,
  DocumentMode,
  DocumentPaper,
  DocumentStatus,
} from './documents.tables.ts';

/** A document as the API shows it (API-CONTRACT.md "Documents"). */
export interface DocumentDto {
  id: string;
  original_name: string;
  status: DocumentStatus;
  progress: number;
  stage: string | null;
  page_count: number | null;
  error: string | null;
  mode: DocumentMode;
  format: DocumentFormat;
  paper: DocumentPaper;
  result_name: string | null;
  created_at: string;
  /** Changes whenever the document does (a turn included): previews are cached per value. */
  updated_at: string;
  completed_at: string | null;
  expires_at: string | null;
  has_preview: { before: boolean; after: boolean };
}

export function toDocumentDto(row: DocumentRow): DocumentDto {
  return {
    id: row.id,
    original_name: row.original_name,
    status: row.status,
    progress: row.progress,
    stage: row.stage,
    page_count: row.page_count,
    error: row.error,
    mode: row.mode,
    format: row.format,
    paper: row.paper,
    result_name: row.result_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    expires_at: row.expires_at,
    has_preview: { before: row.preview_before !== null, after: row.preview_after !== null },
  };
}

export function isFinished(status: DocumentStatus): boolean {
  return status === 'done' || status === 'failed';
}
