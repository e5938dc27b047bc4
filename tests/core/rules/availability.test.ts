import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DaysOfWeek } from '../../../src/core/model/common';
import {
  checkWindows,
  dayOfWeekOf,
  freeSlots,
  overlaps,
  partOfDay,
  refusalAt,
  toTimeOfDay,
  workingTimes,
  type DayQuestion,
  type Interval,
} from '../../../src/core/rules/availability';

const MIN = 60_000;
/** A day whose local midnight is an instant (UTC for the tests): minute m is midnight + m minutes. */
const MIDNIGHT = Date.parse('2026-06-02T00:00:00Z');
const at = (minute: number) => MIDNIGHT + minute * MIN;
const question = (over: Partial<DayQuestion> = {}): DayQuestion => ({
  windows: [{ start: 8 * 60, end: 17 * 60 }],
  duration: 60,
  busy: [],
  notBefore: 0,
  instantOf: at,
  ...over,
});
const minutesOf = (slots: Interval[]) => slots.map((s) => (s.start - MIDNIGHT) / MIN);

describe('working hours (bookings §5 time strings, 8AM–8PM; §9 15-minute slots)', () => {
  it('accepts HHMM and HH:MM on the 15-minute grid inside 08:00–20:00, sorted by day and start', () => {
    const checked = checkWindows([
      { day_of_week: 'tuesday', start: '13:00', end: '2000' },
      { day_of_week: 'monday', start: '0800', end: '12:00' },
      { day_of_week: 'tuesday', start: '0800', end: '1200' },
    ]);
    expect(checked).toEqual({
      ok: true,
      windows: [
        { day_of_week: 'monday', start: 480, end: 720 },
        { day_of_week: 'tuesday', start: 480, end: 720 },
        { day_of_week: 'tuesday', start: 780, end: 1200 },
      ],
    });
  });

  it.each([
    ['7:00', '1000', 'Invalid time'],
    ['2460', '1000', 'Invalid time'],
    ['0810', '1000', 'Working hours start and end on 15-minute slots'],
    ['0745', '1000', 'Working hours are between 8AM and 8PM'],
    ['1900', '2015', 'Working hours are between 8AM and 8PM'],
    ['1000', '1000', 'Working hours must end after they start'],
    ['1000', '0900', 'Working hours must end after they start'],
  ])('refuses %s–%s: %s', (start, end, message) => {
    expect(checkWindows([{ day_of_week: 'monday', start, end }])).toMatchObject({ ok: false, index: 0, message });
  });

  it('refuses overlapping windows of one day, naming the second; touching windows are fine', () => {
    expect(
      checkWindows([
        { day_of_week: 'friday', start: '0800', end: '1200' },
        { day_of_week: 'friday', start: '1145', end: '1400' },
      ]),
    ).toMatchObject({ ok: false, index: 1, message: 'Working hours of one day must not overlap' });
    expect(
      checkWindows([
        { day_of_week: 'friday', start: '0800', end: '1200' },
        { day_of_week: 'friday', start: '1200', end: '1400' },
        { day_of_week: 'saturday', start: '1100', end: '1400' },
      ]).ok,
    ).toBe(true);
  });

  it('times, days and parts of day', () => {
    expect(toTimeOfDay(480)).toBe('0800');
    expect(toTimeOfDay(1185)).toBe('1945');
    expect(workingTimes()).toHaveLength(49);
    expect(workingTimes().at(-1)).toBe(1200);
    expect([1, 5, 7].map(dayOfWeekOf)).toEqual(['monday', 'friday', 'sunday']);
    expect(partOfDay(11 * 60 + 45)).toBe('morning');
    expect(partOfDay(12 * 60)).toBe('afternoon');
  });
});

describe('free start times of a day', () => {
  it('every 15 minutes while the whole visit fits a window', () => {
    expect(minutesOf(freeSlots(question({ windows: [{ start: 480, end: 600 }] })))).toEqual([480, 495, 510, 525, 540]);
    expect(freeSlots(question({ windows: [] }))).toEqual([]);
    // two windows: a visit does not straddle the gap
    expect(minutesOf(freeSlots(question({ windows: [{ start: 480, end: 540 }, { start: 600, end: 660 }] })))).toEqual([480, 600]);
  });

  it('skips starts before now and starts that touch something busy; a visit ending exactly at a start does not block it', () => {
    const busy = [{ start: at(600), end: at(645) }];
    const slots = minutesOf(freeSlots(question({ busy, notBefore: at(540) })));
    expect(slots[0]).toBe(540);
    expect(slots).not.toContain(555);
    expect(slots).not.toContain(630);
    expect(slots).toContain(645);
  });

  it('refusalAt agrees with freeSlots and says why', () => {
    const q = question({ busy: [{ start: at(600), end: at(660) }] });
    expect(refusalAt(q, 480)).toBeUndefined();
    expect(refusalAt(q, 450)).toBe('Working hours are between 8AM and 8PM');
    expect(refusalAt(q, 487)).toBe('Working hours are between 8AM and 8PM');
    expect(refusalAt(q, 17 * 60)).toBe('Not within the working hours');
    expect(refusalAt(q, 600)).toBe('The vendor is not available at this time');
  });

  // Property (issue 9): availability never offers a slot overlapping a visit or approved time off, never
  // outside the vendor's windows or 8AM–8PM, never off the 15-minute grid — and every start it leaves out
  // has a reason.
  it('property: no offered slot overlaps anything busy, leaves a window, or leaves the grid; refusalAt agrees', () => {
    const quarter = (lo: number, hi: number) => fc.integer({ min: lo / 15, max: hi / 15 }).map((q) => q * 15);
    const window = fc.tuple(quarter(480, 1200), quarter(15, 480)).map(([start, len]) => ({ start, end: Math.min(1200, start + len) }));
    const busyMinute = fc.tuple(fc.integer({ min: -600, max: 1800 }), fc.integer({ min: 1, max: 900 })).map(([s, len]) => ({ start: at(s), end: at(s + len) }));
    fc.assert(
      fc.property(
        fc.array(window, { maxLength: 4 }),
        fc.array(busyMinute, { maxLength: 6 }),
        fc.integer({ min: 15, max: 720 }),
        fc.integer({ min: -100, max: 1400 }),
        (windows, busy, duration, nowMinute) => {
          const q = question({ windows, busy, duration, notBefore: at(nowMinute) });
          const slots = freeSlots(q);
          for (const slot of slots) {
            const start = (slot.start - MIDNIGHT) / MIN;
            expect(start % 15).toBe(0);
            expect(start).toBeGreaterThanOrEqual(480);
            expect(start + duration).toBeLessThanOrEqual(1200);
            expect(slot.end - slot.start).toBe(duration * MIN);
            expect(slot.start).toBeGreaterThanOrEqual(at(nowMinute));
            expect(windows.some((w) => w.start <= start && start + duration <= w.end)).toBe(true);
            for (const b of busy) expect(overlaps(slot, b)).toBe(false);
          }
          const offered = new Set(minutesOf(slots));
          for (let m = 480; m < 1200; m += 15) expect(refusalAt(q, m) === undefined).toBe(offered.has(m));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('days of the week', () => {
  it('the contract names them monday … sunday', () => {
    expect(DaysOfWeek).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
  });
});
