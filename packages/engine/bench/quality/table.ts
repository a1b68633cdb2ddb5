import { PAPER_RATIO } from '../../synth/index.ts';

/** The group of the flat pages restored as clean scans (`--flat`); kept out of `overall`. */
export const FLAT_GROUP = 'flat scan';

/** Per-sample scores of one variant. */
export interface Score {
  variant: string;
  family: string;
  kind: string;
  /** The page's paper size (`a4`, `letter`, `legal`) or `receipt` */
  paper: string;
  seed: number;
  msSsim: number;
  ld: number;
  /** dark pixels of the output over the ground truth's (≈1 when nothing is lost) */
  ink: number;
  /**
   * Aspect-ratio error in % (|ln(output h/w ÷ ground truth h/w)| × 100): the DocUNet metrics
   * resize the output to the ground truth first, so they cannot see a squashed page.
   */
  aspect: number;
  /** The output's height over width (NaN when the variant failed) */
  ratio: number;
  /** OCR edit distance and ground-truth length; NaN when OCR was skipped */
  errors: number;
  length: number;
  ms: number;
  /** quarter turns the variant applied (degrees clockwise); every bench photo is upright */
  rotation?: number;
  failed?: string;
}

export interface Row {
  variant: string;
  group: string;
  n: number;
  msSsim: number;
  ld: number;
  ink: number;
  aspect: number;
  cer: number;
  ocrAccuracy: number;
  errors: number;
  ms: number;
  failed: number;
}

const mean = (xs: number[]): number =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN;

/**
 * Aggregates scores per variant × family, overall (the photos), and over the clean scans when
 * there are any; CER is pooled (Σ errors / Σ length). Empty groups have no row.
 */
export function aggregate(scores: Score[], variants: string[], families: string[]): Row[] {
  const rows: Row[] = [];
  for (const variant of variants) {
    for (const group of [...families, 'overall', FLAT_GROUP]) {
      const all = scores.filter(
        (s) =>
          s.variant === variant &&
          (group === 'overall' ? s.family !== FLAT_GROUP : s.family === group),
      );
      if (!all.length) continue;
      const ok = all.filter((s) => !s.failed);
      const errors = ok.reduce((a, s) => a + s.errors, 0);
      const length = ok.reduce((a, s) => a + s.length, 0);
      const cer = length > 0 ? errors / length : Number.NaN;
      rows.push({
        variant,
        group,
        n: all.length,
        msSsim: mean(ok.map((s) => s.msSsim)),
        ld: mean(ok.map((s) => s.ld)),
        ink: mean(ok.map((s) => s.ink)),
        aspect: mean(ok.map((s) => s.aspect)),
        cer,
        ocrAccuracy: Math.max(0, 1 - cer),
        errors,
        ms: mean(ok.map((s) => s.ms)),
        failed: all.length - ok.length,
      });
    }
  }
  return rows;
}

const fmt = (x: number, digits: number): string => (Number.isNaN(x) ? '–' : x.toFixed(digits));

/** A markdown table, readable in a terminal and pasteable into notes. */
export function formatTable(rows: Row[]): string {
  const head =
    '| variant | family | n | MS-SSIM ↑ | LD ↓ | ink | aspect err % ↓ | CER ↓ | OCR acc ↑ | OCR errors | ms/page | failed |';
  const sep = '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const body = rows.map(
    (r) =>
      `| ${r.variant} | ${r.group} | ${r.n} | ${fmt(r.msSsim, 4)} | ${fmt(r.ld, 2)} | ${fmt(r.ink, 2)} | ${fmt(r.aspect, 1)} | ${fmt(r.cer, 4)} | ${Number.isNaN(r.cer) ? '–' : `${fmt(r.ocrAccuracy * 100, 1)}%`} | ${Number.isNaN(r.cer) ? '–' : r.errors} | ${fmt(r.ms, 0)} | ${r.failed} |`,
  );
  return [head, sep, ...body].join('\n');
}

/** Past this ink ratio a restored page is a part of the page blown up (a band of it): the 40
 *  pages of a `--n 10` run read 0.65–1.45 (the appearance stage darkens thin strokes a little). */
const BLOWN_UP_INK = 2;

/**
 * Per-sample regressions: samples a variant turned (every photo is upright), whose content it
 * lost (ink ratio under 0.5) or blew up (a band of the page given back as the page: ink ratio
 * over 2, which MS-SSIM can score above the whole page), or where it scores below the unchanged
 * input on MS-SSIM or has more OCR errors.
 */
export function regressions(scores: Score[], variant: string): string[] {
  const out: string[] = [];
  for (const s of scores.filter((x) => x.variant === variant && !x.failed)) {
    const base = scores.find(
      (b) => b.variant === 'input unchanged' && b.seed === s.seed && b.family === s.family,
    );
    if (!base) continue;
    // The synthetic photos are all taken upright: any turn is a false one (MS-SSIM can even
    // score a sparse form higher turned upside down).
    if (s.rotation)
      out.push(`${s.family}/${s.kind}#${s.seed}: turned by ${s.rotation}° (the photo is upright)`);
    if (s.ink < 0.5)
      out.push(
        `${s.family}/${s.kind}#${s.seed}: ink ratio ${s.ink.toFixed(2)}: page content lost (blank or cropped output)`,
      );
    if (s.ink > BLOWN_UP_INK)
      out.push(
        `${s.family}/${s.kind}#${s.seed}: ink ratio ${s.ink.toFixed(2)}: part of the page blown up to fill it`,
      );
    if (s.msSsim < base.msSsim)
      out.push(
        `${s.family}/${s.kind}#${s.seed}: MS-SSIM ${s.msSsim.toFixed(4)} < input ${base.msSsim.toFixed(4)}`,
      );
    if (!Number.isNaN(s.errors) && s.errors > base.errors)
      out.push(`${s.family}/${s.kind}#${s.seed}: OCR errors ${s.errors} > input ${base.errors}`);
  }
  return out;
}

/** Thresholds past which a clean scan counts as not given back as it was. */
const SCAN_ASPECT_PCT = 3;
const SCAN_MS_SSIM = 0.8;

/**
 * Clean scans (the flat pages themselves, `--flat`) a variant damaged: turned, emptied, cut
 * down or stretched (aspect off by more than 3 %), or changed past recognition (MS-SSIM against
 * the page itself under 0.8; the appearance stage alone whitens and sharpens a little).
 */
export function damagedScans(scores: Score[], variant: string): string[] {
  const out: string[] = [];
  for (const s of scores.filter((x) => x.variant === variant && x.family === FLAT_GROUP)) {
    const name = `${FLAT_GROUP}/${s.kind}#${s.seed}`;
    if (s.failed) out.push(`${name}: failed: ${s.failed}`);
    else if (s.rotation) out.push(`${name}: turned by ${s.rotation}° (the scan is upright)`);
    else if (s.ink < 0.5) out.push(`${name}: ink ratio ${s.ink.toFixed(2)}: page content lost`);
    else if (s.aspect > SCAN_ASPECT_PCT)
      out.push(`${name}: aspect off by ${s.aspect.toFixed(1)} % (cut down or stretched)`);
    else if (s.msSsim < SCAN_MS_SSIM)
      out.push(`${name}: MS-SSIM ${s.msSsim.toFixed(3)} against the page itself`);
  }
  return out;
}

/**
 * Aspect error per paper size, and the pages a variant gave back nearer another paper's
 * proportions than their own (a Letter page sized as A4): one line per paper size, then the
 * wrongly sized pages by name. Receipts and clean scans are left out.
 */
export function paperSizes(scores: Score[], variant: string): string[] {
  const out: string[] = [];
  const wrong: string[] = [];
  for (const [paper, truth] of Object.entries(PAPER_RATIO)) {
    const all = scores.filter(
      (s) => s.variant === variant && s.paper === paper && s.family !== FLAT_GROUP && !s.failed,
    );
    if (!all.length) continue;
    let misses = 0;
    for (const s of all) {
      const nearest = Object.entries(PAPER_RATIO).reduce((a, b) =>
        Math.abs(Math.log(s.ratio / b[1])) < Math.abs(Math.log(s.ratio / a[1])) ? b : a,
      )[0];
      if (nearest === paper) continue;
      misses++;
      wrong.push(
        `${s.family}/${s.kind}#${s.seed}: ${paper} page given back as ${nearest} (h/w ${s.ratio.toFixed(3)}, truth ${truth.toFixed(3)})`,
      );
    }
    out.push(
      `${variant} on ${paper}: ${all.length} page(s), aspect err ${mean(all.map((s) => s.aspect)).toFixed(1)} %, ${misses} nearer another paper size`,
    );
  }
  return wrong.length ? [...out, `    ${wrong.join('\n    ')}`] : out;
}
