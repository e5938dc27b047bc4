import * as Schema from 'effect/Schema';
import { IsoDateTime } from './common';
import { VerificationDocument } from './organization';
import { BankAccount, BusinessType } from './payouts';
import { Checklist } from './vendor';

/** The payout-onboarding chart's statuses (src/core/rules/payout-onboarding.ts). */
export const PayoutOnboardingStatus = Schema.Literals(['not_started', 'linking', 'connected', 'finished']);
/** What finish_setup still needs. */
export const PayoutRequirement = Schema.Literals(['payout_account', 'agreement', 'document']);
export type PayoutRequirement = typeof PayoutRequirement.Type;

/** Where an organization's or vendor's payout onboarding stands (GET organization/{id}/onboarding, vendors/{id}/onboarding). */
export const PayoutOnboarding = Schema.Struct({
  status: PayoutOnboardingStatus,
  kind: Schema.Literals(['organization', 'vendor', 'affiliate']),
  name: Schema.optional(Schema.String),
  stripe_id: Schema.NullOr(Schema.String),
  payouts_enabled: Schema.optional(Schema.Boolean),
  initial_setup: Schema.Boolean,
  business_type: Schema.optional(Schema.NullOr(BusinessType)),
  entity_type: Schema.optional(Schema.NullOr(Schema.Literals(['sole_proprietorship', 'single_member_llc']))),
  tax_id_kind: Schema.optional(Schema.NullOr(Schema.Literals(['ssn', 'ein']))),
  tax_id_last4: Schema.optional(Schema.NullOr(Schema.String)),
  bank_account: Schema.optional(Schema.NullOr(BankAccount)),
  verification_document: Schema.optional(Schema.NullOr(VerificationDocument)),
  agreement_version: Schema.String,
  agreement_accepted_at: Schema.optional(Schema.NullOr(IsoDateTime)),
  survey_status: Schema.Literals(['draft', 'open', 'closed']),
  checklist: Schema.optional(Checklist),
  remaining: Schema.Array(PayoutRequirement),
  can_finish: Schema.Boolean,
});
export type PayoutOnboarding = typeof PayoutOnboarding.Type;

/** PUT organization/{id}/business. */
export interface BusinessDetailsInput {
  readonly business_type: 'individual' | 'company';
  readonly entity_type?: 'sole_proprietorship' | 'single_member_llc';
  readonly tax_id: string;
}
