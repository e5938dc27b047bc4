/**
 * How an account's payout-onboarding record reads (shared by its record type, server/services/records/payout-onboarding.ts,
 * and the service, server/services/payout-onboarding.ts): the chart status and facts from the account and its row.
 */
import type { PayoutAccountKind, PayoutOnboardingStatus } from '../../src/core/rules/payout-onboarding';
import { INSURANCE_ITEM } from '../../src/core/rules/payout-onboarding';
import type { PayoutOnboardingContext } from '../../src/machines/lifecycles/payout-onboarding.machine';
import type { accounts, payoutOnboardings } from '../db/schema';

export type PayoutOnboardingRow = typeof payoutOnboardings.$inferSelect;
export type PayoutAccountRow = typeof accounts.$inferSelect;

/** The account and its onboarding row (undefined before the first event). */
export interface PayoutOnboardingRecord {
  readonly account: PayoutAccountRow;
  readonly onboarding: PayoutOnboardingRow | undefined;
}

/** Columns a step changes along with the event; `stripeId` and `initialSetup` go to the account. */
export type PayoutOnboardingChanges = Partial<Omit<PayoutOnboardingRow, 'accountId' | 'status' | 'updatedAt'>> & {
  readonly stripeId?: string;
  readonly initialSetup?: true;
};

export const isPayoutKind = (type: string): type is PayoutAccountKind => type === 'organization' || type === 'vendor' || type === 'affiliate';

export const payoutStatusOf = ({ account, onboarding }: PayoutOnboardingRecord): PayoutOnboardingStatus => {
  if (onboarding) return onboarding.status;
  if (account.settings.stripe_id) return account.meta.initialSetup ? 'finished' : 'connected';
  return 'not_started';
};

/** A vendor's insurance document counts when it has a file and a validity end. */
export const insuranceGiven = (onboarding: PayoutOnboardingRow | undefined): boolean => {
  const entry = onboarding?.checklist[INSURANCE_ITEM];
  return Boolean(entry?.done && entry.media_id && entry.valid_until);
};

export const payoutFactsOf = ({ account, onboarding }: PayoutOnboardingRecord): PayoutOnboardingContext => ({
  kind: isPayoutKind(account.type) ? account.type : 'organization',
  agreementAccepted: Boolean(onboarding?.agreementAcceptedAt),
  documentGiven: account.type === 'vendor' ? insuranceGiven(onboarding) : Boolean(onboarding?.verificationDocument),
  surveyClosed: onboarding?.surveyStatus === 'closed',
});

