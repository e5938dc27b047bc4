import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../src/ui/i18n/appointments.en.json';
import es from '../../../src/ui/i18n/appointments.es.json';
import appEn from '../../../src/ui/i18n/en.json';

const enMessages: Record<string, string> = en;
const esMessages: Record<string, string> = es;
const appMessages: Record<string, string> = appEn;

describe("the appointment screens' own texts", () => {
  it('have the same keys in English and Spanish, every one translated, and none shadows the app catalogue', () => {
    expect(Object.keys(esMessages).sort()).toEqual(Object.keys(enMessages).sort());
    expect(Object.keys(enMessages).filter((k) => enMessages[k] === esMessages[k])).toEqual([]);
    expect(Object.keys(enMessages).filter((k) => k in appMessages)).toEqual([]);
  });

  it('parse in both languages with the same placeholders', () => {
    const values = { date: 'D', time: 'T', minutes: 45, count: 2, number: 1, n: 1, name: 'N', rating: 4, total: 3, service: 'S', customer: 'C', vendor: 'V', page: 1, pages: 2, start: 'S', end: 'E', from: 'F', to: 'T', note: 'O', lat: '1', lng: '2', accuracy: 5, reason: 'R' };
    for (const [locale, messages] of [['en', enMessages], ['es', esMessages]] as const) {
      const intl = createIntl({ locale, messages, onError: (e) => { throw e; } });
      for (const id of Object.keys(messages)) expect(typeof intl.formatMessage({ id }, values)).toBe('string');
    }
  });
});
