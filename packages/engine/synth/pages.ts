import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { RgbImage } from '../src/types.ts';
import { drawHighlight, drawLogo, drawPhoto, drawSignature, drawStamp } from './draw.ts';
import { ensureFonts, type FontRole } from './fonts.ts';
import { Rng } from './prng.ts';
import { formatMoney, TextSource } from './words.ts';

export type PageKind = 'letter' | 'invoice' | 'receipt' | 'form' | 'paper' | 'brochure';
export const PAGE_KINDS: readonly PageKind[] = [
  'letter',
  'invoice',
  'receipt',
  'form',
  'paper',
  'brochure',
];

export interface FlatPage {
  image: RgbImage;
  /** Exactly the text printed on the page, one visual line per line, in reading order. */
  text: string;
}

/** Draws text and records every printed line in reading order. */
class Sheet {
  readonly lines: string[] = [];
  readonly fonts = ensureFonts();

  constructor(
    readonly ctx: SKRSContext2D,
    readonly width: number,
    readonly height: number,
    /** Scale from the 1240 px reference layout. */
    readonly s: number,
  ) {}

  font(role: FontRole, px: number): string {
    return `${Math.round(px * this.s)}px ${this.fonts[role]}`;
  }

  /** One line of text; `parts` printed at their x with the given alignment, recorded as one line. */
  line(
    parts: Array<{ text: string; x: number; align?: 'left' | 'right' | 'center' }>,
    y: number,
    font: string,
    color = '#111',
  ): void {
    const { ctx } = this;
    ctx.font = font;
    ctx.fillStyle = color;
    ctx.textBaseline = 'alphabetic';
    for (const p of parts) {
      ctx.textAlign = p.align ?? 'left';
      ctx.fillText(p.text, p.x, y);
    }
    this.lines.push(parts.map((p) => p.text).join(' '));
  }

  /** Word-wraps `text` into `maxWidth`, returns the baseline after the last line. */
  wrap(
    text: string,
    x: number,
    y: number,
    maxWidth: number,
    font: string,
    lineHeight: number,
    color = '#111',
  ): number {
    const { ctx } = this;
    ctx.font = font;
    let current = '';
    for (const word of text.split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (ctx.measureText(candidate).width > maxWidth && current) {
        this.line([{ text: current, x }], y, font, color);
        y += lineHeight;
        current = word;
      } else {
        current = candidate;
      }
    }
    if (current) {
      this.line([{ text: current, x }], y, font, color);
      y += lineHeight;
    }
    return y;
  }

  rule(x0: number, y0: number, x1: number, y1: number, width = 2, color = '#222'): void {
    const { ctx } = this;
    ctx.strokeStyle = color;
    ctx.lineWidth = width * this.s;
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
  }
}

/**
 * Renders one flat page of the given kind with its exact text.
 * @example const page = renderPage('invoice', 7, 1240); page.text.includes('Total');
 */
export function renderPage(
  kind: PageKind,
  seed: number,
  width = kind === 'receipt' ? 640 : 1240,
): FlatPage {
  const rng = new Rng(seed ^ 0x5eed);
  const words = new TextSource(rng.fork(1));
  const s = width / (kind === 'receipt' ? 640 : 1240);
  const itemCount = rng.int(10, 18);
  const height =
    kind === 'receipt'
      ? Math.round((560 + itemCount * 44 + 300) * s)
      : Math.round(width * Math.SQRT2);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const sheet = new Sheet(ctx, width, height, s);
  const layouts: Record<PageKind, () => void> = {
    letter: () => letter(sheet, rng, words),
    invoice: () => invoice(sheet, rng, words),
    receipt: () => receipt(sheet, rng, words, itemCount),
    form: () => form(sheet, rng, words),
    paper: () => paper(sheet, rng, words),
    brochure: () => brochure(sheet, rng, words),
  };
  layouts[kind]();
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < data.length; i += 3, j += 4) {
    data[i] = rgba[j]!;
    data[i + 1] = rgba[j + 1]!;
    data[i + 2] = rgba[j + 2]!;
  }
  return { image: { width, height, data }, text: sheet.lines.join('\n') };
}

function letter(p: Sheet, rng: Rng, w: TextSource): void {
  const m = 110 * p.s;
  const body = p.font('serif', 27);
  const lh = 40 * p.s;
  let y = 130 * p.s;
  const company = w.company();
  drawLogo(p.ctx, p.width - m - 110 * p.s, y - 50 * p.s, 110 * p.s, rng);
  p.line([{ text: company, x: m }], y, p.font('sansBold', 36));
  y += 44 * p.s;
  p.line([{ text: w.street(), x: m }], y, p.font('sans', 22));
  y += 32 * p.s;
  p.line([{ text: w.city(), x: m }], y, p.font('sans', 22));
  y += 90 * p.s;
  const recipient = w.person();
  for (const t of [recipient, w.street(), w.city()]) {
    p.line([{ text: t, x: m }], y, body);
    y += lh;
  }
  y += 30 * p.s;
  p.line([{ text: w.date(), x: p.width - m, align: 'right' }], y, body);
  y += 70 * p.s;
  p.line([{ text: `Subject: ${w.title(3)}`, x: m }], y, p.font('serifBold', 27));
  y += 60 * p.s;
  p.line([{ text: `Dear ${recipient},`, x: m }], y, body);
  y += lh * 1.4;
  const paragraphs = rng.int(3, 4);
  for (let i = 0; i < paragraphs; i++) {
    if (y > p.height - 700 * p.s) break;
    const top = y;
    y = p.wrap(w.paragraph(rng.int(2, 4)), m, y, p.width - 2 * m, body, lh);
    if (i === 1 && rng.bool(0.6))
      drawHighlight(p.ctx, m - 4, top - lh * 0.75, (p.width - 2 * m) * 0.6, lh * 0.95, rng);
    y += lh * 0.5;
  }
  p.line([{ text: 'Sincerely,', x: m }], y, body);
  drawSignature(p.ctx, m, y + 20 * p.s, 260 * p.s, 80 * p.s, rng);
  y += 140 * p.s;
  p.line([{ text: w.person(), x: m }], y, body);
  if (rng.bool(0.7))
    drawStamp(
      p.ctx,
      p.width - m - 200 * p.s,
      y - 60 * p.s,
      rng.pick(['RECEIVED', 'APPROVED', 'COPY']),
      44 * p.s,
      p.fonts.sansBold,
      rng,
    );
}

function invoice(p: Sheet, rng: Rng, w: TextSource): void {
  const m = 100 * p.s;
  const body = p.font('sans', 25);
  const lh = 38 * p.s;
  let y = 140 * p.s;
  drawLogo(p.ctx, m, y - 80 * p.s, 100 * p.s, rng);
  p.line([{ text: w.company(), x: m + 130 * p.s }], y - 20 * p.s, p.font('sansBold', 40));
  y += 60 * p.s;
  p.line(
    [{ text: `${w.street()}, ${w.city()}`, x: m + 130 * p.s }],
    y - 30 * p.s,
    p.font('sans', 21),
    '#444',
  );
  y += 80 * p.s;
  p.line([{ text: 'INVOICE', x: m }], y, p.font('sansBold', 52));
  y += 60 * p.s;
  p.line([{ text: `Invoice no. ${rng.int(10000, 99999)}`, x: m }], y, body);
  y += lh;
  p.line([{ text: `Date: ${w.date()}`, x: m }], y, body);
  y += lh * 1.6;
  p.line([{ text: 'Bill to:', x: m }], y, p.font('sansBold', 25));
  y += lh;
  for (const t of [w.person(), w.street(), w.city()]) {
    p.line([{ text: t, x: m }], y, body);
    y += lh;
  }
  y += lh;
  const cols = [m, p.width - m - 520 * p.s, p.width - m - 300 * p.s, p.width - m];
  p.rule(m, y - lh * 0.85, p.width - m, y - lh * 0.85, 3);
  p.line(
    [
      { text: 'Description', x: cols[0]! },
      { text: 'Qty', x: cols[1]!, align: 'right' },
      { text: 'Price', x: cols[2]!, align: 'right' },
      { text: 'Amount', x: cols[3]!, align: 'right' },
    ],
    y,
    p.font('sansBold', 25),
  );
  p.rule(m, y + lh * 0.35, p.width - m, y + lh * 0.35, 2);
  y += lh * 1.3;
  let total = 0;
  const rows = rng.int(4, 8);
  for (let i = 0; i < rows; i++) {
    const qty = rng.int(1, 9);
    const price = w.money(2, 240);
    total += qty * price;
    p.line(
      [
        { text: w.item(), x: cols[0]! },
        { text: String(qty), x: cols[1]!, align: 'right' },
        { text: formatMoney(price), x: cols[2]!, align: 'right' },
        { text: formatMoney(qty * price), x: cols[3]!, align: 'right' },
      ],
      y,
      body,
    );
    p.rule(m, y + lh * 0.35, p.width - m, y + lh * 0.35, 1, '#888');
    y += lh * 1.2;
  }
  y += lh * 0.5;
  const bold = p.font('sansBold', 27);
  p.line([{ text: `Total due: ${formatMoney(total)}`, x: p.width - m, align: 'right' }], y, bold);
  drawHighlight(p.ctx, p.width - m - 380 * p.s, y - lh * 0.8, 390 * p.s, lh * 1.05, rng);
  y += lh * 2;
  y = p.wrap(
    `Payment terms: ${w.sentence(8, 12)}`,
    m,
    y,
    p.width - 2 * m,
    p.font('sans', 22),
    34 * p.s,
  );
  drawStamp(
    p.ctx,
    m + 200 * p.s,
    Math.min(y + 120 * p.s, p.height - 120 * p.s),
    'PAID',
    60 * p.s,
    p.fonts.sansBold,
    rng,
  );
}

function receipt(p: Sheet, rng: Rng, w: TextSource, items: number): void {
  const m = 40 * p.s;
  const body = p.font('mono', 24);
  const lh = 44 * p.s;
  const mid = p.width / 2;
  let y = 90 * p.s;
  p.line(
    [{ text: w.companyWord().toUpperCase() + ' MARKET', x: mid, align: 'center' }],
    y,
    p.font('monoBold', 34),
  );
  y += 50 * p.s;
  p.line([{ text: w.street(), x: mid, align: 'center' }], y, body);
  y += lh;
  p.line(
    [{ text: `${w.date()} ${rng.int(10, 21)}:${rng.int(10, 59)}`, x: mid, align: 'center' }],
    y,
    body,
  );
  y += lh * 1.2;
  p.rule(m, y - lh * 0.5, p.width - m, y - lh * 0.5, 2);
  let total = 0;
  for (let i = 0; i < items; i++) {
    const price = w.money(0.5, 25);
    total += price;
    p.line(
      [
        { text: w.grocery(), x: m },
        { text: formatMoney(price), x: p.width - m, align: 'right' },
      ],
      y,
      body,
    );
    y += lh;
  }
  p.rule(m, y - lh * 0.5, p.width - m, y - lh * 0.5, 2);
  y += lh * 0.3;
  p.line(
    [
      { text: 'TOTAL', x: m },
      { text: formatMoney(total), x: p.width - m, align: 'right' },
    ],
    y,
    p.font('monoBold', 30),
  );
  y += lh * 1.3;
  p.line([{ text: `CARD ${rng.int(1000, 9999)}`, x: m }], y, body);
  y += lh * 1.5;
  p.line([{ text: 'THANK YOU', x: mid, align: 'center' }], y, p.font('monoBold', 30));
}

function form(p: Sheet, rng: Rng, w: TextSource): void {
  const m = 100 * p.s;
  const body = p.font('sans', 25);
  const lh = 40 * p.s;
  let y = 150 * p.s;
  p.line([{ text: `${w.title(2)} Application Form`, x: m }], y, p.font('sansBold', 44));
  y += 80 * p.s;
  const fields: Array<[string, string]> = [
    ['Name', w.person()],
    ['Address', `${w.street()}, ${w.city()}`],
    ['Date of request', w.date()],
    ['Reference', `REF ${rng.int(100000, 999999)}`],
  ];
  for (const [label, value] of fields) {
    p.ctx.strokeStyle = '#333';
    p.ctx.lineWidth = 2 * p.s;
    p.ctx.strokeRect(m + 300 * p.s, y - lh * 0.85, p.width - 2 * m - 300 * p.s, lh * 1.2);
    p.line(
      [
        { text: `${label}:`, x: m },
        { text: value, x: m + 315 * p.s },
      ],
      y,
      body,
    );
    y += lh * 1.6;
  }
  y += lh * 0.5;
  for (const label of ['Yes, I agree to the terms', 'Send me a copy by post']) {
    const box = 26 * p.s;
    p.ctx.strokeRect(m, y - box, box, box);
    if (rng.bool()) p.rule(m + 4 * p.s, y - box / 2, m + box - 4 * p.s, y - 4 * p.s, 3, '#1b2f8f');
    p.line([{ text: label, x: m + box + 20 * p.s }], y, body);
    y += lh * 1.3;
  }
  y += lh;
  p.line([{ text: 'Schedule', x: m }], y, p.font('sansBold', 30));
  y += lh * 1.2;
  const rows = rng.int(5, 8);
  const colX = [m, m + 330 * p.s, m + 640 * p.s, p.width - m];
  const top = y - lh * 0.9;
  const header = ['Item', 'Hours', 'Rate'];
  const rowH = lh * 1.3;
  for (let r = 0; r <= rows; r++) {
    const cells =
      r === 0 ? header : [w.word(), String(rng.int(1, 40)), formatMoney(w.money(10, 99))];
    p.line(
      cells.map((text, c) => ({ text, x: colX[c]! + 14 * p.s })),
      y,
      r === 0 ? p.font('sansBold', 25) : body,
    );
    y += rowH;
  }
  for (let r = 0; r <= rows + 1; r++) p.rule(m, top + r * rowH, p.width - m, top + r * rowH, 2);
  for (const x of colX) p.rule(x, top, x, top + (rows + 1) * rowH, 2);
  y += lh;
  p.line([{ text: 'Signature', x: m }], y + 60 * p.s, body);
  drawSignature(p.ctx, m + 180 * p.s, y, 300 * p.s, 80 * p.s, rng);
  if (rng.bool(0.6))
    drawStamp(
      p.ctx,
      p.width - m - 200 * p.s,
      y + 40 * p.s,
      'CHECKED',
      40 * p.s,
      p.fonts.sansBold,
      rng,
    );
}

function paper(p: Sheet, rng: Rng, w: TextSource): void {
  const m = 90 * p.s;
  let y = 140 * p.s;
  y = p.wrap(w.title(rng.int(5, 7)), m, y, p.width - 2 * m, p.font('serifBold', 40), 52 * p.s);
  y += 10 * p.s;
  p.line([{ text: `${w.person()} and ${w.person()}`, x: m }], y, p.font('serif', 26));
  y += 70 * p.s;
  const gap = 50 * p.s;
  const colW = (p.width - 2 * m - gap) / 2;
  const body = p.font('serif', 23);
  const lh = 34 * p.s;
  const bottom = p.height - 120 * p.s;
  for (let c = 0; c < 2; c++) {
    const x = m + c * (colW + gap);
    let cy = y;
    let section = 1 + c * 2;
    while (cy < bottom - 6 * lh) {
      p.line([{ text: `${section}. ${w.title(2)}`, x }], cy, p.font('serifBold', 25));
      cy += lh * 1.3;
      // Fill the column paragraph by paragraph, never past the bottom margin.
      const para = w.paragraph(rng.int(2, 4));
      const words = para.split(' ');
      let current = '';
      p.ctx.font = body;
      for (const word of words) {
        const candidate = current ? `${current} ${word}` : word;
        if (p.ctx.measureText(candidate).width > colW && current) {
          p.line([{ text: current, x }], cy, body);
          cy += lh;
          current = word;
          if (cy > bottom) break;
        } else current = candidate;
      }
      if (current && cy <= bottom) {
        p.line([{ text: current, x }], cy, body);
        cy += lh;
      }
      cy += lh * 0.6;
      section++;
    }
  }
}

function brochure(p: Sheet, rng: Rng, w: TextSource): void {
  const m = 100 * p.s;
  const body = p.font('sans', 25);
  const lh = 38 * p.s;
  let y = 150 * p.s;
  const logoSize = 120 * p.s;
  drawLogo(p.ctx, p.width - m - logoSize, y - 95 * p.s, logoSize, rng);
  p.line(
    [{ text: w.companyWord(), x: m }],
    y,
    p.font('sansBold', 56),
    `hsl(${rng.int(0, 359)}, 60%, 35%)`,
  );
  y += 70 * p.s;
  p.line([{ text: w.title(4), x: m }], y, p.font('sans', 32), '#333');
  y += 60 * p.s;
  const photoH = 420 * p.s;
  drawPhoto(p.ctx, m, y, p.width - 2 * m, photoH, rng);
  y += photoH + 50 * p.s;
  p.line([{ text: `Figure 1. ${w.sentence(4, 7)}`, x: m }], y, p.font('sans', 21), '#444');
  y += lh * 1.6;
  const half = (p.width - 2 * m) * 0.58;
  const smallPhotoX = m + half + 40 * p.s;
  const photoBottom = y - lh + 300 * p.s;
  drawPhoto(p.ctx, smallPhotoX, y - lh, p.width - m - smallPhotoX, 300 * p.s, rng);
  const bottom = p.height - 140 * p.s;
  while (y < bottom - 6 * lh) {
    // Paragraphs that start beside the small photo wrap to the narrow column.
    const widthNow = y - lh < photoBottom ? half : p.width - 2 * m;
    y = p.wrap(w.paragraph(rng.int(2, 3)), m, y, widthNow, body, lh);
    y += lh * 0.5;
  }
  drawStamp(
    p.ctx,
    p.width - m - 180 * p.s,
    p.height - 90 * p.s,
    'SPECIAL OFFER',
    34 * p.s,
    p.fonts.sansBold,
    rng,
  );
}
