import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './seo.ts';

describe('sitemap and robots', () => {
  it('lists every public page in en, es and de with alternates', () => {
    const xml = sitemapXml('https://uncrumple.example/');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(18);
    for (const path of [
      '',
      '/pricing',
      '/auth',
      '/contact',
      '/privacy-policy',
      '/terms-of-service',
    ]) {
      expect(locs).toContain(`https://uncrumple.example${path || '/'}`);
      expect(locs).toContain(`https://uncrumple.example/es${path}`);
      expect(locs).toContain(`https://uncrumple.example/de${path}`);
    }
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="de" href="https://uncrumple.example/de/pricing"/>',
    );
    expect(xml).not.toContain('/app');
  });

  it('disallows the signed-in areas in every language and points to the sitemap', () => {
    const robots = robotsTxt('https://uncrumple.example');
    for (const line of [
      'Disallow: /app',
      'Disallow: /es/profile',
      'Disallow: /de/admin',
      'Allow: /',
    ]) {
      expect(robots.split('\n')).toContain(line);
    }
    expect(robots).toContain('Sitemap: https://uncrumple.example/sitemap.xml');
  });
});
