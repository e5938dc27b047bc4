import * as Schema from 'effect/Schema';
import { AccountId, AppointmentId } from './ids';
import { Cents, Currency, Day, IsoDateTime } from './common';

/** Money movements at the payment provider (vendors, organizations, affiliates; docs/design.md#money). */

export const Balance = Schema.Struct({ available: Cents, pending: Cents, currency: Currency });
export type Balance = typeof Balance.Type;

export const TransferStatuses = ['pending', 'paid', 'failed', 'reversed'] as const;
export const TransferStatus = Schema.Literals(TransferStatuses);
export type TransferStatus = (typeof TransferStatuses)[number];

/** Money moved from the platform to a connected account (e.g. $1 per serviced lawn). */
export const Transfer = Schema.Struct({
  _id: Schema.String,
  amount: Cents,
  currency: Currency,
  status: TransferStatus,
  description: Schema.optional(Schema.String),
  appointment_id: Schema.optional(AppointmentId),
  customer_id: Schema.optional(AccountId),
  /** The week whose earnings it pays (Monday to Sunday, UTC). */
  period_start: Schema.optional(Day),
  period_end: Schema.optional(Day),
  created: IsoDateTime,
});
export type Transfer = typeof Transfer.Type;

export const PayoutStatuses = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
export const PayoutStatus = Schema.Literals(PayoutStatuses);
export type PayoutStatus = (typeof PayoutStatuses)[number];

/** Money paid out from a connected account to its bank account. */
export const Payout = Schema.Struct({
  _id: Schema.String,
  amount: Cents,
  currency: Currency,
  status: PayoutStatus,
  arrival_date: Schema.optional(Day),
  bank_last4: Schema.optional(Schema.String),
  /** The week whose transfer it pays out, and that transfer. */
  period_start: Schema.optional(Day),
  transfer_id: Schema.optional(Schema.String),
  created: IsoDateTime,
});
export type Payout = typeof Payout.Type;

/** Totals of transfers or payouts over a period. */
export const MoneySummary = Schema.Struct({
  count: Schema.Int,
  amount: Cents,
  currency: Currency,
  from: Schema.optional(Schema.NullOr(Day)),
  to: Schema.optional(Schema.NullOr(Day)),
});
export type MoneySummary = typeof MoneySummary.Type;

export const BusinessTypes = ['individual', 'company'] as const;
export const BusinessType = Schema.Literals(BusinessTypes);
export type BusinessType = (typeof BusinessTypes)[number];

export const BankAccountStatuses = ['new', 'verified', 'errored'] as const;
export const BankAccountStatus = Schema.Literals(BankAccountStatuses);
export type BankAccountStatus = (typeof BankAccountStatuses)[number];

/** The bank account that receives payouts (only the last four digits are ever returned). */
export const BankAccount = Schema.Struct({
  bank_name: Schema.optional(Schema.String),
  account_holder_name: Schema.optional(Schema.String),
  account_holder_type: Schema.optional(BusinessType),
  routing_number: Schema.optional(Schema.String),
  last4: Schema.String,
  status: BankAccountStatus,
});
export type BankAccount = typeof BankAccount.Type;

/** A bank account as the form sends it. */
export interface BankAccountInput {
  readonly account_holder_name: string;
  readonly account_holder_type: BusinessType;
  readonly routing_number: string;
  readonly account_number: string;
}

/** The payment provider's onboarding address and the state key echoed back with the code. */
export const OnboardingAuthorize = Schema.Struct({ url: Schema.String, state_key: Schema.optional(Schema.String) });
export type OnboardingAuthorize = typeof OnboardingAuthorize.Type;

/** Onboarding token exchange (bookings §3: code, state_key) and its result: the connected account id. */
export interface OnboardingTokenInput {
  readonly code: string;
  readonly state_key: string;
}
export const OnboardingTokenResult = Schema.Struct({ stripe_id: Schema.String, payouts_enabled: Schema.optional(Schema.Boolean) });
export type OnboardingTokenResult = typeof OnboardingTokenResult.Type;
