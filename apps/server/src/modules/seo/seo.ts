/** Public pages, as SPA paths without a language prefix. Keep in sync with apps/web's router. */
export const PUBLIC_PATHS = [
  '/',
  '/pricing',
  '/auth',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
] as const;

/** Signed-in areas search engines should not crawl. */
export const PRIVATE_PATHS = ['/app', '/profile', '/admin'] as const;

const LANGUAGES = ['en', 'es', 'de'] as const;

function localized(path: string, lang: (typeof LANGUAGES)[number]): string {
  if (lang === 'en') return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The sitemap: every public page in every language, each with hreflang alternates (and
 * x-default = English) as Google documents for multilingual sites.
 *
 * @example
 * sitemapXml('https://uncrumple.example') // <urlset ...><url><loc>https://uncrumple.example/</loc>...
 */
export function sitemapXml(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const urls = PUBLIC_PATHS.flatMap((path) => {
    const alternates = [
      ...LANGUAGES.map(
        (lang) =>
          `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(base + localized(path, lang))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(base + path)}"/>`,
    ].join('\n');
    return LANGUAGES.map(
      (lang) =>
        `  <url>\n    <loc>${escapeXml(base + localized(path, lang))}</loc>\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: public pages allowed, signed-in areas (in every language) and the API disallowed. */
export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const disallow = PRIVATE_PATHS.flatMap((path) =>
    LANGUAGES.map((lang) => `Disallow: ${localized(path, lang)}`),
  );
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow,
    'Disallow: /api/',
    'Disallow: /dev/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
