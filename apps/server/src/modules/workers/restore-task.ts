import type { OutputFormat, OutputMode, PaperChoice, RestoreLimits } from '@uncrumple/engine';

/** What the main thread sends a restore thread; `input` is transferred, not copied. */
export interface RestoreTask {
  input: Uint8Array;
  mode: OutputMode;
  /** The paper size the user named; 'auto' lets the engine judge. */
  paper: PaperChoice;
  format: OutputFormat;
  limits: RestoreLimits;
  /** Long side of the before/after preview JPEGs, in pixels. */
  previewSide: number;
}

export interface RestoreProgress {
  /** Engine stage name (decode, detect, geometry, resample, appearance, orient, encode). */
  stage: string;
  /** 0..1 over the whole document (all pages). */
  fraction: number;
}

export interface RestoreTaskResult {
  file: Uint8Array;
  mime: string;
  extension: 'png' | 'jpg' | 'pdf';
  pages: number;
  /** Small JPEG of the input's first page (null when it cannot be drawn cheaply). */
  before: Uint8Array | null;
  /** Small JPEG of the restored first page. */
  after: Uint8Array;
}
