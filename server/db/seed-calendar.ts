/**
 * The demo calendar: vendor@ works for organization@, Monday to Friday 8 AM–5 PM, and has one time-off request
 * waiting for the organization (starting data, written directly like the rest of the seed). vendor2@ (Rita Rivera)
 * is organization@'s second vendor with the same hours, so a visit has somewhere to go when it is reassigned.
 */
import type { DayOfWeek } from '../../src/core/model/common';
import type { Db } from './client';
import { vendorAvailability, vendorOrganizations, vendorTimeOff } from './schema';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

const WEEKDAYS: readonly DayOfWeek[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** The seeded calendar's ids and hours (tests name them). */
export const DEMO_CALENDAR = {
  /** Minutes since local midnight: 08:00–17:00. */
  hours: { start: 8 * 60, end: 17 * 60 },
  weekdays: WEEKDAYS,
  /** The pending request: days from now. */
  pendingTimeOff: { startInDays: 21, endInDays: 23 },
} as const;

export const seedCalendar = async (
  tx: SeedTx,
  at: (daysAgo: number) => Date,
  demoId: (name: string) => string,
): Promise<void> => {
  const vendor = demoId('account:vendor');
  const vendor2 = demoId('account:vendor2');
  const organization = demoId('account:organization');
  await tx.insert(vendorOrganizations).values([
    { vendorAccountId: vendor, organizationAccountId: organization, createdAt: at(60) },
    { vendorAccountId: vendor2, organizationAccountId: organization, createdAt: at(60) },
  ]);
  await tx.insert(vendorAvailability).values(
    (['vendor', 'vendor2'] as const).flatMap((key) =>
      WEEKDAYS.map((day) => ({
        id: demoId(`availability:${key}:${day}`),
        vendorAccountId: demoId(`account:${key}`),
        dayOfWeek: day,
        startMinute: DEMO_CALENDAR.hours.start,
        endMinute: DEMO_CALENDAR.hours.end,
      })),
    ),
  );
  await tx.insert(vendorTimeOff).values({
    id: demoId('time-off:vendor-pending'),
    vendorAccountId: vendor,
    organizationAccountId: organization,
    status: 'pending',
    startTime: at(-DEMO_CALENDAR.pendingTimeOff.startInDays),
    endTime: at(-DEMO_CALENDAR.pendingTimeOff.endInDays),
    note: 'Family wedding out of town.',
    createdAt: at(2),
    updatedAt: at(2),
  });
};
