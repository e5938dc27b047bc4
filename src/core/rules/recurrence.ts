import type { Frequency } from '../model/service';

/**
 * The visits of a subscription (bookings §4, §9 frequencies): from the first start time, every week, every two
 * weeks or every month, at the same wall-clock time in the address's time zone — across daylight-saving changes
 * (a 9:00 AM visit stays at 9:00 AM in November, though its UTC instant moves an hour). A monthly visit keeps its
 * day of the month, on the month's last day when the month is shorter (Jan 31 → Feb 28 → Mar 31).
 *
 * The core imports no time-zone library: the caller gives `offsetAt(instantMs)`, the zone's UTC offset in minutes
 * at an instant (the server asks luxon: `DateTime.fromMillis(ms).setZone(zone).offset`).
 */
export type OffsetAt = (instantMs: number) => number;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Wall-clock time in the zone, as milliseconds of a UTC calendar (the zone's "local" time line). */
const toLocal = (instantMs: number, offsetAt: OffsetAt): number => instantMs + offsetAt(instantMs) * MINUTE;

/**
 * The instant of a wall-clock time in the zone. Inside a spring-forward gap (a time that does not exist) it
 * moves forward by the gap, as luxon and Temporal do; in a fall-back overlap it takes the earlier instant.
 */
export const fromLocal = (localMs: number, offsetAt: OffsetAt): number => {
  const before = offsetAt(localMs - DAY);
  const after = offsetAt(localMs + DAY);
  // The earlier offset first: in an overlap both fit, and the earlier instant is the one with the larger offset.
  const candidates = [...new Set([Math.max(before, after), Math.min(before, after)])];
  for (const offset of candidates) {
    const instant = localMs - offset * MINUTE;
    if (offsetAt(instant) === offset) return instant;
  }
  // A gap: the time does not exist; read it with the offset before the change, which lands after the gap.
  return localMs - before * MINUTE;
};

/** The same wall-clock time `months` later, on the same day of the month or the month's last day. */
const addMonthsLocal = (localMs: number, months: number): number => {
  const d = new Date(localMs);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
};

/** The n-th visit (0 = the first) of a series, as an instant. */
export const occurrenceAt = (startMs: number, frequency: Frequency, n: number, offsetAt: OffsetAt): number => {
  const local = toLocal(startMs, offsetAt);
  const next = frequency === 'month' ? addMonthsLocal(local, n) : local + n * (frequency === 'week' ? 7 : 14) * DAY;
  return fromLocal(next, offsetAt);
};

/**
 * The visits of a series from its start, in order: every visit that starts before `untilMs`, at most `max` of
 * them (and at least the first, which is the start itself).
 */
export const occurrences = (
  startIso: string,
  frequency: Frequency,
  offsetAt: OffsetAt,
  { untilMs, max = 200 }: { readonly untilMs: number; readonly max?: number },
): string[] => {
  const start = Date.parse(startIso);
  if (Number.isNaN(start)) return [];
  const out: string[] = [];
  for (let n = 0; n < max; n++) {
    const at = occurrenceAt(start, frequency, n, offsetAt);
    if (n > 0 && at >= untilMs) break;
    out.push(new Date(at).toISOString());
  }
  return out;
};

/** How far ahead a subscription's visits are scheduled (issue 8: at least 8 weeks). */
export const SCHEDULE_HORIZON_DAYS = 8 * 7;

/**
 * The visits of a series numbered `fromN` on, up to the first one at or after `throughMs` (included, so the
 * schedule always reaches that far): the first visits of a new subscription, or the rolling extension of one.
 */
export const scheduleThrough = (startIso: string, frequency: Frequency, offsetAt: OffsetAt, throughMs: number, fromN = 0, max = 200): { n: number; at: string }[] => {
  const start = Date.parse(startIso);
  if (Number.isNaN(start)) return [];
  const out: { n: number; at: string }[] = [];
  for (let n = fromN; n < fromN + max; n++) {
    const at = occurrenceAt(start, frequency, n, offsetAt);
    out.push({ n, at: new Date(at).toISOString() });
    if (at >= throughMs) break;
  }
  return out;
};

/**
 * The n-th billing date (0 = the first charge, at checkout): a cycle is a week, two weeks or a calendar month from
 * the first charge, counted in UTC days (billing does not follow wall-clock time).
 */
export const billingDueAt = (anchorMs: number, frequency: Frequency, cycle: number): number => {
  if (frequency !== 'month') return anchorMs + cycle * (frequency === 'week' ? 7 : 14) * DAY;
  return addMonthsLocal(anchorMs, cycle);
};

/**
 * How far a move shifts the wall clock in the zone (local milliseconds): "this and all later visits" moves each
 * later visit by the same local amount, so a 9:00 → 10:30 move keeps 10:30 across a daylight-saving change.
 */
export const wallClockShift = (fromMs: number, toMs: number, offsetAt: OffsetAt): number => toLocal(toMs, offsetAt) - toLocal(fromMs, offsetAt);

/** The instant `shiftMs` of wall-clock time after `instantMs` in the zone (see `wallClockShift`). */
export const shiftWallClock = (instantMs: number, shiftMs: number, offsetAt: OffsetAt): number => fromLocal(toLocal(instantMs, offsetAt) + shiftMs, offsetAt);

/**
 * A subscription's visit series (issue 9): occurrence `anchorN` is at `anchorMs`; occurrence n is the frequency's
 * (n − anchorN) steps from it, at the anchor's wall-clock time. A plan change or a move of "this and all later
 * visits" re-anchors the series; the occurrence numbers of the visits already written stay theirs.
 */
export interface VisitSeries {
  readonly anchorMs: number;
  readonly anchorN: number;
  readonly frequency: Frequency;
}

/** The instant of occurrence n of a series. */
export const seriesAt = (series: VisitSeries, n: number, offsetAt: OffsetAt): number =>
  occurrenceAt(series.anchorMs, series.frequency, n - series.anchorN, offsetAt);

/**
 * The visits one run of the rolling schedule writes: the occurrences after the highest one written (`highest`;
 * null: none yet, start at the anchor), up to and including the first at or after `throughMs`, leaving out those
 * not after `nowMs` (their time passed: a long pause). Nothing when the highest written already reaches `throughMs`.
 */
export const nextOccurrences = (
  series: VisitSeries,
  highest: number | null,
  nowMs: number,
  throughMs: number,
  offsetAt: OffsetAt,
  max = 120,
): { n: number; at: number }[] => {
  const out: { n: number; at: number }[] = [];
  let last = highest === null ? Number.NEGATIVE_INFINITY : seriesAt(series, highest, offsetAt);
  for (let n = highest === null ? series.anchorN : highest + 1, i = 0; last < throughMs && i < max; n++, i++) {
    const at = seriesAt(series, n, offsetAt);
    last = at;
    if (at > nowMs) out.push({ n, at });
  }
  return out;
};

/** "This visit only" or "this and all later visits" (issue 9). */
export const RescheduleScopes = ['this', 'all_later'] as const;
export type RescheduleScope = (typeof RescheduleScopes)[number];

/** A visit of a subscription asks which visits a new time is for; a one-time visit does not. */
export const asksRescheduleScope = (visit: { readonly subscription_id?: string | null | undefined } | null): boolean => Boolean(visit?.subscription_id);
