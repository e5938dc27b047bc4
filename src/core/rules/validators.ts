import { REFERRAL_ID_PATTERN } from '../model/id-patterns';

/**
 * Field validators of bookings §5. Each returns the message of the table, or undefined when the value
 * passes. Every validator but `required` lets an empty value pass, so "optional but well-formed"
 * is `[email]` and "mandatory" is `[required, email]`.
 */

export type FieldValue = string | number | null | undefined;
export type Validator = (value: FieldValue) => string | undefined;

export const VALIDATION_MESSAGES = {
  required: 'Text Field is required',
  email: 'Invalid email address',
  minLength: (n: number) => `Minimum length is ${n}`,
  maxLength: (n: number, words = false) => `Maximum length is ${n}${words ? ' words' : ''}`,
  minValue: (n: number) => `Minimum Value is ${n}`,
  maxValue: (n: number) => `Maximum Value is ${n}`,
  alpha: 'Only alphabetical characters are allowed',
  alphaNum: 'Only alpha numerics are allowed',
  decimal: 'Only decimals',
  integer: 'Only Integers',
  custom: 'Error',
  noteRequired: 'Note is required!',
  referralId: 'Invalid referral id',
  time: 'Invalid time',
  contributions: 'Total contributions must be under 100%',
} as const;

const text = (v: FieldValue): string => (v === null || v === undefined ? '' : String(v));
const isEmpty = (v: FieldValue): boolean => text(v).trim() === '';

export const required: Validator = (v) => (isEmpty(v) ? VALIDATION_MESSAGES.required : undefined);

export const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const email: Validator = (v) => (isEmpty(v) || EMAIL_RE.test(text(v).trim()) ? undefined : VALIDATION_MESSAGES.email);

export const minLength =
  (n: number): Validator =>
  (v) =>
    isEmpty(v) || text(v).length >= n ? undefined : VALIDATION_MESSAGES.minLength(n);

/** Maximum length in characters, or in words with `{ words: true }`. */
export const maxLength =
  (n: number, options: { readonly words?: boolean } = {}): Validator =>
  (v) => {
    if (isEmpty(v)) return undefined;
    const size = options.words ? countWords(text(v)) : text(v).length;
    return size <= n ? undefined : VALIDATION_MESSAGES.maxLength(n, options.words);
  };

export const countWords = (s: string): number => s.trim().split(/\s+/).filter(Boolean).length;

const asNumber = (v: FieldValue): number => (typeof v === 'number' ? v : Number(text(v).trim()));

export const minValue =
  (n: number): Validator =>
  (v) =>
    isEmpty(v) || asNumber(v) >= n ? undefined : VALIDATION_MESSAGES.minValue(n);

export const maxValue =
  (n: number): Validator =>
  (v) =>
    isEmpty(v) || asNumber(v) <= n ? undefined : VALIDATION_MESSAGES.maxValue(n);

export const alpha: Validator = (v) => (isEmpty(v) || /^\p{L}+$/u.test(text(v)) ? undefined : VALIDATION_MESSAGES.alpha);
export const alphaNum: Validator = (v) => (isEmpty(v) || /^[\p{L}\p{N}]+$/u.test(text(v)) ? undefined : VALIDATION_MESSAGES.alphaNum);
export const decimal: Validator = (v) => (isEmpty(v) || /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text(v).trim()) ? undefined : VALIDATION_MESSAGES.decimal);
export const integer: Validator = (v) => (isEmpty(v) || /^[-+]?\d+$/.test(text(v).trim()) ? undefined : VALIDATION_MESSAGES.integer);

/** A custom check with the table's generic 'Error' message (or the one given). */
export const custom =
  (ok: (value: FieldValue) => boolean, message: string = VALIDATION_MESSAGES.custom): Validator =>
  (v) =>
    ok(v) ? undefined : message;

/** The first failing validator's message, or undefined. */
export const validate = (value: FieldValue, validators: readonly Validator[]): string | undefined => {
  for (const check of validators) {
    const message = check(value);
    if (message !== undefined) return message;
  }
  return undefined;
};

/** Name check: letters only, ignoring digits, quotes, hyphens, commas and spaces (bookings §5). */
export const NAME_IGNORED = /[\d'"‘’“”`\-,\s]/g;
export const isValidName = (name: string): boolean => /^\p{L}*$/u.test(name.replace(NAME_IGNORED, ''));
export const name: Validator = (v) => (isEmpty(v) || isValidName(text(v)) ? undefined : VALIDATION_MESSAGES.alpha);

/** 'Note is required!' for actions that need a note. */
export const noteRequired: Validator = (v) => (isEmpty(v) ? VALIDATION_MESSAGES.noteRequired : undefined);

/** Referral ids must have no spaces (bookings §5); the contract allows 2–40 letters, digits, '_' and '-'. */
export const isValidReferralId = (id: string): boolean => REFERRAL_ID_PATTERN.test(id);
export const referralId: Validator = (v) => (isEmpty(v) || isValidReferralId(text(v)) ? undefined : VALIDATION_MESSAGES.referralId);

// ---- Time strings ---------------------------------------------------------------------------

/** 'HHMM' or 'HH:MM', hours 00–23, minutes 00–59 (bookings §5). */
export const TIME_RE = /^([01]\d|2[0-3]):?([0-5]\d)$/;
export const isValidTimeString = (s: string): boolean => TIME_RE.test(s);

/** Minutes since midnight of a valid time string, else undefined. */
export const parseTimeString = (s: string): number | undefined => {
  const m = TIME_RE.exec(s);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
};

export const time: Validator = (v) => (isEmpty(v) || isValidTimeString(text(v).trim()) ? undefined : VALIDATION_MESSAGES.time);

/** The working time range, 8 AM to 8 PM (bookings §5), in minutes since midnight. */
export const WORKING_START_MINUTES = 8 * 60;
export const WORKING_END_MINUTES = 20 * 60;
export const isWithinWorkingHours = (s: string): boolean => {
  const minutes = parseTimeString(s);
  return minutes !== undefined && minutes >= WORKING_START_MINUTES && minutes <= WORKING_END_MINUTES;
};

// ---- Other limits of bookings §5 ------------------------------------------------------------

/** Contributions (percentages) must total under 100%. */
export const contributionsValid = (percentages: readonly number[]): boolean => percentages.reduce((a, b) => a + b, 0) < 100;

/** Ticket files are jpg or png under 500 kb. */
export const TICKET_FILE_MAX_BYTES = 500 * 1024;
export const TICKET_FILE_TYPES = ['image/jpeg', 'image/png'] as const;
export const isAllowedTicketFile = (file: { readonly type: string; readonly size: number }): boolean =>
  (TICKET_FILE_TYPES as readonly string[]).includes(file.type) && file.size < TICKET_FILE_MAX_BYTES;
