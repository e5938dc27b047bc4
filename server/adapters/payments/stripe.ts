/**
 * The Stripe payment provider (official Node SDK), used when `STRIPE_SECRET_KEY` is set: Customers,
 * SetupIntents to save cards, PaymentIntents to charge (confirmed at once; `requires_action` hands the
 * client secret to the browser's Stripe.js), refunds. Every money-moving call sends the caller's
 * idempotency key as Stripe's `Idempotency-Key` header. A card error (StripeCardError) becomes a
 * `declined` result with Stripe's decline code and a plain message.
 */
import Stripe from 'stripe';
import { cardBrandOf } from '../../../src/core/rules/cards';
import { type ChargeResult, type PaymentProvider, type PayoutResult, type ProviderCard, PaymentProviderError, declineMessage } from './port';

export interface StripeProviderOptions {
  readonly secretKey: string;
  /** Tests stub the SDK's HTTP layer (`Stripe.createFetchHttpClient(fakeFetch)`). */
  readonly httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
}

const cardOf = (pm: Stripe.PaymentMethod): ProviderCard => ({
  id: pm.id,
  brand: cardBrandOf(pm.card?.brand ?? ''),
  last4: pm.card?.last4 ?? '',
  expMonth: pm.card?.exp_month ?? 0,
  expYear: pm.card?.exp_year ?? 0,
});

/** A Stripe payout as the port describes it (the bank's last four digits when Stripe expanded the destination). */
const payoutOf = (payout: Stripe.Payout): PayoutResult => ({
  payoutId: payout.id,
  status: payout.status as PayoutResult['status'],
  arrivalDate: payout.arrival_date ? new Date(payout.arrival_date * 1000).toISOString().slice(0, 10) : null,
  bankLast4: typeof payout.destination === 'object' && payout.destination && 'last4' in payout.destination ? (payout.destination.last4 ?? null) : null,
  failureMessage: payout.failure_message ?? null,
});

const resultOf = (intent: Stripe.PaymentIntent): ChargeResult => {
  if (intent.status === 'succeeded') return { outcome: 'succeeded', paymentIntentId: intent.id, amountCents: intent.amount_received || intent.amount };
  if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') {
    return { outcome: 'requires_action', paymentIntentId: intent.id, clientSecret: intent.client_secret ?? '' };
  }
  const error = intent.last_payment_error;
  const declineCode = error?.decline_code ?? error?.code ?? 'generic_decline';
  return { outcome: 'declined', paymentIntentId: intent.id, declineCode, message: declineMessage(declineCode) };
};

/** Any other Stripe error is the provider's refusal with Stripe's message (never a silent success). */
const refusal = (error: unknown): never => {
  if (error instanceof Stripe.errors.StripeError) throw new PaymentProviderError(error.message, error.code ?? error.type, error.decline_code);
  throw error;
};

export const createStripeProvider = ({ secretKey, httpClient }: StripeProviderOptions): PaymentProvider => {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, ...(httpClient ? { httpClient } : {}) });

  return {
    name: 'stripe',

    // ── connected accounts (Connect, hosted onboarding through Account Links) ──
    async createConnectedAccount({ accountId, email, name, businessType }) {
      const account = await stripe.accounts
        .create(
          {
            type: 'express',
            country: 'US',
            email,
            ...(businessType ? { business_type: businessType } : {}),
            business_profile: { name },
            capabilities: { transfers: { requested: true } },
            metadata: { account_id: accountId },
          },
          { idempotencyKey: `connected-account-${accountId}` },
        )
        .catch(refusal);
      return { id: account.id };
    },

    async onboardingLink({ connectedAccountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks
        .create({ account: connectedAccountId, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl })
        .catch(refusal);
      return { url: link.url };
    },

    async retrieveConnectedAccount(connectedAccountId) {
      const account = await stripe.accounts.retrieve(connectedAccountId).catch(refusal);
      return { id: account.id, detailsSubmitted: account.details_submitted ?? false, payoutsEnabled: account.payouts_enabled ?? false };
    },

    async setPayoutBankAccount(connectedAccountId, input) {
      const external = await stripe.accounts
        .createExternalAccount(connectedAccountId, {
          external_account: {
            object: 'bank_account',
            country: 'US',
            currency: 'usd',
            account_holder_name: input.accountHolderName,
            account_holder_type: input.accountHolderType,
            routing_number: input.routingNumber,
            account_number: input.accountNumber,
          },
          default_for_currency: true,
        } as Stripe.AccountCreateExternalAccountParams)
        .catch(refusal);
      const bank = external as Stripe.BankAccount;
      const status = bank.status === 'verified' || bank.status === 'validated' ? 'verified' : bank.status === 'errored' || bank.status === 'verification_failed' ? 'errored' : 'new';
      return { last4: bank.last4, bankName: bank.bank_name ?? '', status };
    },

    async createCustomer({ accountId, email, name }) {
      const customer = await stripe.customers
        .create({ email, ...(name ? { name } : {}), metadata: { account_id: accountId } }, { idempotencyKey: `customer-${accountId}` })
        .catch(refusal);
      return { id: customer.id };
    },

    async createSetup(customerId) {
      const setup = await stripe.setupIntents.create({ customer: customerId, automatic_payment_methods: { enabled: true, allow_redirects: 'never' }, usage: 'off_session' }).catch(refusal);
      return { id: setup.id, clientSecret: setup.client_secret ?? '' };
    },

    async confirmSetup(setupIntentId, paymentMethodId) {
      const setup = await stripe.setupIntents.confirm(setupIntentId, { payment_method: paymentMethodId }).catch(refusal);
      if (setup.status !== 'succeeded') throw new PaymentProviderError('This card needs authentication before it can be saved.', 'setup_requires_action');
      const id = typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id;
      if (!id) throw new PaymentProviderError('The card was not saved.', 'setup_failed');
      return cardOf(await stripe.paymentMethods.retrieve(id).catch(refusal));
    },

    async listCards(customerId) {
      const list = await stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }).catch(refusal);
      return list.data.map(cardOf);
    },

    async detachCard(paymentMethodId) {
      await stripe.paymentMethods.detach(paymentMethodId).catch(refusal);
    },

    async setDefaultCard(customerId, paymentMethodId) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }).catch(refusal);
    },

    async charge(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            description: request.description,
            metadata: { ...request.metadata, idempotency_key: request.idempotencyKey },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return resultOf(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const declineCode = error.decline_code ?? error.code ?? 'generic_decline';
          return { outcome: 'declined', paymentIntentId: error.payment_intent?.id ?? null, declineCode, message: declineMessage(declineCode) };
        }
        return refusal(error);
      }
    },

    async confirmAction(paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId).catch(refusal);
      if (intent.status !== 'requires_confirmation') return resultOf(intent);
      try {
        return resultOf(await stripe.paymentIntents.confirm(paymentIntentId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const declineCode = error.decline_code ?? error.code ?? 'generic_decline';
          return { outcome: 'declined', paymentIntentId, declineCode, message: declineMessage(declineCode) };
        }
        return refusal(error);
      }
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds
        .create({ payment_intent: paymentIntentId, ...(amountCents !== undefined ? { amount: amountCents } : {}) }, { idempotencyKey })
        .catch(refusal);
      return { refundId: refund.id, amountCents: refund.amount };
    },

    // ── transfers and payouts (issue 11 "Money") ──
    async transfer({ destination, amountCents, currency, description, group, idempotencyKey }) {
      const transfer = await stripe.transfers
        .create({ amount: amountCents, currency, destination, description, transfer_group: group, metadata: { idempotency_key: idempotencyKey } }, { idempotencyKey })
        .catch(refusal);
      return { transferId: transfer.id, amountCents: transfer.amount };
    },

    async payout({ source, amountCents, currency, description, idempotencyKey }) {
      const payout = await stripe.payouts
        .create({ amount: amountCents, currency, description, metadata: { idempotency_key: idempotencyKey } }, { idempotencyKey, stripeAccount: source })
        .catch(refusal);
      return payoutOf(payout);
    },

    async payoutStatus(connectedAccountId, payoutId) {
      return payoutOf(await stripe.payouts.retrieve(payoutId, { expand: ['destination'] }, { stripeAccount: connectedAccountId }).catch(refusal));
    },
  };
};

/** Verify a webhook's signature (`Stripe-Signature` header) and parse its event; throws on a bad signature. */
export const verifyStripeWebhook = (rawBody: string | Buffer, signature: string, secret: string): Stripe.Event =>
  Stripe.webhooks.constructEvent(rawBody, signature, secret);
