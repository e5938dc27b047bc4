import { describe, expect, it } from 'vitest';
import { addDays, customersOf, dateHintDays, filterByCustomer, routeOf, splitUpcomingPast, TIMELINE_HOURS, timelinePlacement } from '../../../src/core/rules/appointment-views';
import { canceledVisit, completedVisit, laterVisit, NOW, soonVisit, todayVisit } from '../../machines/models/appointments.fixtures';

describe('appointment view rules', () => {
  it('date hints: customers get today plus the next two days; admin, organization and vendor none (bookings §6)', () => {
    expect(dateHintDays('customer', '2026-12-31')).toEqual(['2026-12-31', '2027-01-01', '2027-01-02']);
    for (const role of ['admin', 'super', 'organization', 'vendor'] as const) expect(dateHintDays(role, '2026-12-31')).toEqual([]);
  });

  it('adds calendar days across month ends and DST changes', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
  });

  it('splits upcoming (soonest first) from past and complete (latest first)', () => {
    const { upcoming, past } = splitUpcomingPast([laterVisit, completedVisit, soonVisit, { ...todayVisit, start_time: '2026-11-23T11:00:00.000Z' }], NOW);
    expect(upcoming.map((a) => a._id)).toEqual([soonVisit._id, laterVisit._id]);
    expect(past.map((a) => a._id)).toEqual([todayVisit._id, completedVisit._id]);
  });

  it("today's route leaves out canceled visits and keeps start order; the customer filter narrows by id", () => {
    const early = { ...todayVisit, _id: 'd00000000000000000000031' as typeof todayVisit._id, start_time: '2026-11-23T13:00:00.000Z' };
    expect(routeOf([todayVisit, canceledVisit, early]).map((a) => a._id)).toEqual([early._id, todayVisit._id]);
    expect(customersOf([todayVisit, soonVisit, laterVisit]).map((c) => c.name)).toEqual(['Dana Doe', 'Casey Customer']);
    expect(filterByCustomer([todayVisit, soonVisit], todayVisit.customer_data._id)).toEqual([todayVisit]);
    expect(filterByCustomer([todayVisit, soonVisit], undefined)).toHaveLength(2);
  });

  it('places a visit on the 8 AM-8 PM timeline and keeps early or late ones inside it', () => {
    expect(TIMELINE_HOURS).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const first = timelinePlacement({ start_time: '2026-11-23T08:00:00.000Z', duration: 60 });
    expect(first.top).toBe(0);
    expect(first.height).toBeCloseTo(100 / 12);
    expect(timelinePlacement({ start_time: '2026-11-23T14:00:00.000Z', duration: 90 })).toEqual({ top: 50, height: 12.5 });
    const late = timelinePlacement({ start_time: '2026-11-23T21:00:00.000Z', duration: 60 });
    expect(late.top + late.height).toBeLessThanOrEqual(100);
    expect(timelinePlacement({ start_time: '2026-11-23T06:00:00.000Z', duration: 30 }).top).toBe(0);
  });
});
