/** The subscription as a record of the transition service (chart: src/machines/lifecycles/subscription.machine.ts). */
import { and, eq, or } from 'drizzle-orm';
import { emptySubscription, subscriptionMachine, type SubscriptionContext } from '../../../src/machines/lifecycles/subscription.machine';
import { type SubscriptionStatusValue, subscriptions } from '../../db/schema';
import type { VisibleRecord } from './appointment';
import type { RecordType } from './record-type';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** The columns of a new subscription (its status, frequency and plan come from the chart's creation event). */
export type NewSubscriptionRow = Omit<typeof subscriptions.$inferInsert, 'status' | 'frequency' | 'planId' | 'createdAt' | 'updatedAt'>;

export const subscriptionFactsOf = (row: SubscriptionRow): SubscriptionContext => ({
  frequency: row.frequency,
  planId: row.planId,
  resumeAt: row.resumeAt?.toISOString() ?? null,
});

/** Columns a subscription operation may change along with an accepted event (an approved home-size change: its address and price). */
export type SubscriptionChanges = Partial<Pick<SubscriptionRow, 'addressData' | 'price'>>;

/** Target: the subscription's id or its order id, among those the caller may see. */
export const subscriptionRecord: RecordType<typeof subscriptionMachine, SubscriptionRow, VisibleRecord, SubscriptionChanges, NewSubscriptionRow> = {
  chart: subscriptionMachine,
  recordType: 'subscription',
  notFoundMessage: 'Subscription not found',
  load: async (tx, { id, visible }) =>
    (
      await tx
        .select()
        .from(subscriptions)
        .where(and(or(eq(subscriptions.id, id), eq(subscriptions.orderId, id)), visible))
        .for('update')
    )[0],
  idOf: (row) => row.id,
  statusOf: (row) => row.status,
  factsOf: subscriptionFactsOf,
  persist: async (tx, { from, to, facts }, row, { now, changes }) => {
    const [updated] = await tx
      .update(subscriptions)
      .set({
        ...changes,
        status: to as SubscriptionStatusValue,
        frequency: facts.frequency ?? row.frequency,
        planId: facts.planId ?? row.planId,
        resumeAt: facts.resumeAt === null ? null : new Date(facts.resumeAt),
        pausedAt: to === 'paused' ? (from === 'paused' ? row.pausedAt : now) : null,
        canceledAt: to === 'canceled' ? now : null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    return updated!;
  },
  create: {
    status: 'new',
    facts: emptySubscription,
    insert: async (tx, { to, facts }, values, now) => {
      const [row] = await tx
        .insert(subscriptions)
        .values({ ...values, status: to as SubscriptionStatusValue, frequency: facts.frequency!, planId: facts.planId!, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },
  },
};
