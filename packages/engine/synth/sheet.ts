import type { SKRSContext2D } from '@napi-rs/canvas';
import { ensureFonts, type FontRole } from './fonts.ts';

/** Draws text and records every printed line in reading order. */
export class Sheet {
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
