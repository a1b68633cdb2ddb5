import type { FastifyInstance } from 'fastify';
import type { MailRepository, OutboxRow } from './mail.repository.ts';
import { escapeHtml, extractLinks } from './templates/render.ts';

function toJson(row: OutboxRow) {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: extractLinks(row.text),
    template: row.template,
    locale: row.locale,
    status: row.status,
    created_at: row.created_at,
  };
}

/** The development mailbox: every mail the app rendered, newest first (never in production). */
export function registerMailboxRoutes(app: FastifyInstance, repo: MailRepository): void {
  app.get('/dev/mailbox.json', async () => (await repo.listRecent(200)).map(toJson));

  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await repo.listRecent(200);
    const items = rows
      .map((row) => {
        const links = extractLinks(row.text)
          .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
          .join('');
        return `<article><h2>${escapeHtml(row.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(row.to)}</strong>${row.reply_to ? ` · reply to ${escapeHtml(row.reply_to)}` : ''} · ${escapeHtml(row.template)} · ${escapeHtml(row.locale)} · ${escapeHtml(row.status)} · <time>${escapeHtml(row.created_at)}</time></p>
${links ? `<ul>${links}</ul>` : ''}<details><summary>Text</summary><pre>${escapeHtml(row.text)}</pre></details></article>`;
      })
      .join('\n');
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · Uncrumple</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:0 auto;padding:16px;color:#111827}article{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:18px;margin:0 0 4px}.meta{color:#4b5563;font-size:14px;margin:0 0 8px}pre{white-space:pre-wrap;background:#f9fafb;padding:8px}a{color:#4338ca;word-break:break-all}</style></head>
<body><h1>Dev mailbox</h1><p>Mails rendered by this server, newest first (${rows.length}). Only available outside production.</p>
${items || '<p>No mail yet. Sign up or use the contact form and it shows up here.</p>'}</body></html>`;
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
  });
}
