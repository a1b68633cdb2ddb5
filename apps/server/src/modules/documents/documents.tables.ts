import type { Generated } from 'kysely';

export type DocumentStatus = 'queued' | 'processing' | 'done' | 'failed';
export type DocumentMode = 'color' | 'gray' | 'bw';
export type DocumentFormat = 'same' | 'png' | 'jpg' | 'pdf';
/** The paper size the user named (`PaperChoice` of @uncrumple/engine); 'auto' lets the engine judge. */
export type DocumentPaper = 'auto' | 'a4' | 'letter' | 'legal';

export interface DocumentsTable {
  id: string;
  user_id: string;
  original_name: string;
  input_format: string;
  input_bytes: number;
  status: DocumentStatus;
  progress: Generated<number>;
  stage: string | null;
  page_count: number | null;
  error: string | null;
  mode: DocumentMode;
  format: DocumentFormat;
  /** Default 'auto' (migration 0005: documents from before it read as 'auto'). */
  paper: DocumentPaper;
  /** 'web' | 'api' (compat endpoint) */
  source: Generated<string>;
  original_file: string | null;
  result_file: string | null;
  result_name: string | null;
  result_mime: string | null;
  result_bytes: number | null;
  preview_before: string | null;
  preview_after: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  expires_at: string | null;
  downloaded_at: string | null;
  deleted_at: string | null;
}

export interface DocumentsTables {
  documents: DocumentsTable;
}
