import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';

export type DocumentStatus = 'queued' | 'processing' | 'done' | 'failed';
export type OutputMode = 'color' | 'gray' | 'bw';
export type OutputFormat = 'same' | 'png' | 'jpg' | 'pdf';
/** The paper the document is printed on; 'auto' lets the engine judge it from the photo. */
export type PaperSize = 'auto' | 'a4' | 'letter' | 'legal';

export type DocumentRecord = {
  id: string;
  original_name: string;
  status: DocumentStatus;
  progress: number;
  stage: string | null;
  page_count: number | null;
  error: string | null;
  mode: OutputMode;
  format: OutputFormat;
  paper: PaperSize;
  result_name: string | null;
  created_at: string;
  updated_at?: string;
  completed_at: string | null;
  expires_at: string | null;
  has_preview?: { before: boolean; after: boolean };
};

export const documentsKey = ['documents'] as const;

/** The signed-in user's retained documents (newest first). */
export function useDocuments() {
  return useQuery({
    queryKey: documentsKey,
    queryFn: async () =>
      (await api.get<{ documents: DocumentRecord[] }>('/api/documents')).documents,
    staleTime: 0,
  });
}

export function deleteDocument(id: string) {
  return api.delete(`/api/documents/${id}`);
}

/** Turns a restored document's result and preview clockwise by 90, 180 or 270 degrees. */
export function rotateDocument(id: string, degrees: 90 | 180 | 270) {
  return api.post<DocumentRecord>(`/api/documents/${id}/rotate`, { degrees });
}

/**
 * Uploads files as multipart with upload progress (fetch cannot report it, so this one request
 * uses XMLHttpRequest). Errors become the same ApiError as every other call.
 */
export function uploadDocuments(
  files: File[],
  options: { mode: OutputMode; format: OutputFormat; paper: PaperSize },
  onProgress: (fraction: number) => void,
): Promise<DocumentRecord[]> {
  const form = new FormData();
  form.append('mode', options.mode);
  form.append('format', options.format);
  form.append('paper', options.paper);
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error'));
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status === 202 && body && typeof body === 'object' && 'documents' in body) {
        resolve((body as { documents: DocumentRecord[] }).documents);
        return;
      }
      reject(toError(xhr.status, body, xhr.responseText));
    };
    xhr.send(form);
  });
}

/**
 * Follows one document's progress through server-sent events; falls back to polling when the
 * stream breaks. Returns a function that stops following.
 */
export function followDocument(id: string, onChange: (doc: DocumentRecord) => void): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let timer: number | undefined;
  const finished = (doc: DocumentRecord) => doc.status === 'done' || doc.status === 'failed';
  const poll = async () => {
    if (stopped) return;
    try {
      const doc = await api.get<DocumentRecord>(`/api/documents/${id}`);
      onChange(doc);
      if (finished(doc)) return;
    } catch {
      // try again below
    }
    timer = window.setTimeout(poll, 1500);
  };
  if (typeof EventSource === 'undefined') {
    void poll();
  } else {
    source = new EventSource(`/api/documents/${id}/events`, { withCredentials: true });
    source.onmessage = (event: MessageEvent<string>) => {
      const doc = parseJson(event.data) as DocumentRecord | null;
      if (!doc) return;
      onChange(doc);
      if (finished(doc)) source?.close();
    };
    source.onerror = () => {
      source?.close();
      void poll();
    };
  }
  return () => {
    stopped = true;
    source?.close();
    window.clearTimeout(timer);
  };
}

/** Downloads one result or a ZIP of several and saves it under the given name. */
export async function downloadFile(
  request: { path: string; method: 'GET' | 'POST'; body?: unknown },
  fileName: string,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(request.path, {
      method: request.method,
      credentials: 'same-origin',
      headers: request.body ? { 'Content-Type': 'application/json' } : {},
      body: request.body ? JSON.stringify(request.body) : undefined,
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Network error');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw toError(response.status, parseJson(text), text);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `version` (the document's updated_at) makes a turned preview a new URL for the cache. */
export function previewUrl(id: string, side: 'before' | 'after', version?: string) {
  const v = version ? `&v=${encodeURIComponent(version)}` : '';
  return `/api/documents/${id}/preview?side=${side}${v}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toError(status: number, body: unknown, text: string): ApiError {
  const nested = (body as { error?: { code?: string; message?: string } } | null)?.error;
  if (nested?.message) return new ApiError(status, nested.code ?? 'error', nested.message);
  // Not our JSON (a proxy's page, say): keep a short plain-text reason, never markup.
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
  return new ApiError(status, 'http_error', plain || `HTTP ${status}`);
}
