import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from '../../../src/core/rules/language';
import { PRERENDERED_PAGES, isPrerenderedRoute, pageVariant, servedVariant } from '../../../src/core/rules/prerender';
import { ROUTES, routeByName } from '../../../src/core/routes';

describe('which pages are rendered ahead of time (src/core/rules/prerender.ts)', () => {
  it('every public page a visitor lands on, and none that is signed in, passes through, or needs something stored', () => {
    expect(Object.keys(PRERENDERED_PAGES).sort()).toEqual(
      ['errorNetwork', 'errorNoAccounts', 'errorNotAuthorized', 'login', 'login?password_reset', 'notAuthorized', 'notFound', 'register', 'registerAffiliate', 'registerCustomerQuick', 'registerOrganization', 'registerQuick'].sort(),
    );
    expect(isPrerenderedRoute(routeByName('logout'))).toBe(false);
    expect(isPrerenderedRoute(routeByName('registerVerifySms'))).toBe(false);
    expect(ROUTES.filter(isPrerenderedRoute).every((route) => !route.meta.requiresAuth)).toBe(true);
    // Each page's address renders that page.
    for (const [variant, location] of Object.entries(PRERENDERED_PAGES)) expect(pageVariant(location)).toBe(variant);
  });

  it("a variant is the route's name and the query parameters its screen reads while rendering", () => {
    expect(pageVariant('/login')).toBe('login');
    expect(pageVariant('/login?redirectFrom=%2Fbilling&redirectTo=%2Fcart')).toBe('login');
    expect(pageVariant('/register?aff=GREEN')).toBe('register');
    expect(pageVariant('/login?password_reset=abc')).toBe('login?password_reset');
    expect(pageVariant('/register?version=quote&email=a%40b.c')).toBe('register?email&version');
    expect(pageVariant('/appointment/5f1d0c0e2a8b4a3d9c7e6f10')).toBe('customer.appointment');
  });

  it('the server sends the rendered page of a variant it has, the sign-in page for /, and nothing else', () => {
    expect(servedVariant('/')).toBe('login');
    expect(servedVariant('/register-affiliate?aff=X')).toBe('registerAffiliate');
    expect(servedVariant('/register?email=a%40b.c')).toBeUndefined();
    expect(servedVariant('/login?claim_account=t')).toBeUndefined();
    expect(servedVariant('/dashboard')).toBeUndefined();
  });
});

describe("the visitor's language from Accept-Language (src/core/rules/language.ts)", () => {
  it('is the most preferred tag the header names, as navigator.language is', () => {
    expect(languageFromAcceptLanguage('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromAcceptLanguage('en-US,en;q=0.9,es;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.5, es;q=0.7')).toBe('es');
    expect(languageFromAcceptLanguage('es;q=0, en')).toBe('en');
  });

  it('is English when the header is missing, a wildcard, or a language the product does not speak', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBe('en');
    expect(languageFromAcceptLanguage('fr-FR,es;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('garbage;q=x')).toBe('en');
  });
});
