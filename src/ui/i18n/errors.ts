import { useCallback } from 'react';
import { createIntl, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { MESSAGES, loginFailureText } from '../../core/rules/messages';
import { catalogueOf, english } from './messages';
import type { Locale, Messages } from './messages';

/** The error body of every API call (architecture.md): `{ message, code }`; either may be missing. */
export interface ErrorLike {
  message?: string | null;
  code?: string | null;
}

/** The message id that translates a server error code. */
export const errorCodeId = (code: string) => `error.code.${code}`;

type IntlLike = Pick<IntlShape, 'formatMessage' | 'messages'>;

/** An invalid-token login error whose message says "expired" reads as expired (core loginFailureText). */
function effectiveCode(error: ErrorLike): string | undefined {
  const code = error.code ?? undefined;
  if (code === 'login_token_invalid' && loginFailureText(error) === MESSAGES.login_token_expired) return 'login_token_expired';
  return code;
}

function resolve(error: ErrorLike, messages: Messages | IntlShape['messages'], format: (id: string) => string): string {
  const code = effectiveCode(error);
  if (code && Object.prototype.hasOwnProperty.call(messages, errorCodeId(code))) return format(errorCodeId(code));
  const message = error.message?.trim();
  if (message) return message;
  return format('error.generic');
}

/** One formatter per loaded catalogue (the built catalogues hold compiled messages, which only react-intl reads). */
const formatters = new WeakMap<Messages, IntlLike>();
function intlFor(locale: Locale): IntlLike {
  const loaded = catalogueOf(locale);
  const messages = loaded ?? english;
  let intl = formatters.get(messages);
  if (!intl) {
    intl = createIntl({ locale: loaded ? locale : 'en', defaultLocale: 'en', messages });
    formatters.set(messages, intl);
  }
  return intl;
}

/**
 * The text to show for a server error (docs/design.md#errors): the translation of `code` when the catalogue has
 * `error.code.<code>`, otherwise the server's own message, otherwise a generic 'Something went wrong'.
 * The second argument is the react-intl object (from useIntl) or a locale.
 */
export function messageForError(error: ErrorLike, intlOrLocale: IntlLike | Locale = 'en'): string {
  // A catalogue not loaded yet (Spanish before its first page) answers in English.
  const intl = typeof intlOrLocale === 'string' ? intlFor(intlOrLocale) : intlOrLocale;
  return resolve(error, intl.messages, (id) => intl.formatMessage({ id }));
}

/** `messageForError` bound to the current locale. */
export function useMessageForError(): (error: ErrorLike) => string {
  const intl = useIntl();
  return useCallback((error: ErrorLike) => messageForError(error, intl), [intl]);
}
