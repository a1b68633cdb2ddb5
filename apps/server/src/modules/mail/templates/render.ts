import type { Locale, MailTemplate } from '../mail.types.ts';
import { de } from './catalog.de.ts';
import { en } from './catalog.en.ts';
import { es } from './catalog.es.ts';
import type { Catalog } from './catalog.types.ts';
import { requiredData } from './catalog.types.ts';

const catalogs: Record<Locale, Catalog> = { en, es, de };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Removes CR, LF and other control characters: nothing user-typed can start a new header line. */
export function singleLine(value: string, max = 200): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max)
  );
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Every http(s) URL in a text body, in order, without duplicates. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

function fill(pattern: string, data: Record<string, string>, escape: boolean): string {
  return pattern.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const value = singleLine(data[key] ?? '', 500);
    return escape ? escapeHtml(value) : value;
  });
}

function safeUrl(value: string | undefined): string {
  const url = new URL(value ?? '');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Mail links must be http(s), got ${url.protocol}`);
  }
  return url.toString();
}

/**
 * Renders a template in a language to subject, text and HTML. All data is escaped in the HTML
 * part and flattened to one line where it is not a quoted block, so no user input can inject
 * markup or headers.
 * @example render('verify-email', 'es', { url: 'https://x/verify?t=1' }).subject // 'Confirma tu…'
 */
export function render(
  template: MailTemplate,
  locale: Locale,
  data: Record<string, string>,
): RenderedMail {
  const missing = requiredData[template].filter((key) => !data[key]);
  if (missing.length)
    throw new Error(`Mail template ${template} needs data: ${missing.join(', ')}`);
  const catalog = catalogs[locale];
  const copy = catalog.templates[template];
  const greeting = data.name ? catalog.greetingNamed : catalog.greeting;
  const actionUrl = copy.action ? safeUrl(data[copy.action.dataKey]) : null;
  const quote = copy.quote
    ? (data[copy.quote] ?? '').replace(/\r\n?/g, '\n').slice(0, 10_000)
    : null;

  const textParts = [
    fill(greeting, data, false),
    ...copy.paragraphs.map((p) => fill(p, data, false)),
  ];
  if (copy.action && actionUrl) textParts.push(`${copy.action.label}: ${actionUrl}`);
  if (quote !== null)
    textParts.push(
      quote
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n'),
    );
  textParts.push(...(copy.after ?? []).map((p) => fill(p, data, false)));
  textParts.push(`-- \n${catalog.signoff}`, catalog.footer);

  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.5">${s}</p>`;
  const htmlParts = [
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(copy.heading)}</h1>`,
    p(fill(greeting, data, true)),
    ...copy.paragraphs.map((s) => p(fill(s, data, true))),
  ];
  if (copy.action && actionUrl) {
    const href = escapeHtml(actionUrl);
    htmlParts.push(
      `<p style="margin:24px 0"><a href="${href}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(copy.action.label)}</a></p>`,
      p(`${escapeHtml(catalog.linkFallback)}<br><a href="${href}">${href}</a>`),
    );
  }
  if (quote !== null) {
    htmlParts.push(
      `<blockquote style="margin:0 0 16px;padding:12px;border-left:4px solid #ddd;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>`,
    );
  }
  htmlParts.push(...(copy.after ?? []).map((s) => p(fill(s, data, true))));
  htmlParts.push(p(escapeHtml(catalog.signoff)));
  htmlParts.push(`<p style="color:#6b7280;font-size:12px">${escapeHtml(catalog.footer)}</p>`);

  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(singleLine(fill(copy.subject, data, false)))}</title></head><body style="font-family:system-ui,sans-serif;color:#111827;max-width:560px;margin:0 auto;padding:24px">${htmlParts.join('')}</body></html>`;
  return {
    subject: singleLine(fill(copy.subject, data, false)),
    text: textParts.join('\n\n'),
    html,
  };
}
