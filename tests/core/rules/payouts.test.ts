/** Periods, date-range shortcuts and the maximum report range of transfers and payouts (issue 11 "Money"). */
import { describe, expect, it } from 'vitest';
import {
  MAX_REPORT_RANGE_DAYS,
  lastClosedPeriod,
  periodOf,
  rangeDays,
  reportRange,
  reportRangeProblem,
  shortcutRange,
} from '../../../src/core/rules/payouts';
import { decidePayout } from '../../../src/machines/lifecycles/payout.machine';
import { decideTransfer } from '../../../src/machines/lifecycles/transfer.machine';

const as = (role: 'system' | 'super' | 'organization') => ({ actor: { role }, now: '2026-06-03T10:00:00.000Z' });

describe('periods', () => {
  it('a period is a week from Monday 00:00 UTC; the last closed one is the week before', () => {
    expect(periodOf(new Date('2026-06-03T10:00:00Z'))).toEqual({ start: '2026-06-01', end: '2026-06-08' });
    expect(periodOf(new Date('2026-06-07T23:59:59Z'))).toEqual({ start: '2026-06-01', end: '2026-06-08' });
    expect(periodOf(new Date('2026-06-08T00:00:00Z'))).toEqual({ start: '2026-06-08', end: '2026-06-15' });
    expect(lastClosedPeriod(new Date('2026-06-01T00:00:00Z'))).toEqual({ start: '2026-05-25', end: '2026-06-01' });
  });
});

describe('report ranges (bookings §5, §9)', () => {
  it('shortcuts: last month is 30 days and 3 months 90 days, ending today', () => {
    expect(shortcutRange('lastMonth', '2026-06-30')).toEqual({ from: '2026-06-01', to: '2026-06-30' });
    expect(rangeDays(shortcutRange('threeMonths', '2026-06-30').from, '2026-06-30')).toBe(90);
  });
  it('without a range a report shows the last 90 days', () => {
    expect(reportRange({}, '2026-06-30')).toEqual({ from: '2026-04-02', to: '2026-06-30' });
    expect(reportRange({ from: '2026-01-01' }, '2026-06-30')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });
  it(`a range longer than ${MAX_REPORT_RANGE_DAYS} days, or ending before it starts, is refused`, () => {
    expect(reportRangeProblem('2025-06-01', '2026-06-01')).toBeNull(); // 366 days
    expect(reportRangeProblem('2025-05-31', '2026-06-01')).toEqual({ code: 'report_range_too_long', message: 'The date range is longer than 366 days' });
    expect(reportRangeProblem('2026-06-02', '2026-06-01')).toMatchObject({ code: 'range_ends_before_start' });
    expect(reportRangeProblem('2026-06-01', '2026-06-01')).toBeNull();
  });
});

describe('the transfer and payout charts', () => {
  it('only the scheduled job (system) creates, sends and settles; super may reverse or cancel', () => {
    expect(decideTransfer('new', { type: 'transfer.create', ...as('system') })).toMatchObject({ ok: true, to: 'pending' });
    expect(decideTransfer('new', { type: 'transfer.create', ...as('organization') })).toMatchObject({ ok: false });
    expect(decideTransfer('pending', { type: 'transfer.sent', ...as('system') })).toMatchObject({ ok: true, to: 'paid' });
    expect(decideTransfer('paid', { type: 'transfer.sent', ...as('system') })).toMatchObject({ ok: false, code: 'not_allowed_in_status' });
    expect(decideTransfer('paid', { type: 'transfer.reverse', ...as('super') })).toMatchObject({ ok: true, to: 'reversed' });
    expect(decidePayout('pending', { type: 'payout.sent', ...as('system') })).toMatchObject({ ok: true, to: 'in_transit' });
    expect(decidePayout('in_transit', { type: 'payout.arrived', ...as('system') })).toMatchObject({ ok: true, to: 'paid' });
    expect(decidePayout('in_transit', { type: 'payout.cancel', ...as('super') })).toMatchObject({ ok: false });
    expect(decidePayout('pending', { type: 'payout.cancel', ...as('super') })).toMatchObject({ ok: true, to: 'canceled' });
  });
});
