import { drawLogo, drawPhoto, drawSignature, drawStamp } from '../draw.ts';
import type { Rng } from '../prng.ts';
import type { Sheet } from '../sheet.ts';
import { formatMoney, type TextSource } from '../words.ts';

/** Structured documents: a form with fields and a table, a two-column paper, a brochure with photos. */

export function form(p: Sheet, rng: Rng, w: TextSource): void {
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

export function paper(p: Sheet, rng: Rng, w: TextSource): void {
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

export function brochure(p: Sheet, rng: Rng, w: TextSource): void {
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
