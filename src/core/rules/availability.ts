/**
 * A vendor's working hours and free start times (bookings §5 time strings and working range; §9 15-minute
 * slots, days of the week, parts of day). Pure: the server turns a local day and minute into an instant
 * (luxon, the service address's time zone) and passes that conversion in; the vendor availability screen
 * uses the same validation.
 */
import { DaysOfWeek, type DayOfWeek } from '../model/common';
import { MESSAGES } from './messages';
import { parseTimeString, WORKING_END_MINUTES, WORKING_START_MINUTES } from './validators';

export { WORKING_END_MINUTES, WORKING_START_MINUTES };

/** Slots start every 15 minutes (bookings §9). */
export const SLOT_STEP_MINUTES = 15;
/** A visit's length when neither the call nor the service says (minutes). */
export const DEFAULT_VISIT_MINUTES = 60;
/** "A date range longer than a maximum number of days is refused" (bookings §5; the maximum is ours). */
export const MAX_RANGE_DAYS = 31;
/** How far `next` looks ahead, in days. */
export const NEXT_HORIZON_DAYS = 62;

/** A half-open interval [start, end) of numbers (minutes of a day, or epoch milliseconds). */
export interface Interval {
  readonly start: number;
  readonly end: number;
}

export const overlaps = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end;

/** 'HHMM' of minutes since midnight (the contract's TimeOfDay form). */
export const toTimeOfDay = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;

/** Parts of day (bookings §9): 12 or later is afternoon. */
export const partOfDay = (minutes: number): 'morning' | 'afternoon' => (minutes >= 12 * 60 ? 'afternoon' : 'morning');

/** Every 15-minute time of the working range, 08:00 … 20:00 inclusive, as minutes (for pickers of start and end). */
export const workingTimes = (): number[] => {
  const out: number[] = [];
  for (let t = WORKING_START_MINUTES; t <= WORKING_END_MINUTES; t += SLOT_STEP_MINUTES) out.push(t);
  return out;
};

/** The day of the week of luxon's / ISO's weekday number (1 = Monday … 7 = Sunday). */
export const dayOfWeekOf = (isoWeekday: number): DayOfWeek => DaysOfWeek[(isoWeekday - 1) % 7]!;

export interface WindowInput {
  readonly day_of_week: DayOfWeek;
  readonly start: string;
  readonly end: string;
}

export interface Window {
  readonly day_of_week: DayOfWeek;
  /** Minutes since midnight. */
  readonly start: number;
  readonly end: number;
}

export type WindowsCheck =
  | { readonly ok: true; readonly windows: readonly Window[] }
  | { readonly ok: false; readonly index: number; readonly code: keyof typeof MESSAGES; readonly message: string };

const refuse = (index: number, code: keyof typeof MESSAGES): WindowsCheck => ({ ok: false, index, code, message: MESSAGES[code] });

/**
 * Weekly working hours: each window's times are time strings (HHMM or HH:MM, bookings §5) on a 15-minute slot
 * (§9), inside 8AM–8PM, ending after they start; windows of one day do not overlap. Answers the windows as
 * minutes, sorted by day and start, or the first refusal (with the window's index).
 */
export const checkWindows = (input: readonly WindowInput[]): WindowsCheck => {
  const windows: Window[] = [];
  for (const [index, w] of input.entries()) {
    const start = parseTimeString(w.start.trim());
    const end = parseTimeString(w.end.trim());
    if (start === undefined || end === undefined) return refuse(index, 'invalid_time');
    if (start % SLOT_STEP_MINUTES !== 0 || end % SLOT_STEP_MINUTES !== 0) return refuse(index, 'window_not_in_slots');
    if (start < WORKING_START_MINUTES || end > WORKING_END_MINUTES) return refuse(index, 'outside_working_range');
    if (end <= start) return refuse(index, 'window_ends_before_start');
    const clash = windows.findIndex((o) => o.day_of_week === w.day_of_week && overlaps(o, { start, end }));
    if (clash >= 0) return refuse(index, 'windows_overlap');
    windows.push({ day_of_week: w.day_of_week, start, end });
  }
  const order = (d: DayOfWeek) => DaysOfWeek.indexOf(d);
  windows.sort((a, b) => order(a.day_of_week) - order(b.day_of_week) || a.start - b.start);
  return { ok: true, windows };
};

export interface DayQuestion {
  /** The vendor's windows on this day of the week (minutes). */
  readonly windows: readonly Interval[];
  /** Visit length in minutes. */
  readonly duration: number;
  /** Busy instants (epoch ms): visits with their duration, approved time off. */
  readonly busy: readonly Interval[];
  /** No start before this instant (now). */
  readonly notBefore: number;
  /** The instant of a local minute of this day (the server's time-zone conversion). */
  readonly instantOf: (minute: number) => number;
}

/**
 * The free starts of one day: every 15 minutes inside 8AM–8PM such that the whole visit fits inside one
 * working window, starts at or after `notBefore`, and overlaps nothing busy. Answers [start, end) instants.
 */
export const freeSlots = (q: DayQuestion): Interval[] => {
  const out: Interval[] = [];
  const length = Math.max(q.duration, SLOT_STEP_MINUTES);
  for (let t = WORKING_START_MINUTES; t + length <= WORKING_END_MINUTES; t += SLOT_STEP_MINUTES) {
    if (!q.windows.some((w) => w.start <= t && t + length <= w.end)) continue;
    const start = q.instantOf(t);
    const slot = { start, end: start + length * 60_000 };
    if (slot.start < q.notBefore) continue;
    if (q.busy.some((b) => overlaps(b, slot))) continue;
    out.push(slot);
  }
  return out;
};

/** Why a start is not free, or undefined when it is (the same test as `freeSlots`, for one start). */
export const refusalAt = (q: DayQuestion, minute: number): string | undefined => {
  const length = Math.max(q.duration, SLOT_STEP_MINUTES);
  if (minute % SLOT_STEP_MINUTES !== 0 || minute < WORKING_START_MINUTES || minute + length > WORKING_END_MINUTES) return MESSAGES.outside_working_range;
  if (!q.windows.some((w) => w.start <= minute && minute + length <= w.end)) return MESSAGES.slot_outside_hours;
  const start = q.instantOf(minute);
  if (start < q.notBefore) return MESSAGES.slot_taken;
  const slot = { start, end: start + length * 60_000 };
  return q.busy.some((b) => overlaps(b, slot)) ? MESSAGES.slot_taken : undefined;
};

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Time off asked for by whole days (the vendor screen): the first day after today ("Start date must be in the
 * future, between this year and next year", bookings §5) and the last day not before the first. Days are
 * YYYY-MM-DD and compare in calendar order. Answers the refusal's message code, or undefined.
 */
export const timeOffDaysCheck = (
  startDay: string,
  endDay: string,
  today: string,
): 'start_date_invalid' | 'range_ends_before_start' | undefined => {
  if (!DAY_RE.test(startDay) || !DAY_RE.test(today) || startDay <= today) return 'start_date_invalid';
  const year = Number(startDay.slice(0, 4));
  const thisYear = Number(today.slice(0, 4));
  if (year !== thisYear && year !== thisYear + 1) return 'start_date_invalid';
  if (!DAY_RE.test(endDay) || endDay < startDay) return 'range_ends_before_start';
  return undefined;
};
