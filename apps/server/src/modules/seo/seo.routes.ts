import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container.ts';
import { robotsTxt, sitemapXml } from './seo.ts';

export function registerSeo(app: FastifyInstance, container: Container): void {
  const sitemap = sitemapXml(container.config.publicUrl);
  const robots = robotsTxt(container.config.publicUrl);
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemap),
  );
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robots),
  );
}
