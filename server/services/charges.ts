/**
 * Charging a customer (bookings §5 money, docs/design.md#money): the one way any feature takes money — checkout,
 * the billing engine, invoices. A charge names its idempotency key; the ledger row of a successful charge
 * carries it under a unique constraint, and the provider gets the same key, so a double submit, a retry or
 * two tabs charge once and answer the first result.
 *
 *  - succeeded → one `charge` row in ledger_entries (written once, whoever gets there first);
 *  - requires_action → nothing written yet; the browser confirms with the client secret, then `confirm`
 *    (same key) writes the row — or Stripe's `payment_intent.succeeded` webhook does, whichever is first;
 *  - declined → nothing written: no ledger row, no order. The attempt is kept by the provider (the sandbox's
 *    sandbox_payment_intents, Stripe's dashboard), not by us.
 *
 * A customer without a card gets 'Customer does not have a card attached' (bookings §8).
 */
import { and, desc, eq } from 'drizzle-orm';
import { type ChargeResult, type PaymentProvider, PaymentProviderError } from '../adapters/payments/port';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { ledgerEntries, paymentMethods } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { PaymentCustomers } from './payment-customers';

export const NO_CARD_MESSAGE = 'Customer does not have a card attached';

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
type Succeeded = Extract<ChargeResult, { outcome: 'succeeded' }>;

export interface ChargeInput {
  /** The customer account. */
  readonly customerId: string;
  readonly amountCents: number;
  readonly description: string;
  readonly idempotencyKey: string;
  /** A saved card of the customer (its provider id, the wire's stripe_src_id); the default card otherwise. */
  readonly paymentMethodId?: string;
  /** What the charge is for (an order, an invoice), kept on the ledger row. */
  readonly reference?: string;
}

export type ChargeOutcome =
  | { readonly outcome: 'succeeded'; readonly entry: LedgerEntry }
  | { readonly outcome: 'requires_action'; readonly paymentIntentId: string; readonly clientSecret: string }
  | { readonly outcome: 'declined'; readonly declineCode: string; readonly message: string };

export interface ConfirmInput {
  readonly customerId: string;
  readonly paymentIntentId: string;
  /** The key of the charge that asked for the action. */
  readonly idempotencyKey: string;
  readonly description: string;
  readonly reference?: string;
}

export interface ChargeService {
  charge(input: ChargeInput): Promise<ChargeOutcome>;
  /** After the browser authenticated a `requires_action` payment. */
  confirm(input: ConfirmInput): Promise<ChargeOutcome>;
  /** Refund a charge (all of it, or `amountCents`), once per idempotency key. */
  refund(input: { readonly chargeEntryId: string; readonly amountCents?: number; readonly idempotencyKey: string; readonly description?: string }): Promise<LedgerEntry>;
  /**
   * Write a successful charge's ledger row if it is not there yet (the charge call, `confirm`, or the
   * webhook); answers the row, the first one when the key was used already.
   */
  recordCharge(row: Omit<typeof ledgerEntries.$inferInsert, 'id' | 'kind' | 'createdAt'>): Promise<LedgerEntry>;
}

const providerFailure = (error: unknown): never => {
  if (error instanceof PaymentProviderError) {
    if (error.code === 'idempotency_key_in_use') throw conflict(error.message, 'idempotency_key_in_use');
    throw badRequest(error.message, error.code === 'resource_missing' ? 'payment_method_missing' : 'payment_failed');
  }
  throw error;
};

/** What the money services need: the database, the clock, the provider and the provider's customers. */
export interface PaymentDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly provider: PaymentProvider;
  readonly customers: PaymentCustomers;
}

export const createChargeService = ({ db, clock, provider, customers }: PaymentDeps): ChargeService => {
  const byKey = async (key: string): Promise<LedgerEntry | undefined> =>
    (await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key)))[0];

  const recordCharge: ChargeService['recordCharge'] = async (row) => {
    await db
      .insert(ledgerEntries)
      .values({ ...row, id: newId(), kind: 'charge', createdAt: clock.now() })
      .onConflictDoNothing({ target: ledgerEntries.idempotencyKey });
    return (await byKey(row.idempotencyKey))!;
  };

  /** The card to charge: the one named (it must be the customer's) or the default. */
  const cardFor = async (customerId: string, paymentMethodId?: string) => {
    const cards = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.accountId, customerId), eq(paymentMethods.provider, provider.name)))
      .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
    if (!cards.length) throw badRequest(NO_CARD_MESSAGE, 'no_card_attached');
    if (paymentMethodId === undefined) return cards[0]!;
    const card = cards.find((c) => c.providerPaymentMethodId === paymentMethodId);
    if (!card) throw notFound('Card not found');
    return card;
  };

  const outcomeOf = async (result: ChargeResult, record: (paid: Succeeded) => Promise<LedgerEntry>): Promise<ChargeOutcome> => {
    if (result.outcome === 'succeeded') return { outcome: 'succeeded', entry: await record(result) };
    if (result.outcome === 'requires_action') return result;
    return { outcome: 'declined', declineCode: result.declineCode, message: result.message };
  };

  return {
    recordCharge,

    async charge(input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw badRequest('The amount must be a whole number of cents above zero.');
      if (!input.idempotencyKey) throw badRequest('An idempotency key is required.');
      const first = await byKey(input.idempotencyKey);
      if (first) {
        if (first.accountId !== input.customerId || first.amount !== input.amountCents) {
          throw conflict('This idempotency key was used for a different payment.', 'idempotency_key_in_use');
        }
        return { outcome: 'succeeded', entry: first };
      }
      await customers.account(input.customerId);
      const card = await cardFor(input.customerId, input.paymentMethodId);
      const customerId = await customers.providerCustomerId(input.customerId);
      const result = await provider
        .charge({
          customerId,
          paymentMethodId: card.providerPaymentMethodId,
          amountCents: input.amountCents,
          currency: 'usd',
          description: input.description,
          idempotencyKey: input.idempotencyKey,
          metadata: { account_id: input.customerId, ...(input.reference ? { reference: input.reference } : {}) },
        })
        .catch(providerFailure);
      return outcomeOf(result, () =>
        recordCharge({
          accountId: input.customerId,
          amount: input.amountCents,
          currency: 'usd',
          description: input.description,
          reference: input.reference ?? null,
          idempotencyKey: input.idempotencyKey,
          provider: provider.name,
          providerPaymentIntentId: result.paymentIntentId,
          providerPaymentMethodId: card.providerPaymentMethodId,
          cardBrand: card.brand,
          cardLast4: card.last4,
        }),
      );
    },

    async confirm(input) {
      const first = await byKey(input.idempotencyKey);
      if (first) return { outcome: 'succeeded', entry: first };
      const result = await provider.confirmAction(input.paymentIntentId).catch(providerFailure);
      return outcomeOf(result, (paid) =>
        recordCharge({
          accountId: input.customerId,
          amount: paid.amountCents,
          currency: 'usd',
          description: input.description,
          reference: input.reference ?? null,
          idempotencyKey: input.idempotencyKey,
          provider: provider.name,
          providerPaymentIntentId: input.paymentIntentId,
        }),
      );
    },

    async refund({ chargeEntryId, amountCents, idempotencyKey, description }) {
      const again = await byKey(idempotencyKey);
      if (again) return again;
      const [charge] = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.id, chargeEntryId), eq(ledgerEntries.kind, 'charge')));
      if (!charge?.providerPaymentIntentId) throw notFound('Charge not found');
      const refund = await provider
        .refund({ paymentIntentId: charge.providerPaymentIntentId, ...(amountCents !== undefined ? { amountCents } : {}), idempotencyKey })
        .catch(providerFailure);
      await db
        .insert(ledgerEntries)
        .values({
          id: newId(),
          kind: 'refund',
          accountId: charge.accountId,
          amount: refund.amountCents,
          currency: charge.currency,
          description: description ?? `Refund: ${charge.description}`,
          reference: charge.id,
          idempotencyKey,
          provider: provider.name,
          providerPaymentIntentId: charge.providerPaymentIntentId,
          providerRefundId: refund.refundId,
          providerPaymentMethodId: charge.providerPaymentMethodId,
          cardBrand: charge.cardBrand,
          cardLast4: charge.cardLast4,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: ledgerEntries.idempotencyKey });
      return (await byKey(idempotencyKey))!;
    },
  };
};
