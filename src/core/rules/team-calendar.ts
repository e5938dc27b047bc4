/**
 * The organization's and vendor's work queue (/actions/appointments) and requirements (/requirements): which
 * visits need action and what a vendor needs before it can take visits. The spec names the routes only
 * (accounts §2); these sentences are our decisions (docs/decisions.md, "The organization's and super's calendar").
 */
import type { Appointment } from '../model/appointment';
import type { Vendor, VendorSchedule } from '../model/vendor';
import { specRule } from './spec-rule';

export const teamCalendarRules = {
  needsAction: specRule<{ readonly appointment: Pick<Appointment, 'status' | 'start_time'>; readonly now: string }>({
    id: 'teamCalendar.needsAction',
    spec: 'A visit needs action when it is an exception (a vendor could not do it, or approved time off flagged it for reassignment), or when its start passed and it is still open (pending, confirmed or past, not completed).',
    source: 'decision',
    test: ({ appointment, now }) =>
      appointment.status === 'exception' ||
      (['pending', 'active', 'past'].includes(appointment.status) && Date.parse(appointment.start_time) < Date.parse(now)),
  }),
} as const;

/** The visits that need action, oldest first. */
export const visitsNeedingAction = (visits: readonly Appointment[], now: string): readonly Appointment[] => {
  const seen = new Set<string>();
  return visits
    .filter((a) => teamCalendarRules.needsAction.test({ appointment: a, now }) && !seen.has(a._id) && seen.add(a._id))
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
};

/** One requirement of a vendor and whether it is met. */
export interface Requirement {
  readonly id: 'workingHours' | 'organization' | 'timeOffDecided';
  readonly met: boolean;
}

/**
 * What a vendor needs to take visits: working hours set (the availability screen), being part of an
 * organization, and no time-off request waiting for a decision.
 */
export const vendorRequirements = (vendor: Pick<Vendor, '_id' | 'availability' | 'is_part_of_org'>, waiting: readonly VendorSchedule[]): readonly Requirement[] => [
  { id: 'workingHours', met: (vendor.availability?.length ?? 0) > 0 },
  { id: 'organization', met: vendor.is_part_of_org },
  { id: 'timeOffDecided', met: !waiting.some((t) => t.vendor_id === vendor._id && t.approval === 'pending') },
];
