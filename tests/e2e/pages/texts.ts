import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The app's own message catalogues, so a test walks the same flow in English and in Spanish by message id.
 * Every `en.json`/`*.en.json` (and `es`) under src/ is read and merged, wherever the screens keep them.
 */
export type Lang = 'en' | 'es';
export const LANGS: readonly Lang[] = ['en', 'es'];

const catalogues = new Map<Lang, Record<string, string>>();

const walk = (dir: string, out: string[] = []): string[] => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
};

const catalogue = (lang: Lang): Record<string, string> => {
  const known = catalogues.get(lang);
  if (known) return known;
  const merged: Record<string, string> = {};
  for (const file of walk('src')) {
    const name = file.split('/').pop() ?? '';
    if (name === `${lang}.json` || name.endsWith(`.${lang}.json`)) {
      const body = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        for (const [k, v] of Object.entries(body)) if (typeof v === 'string') merged[k] = v;
      }
    }
  }
  catalogues.set(lang, merged);
  return merged;
};

/** The message `id` in `lang`, its {placeholders} filled from `values`. */
export function text(lang: Lang, id: string, values: Record<string, string | number> = {}): string {
  const message = catalogue(lang)[id];
  if (message === undefined) throw new Error(`no message ${id} in the ${lang} catalogues`);
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The message `id` in `lang` as a pattern: each unfilled {placeholder} matches any text; `anchored` adds ^…$. */
export function textRe(lang: Lang, id: string, values: Record<string, string | number> = {}, anchored = false): RegExp {
  const filled = text(lang, id, values);
  const pattern = filled
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '.+?' : escape(part)))
    .join('');
  return new RegExp(anchored ? `^${pattern}$` : pattern);
}

/**
 * A pattern matching an English message and its Spanish text, found by the English text in the catalogues
 * (every id whose English is `english`): one selector walks a flow in either language. Whole text unless `partial`.
 */
export function either(english: string, partial = false): RegExp {
  const en = catalogue('en');
  const es = catalogue('es');
  const texts = new Set([english]);
  for (const [id, value] of Object.entries(en)) if (value === english && es[id]) texts.add(es[id]);
  const body = [...texts].map(escape).join('|');
  return new RegExp(partial ? `(${body})` : `^(${body})$`);
}
