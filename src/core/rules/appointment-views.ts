/**
 * What the appointment screens show (bookings §2, §3, §5, §6, §9): the customer's upcoming and past visits
 * and the date hints, the vendor's route and day timeline (8 AM–8 PM) and the customer filter, and which
 * words explain an action the appointment chart refuses. Pure: the screens and their charts share them.
 */
import type { Appointment } from '../model/appointment';
import type { Role } from '../model/roles';
import { specRule } from './spec-rule';
import { WORKDAY_END_MINUTES, WORKDAY_START_MINUTES } from './pricing';
import { dayOf, visitDay, visitMinutes } from './visit-time';


/** The day `n` days after `day` (YYYY-MM-DD, calendar arithmetic: DST does not move it). */
export const addDays = (day: string, n: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayOf(new Date(y, m - 1, d + n));
};

/** The day of a visit in its own zone (its address's; the browser's when it names none). */
export const localDay = (a: Pick<Appointment, 'start_time' | 'time_zone'>): string => visitDay(a.start_time, a);

/** Today in the zone of a list's visits (the first that names one; the browser's otherwise). */
export const todayOf = (now: string, visits: readonly Pick<Appointment, 'time_zone'>[]): string => visitDay(now, visits.find((a) => a.time_zone)?.time_zone);

export const appointmentViewRules = {
  dateHints: specRule<{ readonly role: Role }>({
    id: 'appointments.dateHints',
    spec: 'Default date hints: none for admin, organization, vendor; customers get today plus the next two days.',
    source: 'bookings §6',
    test: ({ role }) => role === 'customer',
  }),
  upcoming: specRule<{ readonly appointment: Pick<Appointment, 'start_time' | 'status'>; readonly now: string }>({
    id: 'appointments.upcoming',
    spec: 'Upcoming: a visit whose start is not in the past and that is not complete; every other visit is past.',
    source: 'issue 9 + decision',
    test: ({ appointment, now }) => appointment.status !== 'complete' && Date.parse(appointment.start_time) >= Date.parse(now),
  }),
  onRoute: specRule<{ readonly appointment: Pick<Appointment, 'status'> }>({
    id: 'appointments.onRoute',
    spec: "Today's route: the day's visits the vendor still goes to or has done (not canceled, deleted or suspended).",
    source: 'issue 9 + decision',
    test: ({ appointment }) => !['canceled', 'deleted', 'suspended'].includes(appointment.status),
  }),
} as const;

/** The days the customer's date hints name: today and the next two days (none for other roles). */
export const dateHintDays = (role: Role, today: string): readonly string[] =>
  appointmentViewRules.dateHints.test({ role }) ? [today, addDays(today, 1), addDays(today, 2)] : [];

/** Upcoming visits (soonest first) and past ones (latest first). */
export const splitUpcomingPast = (
  list: readonly Appointment[],
  now: string,
): { readonly upcoming: readonly Appointment[]; readonly past: readonly Appointment[] } => {
  const byStart = [...list].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  const upcoming = byStart.filter((appointment) => appointmentViewRules.upcoming.test({ appointment, now }));
  const past = byStart.filter((appointment) => !appointmentViewRules.upcoming.test({ appointment, now })).reverse();
  return { upcoming, past };
};

/** The vendor's route: the day's visits in start order, without canceled, deleted or suspended ones. */
export const routeOf = (list: readonly Appointment[]): readonly Appointment[] =>
  [...list].filter((appointment) => appointmentViewRules.onRoute.test({ appointment })).sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));

/** The customers of a day's visits, for the filter (by id, first seen first). */
export const customersOf = (list: readonly Appointment[]): readonly { readonly id: string; readonly name: string }[] => {
  const seen = new Map<string, string>();
  for (const a of list) {
    const c = a.customer_data;
    if (!seen.has(c._id)) seen.set(c._id, [c.first_name, c.last_name].filter(Boolean).join(' ') || c.primary_email || c._id);
  }
  return [...seen].map(([id, name]) => ({ id, name }));
};

/** The visits of one customer, or all when no customer is chosen. */
export const filterByCustomer = (list: readonly Appointment[], customerId: string | undefined): readonly Appointment[] =>
  customerId ? list.filter((a) => a.customer_data._id === customerId) : list;

/** A person's name as the card shows it. */
export const personName = (p: Appointment['customer_data'] | null | undefined): string =>
  p ? [p.first_name, p.last_name].filter(Boolean).join(' ') || p.primary_email || '' : '';

/** The timeline's hours: 8 AM to 8 PM (bookings §5 working range). */
export const TIMELINE_HOURS: readonly number[] = Array.from(
  { length: (WORKDAY_END_MINUTES - WORKDAY_START_MINUTES) / 60 + 1 },
  (_, i) => WORKDAY_START_MINUTES / 60 + i,
);

/**
 * Where a visit sits on the 8 AM–8 PM timeline of its address's day, as percentages of its height: `top` from its
 * start in the visit's own zone, `height` from its duration (at least one 15-minute slot), clipped to the working range.
 */
export const timelinePlacement = (a: Pick<Appointment, 'start_time' | 'duration' | 'time_zone'>): { readonly top: number; readonly height: number } => {
  const range = WORKDAY_END_MINUTES - WORKDAY_START_MINUTES;
  const from = Math.min(Math.max(visitMinutes(a.start_time, a) - WORKDAY_START_MINUTES, 0), range - 15);
  const length = Math.max(a.duration ?? 60, 15);
  const to = Math.min(from + length, range);
  return { top: (from / range) * 100, height: ((to - from) / range) * 100 };
};

/** A visit's day (in its zone) as the hint key: 0 today, 1 tomorrow, 2 the day after; undefined otherwise. */
export const daysFromToday = (a: Pick<Appointment, 'start_time' | 'time_zone'>, today: string): number | undefined => {
  const day = localDay(a);
  for (let n = 0; n <= 2; n++) if (addDays(today, n) === day) return n;
  return undefined;
};

/**
 * The words that explain why the appointment chart refuses an action, keyed by the refusing rule's id (the
 * texts live in i18n under `appointment.refusal.<id>`). Role rules are not explained: an action a role can
 * never take is not shown at all. The spec sentences are in src/core/rules/appointments.ts.
 */
export const EXPLAINED_REFUSALS = [
  'appointment.open',
  'appointment.notPastStatus',
  'appointment.startNotPast',
  'appointment.changeNotPending',
  'appointment.startOutsideWindow',
  'appointment.confirmed',
  'appointment.startWithinWindow',
  'appointment.reinstatable',
] as const;
export type ExplainedRefusal = (typeof EXPLAINED_REFUSALS)[number];

export const isExplainedRefusal = (id: string): id is ExplainedRefusal => (EXPLAINED_REFUSALS as readonly string[]).includes(id);

/** The appointment screen of a role (accounts §2 routes). */
export const appointmentPath = (role: Role, id: string): string =>
  role === 'vendor' ? `/vendor/appointment/${id}` : role === 'organization' ? `/organization/appointment/${id}` : role === 'super' || role === 'admin' ? `/admin/appointment/${id}` : `/appointment/${id}`;

/** Where a role's appointment screen goes back to. */
export const appointmentsHome = (role: Role): string =>
  role === 'vendor' ? '/vendor/appointments' : role === 'organization' ? '/organization/appointments' : role === 'super' || role === 'admin' ? '/admin' : '/appointments';

/** One column of the organization's day: a vendor (or no vendor yet, `id` null) and its visits in start order. */
export interface TeamColumn {
  readonly id: string | null;
  readonly name: string;
  readonly visits: readonly Appointment[];
}

/**
 * The organization's day as columns (bookings §2 "a day view with a column per vendor"): every vendor of the
 * team, even without a visit, then any other vendor a visit names, then the visits with no vendor yet.
 * `vendorId` keeps one vendor's column only.
 */
export const teamColumns = (
  team: readonly { readonly _id: string; readonly first_name?: string; readonly last_name?: string; readonly primary_email?: string }[],
  visits: readonly Appointment[],
  vendorId?: string,
): readonly TeamColumn[] => {
  const columns = new Map<string | null, { name: string; visits: Appointment[] }>();
  for (const v of team) columns.set(v._id, { name: [v.first_name, v.last_name].filter(Boolean).join(' ') || v.primary_email || v._id, visits: [] });
  for (const a of visits) {
    const id = a.vendor_data?._id ?? null;
    if (!columns.has(id)) columns.set(id, { name: id ? personName(a.vendor_data) : '', visits: [] });
    columns.get(id)!.visits.push(a);
  }
  return [...columns]
    .filter(([id, c]) => (vendorId ? id === vendorId : id !== null || c.visits.length > 0))
    .map(([id, c]) => ({ id, name: c.name, visits: c.visits }));
};

/** The vendors of a team and of a day's visits, for the vendor filter. */
export const vendorsOf = (
  team: readonly { readonly _id: string; readonly first_name?: string; readonly last_name?: string; readonly primary_email?: string }[],
  visits: readonly Appointment[],
): readonly { readonly id: string; readonly name: string }[] =>
  teamColumns(team, visits)
    .filter((c): c is TeamColumn & { id: string } => c.id !== null)
    .map((c) => ({ id: c.id, name: c.name }));

/** The visits of one vendor, or all when no vendor is chosen. */
export const filterByVendor = (list: readonly Appointment[], vendorId: string | undefined): readonly Appointment[] =>
  vendorId ? list.filter((a) => a.vendor_data?._id === vendorId) : list;
