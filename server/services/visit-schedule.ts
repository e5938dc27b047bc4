/**
 * The visit schedule (issue 9 "Visits from subscriptions", bookings §4, §9): every active subscription's visits
 * are kept generated SCHEDULE_HORIZON_DAYS ahead, at the same wall-clock time in the service address's time zone
 * (src/core/rules/recurrence.ts, luxon for the zone), and they follow the subscription when it changes.
 *
 * The series: occurrence `schedule_anchor_n` of a subscription is at `schedule_anchor_at`; occurrence n is the
 * frequency's (n − anchor) steps from it. Every generated visit carries its occurrence number, unique per
 * subscription (`appointments_subscription_occurrence_unique`), and generation continues after the highest
 * number written: a retry, two server processes or a run that died half-way never write a visit twice (the
 * subscription row is locked while its visits are generated, and the unique index stops anything that slips by).
 * A subscription written before the rolling schedule existed (no anchor) is adopted from its last visit.
 *
 * When generation runs: at checkout (the first visits, in the checkout's transaction), on every run of the
 * billing engine (the server's periodic tick, at start and every interval, and POST /api/dev/clock), and when a
 * subscription becomes active again (unpause, restore).
 *
 * What follows a subscription change (same transaction as the subscription's own chart event; each visit by its
 * own appointment chart event with its audit row, same request id):
 *  - pause → its upcoming visits are suspended (`appointment.suspend`, by the server: the suspend rule's role);
 *  - unpause → its suspended upcoming visits are restored (`appointment.restore`), and the schedule is filled;
 *  - a plan or frequency change → the upcoming visits move onto the new series from the first of them
 *    (`appointment.followSchedule`), with the new plan and price, under new occurrence numbers;
 *  - cancel, suspend, restore: subscriptions.ts and the billing engine already cascade those.
 * "This and all later visits" (`moveLater`): the later visits move by the same wall-clock shift as the one the
 * customer moved, and the series' anchor with them, so the visits generated later keep the new time too.
 */
import { and, asc, desc, eq, gt, gte, inArray, max, ne } from 'drizzle-orm';
import type { Frequency } from '../../src/core/model/service';
import { SCHEDULE_HORIZON_DAYS, type VisitSeries, nextOccurrences, seriesAt as seriesInstant, shiftWallClock, wallClockShift } from '../../src/core/rules/recurrence';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { violates } from '../db/unique';
import { appointments, pricePlans, serviceAreaZipCodes, services, subscriptions } from '../db/schema';
import { HttpError } from '../errors';
import { offsetIn } from './zones';
import type { Actor, AppointmentRow, EventInput, SubscriptionRow, TransitionService } from './transitions';
import type { appointmentMachine } from '../../src/machines/lifecycles/appointment.machine';
import type { subscriptionMachine } from '../../src/machines/lifecycles/subscription.machine';

const DAY = 86_400_000;
/** Never more visits than this in one run for one subscription (a weekly series over 8 weeks writes 9). */
const MAX_PER_RUN = 120;

/** The server acting on its own (the schedule, the billing engine). */
export const SCHEDULE_ACTOR: Actor = { userId: null, accountId: null, role: 'system' };

/** Where a subscription's series stands. */
interface Series {
  readonly anchorAt: number;
  readonly anchorN: number;
  readonly zone: string;
  readonly frequency: Frequency;
}

export interface VisitSchedule {
  /**
   * Writes the visits of one active subscription through the horizon (from `fromMs` if later than now: the
   * first visits of a checkout count from its start), in `tx`, locking the subscription. Returns the visits written.
   */
  extend(tx: Db, subscriptionId: string, actor: Actor, requestId: string, fromMs?: number): Promise<AppointmentRow[]>;
  /** Every active subscription, each in its own transaction. Returns how many visits were written. */
  extendAll(): Promise<number>;
  /** After the subscription chart accepted `event` (in `tx`): its upcoming visits follow. */
  follow(tx: Db, sub: SubscriptionRow, event: EventInput<typeof subscriptionMachine>, actor: Actor, requestId: string): Promise<void>;
  /** "This and all later visits": `visit` moved from `previousStart`; the later visits and the series follow. */
  moveLater(tx: Db, visit: AppointmentRow, previousStart: Date, actor: Actor, requestId: string): Promise<number>;
}

/** The statuses of a visit that is still to come and may move with its series. */
const UPCOMING = ['pending', 'active', 'suspended'] as const;

export const createVisitSchedule = ({ db, clock, transitions }: { db: Db; clock: Clock; transitions: TransitionService }): VisitSchedule => {
  const toSeries = (s: Series): VisitSeries => ({ anchorMs: s.anchorAt, anchorN: s.anchorN, frequency: s.frequency });
  const seriesAt = (s: Series, n: number): number => seriesInstant(toSeries(s), n, offsetIn(s.zone));

  const zoneOf = async (tx: Db, sub: SubscriptionRow): Promise<string | undefined> => {
    if (sub.timeZone) return sub.timeZone;
    const postal = (sub.addressData?.postal_code ?? '').slice(0, 5);
    const [area] = postal ? await tx.select({ zone: serviceAreaZipCodes.timeZone }).from(serviceAreaZipCodes).where(eq(serviceAreaZipCodes.zipCode, postal)) : [];
    return area?.zone;
  };

  /** The subscription's series; a subscription without one is adopted from its last visit (which becomes occurrence 0). */
  const seriesOf = async (tx: Db, sub: SubscriptionRow): Promise<Series | undefined> => {
    const zone = await zoneOf(tx, sub);
    if (!zone) return undefined;
    if (sub.scheduleAnchorAt) {
      if (!sub.timeZone) await tx.update(subscriptions).set({ timeZone: zone }).where(eq(subscriptions.id, sub.id));
      return { anchorAt: sub.scheduleAnchorAt.getTime(), anchorN: sub.scheduleAnchorN, zone, frequency: sub.frequency };
    }
    const [last] = await tx.select().from(appointments).where(eq(appointments.subscriptionId, sub.id)).orderBy(desc(appointments.startTime)).limit(1);
    if (!last) return undefined;
    const anchorN = last.occurrence ?? 0;
    if (last.occurrence === null) await tx.update(appointments).set({ occurrence: 0 }).where(eq(appointments.id, last.id));
    await tx.update(subscriptions).set({ scheduleAnchorAt: last.startTime, scheduleAnchorN: anchorN, timeZone: zone }).where(eq(subscriptions.id, sub.id));
    return { anchorAt: last.startTime.getTime(), anchorN, zone, frequency: sub.frequency };
  };

  const highestOccurrence = async (tx: Db, subscriptionId: string): Promise<number | null> =>
    (await tx.select({ n: max(appointments.occurrence) }).from(appointments).where(eq(appointments.subscriptionId, subscriptionId)))[0]?.n ?? null;

  const durationOf = async (tx: Db, sub: SubscriptionRow): Promise<number> => {
    const [last] = await tx
      .select({ duration: appointments.duration })
      .from(appointments)
      .where(eq(appointments.subscriptionId, sub.id))
      .orderBy(desc(appointments.startTime))
      .limit(1);
    if (last) return last.duration;
    const [service] = await tx.select({ minutes: services.durationMinutes }).from(services).where(eq(services.id, sub.serviceId));
    return service?.minutes ?? 60;
  };

  const planPrice = async (tx: Db, sub: SubscriptionRow): Promise<number | null> =>
    (await tx.select({ value: pricePlans.value }).from(pricePlans).where(eq(pricePlans.planId, sub.planId)))[0]?.value ?? sub.price;

  /** A chart refusal (4xx) leaves the visit as it is; anything else is an error. */
  const refused = (error: unknown): boolean => error instanceof HttpError && error.status < 500;

  const upcoming = (tx: Db, subscriptionId: string, statuses: readonly (typeof UPCOMING)[number][], after?: { id: string; start: Date }) =>
    tx
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.subscriptionId, subscriptionId),
          inArray(appointments.status, [...statuses]),
          after ? gt(appointments.startTime, after.start) : gte(appointments.startTime, clock.now()),
          after ? ne(appointments.id, after.id) : undefined,
        ),
      )
      .orderBy(asc(appointments.startTime));

  /** One appointment event per visit; a visit its chart refuses stays as it is. */
  const each = async (tx: Db, visits: readonly AppointmentRow[], actor: Actor, requestId: string, event: (v: AppointmentRow) => EventInput<typeof appointmentMachine>) => {
    let moved = 0;
    for (const visit of visits) {
      try {
        await transitions.change('appointment', { auth: actor, requestId, target: { id: visit.id, visible: undefined }, event: event(visit), tx });
        moved++;
      } catch (error) {
        if (!refused(error)) throw error;
      }
    }
    return moved;
  };

  const extend: VisitSchedule['extend'] = async (tx, subscriptionId, actor, requestId, fromMs) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
    if (!sub || sub.status !== 'active' || !sub.addressData) return [];
    const series = await seriesOf(tx, sub);
    if (!series) return [];
    const now = clock.now().getTime();
    const through = Math.max(now, fromMs ?? now) + SCHEDULE_HORIZON_DAYS * DAY;
    const highest = await highestOccurrence(tx, sub.id);
    const duration = await durationOf(tx, sub);
    const price = await planPrice(tx, sub);
    const written: AppointmentRow[] = [];
    for (const { n, at } of nextOccurrences(toSeries(series), highest, now, through, offsetIn(series.zone), MAX_PER_RUN)) {
      try {
        const { row } = await transitions.create('appointment', {
          auth: actor,
          requestId,
          event: { type: 'appointment.create', startTime: new Date(at).toISOString(), orderType: 'subscription' },
          values: {
            id: newId(),
            occurrence: n,
            duration,
            customerAccountId: sub.customerAccountId,
            vendorAccountId: sub.vendorAccountId,
            organizationAccountId: sub.organizationAccountId,
            subscriptionId: sub.id,
            planId: sub.planId,
            serviceData: sub.serviceData,
            addressData: sub.addressData,
            price,
          },
          tx,
        });
        written.push(row);
      } catch (error) {
        // Another writer has this occurrence already: nothing to write.
        if (violates(error, 'appointments_subscription_occurrence_unique')) continue;
        // The chart refuses the visit (e.g. beyond next year): the schedule stops there until a later run.
        if (refused(error)) break;
        throw error;
      }
    }
    return written;
  };

  /** A plan or frequency change: the upcoming visits take the new series, from the first of them on. */
  const refollow = async (tx: Db, sub: SubscriptionRow, actor: Actor, requestId: string) => {
    const series = await seriesOf(tx, sub);
    if (!series) return;
    const visits = await upcoming(tx, sub.id, UPCOMING);
    const highest = await highestOccurrence(tx, sub.id);
    const base = (highest ?? -1) + 1;
    const price = await planPrice(tx, sub);
    if (visits.length) {
      const anchorAt = visits[0]!.startTime.getTime();
      const next: Series = { ...series, anchorAt, anchorN: base, frequency: sub.frequency };
      await tx.update(subscriptions).set({ scheduleAnchorAt: new Date(anchorAt), scheduleAnchorN: base }).where(eq(subscriptions.id, sub.id));
      for (const [i, visit] of visits.entries()) {
        try {
          await transitions.change('appointment', {
            auth: actor,
            requestId,
            target: { id: visit.id, visible: undefined },
            event: { type: 'appointment.followSchedule', startTime: new Date(seriesAt(next, base + i)).toISOString() },
            changes: { occurrence: base + i, planId: sub.planId, price },
            tx,
          });
        } catch (error) {
          if (!refused(error)) throw error;
        }
      }
    } else {
      // Nothing upcoming to move: the new series continues from the last visit.
      const [last] = await tx.select().from(appointments).where(eq(appointments.subscriptionId, sub.id)).orderBy(desc(appointments.startTime)).limit(1);
      if (last) await tx.update(subscriptions).set({ scheduleAnchorAt: last.startTime, scheduleAnchorN: base }).where(eq(subscriptions.id, sub.id));
    }
    await extend(tx, sub.id, actor, requestId);
  };

  return {
    extend,

    async extendAll() {
      const live = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.status, 'active')).orderBy(asc(subscriptions.createdAt));
      let written = 0;
      for (const { id } of live) {
        written += (await db.transaction((tx) => extend(tx, id, SCHEDULE_ACTOR, `schedule:${id}`))).length;
      }
      return written;
    },

    async follow(tx, sub, event, actor, requestId) {
      switch (event.type) {
        case 'subscription.pause':
          // Suspend "follows the subscription": the server applies it (appointment.followRoles).
          await each(tx, await upcoming(tx, sub.id, ['pending', 'active']), SCHEDULE_ACTOR, requestId, () => ({ type: 'appointment.suspend' }));
          return;
        case 'subscription.unpause':
          await each(tx, await upcoming(tx, sub.id, ['suspended']), SCHEDULE_ACTOR, requestId, () => ({ type: 'appointment.restore' }));
          await extend(tx, sub.id, SCHEDULE_ACTOR, requestId);
          return;
        case 'subscription.restore':
          await extend(tx, sub.id, SCHEDULE_ACTOR, requestId);
          return;
        case 'subscription.update':
          await refollow(tx, sub, actor, requestId);
          return;
        default:
          return;
      }
    },

    async moveLater(tx, visit, previousStart, actor, requestId) {
      if (!visit.subscriptionId) return 0;
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, visit.subscriptionId)).for('update');
      if (!sub) return 0;
      const series = await seriesOf(tx, sub);
      if (!series) return 0;
      const offset = offsetIn(series.zone);
      const shift = wallClockShift(previousStart.getTime(), visit.startTime.getTime(), offset);
      if (shift === 0) return 0;
      const later = await upcoming(tx, sub.id, UPCOMING, { id: visit.id, start: previousStart });
      const moved = await each(tx, later, actor, requestId, (v) => ({
        type: 'appointment.followSchedule',
        startTime: new Date(shiftWallClock(v.startTime.getTime(), shift, offset)).toISOString(),
      }));
      // The visits generated from now on keep the new time too.
      await tx
        .update(subscriptions)
        .set({ scheduleAnchorAt: new Date(shiftWallClock(series.anchorAt, shift, offset)) })
        .where(eq(subscriptions.id, sub.id));
      return moved;
    },
  };
};
