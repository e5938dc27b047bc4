import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { Frequency } from '../../../src/core/model/service';
import {
  SCHEDULE_HORIZON_DAYS,
  billingDueAt,
  fromLocal,
  nextOccurrences,
  occurrences,
  scheduleThrough,
  shiftWallClock,
  wallClockShift,
  type OffsetAt,
  type VisitSeries,
} from '../../../src/core/rules/recurrence';

const offsetIn =
  (zone: string): OffsetAt =>
  (ms) =>
    DateTime.fromMillis(ms).setZone(zone).offset;

const ZONES = ['America/Los_Angeles', 'America/New_York'] as const;
const FREQUENCIES: readonly Frequency[] = ['week', 'biweek', 'month'];
const DAY = 86_400_000;

/** A visit start the shop offers: a day in 2026–2028 at a 15-minute slot between 8 AM and 8 PM, in the zone. */
const startIn = (zone: string) =>
  fc
    .record({ day: fc.integer({ min: 0, max: 3 * 365 }), slot: fc.integer({ min: 0, max: 47 }) })
    .map(({ day, slot }) => DateTime.fromObject({ year: 2026, month: 1, day: 1, hour: 8 }, { zone }).plus({ days: day, minutes: slot * 15 }));

describe('recurrence: visits keep their wall-clock time across daylight-saving changes', () => {
  for (const zone of ZONES) {
    it(`every visit in ${zone} is at the first visit's local time, a week / two weeks / a month apart`, () => {
      fc.assert(
        fc.property(startIn(zone), fc.constantFrom(...FREQUENCIES), (start, frequency) => {
          const series = occurrences(start.toUTC().toISO()!, frequency, offsetIn(zone), { untilMs: start.toMillis() + 400 * DAY });
          expect(series[0]).toBe(start.toUTC().toISO());
          const local = series.map((iso) => DateTime.fromISO(iso).setZone(zone));
          for (const [n, visit] of local.entries()) {
            expect(visit.toFormat('HH:mm')).toBe(start.toFormat('HH:mm'));
            const expected = frequency === 'month' ? start.plus({ months: n }) : start.plus({ days: n * (frequency === 'week' ? 7 : 14) });
            expect(visit.toISODate()).toBe(expected.toISODate());
          }
          // A year and more of visits: weekly 58, biweekly 29, monthly 14 (400 days).
          expect(series.length).toBe(frequency === 'week' ? 58 : frequency === 'biweek' ? 29 : 14);
        }),
        { numRuns: 200, seed: 8 },
      );
    });
  }

  it('a weekly 9:00 AM visit in Los Angeles moves by an hour in UTC when the clocks change, not in local time', () => {
    const series = occurrences('2026-10-24T16:00:00.000Z', 'week', offsetIn('America/Los_Angeles'), { untilMs: Date.parse('2026-11-10T00:00:00Z') });
    // Oct 24 (PDT, UTC-7) 9:00 → Oct 31 (PDT) 9:00 → Nov 7 (PST, UTC-8) 9:00.
    expect(series).toEqual(['2026-10-24T16:00:00.000Z', '2026-10-31T16:00:00.000Z', '2026-11-07T17:00:00.000Z']);
  });

  it('a monthly visit on the 31st falls on the last day of shorter months', () => {
    const series = occurrences('2027-01-31T14:00:00.000Z', 'month', offsetIn('America/New_York'), { untilMs: Date.parse('2027-05-01T00:00:00Z') });
    expect(series.map((iso) => DateTime.fromISO(iso).setZone('America/New_York').toFormat('yyyy-MM-dd HH:mm'))).toEqual([
      '2027-01-31 09:00',
      '2027-02-28 09:00',
      '2027-03-31 09:00',
      '2027-04-30 09:00',
    ]);
  });

  it('a wall-clock time that does not exist (spring forward) moves forward; one that occurs twice takes the first', () => {
    const ny = offsetIn('America/New_York');
    // 2026-03-08 02:30 does not exist in New York: 03:30 EDT = 07:30 UTC.
    expect(new Date(fromLocal(Date.parse('2026-03-08T02:30:00Z'), ny)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 2026-11-01 01:30 happens twice: the first is 01:30 EDT = 05:30 UTC.
    expect(new Date(fromLocal(Date.parse('2026-11-01T01:30:00Z'), ny)).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('billing cycles: 7 or 14 days apart, or the same day of the next months (last day when shorter)', () => {
    const anchor = Date.parse('2027-01-31T12:00:00Z');
    expect(new Date(billingDueAt(anchor, 'week', 2)).toISOString()).toBe('2027-02-14T12:00:00.000Z');
    expect(new Date(billingDueAt(anchor, 'biweek', 1)).toISOString()).toBe('2027-02-14T12:00:00.000Z');
    expect(new Date(billingDueAt(anchor, 'month', 1)).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(new Date(billingDueAt(anchor, 'month', 2)).toISOString()).toBe('2027-03-31T12:00:00.000Z');
  });
});

describe('scheduleThrough: the visits up to the first one at or after a horizon', () => {
  it('monthly from June 10 through 8 weeks: June, July and August (the first beyond the horizon included)', () => {
    const start = '2026-06-10T14:00:00.000Z';
    const horizon = Date.parse(start) + 56 * DAY;
    const visits = scheduleThrough(start, 'month', offsetIn('America/Chicago'), horizon);
    expect(visits.map((v) => v.n)).toEqual([0, 1, 2]);
    expect(visits.map((v) => v.at.slice(0, 10))).toEqual(['2026-06-10', '2026-07-10', '2026-08-10']);
  });
  it('continues a series from a visit number (the rolling extension)', () => {
    const visits = scheduleThrough('2026-06-10T14:00:00.000Z', 'week', offsetIn('America/Chicago'), Date.parse('2026-07-01T00:00:00Z'), 2);
    expect(visits.map((v) => v.at)).toEqual(['2026-06-24T14:00:00.000Z', '2026-07-01T14:00:00.000Z']);
  });
});

/**
 * The rolling schedule (issue 9), modelled as the server runs it: each run writes `nextOccurrences` after the
 * highest occurrence written, into a store where an occurrence number is unique per subscription (the database's
 * unique index: a second writer of the same number writes nothing). Runs come at random moments — sometimes twice
 * at the same moment (a retry, two server processes reading the same highest number) — over more than a year.
 */
describe('the rolling schedule: DST-safe and never twice', () => {
  const HORIZON = SCHEDULE_HORIZON_DAYS * DAY;
  /** A run: days since the previous one (0: the same moment again), and whether a second process runs alongside. */
  const runs = fc.array(fc.record({ gapDays: fc.integer({ min: 0, max: 70 }), twin: fc.boolean(), minutes: fc.integer({ min: 0, max: 24 * 60 - 1 }) }), {
    minLength: 8,
    maxLength: 30,
  });

  for (const zone of ZONES) {
    it(`a 9:00 AM visit (weekly, every two weeks, monthly) in ${zone} stays 9:00 AM local across March and November, and no run writes a visit twice`, () => {
      const offset = offsetIn(zone);
      fc.assert(
        fc.property(startIn(zone), runs, fc.constantFrom(...FREQUENCIES), (start, plan, frequency) => {
          const nine = start.set({ hour: 9, minute: 0 });
          const series: VisitSeries = { anchorMs: nine.toMillis(), anchorN: 0, frequency };
          const store = new Map<number, number>();
          let now = nine.toMillis() - 2 * DAY;
          let span = 0;
          const write = (visits: { n: number; at: number }[]) => {
            for (const v of visits) {
              const held = store.get(v.n);
              // The same occurrence planned again is the same visit (never a second one at another time).
              if (held !== undefined) expect(held).toBe(v.at);
              else store.set(v.n, v.at);
            }
          };
          const highest = () => (store.size ? Math.max(...store.keys()) : null);
          for (const run of plan) {
            now += run.gapDays * DAY + run.minutes * 60_000;
            span += run.gapDays;
            const h = highest();
            const first = nextOccurrences(series, h, now, now + HORIZON, offset);
            const second = run.twin ? nextOccurrences(series, h, now, now + HORIZON, offset) : [];
            write(first);
            write(second);
            // After every run the schedule reaches the horizon.
            expect(store.get(highest()!)!).toBeGreaterThanOrEqual(now + HORIZON);
          }
          const visits = [...store.entries()].sort((a, b) => a[0] - b[0]);
          // Never two visits at one time, and every visit at 9:00 in the zone, a whole number of steps from the first.
          expect(new Set(visits.map(([, at]) => at)).size).toBe(visits.length);
          for (const [n, at] of visits) {
            const local = DateTime.fromMillis(at).setZone(zone);
            expect(local.toFormat('HH:mm')).toBe('09:00');
            const expected = frequency === 'month' ? nine.plus({ months: n }) : nine.plus({ days: n * (frequency === 'week' ? 7 : 14) });
            expect(local.toISODate()).toBe(expected.toISODate());
          }
          // Over a year of runs both offsets of the zone occur: the UTC instant moved, the wall clock did not.
          if (span >= 400 && frequency !== 'month') expect(new Set(visits.map(([, at]) => offset(at))).size).toBe(2);
        }),
        { numRuns: 150, seed: 9 },
      );
    });
  }

  it('a weekly 9:00 AM visit in New York across March 2027 and November 2027: 13:00 or 14:00 UTC, 9:00 local', () => {
    const ny = offsetIn('America/New_York');
    const series: VisitSeries = { anchorMs: Date.parse('2027-03-06T14:00:00Z'), anchorN: 0, frequency: 'week' };
    const march = nextOccurrences(series, null, Date.parse('2027-03-01T00:00:00Z'), Date.parse('2027-03-14T00:00:00Z'), ny);
    expect(march.map((v) => new Date(v.at).toISOString())).toEqual(['2027-03-06T14:00:00.000Z', '2027-03-13T14:00:00.000Z', '2027-03-20T13:00:00.000Z']);
    const nov = nextOccurrences(series, 33, Date.parse('2027-10-25T00:00:00Z'), Date.parse('2027-11-07T00:00:00Z'), ny);
    expect(nov.map((v) => DateTime.fromMillis(v.at).setZone('America/New_York').toFormat('MM-dd HH:mm'))).toEqual(['10-30 09:00', '11-06 09:00', '11-13 09:00']);
    expect(nov.map((v) => new Date(v.at).getUTCHours())).toEqual([13, 13, 14]);
  });

  it('a run after the horizon is reached writes nothing; a long pause leaves out the visits whose time passed', () => {
    const chi = offsetIn('America/Chicago');
    const series: VisitSeries = { anchorMs: Date.parse('2026-06-10T14:00:00Z'), anchorN: 0, frequency: 'week' };
    const now = Date.parse('2026-06-09T00:00:00Z');
    const first = nextOccurrences(series, null, now, now + 56 * DAY, chi);
    expect(nextOccurrences(series, first.at(-1)!.n, now, now + 56 * DAY, chi)).toEqual([]);
    const later = Date.parse('2026-10-01T00:00:00Z');
    const resumed = nextOccurrences(series, first.at(-1)!.n, later, later + 56 * DAY, chi);
    expect(resumed[0]!.at).toBeGreaterThan(later);
    // The first visit written is the first one after the pause, a week after one whose time passed (not written).
    expect(resumed[0]!.at - 7 * DAY).toBeLessThanOrEqual(later);
    expect(resumed[0]!.n).toBeGreaterThan(first.at(-1)!.n + 1);
  });

  it('"this and all later visits": a 9:00 → 10:30 move keeps 10:30 local on the later visits across the November change', () => {
    const la = offsetIn('America/Los_Angeles');
    const from = Date.parse('2026-10-21T16:00:00Z'); // Wed Oct 21, 9:00 PDT
    const to = Date.parse('2026-10-22T17:30:00Z'); // Thu Oct 22, 10:30 PDT
    const shift = wallClockShift(from, to, la);
    const laterVisit = Date.parse('2026-11-04T17:00:00Z'); // Wed Nov 4, 9:00 PST
    expect(DateTime.fromMillis(shiftWallClock(laterVisit, shift, la)).setZone('America/Los_Angeles').toFormat('ccc MM-dd HH:mm')).toBe('Thu 11-05 10:30');
  });
});
