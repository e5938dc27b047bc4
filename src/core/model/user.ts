import * as Schema from 'effect/Schema';
import { AccountId, UserId } from './ids';
import { AccountKind, AccountType, Role } from './roles';
import { OpenRecord } from './common';
import { LanguagePreference } from './language';

/** One entry of a user's account list (accounts §3): `{ id, type }`. */
export const AccountRef = Schema.Struct({
  id: AccountId,
  type: AccountKind,
});
export type AccountRef = typeof AccountRef.Type;

/** Account meta (accounts §3/§4): the onboarding and approval gates read these flags. */
export const AccountMeta = Schema.Struct({
  initialSetup: Schema.optional(Schema.Boolean),
  skipOnboarding: Schema.optional(Schema.Boolean),
  isApproved: Schema.optional(Schema.Boolean),
  /** An organization's approval (absent for other accounts): a rejected one is told so while it waits. */
  approval_status: Schema.optional(Schema.Literals(['pending', 'approved', 'rejected'])),
  last_active_account: Schema.optional(Schema.NullOr(AccountId)),
});
export type AccountMeta = typeof AccountMeta.Type;

/** Account settings (accounts §3): language and the payment-provider id (required for organizations). */
export const AccountSettings = Schema.Struct({
  language_preference: Schema.optional(LanguagePreference),
  stripe_id: Schema.optional(Schema.NullOr(Schema.String)),
});
export type AccountSettings = typeof AccountSettings.Type;

/** An account: customer, vendor, organization or affiliate (accounts §3). */
export const Account = Schema.Struct({
  _id: AccountId,
  type: AccountType,
  primary_email: Schema.String,
  first_name: Schema.optional(Schema.NullOr(Schema.String)),
  meta: AccountMeta,
  settings: AccountSettings,
  /** Inner fields not shown by the spec. */
  integrations: Schema.optional(OpenRecord),
  /** Inner fields not shown by the spec. */
  preferences: Schema.optional(OpenRecord),
  /** The referral id of the affiliate who referred this account. */
  referred_by: Schema.optional(Schema.NullOr(Schema.String)),
  created: Schema.optional(Schema.String),
});
export type Account = typeof Account.Type;

/** User statuses (bookings §4). */
export const UserStatuses = ['pending_email', 'claim_account', 'active', 'inactive'] as const;
export const UserStatus = Schema.Literals(UserStatuses);
export type UserStatus = (typeof UserStatuses)[number];

/** User info (accounts §3): the signed-in person, who may hold several accounts. */
export const UserInfo = Schema.Struct({
  _id: UserId,
  email: Schema.String,
  role: Role,
  first_name: Schema.optional(Schema.NullOr(Schema.String)),
  accounts: Schema.Array(AccountRef),
  registerVersion: Schema.optional(Schema.NullOr(Schema.String)),
  last_name: Schema.optional(Schema.NullOr(Schema.String)),
  /** User statuses (bookings §4). */
  status: Schema.optional(UserStatus),
  phone: Schema.optional(Schema.NullOr(Schema.String)),
  phoneConfirmed: Schema.optional(Schema.Boolean),
  /** The active account of the session the info was computed for (null for a super user without accounts). */
  account: Schema.optional(Schema.NullOr(Account)),
});
export type UserInfo = typeof UserInfo.Type;
