import { describe, expect, it } from 'vitest';
import { isLanguage, languageFromBrowser, languageToSave, resolveLanguage } from '../../../src/core/rules/language';
import { DEFAULT_LANGUAGE } from '../../../src/core/model/language';

describe('language', () => {
  it('en or es, default en', () => {
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(isLanguage('es')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage('default')).toBe(false);
  });
  it('reads a browser language tag', () => {
    expect(languageFromBrowser('es-MX')).toBe('es');
    expect(languageFromBrowser('ES_es')).toBe('es');
    expect(languageFromBrowser('en-GB')).toBe('en');
    expect(languageFromBrowser('fr-FR')).toBe('en');
    expect(languageFromBrowser(undefined)).toBe('en');
  });
  it('resolves the preference', () => {
    expect(resolveLanguage('es', 'en-US')).toBe('es');
    expect(resolveLanguage('default', 'es-AR')).toBe('es');
    expect(resolveLanguage(undefined, 'fr')).toBe('en');
  });
  it("saves the browser language only when the preference is 'default'", () => {
    expect(languageToSave('default', 'es-ES')).toBe('es');
    expect(languageToSave('default', 'de-DE')).toBe('en');
    expect(languageToSave('en', 'es-ES')).toBeUndefined();
    expect(languageToSave(undefined, 'es-ES')).toBeUndefined();
  });
});
