/**
 * The customer's billing sources and history (bookings §3 billing source, §7 customer billing calls).
 * payment_methods is the app's view of the cards saved at the provider: brand, last four digits, expiry,
 * and which one is the default. Ownership: a customer reads and changes only its own cards; super and admin
 * may read any customer's, and change none (cards are the customer's to manage).
 */
import { and, asc, desc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import { cardBrandOf } from '../../src/core/rules/cards';
import { PaymentProviderError } from '../adapters/payments/port';
import type { AuthContext } from '../auth/context';
import { newId } from '../db/ids';
import { ledgerEntries, paymentMethods, subscriptions } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { CUSTOMER_NOT_FOUND } from './payment-customers';
import type { PaymentDeps } from './charges';

export type BillingSourceList = components['schemas']['BillingSourceList'];
export type BillingHistory = components['schemas']['BillingHistory'];
type UpdateBody = components['schemas']['BillingUpdateRequest'];
type HistoryQuery = NonNullable<operations['getBillingHistory']['parameters']['query']>;

const DAY = 24 * 60 * 60 * 1000;
export const CARD_NOT_FOUND = 'Card not found';
export const LAST_CARD_MESSAGE = 'The only card of a customer with an active subscription cannot be removed';

export interface BillingService {
  list(auth: AuthContext, customerId: string): Promise<BillingSourceList>;
  /** Save a card through a SetupIntent; `existingStripeSrc` is a card it replaces. */
  update(auth: AuthContext, customerId: string, body: UpdateBody): Promise<BillingSourceList>;
  remove(auth: AuthContext, customerId: string, paymentMethodId: string): Promise<BillingSourceList>;
  setDefault(auth: AuthContext, customerId: string, paymentMethodId: string): Promise<BillingSourceList>;
  history(auth: AuthContext, customerId: string, query: HistoryQuery): Promise<BillingHistory>;
}

const providerRefusal = (error: unknown): never => {
  if (error instanceof PaymentProviderError) throw badRequest(error.message, error.code === 'resource_missing' ? 'payment_method_missing' : 'card_refused');
  throw error;
};

export const createBillingService = ({ db, clock, provider, customers }: PaymentDeps): BillingService => {
  /** Reads: the customer itself, super and admin; anyone else gets the 404 of a customer they cannot see. */
  const mayRead = async (auth: AuthContext, customerId: string) => {
    if (auth.role === 'super' || auth.role === 'admin') return customers.account(customerId);
    if (auth.role !== 'customer' || auth.accountId !== customerId) throw notFound(CUSTOMER_NOT_FOUND);
    return customers.account(customerId);
  };
  /** Changes: the customer itself only. */
  const mayChange = async (auth: AuthContext, customerId: string) => {
    if (auth.role === 'super' || auth.role === 'admin') {
      await customers.account(customerId);
      throw forbidden('Only the customer changes its cards.');
    }
    return mayRead(auth, customerId);
  };

  const cardsOf = (customerId: string) =>
    db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.accountId, customerId), eq(paymentMethods.provider, provider.name)))
      .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt));

  const listOf = async (customerId: string): Promise<BillingSourceList> => {
    const cards = await cardsOf(customerId);
    return {
      items: cards.map((c) => ({
        stripe_src_id: c.providerPaymentMethodId,
        brand: cardBrandOf(c.brand),
        last4: c.last4,
        exp_month: c.expMonth,
        exp_year: c.expYear,
        is_default: c.isDefault,
      })),
      default_source_id: cards.find((c) => c.isDefault)?.providerPaymentMethodId ?? null,
    };
  };

  const cardOf = async (customerId: string, paymentMethodId: string) => {
    const card = (await cardsOf(customerId)).find((c) => c.providerPaymentMethodId === paymentMethodId);
    if (!card) throw notFound(CARD_NOT_FOUND);
    return card;
  };

  /** Make one card the default (and no other), here and at the provider. */
  const makeDefault = async (customerId: string, paymentMethodId: string) => {
    await provider.setDefaultCard(await customers.providerCustomerId(customerId), paymentMethodId).catch(providerRefusal);
    await db.transaction(async (tx) => {
      await tx
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(and(eq(paymentMethods.accountId, customerId), ne(paymentMethods.providerPaymentMethodId, paymentMethodId)));
      await tx
        .update(paymentMethods)
        .set({ isDefault: true })
        .where(and(eq(paymentMethods.accountId, customerId), eq(paymentMethods.providerPaymentMethodId, paymentMethodId)));
    });
  };

  /** Detach a card at the provider and forget it; the newest remaining card becomes the default if it was. */
  const forget = async (customerId: string, card: typeof paymentMethods.$inferSelect) => {
    await provider.detachCard(card.providerPaymentMethodId).catch(providerRefusal);
    await db.delete(paymentMethods).where(eq(paymentMethods.id, card.id));
    if (card.isDefault) {
      const [next] = await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.accountId, customerId), eq(paymentMethods.provider, provider.name)))
        .orderBy(desc(paymentMethods.createdAt));
      if (next) await makeDefault(customerId, next.providerPaymentMethodId);
    }
  };

  return {
    async list(auth, customerId) {
      await mayRead(auth, customerId);
      return listOf(customerId);
    },

    async update(auth, customerId, body) {
      if (body.customer_id !== customerId) throw badRequest('customer_id must be the customer of the path');
      await mayChange(auth, customerId);
      const replaced = body.existingStripeSrc ? await cardOf(customerId, body.existingStripeSrc) : undefined;
      const providerCustomer = await customers.providerCustomerId(customerId);
      const setup = await provider.createSetup(providerCustomer).catch(providerRefusal);
      const card = await provider.confirmSetup(setup.id, body.stripe_src).catch(providerRefusal);
      const first = (await cardsOf(customerId)).length === 0;
      await db
        .insert(paymentMethods)
        .values({
          id: newId(),
          accountId: customerId,
          provider: provider.name,
          providerPaymentMethodId: card.id,
          brand: cardBrandOf(card.brand),
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          isDefault: false,
          createdAt: clock.now(),
        })
        .onConflictDoNothing();
      // A card that the customer does not own at the provider was refused by confirmSetup already.
      if (first || body.make_default !== false || replaced?.isDefault) await makeDefault(customerId, card.id);
      if (replaced && replaced.providerPaymentMethodId !== card.id) await forget(customerId, { ...replaced, isDefault: false });
      return listOf(customerId);
    },

    async remove(auth, customerId, paymentMethodId) {
      await mayChange(auth, customerId);
      const card = await cardOf(customerId, paymentMethodId);
      const cards = await cardsOf(customerId);
      if (cards.length === 1) {
        const active = await db
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(and(eq(subscriptions.customerAccountId, customerId), inArray(subscriptions.status, ['active', 'paused', 'suspended'])));
        if (active.length) throw conflict(LAST_CARD_MESSAGE, 'last_card');
      }
      await forget(customerId, card);
      return listOf(customerId);
    },

    async setDefault(auth, customerId, paymentMethodId) {
      await mayChange(auth, customerId);
      await cardOf(customerId, paymentMethodId);
      await makeDefault(customerId, paymentMethodId);
      return listOf(customerId);
    },

    async history(auth, customerId, query) {
      await mayRead(auth, customerId);
      const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
      const to = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY) : undefined;
      if (from && to && from >= to) throw badRequest('from must not be after to');
      const rows = await db
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.accountId, customerId),
            inArray(ledgerEntries.kind, ['charge', 'refund']),
            from ? gte(ledgerEntries.createdAt, from) : undefined,
            to ? lt(ledgerEntries.createdAt, to) : undefined,
          ),
        )
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
      return {
        items: rows.map((r) => ({
          _id: r.id,
          amount: r.amount,
          currency: 'usd' as const,
          status: r.kind === 'refund' ? ('refunded' as const) : ('succeeded' as const),
          description: r.description,
          invoice_id: null,
          paymentIntentId: r.providerPaymentIntentId,
          ...(r.cardBrand && r.cardLast4 ? { card: { brand: cardBrandOf(r.cardBrand), last4: r.cardLast4 } } : {}),
          created: r.createdAt.toISOString(),
        })),
      };
    },
  };
};
