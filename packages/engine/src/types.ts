/** Shared engine types (see /tmp/team/ENGINE-CONTRACT.md). Pure data, no behaviour. */

export type OutputMode = 'color' | 'gray' | 'bw';
export type OutputFormat = 'png' | 'jpg' | 'pdf';
export type InputFormat = 'png' | 'jpg' | 'tiff' | 'bmp' | 'webp' | 'pdf';

/** Interleaved 8-bit RGB, row-major, 3 bytes per pixel. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Single channel; Float32 in [0,255] unless stated. */
export interface GrayImage {
  width: number;
  height: number;
  data: Float32Array;
}

export interface Point {
  x: number;
  y: number;
}

export interface PageOutline {
  /** tl, tr, br, bl in source-image pixel coordinates of the image it was detected on */
  corners: [Point, Point, Point, Point];
  /** boundary curves, each ordered from its first corner to its second: top tl→tr, right tr→br,
   *  bottom bl→br, left tl→bl; 16–64 points each */
  top: Point[];
  right: Point[];
  bottom: Point[];
  left: Point[];
  clipped: { top: boolean; right: boolean; bottom: boolean; left: boolean };
  /** 0..1 */
  confidence: number;
}

/** Dense backward map sampled on a grid: output pixel (i*step, j*step) comes from source
 *  (x[j*gridW+i], y[j*gridW+i]) in the coordinates of the image the plan was computed on. */
export interface BackwardMap {
  outWidth: number;
  outHeight: number;
  step: number;
  gridW: number;
  gridH: number;
  x: Float32Array;
  y: Float32Array;
}

export interface StageReport {
  stage: string;
  applied: boolean;
  reason?: string;
  ms: number;
  details?: Record<string, unknown>;
}

export interface GeometryPlan {
  /** null when no page found (then the map is the full frame) */
  outline: PageOutline | null;
  /** composed: global + local + deskew + 90° rotations */
  map: BackwardMap;
  paper: 'A4' | 'Letter' | 'Legal' | null;
  /** height / width of the output */
  aspect: number;
  rotation: 0 | 90 | 180 | 270;
  skewDeg: number;
  /** detect, global, local, orient/deskew — applied/skipped and why */
  stages: StageReport[];
  /**
   * The text lines of the output (centrelines in fractions of its width and height, and the
   * character height as a fraction of its height), for the learned half-turn check; absent
   * when no text was found.
   */
  text?: { lines: Array<{ xs: number[]; ys: number[] }>; charHeight: number };
  /**
   * The same plan without its local warp (global map, deskew and turns only), when a local warp
   * was applied: the milder step back if the composed map turns out wrong.
   */
  withoutLocal?: GeometryPlan;
}

export type StageName =
  'decode' | 'detect' | 'geometry' | 'resample' | 'appearance' | 'orient' | 'encode';

export interface RestoreLimits {
  /** per page, default 100e6 */
  maxPixels?: number;
  /** default 50 */
  maxPages?: number;
  /** default 50 MiB */
  maxBytes?: number;
}

/** The paper the document is printed on, when the user knows it; `auto` (the default) lets the
 *  engine judge it from the photo (snapping to A4, Letter or Legal when close). */
export type PaperChoice = 'auto' | 'a4' | 'letter' | 'legal';

export interface RestoreOptions {
  /** default 'color' */
  mode?: OutputMode;
  /** default 'auto' */
  paper?: PaperChoice;
  /** default 'png' */
  format?: OutputFormat;
  onProgress?: (stage: StageName, fraction: number) => void;
  signal?: AbortSignal;
  limits?: RestoreLimits;
  jpegQuality?: number;
  dpi?: number;
}

export interface RestoredPage {
  width: number;
  height: number;
  widthMm: number;
  heightMm: number;
  /** this page encoded as png or jpg (jpg when format is pdf or jpg) */
  data: Uint8Array;
}

export interface ProbeResult {
  format: InputFormat;
  pages: number;
  width: number;
  height: number;
}

export interface RestoreReport {
  input: ProbeResult;
  pages: Array<{
    /** in pixel coordinates of the decoded page (EXIF orientation applied), not the working copy */
    outline: PageOutline | null;
    confidence: number;
    paper: string | null;
    rotation: number;
    skewDeg: number;
    stages: StageReport[];
  }>;
  timings: Record<string, number>;
  totalMs: number;
}

export interface RestoreResult {
  pages: RestoredPage[];
  /** the output file: the single page's png/jpg, or one PDF with all pages; for multi-page
   *  png/jpg, file = first page */
  file: Uint8Array;
  mime: string;
  extension: 'png' | 'jpg' | 'pdf';
  report: RestoreReport;
}
