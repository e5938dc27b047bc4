import { describe, expect, it } from 'vitest';
import { daysFromToday, localDay, timelinePlacement, todayOf } from '../../../src/core/rules/appointment-views';
import { knownZone, offsetMinutes, visitDateOptions, visitDay, visitMinutes, visitTimeOptions, visitTimeRules, wallClock } from '../../../src/core/rules/visit-time';

const CHICAGO = 'America/Chicago';
const LA = 'America/Los_Angeles';
/** A visit's time as the screens print it (react-intl hands the same options to Intl.DateTimeFormat). */
const shown = (iso: string, zone: string | undefined, viewer: string, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, visitTimeOptions(iso, zone, viewer)).format(new Date(iso));

// 2026: clocks go forward on Sunday March 8 and back on Sunday November 1 in both zones.
describe('visit times in the address time zone', () => {
  it('9:00 in Chicago is 9:00 on both sides of the March change (CST −6, CDT −5)', () => {
    expect(wallClock('2026-03-07T15:00:00.000Z', CHICAGO)).toEqual({ day: '2026-03-07', minutes: 9 * 60 });
    expect(wallClock('2026-03-09T14:00:00.000Z', CHICAGO)).toEqual({ day: '2026-03-09', minutes: 9 * 60 });
    expect(offsetMinutes(CHICAGO, '2026-03-07T15:00:00.000Z')).toBe(-360);
    expect(offsetMinutes(CHICAGO, '2026-03-09T14:00:00.000Z')).toBe(-300);
    // The change itself: 1:59 CST then 3:00 CDT.
    expect(wallClock('2026-03-08T07:59:00.000Z', CHICAGO).minutes).toBe(1 * 60 + 59);
    expect(wallClock('2026-03-08T08:00:00.000Z', CHICAGO).minutes).toBe(3 * 60);
  });

  it('9:00 in Los Angeles is 9:00 on both sides of the November change (PDT −7, PST −8)', () => {
    expect(wallClock('2026-10-31T16:00:00.000Z', LA)).toEqual({ day: '2026-10-31', minutes: 9 * 60 });
    expect(wallClock('2026-11-02T17:00:00.000Z', LA)).toEqual({ day: '2026-11-02', minutes: 9 * 60 });
    expect(offsetMinutes(LA, '2026-10-31T16:00:00.000Z')).toBe(-420);
    expect(offsetMinutes(LA, '2026-11-02T17:00:00.000Z')).toBe(-480);
  });

  it('a browser in UTC sees the Chicago visit at 9:00 AM with the zone named, CST in winter and CDT in summer', () => {
    expect(shown('2026-03-07T15:00:00.000Z', CHICAGO, 'UTC')).toBe('9:00 AM CST');
    expect(shown('2026-03-09T14:00:00.000Z', CHICAGO, 'UTC')).toBe('9:00 AM CDT');
    expect(shown('2026-11-02T15:00:00.000Z', CHICAGO, 'UTC')).toBe('9:00 AM CST');
    expect(shown('2026-10-31T16:00:00.000Z', LA, 'UTC')).toBe('9:00 AM PDT');
    expect(shown('2026-11-02T17:00:00.000Z', LA, 'UTC')).toBe('9:00 AM PST');
  });

  it('no zone is named when the viewer is in the visit zone, or in another zone whose clock reads the same then', () => {
    expect(shown('2026-03-09T14:00:00.000Z', CHICAGO, CHICAGO)).toBe('9:00 AM');
    expect(shown('2026-11-02T17:00:00.000Z', LA, LA)).toBe('9:00 AM');
    // Winnipeg keeps Chicago's clock; Regina (no DST) matches it in winter only.
    expect(shown('2026-07-01T14:00:00.000Z', CHICAGO, 'America/Winnipeg')).toBe('9:00 AM');
    expect(shown('2026-01-05T15:00:00.000Z', CHICAGO, 'America/Regina')).toBe('9:00 AM');
    expect(shown('2026-07-01T14:00:00.000Z', CHICAGO, 'America/Regina')).toBe('9:00 AM CDT');
  });

  it('a Chicago viewer sees a Los Angeles visit at its own 9:00, with PST named', () => {
    expect(shown('2026-11-02T17:00:00.000Z', LA, CHICAGO)).toBe('9:00 AM PST');
    expect(visitTimeRules.zoneNamed.test({ instant: '2026-11-02T17:00:00.000Z', zone: LA, viewer: CHICAGO })).toBe(true);
  });

  it('Spanish shows the same 9:00 (24-hour), with the offset named in a UTC browser', () => {
    expect(shown('2026-03-07T15:00:00.000Z', CHICAGO, CHICAGO, 'es')).toBe('9:00');
    expect(shown('2026-03-07T15:00:00.000Z', CHICAGO, 'UTC', 'es')).toBe('9:00 GMT-6');
  });

  it("the date is the address's day: late evening in Chicago is already tomorrow in UTC", () => {
    const lateSaturday = '2026-03-08T05:30:00.000Z'; // 11:30 PM CST on Saturday March 7
    expect(visitDay(lateSaturday, CHICAGO)).toBe('2026-03-07');
    expect(new Intl.DateTimeFormat('en-US', visitDateOptions(CHICAGO)).format(new Date(lateSaturday))).toBe('Sat, Mar 7, 2026');
    expect(localDay({ start_time: lateSaturday, time_zone: CHICAGO })).toBe('2026-03-07');
    expect(visitMinutes(lateSaturday, { time_zone: CHICAGO })).toBe(23 * 60 + 30);
  });

  it('without a zone (or with one this runtime does not know) the browser zone is used and nothing throws', () => {
    expect(knownZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(visitTimeOptions('2026-03-07T15:00:00.000Z', 'Mars/Olympus_Mons', 'UTC')).toEqual({ hour: 'numeric', minute: '2-digit' });
    expect(visitTimeOptions('2026-03-07T15:00:00.000Z', undefined, 'UTC')).toEqual({ hour: 'numeric', minute: '2-digit' });
  });

  it("the day view places a 9:00 Chicago visit at 9 AM of the address's day, in March and in November", () => {
    const nineAm = (60 / 720) * 100;
    expect(timelinePlacement({ start_time: '2026-03-07T15:00:00.000Z', duration: 60, time_zone: CHICAGO }).top).toBeCloseTo(nineAm);
    expect(timelinePlacement({ start_time: '2026-03-09T14:00:00.000Z', duration: 60, time_zone: CHICAGO }).top).toBeCloseTo(nineAm);
    expect(timelinePlacement({ start_time: '2026-11-02T17:00:00.000Z', duration: 60, time_zone: LA }).top).toBeCloseTo(nineAm);
  });

  it("today and the date hints are counted in the visits' zone", () => {
    const now = '2026-03-09T04:00:00.000Z'; // Sunday March 8, 11 PM CDT in Chicago; Monday in UTC
    expect(todayOf(now, [{}, { time_zone: CHICAGO }])).toBe('2026-03-08');
    const mondayNine = { start_time: '2026-03-09T14:00:00.000Z', time_zone: CHICAGO };
    expect(daysFromToday(mondayNine, todayOf(now, [mondayNine]))).toBe(1);
  });
});
