import * as Schema from 'effect/Schema';
import { LanguagePreference } from './language';

/**
 * The meta and settings parts every account record (customer, vendor, organization, affiliate) carries as
 * the bookings area sends them; all optional, since each record type names only some (accounts §3).
 */
export const AccountMetaFlags = Schema.Struct({
  initialSetup: Schema.optional(Schema.Boolean),
  skipOnboarding: Schema.optional(Schema.Boolean),
  isApproved: Schema.optional(Schema.Boolean),
});
export type AccountMetaFlags = typeof AccountMetaFlags.Type;

export const AccountSettingsFields = Schema.Struct({
  stripe_id: Schema.optional(Schema.NullOr(Schema.String)),
  language_preference: Schema.optional(LanguagePreference),
});
export type AccountSettingsFields = typeof AccountSettingsFields.Type;
