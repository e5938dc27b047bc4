import type { CreditAdjustment } from '../model/credit';

/**
 * Money is integer cents in the core and formatted only at the edge (docs/design.md#money). These helpers take
 * plain strings and numbers, so any input widget can use them.
 */

export const centsToDollars = (cents: number): number => cents / 100;

/** Dollars (number or text) to integer cents, rounding half away from zero on the decimal value ('1.005' → 101). */
export const dollarsToCents = (dollars: number | string): number => {
  const n = typeof dollars === 'string' ? Number(dollars) : dollars;
  if (!Number.isFinite(n)) return 0;
  const sign = n < 0 ? -1 : 1;
  return sign * Math.round(Number(`${Math.abs(n)}e2`));
};

/** '$12.34' (en-US) from 1234. The locale changes separators and symbol placement, never the currency (USD). */
export const formatCents = (cents: number, locale = 'en-US'): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    cents / 100,
  );

/**
 * Money input (bookings §5): keep digits and one dot, then pad or truncate to two decimals.
 * '12.3' → '12.30', '$1,234.567' → '1234.56', '.5' → '0.50', '7' → '7.00', 'abc' → ''.
 */
export const parseMoneyInput = (input: string): string => {
  const kept = input.replace(/[^\d.]/g, '');
  if (!/\d/.test(kept)) return '';
  const dot = kept.indexOf('.');
  const whole = (dot === -1 ? kept : kept.slice(0, dot)).replace(/^0+(?=\d)/, '') || '0';
  const fraction = dot === -1 ? '' : kept.slice(dot + 1).replace(/\./g, '');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
};

// ---- Credit dialog (accounts §3/§5, bookings §5) ---------------------------------------------

export const CREDIT_NOTE_MAX = 500;
export const CREDIT_NOTE_TOO_LONG = 'Maximum 500 characters';
export const CREDIT_FAILED = 'There was an error';

/** The amount typed in the credit dialog: non-numeric characters stripped, rounded to 2 decimals (dollars). */
export const parseCreditAmount = (input: string): number => {
  const kept = input.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  const normalized = dot === -1 ? kept : `${kept.slice(0, dot)}.${kept.slice(dot + 1).replace(/\./g, '')}`;
  const n = Number(normalized);
  if (normalized === '' || normalized === '.' || !Number.isFinite(n)) return 0;
  return dollarsToCents(n) / 100;
};

/** The typed amount in cents. */
export const creditAmountCents = (input: string): number => dollarsToCents(parseCreditAmount(input));

export const creditNoteError = (note: string): string | undefined => (note.length > CREDIT_NOTE_MAX ? CREDIT_NOTE_TOO_LONG : undefined);

/**
 * Apply is disabled at zero (accounts §5), while the note is too long, and while it is empty: every
 * adjustment carries its reason (the contract's description has minLength 1).
 */
export const canApplyCredit = (amountInput: string, note: string): boolean =>
  creditAmountCents(amountInput) > 0 && note.trim() !== '' && creditNoteError(note) === undefined;

export type CreditKind = 'credit' | 'debit';

/** The adjustment sent to the server: cents, negative for a credit, currency usd. */
export const creditAdjustment = (kind: CreditKind, amountInput: string, description: string): CreditAdjustment => {
  const cents = creditAmountCents(amountInput);
  return { amount: kind === 'credit' ? 0 - cents : cents, description, currency: 'usd' };
};

/** The balance after an adjustment: it rises for a debit and falls for a credit. */
export const balanceAfter = (balanceCents: number, adjustment: Pick<CreditAdjustment, 'amount'>): number =>
  balanceCents + adjustment.amount;
