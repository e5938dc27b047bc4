import * as Schema from 'effect/Schema';
import { ReferralId } from './ids';

/** The account types one can register for (accounts §3). Vendors are added by organizations or admins. */
export const RegistrationTypes = ['customer', 'organization', 'affiliate'] as const;
export const RegistrationType = Schema.Literals(RegistrationTypes);
export type RegistrationType = (typeof RegistrationTypes)[number];

export const ConfirmationMethods = ['email', 'sms'] as const;
export const ConfirmationMethod = Schema.Literals(ConfirmationMethods);
export type ConfirmationMethod = (typeof ConfirmationMethods)[number];

/** Customer signup template variants, chosen by the `version` query parameter (accounts §2). */
export const SignupVersions = ['default', 'homeSize', '23343', 'quote', '23f3g4'] as const;
export const SignupVersion = Schema.Literals(SignupVersions);
export type SignupVersion = (typeof SignupVersions)[number];

/** The platform sent with login, registration and reset calls. Only the web is built. */
export const Platform = Schema.Literal('web');
export type Platform = typeof Platform.Type;

/** Registration payload (accounts §3). `password` is sent by the full registration forms only. */
export const RegistrationPayload = Schema.Struct({
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
  phone_number: Schema.optional(Schema.String),
  address: Schema.optional(Schema.String),
  account_confirmation_method: ConfirmationMethod,
  platform: Platform,
  referred_by: Schema.optional(ReferralId),
  version: Schema.optional(SignupVersion),
  type: RegistrationType,
  password: Schema.optional(Schema.String),
});
export type RegistrationPayload = typeof RegistrationPayload.Type;
