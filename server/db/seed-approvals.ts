/**
 * The demo's pending approval (issue 9): vendor@ asks customer@ to approve a home-size change (small → medium)
 * on the visit ten days ahead ('customer-later'); the appointment's chart fact `pendingApprovals` names it, as
 * the chart would have written it. Starting data, written directly like the rest of the seed (no audit rows).
 */
import type { Db } from './client';
import { eq } from 'drizzle-orm';
import { appointments, approvals } from './schema';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The seeded request's ids (tests name them). */
export const DEMO_APPROVAL = {
  key: 'approval:customer-home-size',
  appointmentKey: 'appointment:customer-later',
  homeSize: 'medium',
} as const;

export const seedApprovals = async (tx: SeedTx, at: (daysAgo: number) => Date, demoId: (name: string) => string): Promise<void> => {
  const appointmentId = demoId(DEMO_APPROVAL.appointmentKey);
  await tx.insert(approvals).values({
    id: demoId(DEMO_APPROVAL.key),
    status: 'pending',
    type: 'home_size',
    appointmentId,
    subscriptionId: demoId('subscription:customer-mowing'),
    customerAccountId: demoId('account:customer'),
    vendorAccountId: demoId('account:vendor'),
    organizationAccountId: demoId('account:organization'),
    data: { homeSize: DEMO_APPROVAL.homeSize },
    note: 'The back lawn is larger than the listing says: it takes us twice as long to mow.',
    requestedByAccountId: demoId('account:vendor'),
    requestedByRole: 'vendor',
    createdAt: at(1),
    updatedAt: at(1),
  });
  await tx.update(appointments).set({ facts: { pendingApprovals: ['home_size'] } }).where(eq(appointments.id, appointmentId));
};
