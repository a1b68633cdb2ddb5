import { describe, expect, it } from 'vitest';
import { callbackOf, localeFromAcceptLanguage, localeFromPath } from './locale.ts';

describe('locale detection', () => {
  it('reads the language prefix of an app path', () => {
    expect(localeFromPath('/es/auth?mode=signin&verified=1')).toBe('es');
    expect(localeFromPath('/de')).toBe('de');
    expect(localeFromPath('/auth?mode=reset')).toBe('en');
    expect(localeFromPath('/estate')).toBe('en');
    expect(localeFromPath(undefined)).toBeNull();
  });

  it('picks the best supported Accept-Language', () => {
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,de;q=0.8,en;q=0.5')).toBe('de');
    expect(localeFromAcceptLanguage('es-MX')).toBe('es');
    expect(localeFromAcceptLanguage('fr')).toBeNull();
  });

  it('finds the callbackURL of a Better Auth link', () => {
    const link = 'http://localhost:3000/api/auth/verify-email?token=x&callbackURL=%2Fde%2Fauth';
    expect(localeFromPath(callbackOf(link))).toBe('de');
  });
});
