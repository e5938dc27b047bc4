/**
 * The payment provider, as the server needs it (bookings §3 billing source, §5 money; docs/design.md#money). Two
 * providers implement it, chosen by configuration: Stripe (`STRIPE_SECRET_KEY` set, `stripe.ts`) and the
 * embedded sandbox (`sandbox.ts`), which answers like Stripe's test mode.
 *
 * Amounts are integer cents in usd. Every call that moves money takes an idempotency key: the same key
 * gives the same result and moves money once (the sandbox keeps its own table of keys; Stripe's
 * `Idempotency-Key` header does it there).
 */
import type { PaymentProviderName } from '../../db/schema';

export type { PaymentProviderName };

/** A card as the provider describes it. Brands as the spec shows them: Visa, Mastercard, AmericanExpress. */
export interface ProviderCard {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

export interface SetupIntent {
  readonly id: string;
  /** What the browser needs to confirm the setup itself (Stripe.js `confirmCardSetup`). */
  readonly clientSecret: string;
}

export interface ChargeRequest {
  readonly customerId: string;
  readonly paymentMethodId: string;
  readonly amountCents: number;
  readonly currency: 'usd';
  readonly description: string;
  readonly idempotencyKey: string;
  /** Kept with the payment at the provider (the webhook reads it back). */
  readonly metadata?: Readonly<Record<string, string>>;
}

/** What a charge (or a confirmation) came to, in Stripe's words. */
export type ChargeResult =
  | { readonly outcome: 'succeeded'; readonly paymentIntentId: string; readonly amountCents: number }
  | { readonly outcome: 'requires_action'; readonly paymentIntentId: string; readonly clientSecret: string }
  | {
      readonly outcome: 'declined';
      readonly paymentIntentId: string | null;
      /** Stripe's decline code (`generic_decline`, `insufficient_funds`, …). */
      readonly declineCode: string;
      /** The plain-words message to show the customer. */
      readonly message: string;
    };

export interface RefundResult {
  readonly refundId: string;
  readonly amountCents: number;
}

/** The card a provider refused to save or charge, or an id it does not know. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCustomer(input: { readonly accountId: string; readonly email: string; readonly name?: string }): Promise<{ readonly id: string }>;
  /** SetupIntent: a setup the browser (or `confirmSetup`) completes with a card. */
  createSetup(customerId: string): Promise<SetupIntent>;
  /** Complete a setup with a payment method: the card is attached to the customer and described. */
  confirmSetup(setupIntentId: string, paymentMethodId: string): Promise<ProviderCard>;
  listCards(customerId: string): Promise<readonly ProviderCard[]>;
  detachCard(paymentMethodId: string): Promise<void>;
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>;
  /** PaymentIntent, confirmed at once (off-session charge of a saved card). */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** After the browser has authenticated a `requires_action` payment: where it stands now. */
  confirmAction(paymentIntentId: string): Promise<ChargeResult>;
  refund(input: { readonly paymentIntentId: string; readonly amountCents?: number; readonly idempotencyKey: string }): Promise<RefundResult>;

  // ── transfers and payouts (issue 11 "Money"): platform → connected account → bank ──
  /** A transfer from the platform's balance to a connected account (Stripe Connect `transfers.create`). */
  transfer(request: TransferRequest): Promise<TransferResult>;
  /** A payout from a connected account's balance to its bank (`payouts.create` on the connected account). */
  payout(request: PayoutRequest): Promise<PayoutResult>;
  /** Where a payout stands now (in transit until it arrives; paid, failed or canceled after). */
  payoutStatus(connectedAccountId: string, payoutId: string): Promise<PayoutResult>;
}

export interface TransferRequest {
  /** The connected account (an account's settings.stripe_id). */
  readonly destination: string;
  readonly amountCents: number;
  readonly currency: 'usd';
  readonly description: string;
  /** Groups the transfers of one period at the provider. */
  readonly group: string;
  readonly idempotencyKey: string;
}

export interface TransferResult {
  readonly transferId: string;
  readonly amountCents: number;
}

export interface PayoutRequest {
  /** The connected account paid out from. */
  readonly source: string;
  readonly amountCents: number;
  readonly currency: 'usd';
  readonly description: string;
  readonly idempotencyKey: string;
}

export interface PayoutResult {
  readonly payoutId: string;
  readonly status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  /** YYYY-MM-DD. */
  readonly arrivalDate: string | null;
  readonly bankLast4: string | null;
  readonly failureMessage: string | null;
}

// ── connected accounts: payout onboarding (issue 11) ─────────────────────────────────────────────────

/** A connected account as the provider describes it (Stripe Connect's Account). */
export interface ConnectedAccount {
  readonly id: string;
  /** The account holder finished the provider's onboarding form. */
  readonly detailsSubmitted: boolean;
  readonly payoutsEnabled: boolean;
}

export interface PayoutBankAccount {
  readonly last4: string;
  readonly bankName: string;
  readonly status: 'new' | 'verified' | 'errored';
}

/**
 * Connected accounts, the payout side of the port (a separate interface so that the provider's other blocks merge
 * cleanly): an account is created once, its holder goes through the provider's onboarding (Stripe's hosted
 * Connect onboarding, or the sandbox's local page) and comes back to `returnUrl`; leaving it sends them to
 * `refreshUrl`.
 */
export interface ConnectedAccountProvider {
  createConnectedAccount(input: {
    readonly accountId: string;
    readonly email: string;
    readonly name: string;
    readonly businessType?: 'individual' | 'company' | undefined;
  }): Promise<{ readonly id: string }>;
  /** A one-time link to the provider's onboarding of the connected account. */
  onboardingLink(input: { readonly connectedAccountId: string; readonly returnUrl: string; readonly refreshUrl: string }): Promise<{ readonly url: string }>;
  retrieveConnectedAccount(connectedAccountId: string): Promise<ConnectedAccount>;
  /** The bank account payouts go to (Stripe: the connected account's external account). */
  setPayoutBankAccount(
    connectedAccountId: string,
    input: {
      readonly accountHolderName: string;
      readonly accountHolderType: 'individual' | 'company';
      readonly routingNumber: string;
      readonly accountNumber: string;
    },
  ): Promise<PayoutBankAccount>;
}

/** Every provider has connected accounts too (declared apart from the card block above; interfaces merge). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PaymentProvider extends ConnectedAccountProvider {}

/** The plain-words message of each decline code (what Stripe's own messages say, shortened). */
export const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  generic_decline: 'Your card was declined.',
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
};

export const declineMessage = (code: string): string => DECLINE_MESSAGES[code] ?? 'Your card was declined.';
