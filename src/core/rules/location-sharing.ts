import type { Appointment } from '../model/appointment';
import { specRule } from './spec-rule';

/** How often the vendor's position is sent while it shares it and a visit is under way. */
export const PING_EVERY_MS = 60_000;
/** A visit is under way from this long before its start to this long after its end. */
export const IN_PROGRESS_MARGIN_MS = 30 * 60_000;

const MINUTE = 60_000;
/** The visits the vendor may be working on (not complete, canceled, deleted or suspended). */
const WORKING: readonly Appointment['status'][] = ['active', 'exception', 'past', 'pending'];

/** The visit under way at `now` among `visits` (the vendor's day), or null. */
export const visitInProgress = (visits: readonly Appointment[], now: string): Appointment | null => {
  const at = Date.parse(now);
  return (
    visits.find((a) => {
      if (!WORKING.includes(a.status)) return false;
      const start = Date.parse(a.start_time);
      const end = a.end_time ? Date.parse(a.end_time) : start + (a.duration ?? 0) * MINUTE;
      return start - IN_PROGRESS_MARGIN_MS <= at && at <= end + IN_PROGRESS_MARGIN_MS;
    }) ?? null
  );
};

export const locationRules = {
  inProgress: specRule<{ readonly visits: readonly Appointment[]; readonly now: string }>({
    id: 'location.inProgress',
    spec: 'A location ping while working (location/ping, with the browser\'s permission): sent only while a visit is under way, from 30 minutes before its start to 30 minutes after its end.',
    source: 'issue 9 + decision',
    test: ({ visits, now }) => visitInProgress(visits, now) !== null,
  }),
} as const;
