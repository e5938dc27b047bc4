import { readFileSync } from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGUE, compileCatalogue } from '../../tools/compile-messages';

describe('compileMessages (the i18n catalogues compiled at build time)', () => {
  it('turns every message into an AST that formats to the same text as the ICU string', () => {
    const source = JSON.stringify({
      plain: 'Log in',
      arg: 'Signed in as {email}',
      plural: '{count, plural, one {# ticket} other {# tickets}}',
      quoted: "It''s '{literal}'",
    });
    const compiled = compileCatalogue(source, 'x.json');
    expect(Array.isArray(compiled.plain)).toBe(true);
    const fromAst = createIntl({ locale: 'en', messages: compiled });
    const fromText = createIntl({ locale: 'en', messages: JSON.parse(source) as Record<string, string> });
    for (const [id, values] of [['plain'], ['arg', { email: 'a@b.co' }], ['plural', { count: 1 }], ['plural', { count: 3 }], ['quoted']] as const) {
      expect(fromAst.formatMessage({ id }, values)).toBe(fromText.formatMessage({ id }, values));
    }
    expect(fromAst.formatMessage({ id: 'plural' }, { count: 3 })).toBe('3 tickets');
  });

  it('fails the build on a broken message or a value that is not a string, naming the file and the id', () => {
    expect(() => compileCatalogue(JSON.stringify({ 'auth.broken': 'Hello {name' }), 'src/ui/i18n/en.json')).toThrow(/en\.json: the message 'auth\.broken'/);
    expect(() => compileCatalogue(JSON.stringify({ nested: { a: 'b' } }), 'src/ui/x.json')).toThrow(/'nested' is not a string/);
  });

  it('compiles every catalogue the app ships (all JSON under src/ui)', () => {
    for (const file of ['src/ui/i18n/en.json', 'src/ui/i18n/es.json', 'src/ui/i18n/shop.en.json', 'src/ui/i18n/billing.es.json']) {
      expect(MESSAGE_CATALOGUE.test(`/repo/${file}`)).toBe(true);
      const compiled = compileCatalogue(readFileSync(file, 'utf8'), file);
      expect(Object.keys(compiled).length).toBeGreaterThan(10);
    }
    expect(MESSAGE_CATALOGUE.test('/repo/package.json')).toBe(false);
  });
});
