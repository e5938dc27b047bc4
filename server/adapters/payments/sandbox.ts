/**
 * The sandbox payment provider, the embedded default: it answers like Stripe's test mode and keeps its own
 * tables (sandbox_*), which stand in for Stripe's servers. It accepts Stripe's test payment-method ids
 * (`pm_card_visa`, `pm_card_chargeDeclined`, …) and payment methods made from the test card numbers typed
 * into its own card form (`pm_sandbox_…`, `createCardPaymentMethod`). The card decides the outcome:
 * 4242… pays, 0002 is declined (generic_decline), 9995 has insufficient funds, 3184 needs authentication
 * (requires_action, then succeeds once confirmed). The same idempotency key gives the same result and one
 * charge, as Stripe's `Idempotency-Key` does.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sum } from 'drizzle-orm';
import type { CardBrand, CardDetailsInput } from '../../../src/core/model/billing';
import { type CardBehaviour, type TestCard, CARD_MESSAGES, TEST_PAYMENT_METHODS, cardDetailsProblem, sandboxTestCard } from '../../../src/core/rules/cards';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sandboxConnectedAccounts, sandboxMoneyMovements, sandboxPaymentIntents, sandboxPaymentMethods, sandboxRefunds, sandboxSetupIntents } from '../../db/schema';
import { type ChargeRequest, type ChargeResult, type PaymentProvider, type PayoutResult, type ProviderCard, PaymentProviderError, declineMessage } from './port';

const token = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
type MethodRow = typeof sandboxPaymentMethods.$inferSelect;

const cardOf = (row: MethodRow): ProviderCard => ({ id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear });

/** Where an intent stands, from what was decided when it was created and whether it was authenticated since. */
export const intentResult = (row: IntentRow): ChargeResult => {
  if (row.declineCode) return { outcome: 'declined', paymentIntentId: row.id, declineCode: row.declineCode, message: declineMessage(row.declineCode) };
  if (row.needsAuthentication && !row.authenticatedAt) return { outcome: 'requires_action', paymentIntentId: row.id, clientSecret: row.clientSecret };
  return { outcome: 'succeeded', paymentIntentId: row.id, amountCents: row.amount };
};

/** The sandbox's onboarding link, as its local page (server/operations/sandbox-connect.ts) reads it. */
export interface SandboxOnboardingLink {
  readonly accountId: string;
  readonly name: string;
  readonly email: string;
  readonly returnUrl: string;
  readonly refreshUrl: string;
}

/** Where the sandbox's onboarding page lives (the provider's hosted onboarding, served by our server). */
export const SANDBOX_CONNECT_PATH = '/sandbox/connect/onboarding';
/** How long an onboarding link may be opened (Stripe's account links last minutes, too). */
const LINK_TTL_MS = 30 * 60_000;
/** Stripe's test routing number: bank accounts with it verify at once; any other nine digits stay `new`. */
export const SANDBOX_VERIFIED_ROUTING = '110000000';
/** The sandbox's payouts reach the bank two days after they are sent; its bank account ends in 6789 (Stripe's test account). */
export const SANDBOX_PAYOUT_DAYS = 2;
export const SANDBOX_BANK_LAST4 = '6789';
/** A connected account whose id contains this word refuses transfers and payouts (tests and demos of a failure). */
export const SANDBOX_FAILING_ACCOUNT = 'acct_sandbox_closed';

type MovementRow = typeof sandboxMoneyMovements.$inferSelect;

export interface SandboxProvider extends PaymentProvider {
  /** The sandbox card form: a typed test card number, expiry and security code → a `pm_sandbox_…` payment method. */
  createCardPaymentMethod(input: CardDetailsInput): Promise<ProviderCard & { readonly brand: CardBrand }>;
  /** The onboarding link `linkId` while it may be used; undefined when unknown or expired. */
  onboardingLinkOf(linkId: string): Promise<SandboxOnboardingLink | undefined>;
  /** 'Continue' on the onboarding page: the account's details are submitted and the link is spent; its return address. */
  submitOnboarding(linkId: string): Promise<string | undefined>;
}

export const createSandboxProvider = ({ db, clock }: { db: Db; clock: Clock }): SandboxProvider => {
  const far = (): number => clock.now().getUTCFullYear() + 3;

  /** A stored sandbox card, or the test card a `pm_card_*` id stands for. */
  const methodBehaviour = async (paymentMethodId: string, customerId?: string): Promise<{ behaviour: CardBehaviour }> => {
    const test = TEST_PAYMENT_METHODS[paymentMethodId];
    if (test) return { behaviour: test.behaviour };
    const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, paymentMethodId));
    if (!row || (customerId && row.customerId && row.customerId !== customerId)) {
      throw new PaymentProviderError(`No such PaymentMethod: '${paymentMethodId}'`, 'resource_missing');
    }
    return { behaviour: row.behaviour as CardBehaviour };
  };

  const insertMethod = async (card: TestCard, exp: { month: number; year: number }, customerId: string | null): Promise<MethodRow> => {
    const [row] = await db
      .insert(sandboxPaymentMethods)
      .values({
        id: token('pm'),
        brand: card.brand,
        last4: card.number.slice(-4),
        expMonth: exp.month,
        expYear: exp.year,
        behaviour: card.behaviour,
        customerId,
        createdAt: clock.now(),
      })
      .returning();
    return row!;
  };

  const connectedAccount = async (id: string) => {
    const [row] = await db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.id, id));
    if (!row) throw new PaymentProviderError(`No such account: '${id}'`, 'resource_missing');
    return row;
  };

  /** One transfer or payout per idempotency key (a retry answers the first one; other parameters are refused, as Stripe does). */
  const movement = async (kind: 'transfer' | 'payout', account: string, amount: number, idempotencyKey: string, arrivalDate: string | null): Promise<MovementRow> => {
    if (!account.startsWith('acct_')) throw new PaymentProviderError(`No such destination: '${account}'`, 'resource_missing');
    if (account.includes(SANDBOX_FAILING_ACCOUNT)) throw new PaymentProviderError('The connected account cannot receive transfers or payouts.', 'account_closed');
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new PaymentProviderError('Amount must be a positive number of cents.', 'amount_too_small');
    const [inserted] = await db
      .insert(sandboxMoneyMovements)
      .values({ id: token(kind === 'transfer' ? 'tr' : 'po'), kind, idempotencyKey, account, amount, arrivalDate, createdAt: clock.now() })
      .onConflictDoNothing({ target: sandboxMoneyMovements.idempotencyKey })
      .returning();
    if (inserted) return inserted;
    const [first] = await db.select().from(sandboxMoneyMovements).where(eq(sandboxMoneyMovements.idempotencyKey, idempotencyKey));
    if (!first || first.kind !== kind || first.account !== account || first.amount !== amount) {
      throw new PaymentProviderError('Keys for idempotent requests can only be used with the same parameters they were first used with.', 'idempotency_key_in_use');
    }
    return first;
  };

  /** A sandbox payout is in transit until the clock reaches its arrival day, then paid. */
  const payoutOf = (row: MovementRow): PayoutResult => ({
    payoutId: row.id,
    status: row.arrivalDate && clock.now().toISOString().slice(0, 10) >= row.arrivalDate ? 'paid' : 'in_transit',
    arrivalDate: row.arrivalDate,
    bankLast4: SANDBOX_BANK_LAST4,
    failureMessage: null,
  });

  return {
    name: 'sandbox',

    async createConnectedAccount({ email, name }) {
      const id = `acct_sandbox_${randomBytes(8).toString('hex')}`;
      await db.insert(sandboxConnectedAccounts).values({ id, name, email, createdAt: clock.now() });
      return { id };
    },

    async onboardingLink({ connectedAccountId, returnUrl, refreshUrl }) {
      const account = await connectedAccount(connectedAccountId);
      const linkId = randomBytes(16).toString('hex');
      await db
        .update(sandboxConnectedAccounts)
        .set({ linkId, returnUrl, refreshUrl, linkExpiresAt: new Date(clock.now().getTime() + LINK_TTL_MS) })
        .where(eq(sandboxConnectedAccounts.id, account.id));
      return { url: `${SANDBOX_CONNECT_PATH}/${linkId}` };
    },

    async retrieveConnectedAccount(id) {
      const row = await connectedAccount(id);
      return { id: row.id, detailsSubmitted: row.detailsSubmitted, payoutsEnabled: row.detailsSubmitted && row.bankLast4 !== null };
    },

    async setPayoutBankAccount(id, input) {
      await connectedAccount(id);
      const last4 = input.accountNumber.slice(-4);
      await db.update(sandboxConnectedAccounts).set({ bankLast4: last4 }).where(eq(sandboxConnectedAccounts.id, id));
      const verified = input.routingNumber === SANDBOX_VERIFIED_ROUTING;
      return { last4, bankName: verified ? 'STRIPE TEST BANK' : 'Sandbox bank', status: verified ? 'verified' : 'new' };
    },

    async onboardingLinkOf(linkId) {
      if (!/^[0-9a-f]{32}$/.test(linkId)) return undefined;
      const [row] = await db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.linkId, linkId));
      if (!row || !row.returnUrl || !row.refreshUrl || !row.linkExpiresAt || row.linkExpiresAt.getTime() < clock.now().getTime()) return undefined;
      return { accountId: row.id, name: row.name, email: row.email, returnUrl: row.returnUrl, refreshUrl: row.refreshUrl };
    },

    async submitOnboarding(linkId) {
      const link = await this.onboardingLinkOf(linkId);
      if (!link) return undefined;
      await db
        .update(sandboxConnectedAccounts)
        .set({ detailsSubmitted: true, linkId: null, linkExpiresAt: null })
        .where(and(eq(sandboxConnectedAccounts.id, link.accountId), eq(sandboxConnectedAccounts.linkId, linkId)));
      return link.returnUrl;
    },

    async createCardPaymentMethod(input) {
      const problem = cardDetailsProblem(input, clock.now());
      if (problem) throw new PaymentProviderError(problem.message, `invalid_${problem.field}`);
      const card = sandboxTestCard(input.number);
      if (!card) throw new PaymentProviderError(CARD_MESSAGES.unknownTestCard, 'invalid_number');
      const year = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
      const row = await insertMethod(card, { month: input.exp_month, year }, null);
      return { ...cardOf(row), brand: card.brand };
    },

    async createCustomer() {
      return { id: token('cus') };
    },

    async createSetup(customerId) {
      const id = token('seti');
      const clientSecret = `${id}_secret_${randomBytes(8).toString('hex')}`;
      await db.insert(sandboxSetupIntents).values({ id, customerId, clientSecret, createdAt: clock.now() });
      return { id, clientSecret };
    },

    async confirmSetup(setupIntentId, paymentMethodId) {
      const [setup] = await db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, setupIntentId));
      if (!setup) throw new PaymentProviderError(`No such SetupIntent: '${setupIntentId}'`, 'resource_missing');
      const test = TEST_PAYMENT_METHODS[paymentMethodId];
      let method: MethodRow;
      if (test) {
        // Like Stripe: attaching a test id creates a new payment method for the customer.
        method = await insertMethod(test, { month: 12, year: far() }, setup.customerId);
      } else {
        const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, paymentMethodId));
        if (!row || (row.customerId && row.customerId !== setup.customerId)) {
          throw new PaymentProviderError(`No such PaymentMethod: '${paymentMethodId}'`, 'resource_missing');
        }
        const [attached] = await db.update(sandboxPaymentMethods).set({ customerId: setup.customerId }).where(eq(sandboxPaymentMethods.id, row.id)).returning();
        method = attached!;
      }
      await db.update(sandboxSetupIntents).set({ paymentMethodId: method.id, succeededAt: clock.now() }).where(eq(sandboxSetupIntents.id, setup.id));
      return cardOf(method);
    },

    async listCards(customerId) {
      const rows = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.customerId, customerId));
      return rows.map(cardOf);
    },

    async detachCard(paymentMethodId) {
      // Like Stripe, a detached card cannot be used again (by anyone).
      await db.delete(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, paymentMethodId));
    },

    async setDefaultCard() {
      // The sandbox charges the card it is given; the app's payment_methods table keeps the default.
    },

    async charge(request: ChargeRequest) {
      const { behaviour } = await methodBehaviour(request.paymentMethodId, request.customerId);
      const id = token('pi');
      const [inserted] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          idempotencyKey: request.idempotencyKey,
          customerId: request.customerId,
          paymentMethodId: request.paymentMethodId,
          amount: request.amountCents,
          currency: request.currency,
          description: request.description,
          clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          declineCode: behaviour === 'ok' || behaviour === 'authentication_required' ? null : behaviour,
          needsAuthentication: behaviour === 'authentication_required',
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
        .returning();
      if (inserted) return intentResult(inserted);
      // A retry with the same key: the first answer, as long as it asks for the same payment (Stripe's rule).
      const [first] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.idempotencyKey, request.idempotencyKey));
      if (!first || first.amount !== request.amountCents || first.customerId !== request.customerId || first.paymentMethodId !== request.paymentMethodId) {
        throw new PaymentProviderError('Keys for idempotent requests can only be used with the same parameters they were first used with.', 'idempotency_key_in_use');
      }
      return intentResult(first);
    },

    async confirmAction(paymentIntentId) {
      // The customer completed the authentication (in the sandbox there is nothing more to check).
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, paymentIntentId));
      if (!row) throw new PaymentProviderError(`No such PaymentIntent: '${paymentIntentId}'`, 'resource_missing');
      if (row.needsAuthentication && !row.authenticatedAt && !row.declineCode) {
        const [done] = await db.update(sandboxPaymentIntents).set({ authenticatedAt: clock.now() }).where(eq(sandboxPaymentIntents.id, row.id)).returning();
        return intentResult(done!);
      }
      return intentResult(row);
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      const [intent] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, paymentIntentId));
      if (!intent || intentResult(intent).outcome !== 'succeeded') {
        throw new PaymentProviderError(`PaymentIntent '${paymentIntentId}' has no successful charge to refund.`, 'charge_not_refundable');
      }
      const [again] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      if (again) return { refundId: again.id, amountCents: again.amount };
      const [refunded] = await db.select({ total: sum(sandboxRefunds.amount) }).from(sandboxRefunds).where(and(eq(sandboxRefunds.paymentIntentId, paymentIntentId)));
      const left = intent.amount - Number(refunded?.total ?? 0);
      const amount = amountCents ?? left;
      if (amount <= 0 || amount > left) throw new PaymentProviderError(`Refund amount must be between 1 and ${left} cents.`, 'amount_too_large');
      const [row] = await db
        .insert(sandboxRefunds)
        .values({ id: token('re'), idempotencyKey, paymentIntentId, amount, createdAt: clock.now() })
        .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
        .returning();
      const done = row ?? (await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey)))[0]!;
      return { refundId: done.id, amountCents: done.amount };
    },

    // ── transfers and payouts (issue 11 "Money") ──
    async transfer({ destination, amountCents, idempotencyKey }) {
      const row = await movement('transfer', destination, amountCents, idempotencyKey, null);
      return { transferId: row.id, amountCents: row.amount };
    },

    async payout({ source, amountCents, idempotencyKey }) {
      const arrival = new Date(clock.now().getTime() + SANDBOX_PAYOUT_DAYS * 86_400_000).toISOString().slice(0, 10);
      return payoutOf(await movement('payout', source, amountCents, idempotencyKey, arrival));
    },

    async payoutStatus(connectedAccountId, payoutId) {
      const [row] = await db.select().from(sandboxMoneyMovements).where(and(eq(sandboxMoneyMovements.id, payoutId), eq(sandboxMoneyMovements.account, connectedAccountId)));
      if (!row || row.kind !== 'payout') throw new PaymentProviderError(`No such payout: '${payoutId}'`, 'resource_missing');
      return payoutOf(row);
    },
  };
};
