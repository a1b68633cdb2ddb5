import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const localesDir = resolve(
  import.meta.dirname,
  '..',
  '..',
  'apps',
  'web',
  'src',
  'i18n',
  'locales',
);

function strings(value: unknown, prefix: string, out: Map<string, string>) {
  if (typeof value === 'string') out.set(prefix, value);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${prefix}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) strings(v, `${prefix}.${k}`, out);
}

function load(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(join(localesDir, lang))) {
    strings(
      JSON.parse(readFileSync(join(localesDir, lang, file), 'utf8')),
      file.replace('.json', ''),
      out,
    );
  }
  return out;
}

/**
 * English sentences that must never show on a page in `lang`: every English catalog value long
 * enough to be unmistakable, whose translation differs.
 */
export function englishOnlySentences(lang: 'es' | 'de'): string[] {
  const en = load('en');
  const other = load(lang);
  return [...en]
    .filter(
      ([key, value]) => !value.includes('{{') && value.length >= 14 && other.get(key) !== value,
    )
    .map(([, value]) => value);
}
