/** Invoice rules (bookings §2, §4, §8): create, update, delete, pay by customer, decline by customer. */
import type { InvoiceStatus as WireInvoiceStatus } from '../model/invoice';
import { roleRule, specRule, statusRule, type ActorRole, type SpecRule } from './spec-rule';

/**
 * The statuses the invoice chart has as states: the wire union (src/core/model/invoice.ts) without
 * 'draft' (the chart starts when the invoice is sent).
 */
export const InvoiceStatuses = ['open', 'paid', 'declined', 'deleted'] as const satisfies readonly WireInvoiceStatus[];
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
    'A paid invoice is final: it is neither updated nor deleted; an open or declined one can be (a declined invoice is re-issued by updating it).',
    'decision',
    ['open', 'declined'],
  ),
} as const;

export const invoiceRuleList: readonly SpecRule<never>[] = [...Object.values(invoiceRules), ...Object.values(invoiceScopes)];
