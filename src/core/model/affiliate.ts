import * as Schema from 'effect/Schema';
import { ReferralId } from './ids';

/** The card of the affiliate who referred a visitor (accounts §3, bookings §3): affiliate_id, name, image, bio. */
export const AffiliateReferrer = Schema.Struct({
  affiliate_id: ReferralId,
  name: Schema.String,
  image: Schema.optional(Schema.NullOr(Schema.String)),
  bio: Schema.optional(Schema.NullOr(Schema.String)),
});
export type AffiliateReferrer = typeof AffiliateReferrer.Type;
