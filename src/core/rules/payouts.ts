/**
 * Transfers and payouts (issue 11 "Money"; bookings §5 date ranges, §9 date-range shortcuts; docs/design.md#money).
 *
 * - Earnings are the visit ledger's `vendor_earning` rows. A vendor that is part of an organization is paid
 *   through its organization (the organization pays its team); an independent vendor is paid itself.
 * - A **period** is a calendar week, Monday 00:00 UTC to the next Monday. When a period has closed, every
 *   earner with earnings not yet transferred gets ONE transfer for it (platform → its connected account), and
 *   then ONE payout of the same amount (connected account → bank). The periods are ours: the spec shows none.
 * - The reports take a range of days (from, to, both included). Shortcuts: last month (30 days) and 3 months
 *   (90 days); a custom range is at most 366 days ("A date range longer than a maximum number of days is
 *   refused", bookings §5: the maximum is ours, one year, so a year's report fits in one download).
 */
import { MESSAGES } from './messages';
import { roleRule, statusRule, type SpecRule } from './spec-rule';

export const DAY_MS = 86_400_000;
export const PERIOD_DAYS = 7;

/** Bookings §9: "Date range shortcuts: last month 30 days, 3 months 90 days." */
export const DATE_RANGE_SHORTCUTS = [
  { key: 'lastMonth', days: 30 },
  { key: 'threeMonths', days: 90 },
] as const;
export type DateRangeShortcut = (typeof DATE_RANGE_SHORTCUTS)[number]['key'];

/** The longest report range, in days (both ends included). */
export const MAX_REPORT_RANGE_DAYS = 366;
/** A report without a range shows the 3-months shortcut. */
export const DEFAULT_REPORT_RANGE_DAYS = 90;

export const PAYOUT_MESSAGES = {
  rangeTooLong: MESSAGES.report_range_too_long,
  rangeEndsBeforeStart: MESSAGES.range_ends_before_start,
} as const;

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The UTC day (YYYY-MM-DD) of a moment. */
export const utcDay = (at: Date): string => dayOf(at.getTime());
export const addDays = (day: string, days: number): string => dayOf(msOf(day) + days * DAY_MS);

/** The period (week) a moment falls in: its Monday (start, included) and the next Monday (end, excluded). */
export const periodOf = (at: Date): { readonly start: string; readonly end: string } => {
  const day = utcDay(at);
  const weekday = (new Date(msOf(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const start = addDays(day, -weekday);
  return { start, end: addDays(start, PERIOD_DAYS) };
};

/** The last period that has closed at `now` (the week before the current one). */
export const lastClosedPeriod = (now: Date): { readonly start: string; readonly end: string } => {
  const current = periodOf(now);
  return { start: addDays(current.start, -PERIOD_DAYS), end: current.start };
};

/** The range of a shortcut ending today (both days included). */
export const shortcutRange = (shortcut: DateRangeShortcut, today: string): { readonly from: string; readonly to: string } => {
  const days = DATE_RANGE_SHORTCUTS.find((s) => s.key === shortcut)!.days;
  return { from: addDays(today, -(days - 1)), to: today };
};

/** Days in a range, both ends included. */
export const rangeDays = (from: string, to: string): number => Math.round((msOf(to) - msOf(from)) / DAY_MS) + 1;

export type RangeProblem = { readonly code: 'report_range_too_long' | 'range_ends_before_start' | 'range_incomplete'; readonly message: string } | null;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (day: string): boolean => DAY_PATTERN.test(day) && !Number.isNaN(msOf(day));

/** Why a report range is refused, or null. */
export const reportRangeProblem = (from: string, to: string): RangeProblem => {
  if (!isDay(from) || !isDay(to)) return { code: 'range_incomplete', message: MESSAGES.range_incomplete };
  if (msOf(to) < msOf(from)) return { code: 'range_ends_before_start', message: PAYOUT_MESSAGES.rangeEndsBeforeStart };
  if (rangeDays(from, to) > MAX_REPORT_RANGE_DAYS) return { code: 'report_range_too_long', message: PAYOUT_MESSAGES.rangeTooLong };
  return null;
};

/** A report's range from what was asked: missing ends default to the 3-months shortcut ending today. */
export const reportRange = (asked: { readonly from?: string | undefined; readonly to?: string | undefined }, today: string): { readonly from: string; readonly to: string } => {
  const to = asked.to ?? (asked.from ? addDays(asked.from, DEFAULT_REPORT_RANGE_DAYS - 1) : today);
  const from = asked.from ?? addDays(to, -(DEFAULT_REPORT_RANGE_DAYS - 1));
  return { from, to };
};

// ── lifecycles: transfer (platform → connected account) and payout (connected account → bank) ──────────

export const TransferStatuses = ['pending', 'paid', 'failed', 'reversed'] as const;
export type TransferStatus = (typeof TransferStatuses)[number];
export const PayoutStatuses = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
export type PayoutStatus = (typeof PayoutStatuses)[number];

export const payoutRules = {
  /** Only the scheduled job moves money; nobody does it by a request. */
  scheduler: roleRule(
    'payouts.schedulerRole',
    'Transfers and payouts run on a schedule, exactly once per period, through the clock port (issue 11); no person starts or settles one.',
    'issue 11 + decision',
    ['system'],
  ),
  /** Super may reverse a paid transfer or cancel a payout not yet sent (support's corrections). */
  staff: roleRule('payouts.staffRoles', 'Admins (role super) manage everything: they may reverse a transfer or cancel a payout not yet sent.', 'bookings §1 + decision', [
    'super',
    'admin',
    'system',
  ]),
} as const;

export const payoutScopes = {
  unsent: statusRule<PayoutStatus>('payout.unsent', 'A payout can be canceled only before it is sent to the bank.', 'decision', ['pending']),
} as const;

export const payoutRuleList: readonly SpecRule<never>[] = [...Object.values(payoutRules), ...Object.values(payoutScopes)];
