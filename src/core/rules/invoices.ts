/** Invoice rules (bookings §2, §4, §5, §8): create, update, send, delete, pay by customer, decline by customer. */
import type { InvoiceLineInput, InvoiceStatus as WireInvoiceStatus } from '../model/invoice';
import { taxCents } from './pricing';
import { roleRule, specRule, statusRule, type ActorRole, type SpecRule } from './spec-rule';

/**
 * The statuses the invoice chart has as states: the wire union (src/core/model/invoice.ts). A manual invoice
 * is written as a draft (only its issuer sees it), then sent (open).
 */
export const InvoiceStatuses = ['draft', 'open', 'paid', 'declined', 'deleted'] as const satisfies readonly WireInvoiceStatus[];
export type InvoiceStatus = (typeof InvoiceStatuses)[number];

/** bookings §8. */
export const NO_CARD_MESSAGE = 'Customer does not have a card attached.';

export interface InvoiceFacts {
  readonly role: ActorRole;
  readonly now: string;
  /** The amount asked for (create, update), in cents. */
  readonly amountCents?: number | undefined;
  /** Whether the paying customer has a card on file (pay). */
  readonly hasCard?: boolean | undefined;
}

export const isValidAmountCents = (cents: unknown): boolean => typeof cents === 'number' && Number.isSafeInteger(cents) && cents > 0;

export const invoiceRules = {
  issuer: roleRule(
    'invoice.issuerRoles',
    'Organization: invoices (create, edit, list, view); admins manage invoices too.',
    'bookings §2',
    ['organization', 'super', 'admin'],
  ),
  payer: roleRule('invoice.payerRoles', 'Invoice: … pay by customer, decline by customer.', 'bookings §4', ['customer']),
  amountValid: specRule<InvoiceFacts>({
    id: 'invoice.amountValid',
    spec: 'An invoice is for a positive whole number of cents.',
    source: 'decision',
    test: (f) => isValidAmountCents(f.amountCents),
  }),
  cardOnFile: specRule<InvoiceFacts>({
    id: 'invoice.cardOnFile',
    spec: 'Paying needs a card on file (Customer does not have a card attached.).',
    source: 'bookings §8',
    message: NO_CARD_MESSAGE,
    test: (f) => f.hasCard === true,
  }),
} as const;

export const invoiceScopes = {
  unpaid: statusRule<InvoiceStatus>(
    'invoice.unpaid',
    'A paid invoice is final: it is neither updated nor deleted; a draft, open or declined one can be (a declined invoice is re-issued by updating it).',
    'decision',
    ['draft', 'open', 'declined'],
  ),
} as const;

export const invoiceRuleList: readonly SpecRule<never>[] = [...Object.values(invoiceRules), ...Object.values(invoiceScopes)];

// ── amounts (bookings §5 money: cents; shown in dollars with two decimals) ───────────────────────────

/** The highest tax rate an invoice takes, in basis points (100 %). */
export const MAX_TAX_RATE_BPS = 10_000;

export interface InvoiceTotals {
  readonly lines: readonly { readonly description: string; readonly quantity: number; readonly unit_amount: number; readonly amount: number }[];
  readonly subtotal: number;
  readonly tax: number;
  readonly total: number;
}

/**
 * An invoice's amounts: each line is quantity × unit price; the tax is the rate (basis points, 825 = 8.25 %) on
 * the subtotal, rounded half-up to the cent (the checkout's rounding); the total is subtotal plus tax. The
 * create screen shows these and the server stores them, from this one function.
 */
export const invoiceTotals = (lines: readonly InvoiceLineInput[], taxRateBps: number): InvoiceTotals => {
  const priced = lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_amount: l.unit_amount, amount: l.quantity * l.unit_amount }));
  const subtotal = priced.reduce((sum, l) => sum + l.amount, 0);
  const tax = taxCents(subtotal, taxRateBps);
  return { lines: priced, subtotal, tax, total: subtotal + tax };
};

/** A tax rate typed in percent ('8.25') → basis points (825); NaN when it is not a rate of 0–100 % with at most two decimals. */
export const taxRateBpsOf = (percent: string): number => {
  const text = percent.trim();
  if (text === '') return 0;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const bps = Math.round(Number(text) * 100);
  return bps <= MAX_TAX_RATE_BPS ? bps : Number.NaN;
};

/** Bad-input messages of the invoice calls (bookings §8 templates: 'Invalid {text}', 'All fields are required'). */
export const INVOICE_MESSAGES = {
  fields: 'All fields are required',
  amount: 'Invalid amount',
  dueDate: 'Invalid due date',
  taxRate: 'Invalid tax rate',
  customer: 'Customer not found',
  notFound: 'Invoice not found',
} as const;

/** Due date: a day (YYYY-MM-DD) that is not before `today` (the issuer's day, YYYY-MM-DD). */
export const isValidDueDate = (day: string, today: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day && day >= today;
