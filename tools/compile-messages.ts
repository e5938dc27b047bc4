/**
 * Compiles the message catalogues at build time: every JSON file under `src/ui/` is a catalogue (message id →
 * ICU message, e.g. `src/ui/i18n/en.json`, `src/ui/i18n/billing.es.json`), and this Vite plugin turns each
 * message into the formatjs AST (what `@formatjs/cli compile --ast` writes) before Vite's own JSON step. react-intl
 * formats an AST as it is, so the built app ships no ICU parser: the plugin also points
 * `@formatjs/icu-messageformat-parser` at its `no-parser` build (about 9 KB gzip less before /login paints,
 * tools/budgets.ts). A message that does not parse fails the build, naming the file and the id.
 *
 * The tests (vitest) import the catalogues as plain strings and keep the parser: react-intl takes both.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** Which files are message catalogues: JSON under src/ui/ (and nothing else there is JSON). */
export const MESSAGE_CATALOGUE = /[\\/]src[\\/]ui[\\/].*\.json$/;

/** Strips Vite's `?query` from a module id. */
const fileOf = (id: string): string => id.replace(/\?.*$/, '');

/** One catalogue's messages as formatjs ASTs; throws on a value that is not a string or not valid ICU. */
export function compileCatalogue(source: string, file: string): Record<string, MessageFormatElement[]> {
  const catalogue = JSON.parse(source) as unknown;
  if (!catalogue || typeof catalogue !== 'object' || Array.isArray(catalogue)) throw new Error(`${file}: a message catalogue is an object of id → ICU message`);
  const compiled: Record<string, MessageFormatElement[]> = {};
  for (const [id, message] of Object.entries(catalogue)) {
    if (typeof message !== 'string') throw new Error(`${file}: the message '${id}' is not a string`);
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`${file}: the message '${id}' is not a valid ICU message (${(error as Error).message})`, { cause: error });
    }
  }
  return compiled;
}

/** The Vite plugin (vite.config.ts). */
export const compileMessages = (): Plugin => ({
  name: 'tendwell-compile-messages',
  // Before vite:json, which then turns the compiled JSON into a module as usual.
  enforce: 'pre',
  config(_, { command }) {
    // Dev keeps the parser (nothing is lost: the catalogues are compiled there too); the build drops it.
    if (command !== 'build') return;
    return {
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
      },
    };
  },
  transform(code, id) {
    const file = fileOf(id);
    if (!MESSAGE_CATALOGUE.test(file)) return null;
    return { code: JSON.stringify(compileCatalogue(code, file)), map: null };
  },
});
