import * as Schema from 'effect/Schema';
import { Affiliate, AffiliateMetrics } from './affiliate';
import { Cents, Currency } from './common';
import { PayoutOnboarding } from './payout-onboarding';

// Apart from affiliate.ts: the payout onboarding reads organization.ts, which reads affiliate.ts.
/** What the affiliate's screens need on first entry: the affiliate and where its payout onboarding stands. */
export const AffiliateInit = Schema.Struct({
  affiliate: Affiliate,
  onboarding: PayoutOnboarding,
  balance: Schema.optional(Schema.Struct({ available: Cents, pending: Cents, currency: Currency })),
  metrics: Schema.optional(AffiliateMetrics),
});
export type AffiliateInit = typeof AffiliateInit.Type;
