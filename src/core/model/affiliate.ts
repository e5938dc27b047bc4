import * as Schema from 'effect/Schema';
import { AccountId, MediaId, ReferralId } from './ids';
import { Cents, Day, IsoDateTime, Percentage, RecordStatus } from './common';
import { Phone } from './phone';
import { AccountMetaFlags, AccountSettingsFields } from './account-parts';

/** The card of the affiliate who referred a visitor (accounts §3, bookings §3): affiliate_id, name, image, bio. */
export const AffiliateReferrer = Schema.Struct({
  affiliate_id: ReferralId,
  name: Schema.String,
  image: Schema.optional(Schema.NullOr(Schema.String)),
  bio: Schema.optional(Schema.NullOr(Schema.String)),
});
export type AffiliateReferrer = typeof AffiliateReferrer.Type;

/** One referral id of an affiliate (affiliatesArray, bookings §3). */
export const AffiliateIdEntry = Schema.Struct({
  affiliate_id: ReferralId,
  label: Schema.optional(Schema.NullOr(Schema.String)),
  is_primary: Schema.optional(Schema.Boolean),
  signups: Schema.optional(Schema.Int),
  created: Schema.optional(IsoDateTime),
});
export type AffiliateIdEntry = typeof AffiliateIdEntry.Type;

/** Affiliate (bookings §3): isSalesProfessional, goal, affiliate_id, affiliatesArray, plus the account fields. */
export const Affiliate = Schema.Struct({
  _id: AccountId,
  type: Schema.optional(Schema.Literal('affiliate')),
  status: Schema.optional(RecordStatus),
  first_name: Schema.String,
  last_name: Schema.String,
  /** The public name (a person or a fundraising group). */
  name: Schema.optional(Schema.String),
  primary_email: Schema.String,
  phones: Schema.optional(Schema.Array(Phone)),
  affiliate_id: ReferralId,
  affiliatesArray: Schema.optional(Schema.Array(AffiliateIdEntry)),
  isSalesProfessional: Schema.optional(Schema.Boolean),
  /** A fundraising goal in cents. */
  goal: Schema.optional(Schema.NullOr(Cents)),
  bio: Schema.optional(Schema.NullOr(Schema.String)),
  image: Schema.optional(Schema.NullOr(Schema.String)),
  meta: Schema.optional(AccountMetaFlags),
  settings: Schema.optional(AccountSettingsFields),
  created: Schema.optional(IsoDateTime),
});
export type Affiliate = typeof Affiliate.Type;

/** The affiliate dashboard's numbers: $1 (100 cents) per serviced lawn of a referred customer. */
export const AffiliateMetrics = Schema.Struct({
  from: Schema.optional(Schema.NullOr(Day)),
  to: Schema.optional(Schema.NullOr(Day)),
  signups: Schema.Int,
  contributors: Schema.Int,
  lawns_serviced: Schema.Int,
  earned: Cents,
  goal: Schema.optional(Schema.NullOr(Cents)),
});
export type AffiliateMetrics = typeof AffiliateMetrics.Type;

/** A customer who signed up with one of the affiliate's referral ids. */
export const SignUp = Schema.Struct({
  customer_id: AccountId,
  name: Schema.String,
  affiliate_id: Schema.optional(ReferralId),
  signed_up_at: IsoDateTime,
});
export type SignUp = typeof SignUp.Type;

/** A customer who gives part of the give-back money to the affiliate. */
export const Contributor = Schema.Struct({
  customer_id: AccountId,
  name: Schema.String,
  percentage: Percentage,
  lawns_serviced: Schema.optional(Schema.Int),
  total_contributed: Cents,
});
export type Contributor = typeof Contributor.Type;

export const BroadcastEmailStatuses = ['queued', 'sent', 'failed'] as const;
export const BroadcastEmailStatus = Schema.Literals(BroadcastEmailStatuses);
export type BroadcastEmailStatus = (typeof BroadcastEmailStatuses)[number];

/** An email an affiliate sent to its contributors and sign-ups. */
export const BroadcastEmail = Schema.Struct({
  _id: Schema.String,
  subject: Schema.String,
  body: Schema.String,
  status: BroadcastEmailStatus,
  recipients_count: Schema.optional(Schema.Int),
  sent_at: Schema.optional(Schema.NullOr(IsoDateTime)),
  created: Schema.optional(IsoDateTime),
});
export type BroadcastEmail = typeof BroadcastEmail.Type;

/** Is a referral id taken (affiliates.checkIdInUse). */
export const IdInUse = Schema.Struct({ affiliate_id: Schema.String, inUse: Schema.Boolean });
export type IdInUse = typeof IdInUse.Type;

/** A referral id found by search/affiliates_id. */
export const AffiliateIdMatch = Schema.Struct({ affiliate_id: ReferralId, affiliate_account_id: AccountId, name: Schema.optional(Schema.String) });
export type AffiliateIdMatch = typeof AffiliateIdMatch.Type;

export const FlyerTemplates = ['standard', 'fundraiser', 'door_hanger'] as const;
export type FlyerTemplate = (typeof FlyerTemplates)[number];

/** A generated flyer: the media id and where the PDF can be fetched. */
export const FlyerResult = Schema.Struct({ media_id: MediaId, url: Schema.String });
export type FlyerResult = typeof FlyerResult.Type;

/** A share of give-back money a customer (or organization) directs to one affiliate (bookings §3 affiliates). */
export const Contribution = Schema.Struct({
  affiliate_id: ReferralId,
  affiliate_account_id: Schema.optional(AccountId),
  name: Schema.optional(Schema.String),
  percentage: Percentage,
  total_contributed: Schema.optional(Cents),
});
export type Contribution = typeof Contribution.Type;

/** The shares and their total (must be under 100%, bookings §5). */
export const ContributionList = Schema.Struct({
  items: Schema.Array(Contribution),
  total_percentage: Schema.optional(Percentage),
  total_contributed: Schema.optional(Cents),
});
export type ContributionList = typeof ContributionList.Type;

/** One share as a request carries it: a referral id and a percentage from 1 to 100. */
export interface ContributionInput {
  readonly affiliate_id: ReferralId;
  readonly percentage: number;
}
