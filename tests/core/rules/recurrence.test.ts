import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { Frequency } from '../../../src/core/model/service';
import { billingDueAt, fromLocal, occurrences, scheduleThrough, type OffsetAt } from '../../../src/core/rules/recurrence';

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
