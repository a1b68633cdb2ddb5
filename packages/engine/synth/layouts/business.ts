import { drawHighlight, drawLogo, drawSignature, drawStamp } from '../draw.ts';
import type { Rng } from '../prng.ts';
import type { Sheet } from '../sheet.ts';
import { formatMoney, type TextSource } from '../words.ts';

/** Business documents: a letter, an invoice with a table, a long narrow till receipt. */

export function letter(p: Sheet, rng: Rng, w: TextSource): void {
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

export function invoice(p: Sheet, rng: Rng, w: TextSource): void {
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

export function receipt(p: Sheet, rng: Rng, w: TextSource, items: number): void {
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
