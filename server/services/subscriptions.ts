/**
 * Subscriptions: reads with ownership, and every change as an event of the subscription chart through the
 * transition service. A subscription is addressed by its id or its order id.
 *
 * Cancel, suspend and restore also act on the subscription's future appointments ("cancel stops billing
 * and future appointments", "suspends future appointments until the next successful billing"): each
 * appointment gets its own chart event (appointment.cancel / .suspend / .restore) in the same transaction,
 * with its own audit row and the same request id. An appointment its chart refuses (already complete, …)
 * is left as it is. Pause, unpause and plan changes move their visits through the visit schedule
 * (server/services/visit-schedule.ts), in the same transaction.
 */
import { and, asc, desc, eq, gte, inArray, lt, min, or } from 'drizzle-orm';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import type { appointmentMachine } from '../../src/machines/lifecycles/appointment.machine';
import type { subscriptionMachine } from '../../src/machines/lifecycles/subscription.machine';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { appointments, subscriptions } from '../db/schema';
import { HttpError, badRequest, notFound } from '../errors';
import { type OwnerColumns, type PersonData, peopleById, visibleTo } from './appointments';
import type { AppointmentChanges, EventInput, SubscriptionRow, TransitionService } from './transitions';
import type { VisitSchedule } from './visit-schedule';

export type SubscriptionWire = components['schemas']['Subscription'];
export type SubscriptionList = components['schemas']['SubscriptionList'];
type ListQuery = NonNullable<operations['listSubscriptions']['parameters']['query']>;
type UpdateBody = components['schemas']['UpdateSubscriptionRequest'];

const DAY = 24 * 60 * 60 * 1000;

const subscriptionOwner: OwnerColumns = {
  customer: subscriptions.customerAccountId,
  vendor: subscriptions.vendorAccountId,
  organization: subscriptions.organizationAccountId,
};

export const subscriptionWire = (row: SubscriptionRow, people: Map<string, PersonData>, nextAppointment: Date | null): SubscriptionWire => ({
  _id: row.id,
  ...(row.providerSubscriptionId ? { subscription_id: row.providerSubscriptionId } : {}),
  orderId: row.orderId,
  status: row.status,
  customer_id: row.customerAccountId,
  customer_data: people.get(row.customerAccountId) ?? { _id: row.customerAccountId },
  vendor_data: row.vendorAccountId ? (people.get(row.vendorAccountId) ?? { _id: row.vendorAccountId }) : null,
  service_data: row.serviceData,
  plan_id: row.planId,
  frequency: row.frequency,
  ...(row.price !== null ? { price: row.price } : {}),
  ...(row.addressData ? { address_data: row.addressData } : {}),
  next_appointment: nextAppointment?.toISOString() ?? null,
  paused_at: row.pausedAt?.toISOString() ?? null,
  canceled_at: row.canceledAt?.toISOString() ?? null,
  created: row.createdAt.toISOString(),
});

/** The appointment event a subscription change applies to each of its future appointments. */
const CASCADE: Partial<Record<string, EventInput<typeof appointmentMachine>>> = {
  'subscription.cancel': { type: 'appointment.cancel' },
  'subscription.suspend': { type: 'appointment.suspend' },
  'subscription.restore': { type: 'appointment.restore' },
};

export interface SubscriptionService {
  list(auth: AuthContext, query: ListQuery): Promise<SubscriptionList>;
  get(auth: AuthContext, id: string, customerId?: string): Promise<SubscriptionWire>;
  update(auth: AuthContext, body: UpdateBody, requestId: string): Promise<SubscriptionWire>;
  /** The note, if any, is kept on each appointment the cancel cancels. */
  cancel(auth: AuthContext, id: string, note: string | undefined, requestId: string): Promise<SubscriptionWire>;
  pause(auth: AuthContext, id: string, requestId: string): Promise<SubscriptionWire>;
  unpause(auth: AuthContext, id: string, beforeSchedule: boolean, requestId: string): Promise<SubscriptionWire>;
  suspend(auth: AuthContext, id: string, requestId: string): Promise<SubscriptionWire>;
  restore(auth: AuthContext, id: string, requestId: string): Promise<SubscriptionWire>;
}

export const createSubscriptionService = ({
  db,
  clock,
  transitions,
  schedule,
}: {
  db: Db;
  clock: Clock;
  transitions: TransitionService;
  schedule: VisitSchedule;
}): SubscriptionService => {
  /** The next pending or active appointment of each subscription, from now on. */
  const nextAppointments = async (ids: readonly string[]): Promise<Map<string, Date>> => {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: appointments.subscriptionId, next: min(appointments.startTime) })
      .from(appointments)
      .where(
        and(inArray(appointments.subscriptionId, [...ids]), inArray(appointments.status, ['pending', 'active']), gte(appointments.startTime, clock.now())),
      )
      .groupBy(appointments.subscriptionId);
    return new Map(rows.flatMap((r) => (r.id && r.next ? [[r.id, r.next] as const] : [])));
  };

  const wiresOf = async (rows: readonly SubscriptionRow[]): Promise<SubscriptionWire[]> => {
    const [people, next] = await Promise.all([
      peopleById(db, rows.flatMap((r) => [r.customerAccountId, r.vendorAccountId])),
      nextAppointments(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => subscriptionWire(r, people, next.get(r.id) ?? null));
  };
  const wireOf = async (row: SubscriptionRow) => (await wiresOf([row]))[0]!;

  /** One event of the subscription chart, then its cascade onto the future appointments — one transaction. */
  const send = (
    auth: AuthContext,
    id: string,
    event: EventInput<typeof subscriptionMachine>,
    requestId: string,
    appointmentChanges: AppointmentChanges = {},
  ): Promise<SubscriptionWire> =>
    db
      .transaction(async (tx) => {
        const { row } = await transitions.change('subscription', { auth, requestId, target: { id, visible: visibleTo(auth, subscriptionOwner) }, event, tx });
        const follow = CASCADE[event.type];
        if (follow) {
          const future = await tx
            .select({ id: appointments.id })
            .from(appointments)
            .where(and(eq(appointments.subscriptionId, row.id), gte(appointments.startTime, clock.now())))
            .orderBy(asc(appointments.startTime));
          for (const appointment of future) {
            try {
              await transitions.change('appointment', { auth, requestId, target: { id: appointment.id, visible: undefined }, event: follow, changes: appointmentChanges, tx });
            } catch (error) {
              // The appointment's chart refused (e.g. it is complete already): it stays as it is.
              if (!(error instanceof HttpError && error.status < 500)) throw error;
            }
          }
        }
        // Pause, unpause, restore and plan changes: the visits follow the schedule (server/services/visit-schedule.ts).
        await schedule.follow(tx, row, event, auth, requestId);
        return (await tx.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0] ?? row;
      })
      .then(wireOf);

  return {
    async list(auth, query) {
      const limit = query.count ?? 100;
      const conditions = [
        visibleTo(auth, subscriptionOwner),
        query.customer_id ? eq(subscriptions.customerAccountId, query.customer_id) : undefined,
        query.status ? eq(subscriptions.status, query.status) : undefined,
        query.dateFrom ? gte(subscriptions.createdAt, new Date(`${query.dateFrom}T00:00:00Z`)) : undefined,
        query.dateTo ? lt(subscriptions.createdAt, new Date(Date.parse(`${query.dateTo}T00:00:00Z`) + DAY)) : undefined,
      ];
      const after = query.starting_after_id && query.starting_after_id !== '0' ? query.starting_after_id : undefined;
      if (after) {
        const [cursor] = await db
          .select({ id: subscriptions.id, createdAt: subscriptions.createdAt })
          .from(subscriptions)
          .where(and(eq(subscriptions.id, after), visibleTo(auth, subscriptionOwner)));
        if (!cursor) throw badRequest(`Query 'starting_after_id' names no subscription of this list`);
        conditions.push(or(lt(subscriptions.createdAt, cursor.createdAt), and(eq(subscriptions.createdAt, cursor.createdAt), lt(subscriptions.id, cursor.id))));
      }
      const rows = await db
        .select()
        .from(subscriptions)
        .where(and(...conditions))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(limit + 1);
      return { items: await wiresOf(rows.slice(0, limit)), has_more: rows.length > limit };
    },

    async get(auth, id, customerId) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            or(eq(subscriptions.id, id), eq(subscriptions.orderId, id)),
            visibleTo(auth, subscriptionOwner),
            customerId ? eq(subscriptions.customerAccountId, customerId) : undefined,
          ),
        );
      if (!row) throw notFound('Subscription not found');
      return wireOf(row);
    },

    update: (auth, { subscription_id, frequency, plan_id }, requestId) =>
      send(
        auth,
        subscription_id,
        { type: 'subscription.update', ...(frequency !== undefined ? { frequency } : {}), ...(plan_id !== undefined ? { planId: plan_id } : {}) },
        requestId,
      ),
    cancel: (auth, id, note, requestId) => send(auth, id, { type: 'subscription.cancel' }, requestId, note !== undefined ? { note } : {}),
    pause: (auth, id, requestId) => send(auth, id, { type: 'subscription.pause' }, requestId),
    unpause: (auth, id, beforeSchedule, requestId) => send(auth, id, { type: 'subscription.unpause', beforeSchedule }, requestId),
    suspend: (auth, id, requestId) => send(auth, id, { type: 'subscription.suspend' }, requestId),
    restore: (auth, id, requestId) => send(auth, id, { type: 'subscription.restore' }, requestId),
  };
};
