import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../lib/i18n.ts';
import { LANGUAGES } from '../lib/language.ts';

const root = join(import.meta.dirname, 'locales');

// Values that are legitimately the same in every language: names, units, codes.
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Uncrumple',
  'Email',
  'PDF',
  '404',
  'Premium',
  'Plan',
  'Administrator',
  'Sitemap',
  'English',
  'Español',
  'Deutsch',
  'Admin',
  // Paper sizes: German says US Letter and US Legal as English does.
  'US Letter',
  'US Legal',
]);

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (Array.isArray(value))
    value.forEach((v, i) => flatten(v, `${prefix}[${i}]`).forEach((s, k) => out.set(k, s)));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      flatten(v, prefix ? `${prefix}.${k}` : k).forEach((s, key) => out.set(key, s));
  return out;
}

function load(lang: string, ns: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')));
}

/** A value that is only names, numbers, placeholders and punctuation needs no translation. */
function needsTranslation(key: string, value: string): boolean {
  if (SAME_IN_EVERY_LANGUAGE.has(value)) return false;
  // People's names ("Maya R.") stay as they are.
  if (key.endsWith('.name') && /^\p{Lu}\p{L}+ \p{Lu}\.$/u.test(value)) return false;
  const words = value.replace(/\{\{\w+\}\}/g, '').match(/\p{L}{3,}/gu) ?? [];
  return words.some(
    (w) =>
      !SAME_IN_EVERY_LANGUAGE.has(w) &&
      !['JPG', 'PNG', 'TIFF', 'BMP', 'WEBP', 'PDF', 'SLA', 'API', 'ZIP'].includes(w),
  );
}

describe('translation catalogs', () => {
  it('has one file per namespace in every language and nothing else', () => {
    for (const lang of LANGUAGES) {
      expect(readdirSync(join(root, lang)).sort()).toEqual(
        NAMESPACES.map((n) => `${n}.json`).sort(),
      );
    }
  });

  for (const ns of NAMESPACES) {
    const en = load('en', ns);
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      it(`${lang}/${ns} has exactly the English keys`, () => {
        const other = load(lang, ns);
        expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
        for (const [key, value] of other)
          expect(value.trim(), `${lang}/${ns}:${key} is empty`).not.toBe('');
      });

      it(`${lang}/${ns} is really translated (no English left over)`, () => {
        const other = load(lang, ns);
        const untranslated = [...en]
          .filter(([key, value]) => other.get(key) === value && needsTranslation(key, value))
          .map(([key, value]) => `${key}: ${value}`);
        expect(untranslated).toEqual([]);
      });

      it(`${lang}/${ns} keeps every {{placeholder}}`, () => {
        const other = load(lang, ns);
        for (const [key, value] of en) {
          const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
          expect(placeholders(other.get(key) ?? ''), `${lang}/${ns}:${key}`).toEqual(
            placeholders(value),
          );
        }
      });
    }
  }
});
