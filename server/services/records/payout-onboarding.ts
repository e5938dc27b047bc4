/**
 * An account's payout onboarding as a record of the transition service (chart:
 * src/machines/lifecycles/payout-onboarding.machine.ts). The status lives in `payout_onboardings` (one row per
 * account, written on the first event); an account without a row reads as its seed left it: finished when it has
 * meta.initialSetup and a settings.stripe_id, connected with the id alone, else not started.
 *
 * `persist` writes the status with the step's changes: the onboarding row's columns, and the account's
 * settings.stripe_id (connect) or meta.initialSetup (finish) — the two flags the SPA's onboarding gates read.
 */
import { eq } from 'drizzle-orm';
import type { PayoutOnboardingStatus } from '../../../src/core/rules/payout-onboarding';
import { payoutOnboardingMachine } from '../../../src/machines/lifecycles/payout-onboarding.machine';
import { accounts, payoutOnboardings } from '../../db/schema';
import { isPayoutKind, payoutFactsOf, payoutStatusOf, type PayoutOnboardingChanges, type PayoutOnboardingRecord } from '../payout-onboarding-facts';
import type { RecordType } from './record-type';

export type { PayoutOnboardingChanges, PayoutOnboardingRecord };

export const payoutOnboardingRecord: RecordType<typeof payoutOnboardingMachine, PayoutOnboardingRecord, string, PayoutOnboardingChanges> = {
  chart: payoutOnboardingMachine,
  recordType: 'payout_onboarding',
  notFoundMessage: 'Account not found',
  load: async (tx, accountId) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!account || !isPayoutKind(account.type)) return undefined;
    const [onboarding] = await tx.select().from(payoutOnboardings).where(eq(payoutOnboardings.accountId, accountId)).for('update');
    return { account, onboarding };
  },
  idOf: (record) => record.account.id,
  statusOf: payoutStatusOf,
  factsOf: payoutFactsOf,
  persist: async (tx, { to }, record, { now, changes }) => {
    const { stripeId, initialSetup, ...columns } = changes ?? {};
    const status = to as PayoutOnboardingStatus;
    const [onboarding] = await tx
      .insert(payoutOnboardings)
      .values({ ...columns, accountId: record.account.id, status, updatedAt: now })
      .onConflictDoUpdate({ target: payoutOnboardings.accountId, set: { ...columns, status, updatedAt: now } })
      .returning();
    let account = record.account;
    if (stripeId !== undefined || initialSetup) {
      const [updated] = await tx
        .update(accounts)
        .set({
          settings: stripeId !== undefined ? { ...account.settings, stripe_id: stripeId } : account.settings,
          meta: initialSetup ? { ...account.meta, initialSetup: true } : account.meta,
        })
        .where(eq(accounts.id, account.id))
        .returning();
      account = updated!;
    }
    return { account, onboarding };
  },
};
