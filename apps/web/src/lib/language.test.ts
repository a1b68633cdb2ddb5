import { describe, expect, it } from 'vitest';
import { detectPreferredLanguage, localizePath, splitPath } from './language.ts';

describe('splitPath', () => {
  it('strips a language prefix', () => {
    expect(splitPath('/es/pricing')).toEqual({ lang: 'es', basePath: '/pricing', prefixed: true });
    expect(splitPath('/de')).toEqual({ lang: 'de', basePath: '/', prefixed: true });
  });
  it('treats unprefixed paths and look-alikes as English', () => {
    expect(splitPath('/pricing')).toEqual({ lang: 'en', basePath: '/pricing', prefixed: false });
    expect(splitPath('/estate')).toEqual({ lang: 'en', basePath: '/estate', prefixed: false });
  });
});

describe('localizePath', () => {
  it('keeps the query and puts the prefix in front', () => {
    expect(localizePath('/auth?mode=signup', 'de')).toBe('/de/auth?mode=signup');
    expect(localizePath('/', 'es')).toBe('/es');
    expect(localizePath('/pricing', 'en')).toBe('/pricing');
  });
});

describe('detectPreferredLanguage', () => {
  const storage = (value: string | null) => ({ getItem: () => value });
  it('prefers the stored choice, then the browser, then English', () => {
    expect(detectPreferredLanguage(storage('de'), ['es-ES'])).toBe('de');
    expect(detectPreferredLanguage(storage(null), ['fr-FR', 'es-MX'])).toBe('es');
    expect(detectPreferredLanguage(storage('xx'), ['fr'])).toBe('en');
  });
});
