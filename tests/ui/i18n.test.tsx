import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_ROUTE_MESSAGE } from '../../src/core/rules/access';
import { MESSAGES } from '../../src/core/rules/messages';
import { PASSWORDS_DO_NOT_MATCH, PASSWORD_REQUIREMENTS_TITLE, PASSWORD_RULES, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, INVALID_PASSWORD } from '../../src/core/rules/password';
import { MENU_MESSAGE_IDS } from '../../src/core/menus';
import { I18nProvider } from '../../src/ui/i18n/I18nProvider';
import { errorCodeId, messageForError, useMessageForError } from '../../src/ui/i18n/errors';
import en from '../../src/ui/i18n/en.json';
import es from '../../src/ui/i18n/es.json';

const enMessages: Record<string, string> = en;
const esMessages: Record<string, string> = es;

/** Texts that are the same in both languages on purpose: proper nouns only. */
const SAME_IN_BOTH = new Set(['shell.productName']);

/** Codes whose server message says more than a fixed text could (it names the field or the conflict). */
const CODES_KEEPING_SERVER_MESSAGE = new Set(['invalid_request', 'conflict']);

/** The argument names of an ICU message (plural/select branches are messages themselves). */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  let i = 0;
  const readUntil = (stops: string) => {
    const start = i;
    while (i < text.length && !stops.includes(text[i]!)) i++;
    return text.slice(start, i).trim();
  };
  const message = (): void => {
    while (i < text.length && text[i] !== '}') {
      if (text[i] === '{') {
        i++;
        argument();
      } else i++;
    }
  };
  const argument = (): void => {
    names.add(readUntil(',}'));
    if (text[i] === '}') {
      i++;
      return;
    }
    i++; // ','
    const type = readUntil(',}');
    if (type === 'plural' || type === 'select' || type === 'selectordinal') {
      i++; // ','
      while (i < text.length && text[i] !== '}') {
        readUntil('{}');
        if (text[i] === '{') {
          i++;
          message();
          i++; // the branch's '}'
        }
      }
      i++;
      return;
    }
    let depth = 1;
    while (i < text.length && depth > 0) {
      if (text[i] === '{') depth++;
      if (text[i] === '}') depth--;
      i++;
    }
  };
  message();
  return [...names].sort();
}

describe('the catalogues', () => {
  it('have the same keys in English and Spanish', () => {
    const missingInEs = Object.keys(enMessages).filter((k) => !(k in esMessages));
    const missingInEn = Object.keys(esMessages).filter((k) => !(k in enMessages));
    expect(missingInEs).toEqual([]);
    expect(missingInEn).toEqual([]);
  });

  it('translate every text into real Spanish (only proper nouns may stay the same)', () => {
    const untranslated = Object.keys(enMessages).filter((k) => !SAME_IN_BOTH.has(k) && esMessages[k] === enMessages[k]);
    expect(untranslated).toEqual([]);
    const empty = Object.entries({ ...enMessages, ...esMessages }).filter(([, v]) => v.trim() === '');
    expect(empty).toEqual([]);
  });

  it('use the same placeholders in both languages, and every message parses', () => {
    for (const key of Object.keys(enMessages)) {
      expect({ key, args: placeholders(esMessages[key] ?? '') }).toEqual({ key, args: placeholders(enMessages[key] ?? '') });
    }
    for (const [locale, messages] of [['en', enMessages], ['es', esMessages]] as const) {
      const errors: string[] = [];
      const intl = createIntl({ locale, messages, onError: (e) => errors.push(String(e)) });
      for (const key of Object.keys(messages)) {
        const values = Object.fromEntries(placeholders(messages[key] ?? '').map((p) => [p, 1]));
        intl.formatMessage({ id: key }, values);
      }
      expect(errors).toEqual([]);
    }
  });

  it('have an area catalogue in both languages with the same keys, each text parsing (<area>.en.json and <area>.es.json)', () => {
    const dir = join(process.cwd(), 'src/ui/i18n');
    const areas = readdirSync(dir).filter((file) => /^[a-z-]+\.en\.json$/.test(file)).map((file) => file.replace(/\.en\.json$/, ''));
    expect(areas).toEqual(expect.arrayContaining(['auth', 'availability', 'notifications', 'dev', 'tickets', 'onboarding', 'profile', 'billing', 'appointments']));
    for (const area of areas) {
      const areaEn = JSON.parse(readFileSync(join(dir, `${area}.en.json`), 'utf8')) as Record<string, string>;
      const areaEs = JSON.parse(readFileSync(join(dir, `${area}.es.json`), 'utf8')) as Record<string, string>;
      expect({ area, keys: Object.keys(areaEs).sort() }).toEqual({ area, keys: Object.keys(areaEn).sort() });
      for (const key of Object.keys(areaEn)) {
        expect({ key, args: placeholders(areaEs[key] ?? '') }).toEqual({ key, args: placeholders(areaEn[key] ?? '') });
      }
      for (const [locale, messages] of [['en', areaEn], ['es', areaEs]] as const) {
        const errors: string[] = [];
        const intl = createIntl({ locale, messages, onError: (e) => errors.push(String(e)) });
        for (const key of Object.keys(messages)) intl.formatMessage({ id: key }, Object.fromEntries(placeholders(messages[key] ?? '').map((p) => [p, 1])));
        expect({ area, locale, errors }).toEqual({ area, locale, errors: [] });
      }
    }
  });

  it('name every menu entry of src/core/menus.ts', () => {
    expect(MENU_MESSAGE_IDS.filter((id) => !(id in enMessages))).toEqual([]);
  });

  it('translate every fixed-text code of the core message catalogue, in the same English words', () => {
    for (const [code, text] of Object.entries(MESSAGES)) {
      if (CODES_KEEPING_SERVER_MESSAGE.has(code)) {
        expect(errorCodeId(code) in enMessages).toBe(false);
        continue;
      }
      expect({ code, text: enMessages[errorCodeId(code)] }).toEqual({ code, text });
    }
  });

  it('say the spec texts of the core rules in English', () => {
    expect(enMessages['error.notAuthorized']).toBe(FORBIDDEN_ROUTE_MESSAGE);
    expect(enMessages['password.mismatch']).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(enMessages['password.requirements']).toBe(PASSWORD_REQUIREMENTS_TITLE);
    expect(enMessages['password.invalid']).toBe(INVALID_PASSWORD);
    const intl = createIntl({ locale: 'en', messages: enMessages });
    const counts = { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH };
    for (const rule of PASSWORD_RULES) {
      expect(intl.formatMessage({ id: `password.rule.${rule.id}` }, { count: counts[rule.id] })).toBe(rule.text);
    }
  });

  it('define every message id the shell and the components use', () => {
    const root = join(__dirname, '../../src/ui');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(join(root, 'app'));
    walk(join(root, 'components'));
    const used = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bid[=:]\s*\{?\s*['"]([a-z][\w.]*\.[\w.]+)['"]/g)) used.add(match[1]!);
      for (const match of readFileSync(file, 'utf8').matchAll(/\?\s*'([a-z]\w*\.[\w.]+)'\s*:\s*'([a-z]\w*\.[\w.]+)'/g)) {
        used.add(match[1]!);
        used.add(match[2]!);
      }
    }
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((id) => !(id in enMessages))).toEqual([]);
  });
});

describe('messageForError', () => {
  it('translates a code the catalogue knows', () => {
    expect(messageForError({ message: 'Token not valid', code: 'login_token_invalid' }, 'es')).toBe('Token no válido');
    expect(messageForError({ message: 'whatever the server said', code: 'login_token_invalid' }, 'en')).toBe('Token not valid');
    expect(messageForError({ message: 'Database connection error', code: 'login_db_connection_err' }, 'es')).toBe(
      'Error de conexión con la base de datos',
    );
  });

  it('reads an invalid token whose message says expired as expired', () => {
    expect(messageForError({ message: 'Token expired', code: 'login_token_invalid' }, 'es')).toBe('El token ha caducado. Inténtelo de nuevo.');
  });

  it("falls back to the server's message for an unknown code, and to a generic text without one", () => {
    expect(messageForError({ message: 'body/email must be string', code: 'invalid_request' }, 'es')).toBe('body/email must be string');
    expect(messageForError({ message: 'Odd failure', code: 'never_heard_of_it' }, 'en')).toBe('Odd failure');
    expect(messageForError({ message: 'No code here' }, 'es')).toBe('No code here');
    expect(messageForError({}, 'es')).toBe(esMessages['error.generic']);
    expect(messageForError({ code: null, message: '  ' }, 'en')).toBe(enMessages['error.generic']);
  });

  it('works with the react-intl object of the current locale (useMessageForError)', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider locale="es">{children}</I18nProvider>;
    const { result } = renderHook(() => useMessageForError(), { wrapper });
    expect(result.current({ code: 'switch_account_failed', message: 'Unable to switch account' })).toBe('No se pudo cambiar de cuenta');
    expect(result.current({ code: 'nope', message: 'Server words' })).toBe('Server words');
  });
});
