/**
 * The vendor calendar: weekly working hours, time off (the time-off chart through the transition service) and
 * the free start times the shop and the appointment screens offer.
 *
 * Who serves a ZIP: server/services/service-areas.ts (a vendor of an organization inside its organization's area, an
 * independent vendor anywhere on the platform's list); a ZIP nobody serves is 'Not in service area'. Times
 * are computed in the ZIP's time zone (luxon), slots every 15 minutes inside 8AM–8PM (src/core/rules/availability.ts).
 *
 * Ownership: a vendor sets and asks for itself; an organization acts for the vendors linked to it
 * (`vendor_organizations`); super and admin for any vendor. A vendor's availability questions are about itself,
 * an organization's about its vendors; `exclude_id` names an appointment the caller may see.
 */
import { and, asc, desc, eq, gt, inArray, lt, ne, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import {
  checkWindows,
  dayOfWeekOf,
  DEFAULT_VISIT_MINUTES,
  freeSlots,
  MAX_RANGE_DAYS,
  NEXT_HORIZON_DAYS,
  refusalAt,
  toTimeOfDay,
  type DayQuestion,
  type Interval,
} from '../../src/core/rules/availability';
import { MESSAGES } from '../../src/core/rules/messages';
import type { DayOfWeek } from '../../src/core/model/common';
import type { AppointmentStatus } from '../../src/core/model/appointment';
import { LiveEvents } from '../../src/core/model/live-events';
import type { LiveHub } from '../adapters/live';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { offerableVendors, servedZip, vendorsServing } from './service-areas';
import { newId } from '../db/ids';
import { accounts, appointments, users, services as catalogueServices, vendorAvailability, vendorOrganizations, vendorTimeOff } from '../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { peopleById, visibleTo, type PersonData } from './appointments';
import type { TimeOffRow, TransitionService } from './transitions';

type Schemas = components['schemas'];
export type VendorScheduleWire = Schemas['VendorSchedule'];
type Slot = Schemas['Slot'];
type UpdateAvailabilityBody = Schemas['UpdateAvailabilityRequest'];
type TimeOffBody = Schemas['TimeOffRequest'];
type DecisionBody = Schemas['ScheduleDecisionRequest'];
type ListTimeOffQuery = NonNullable<operations['listOrganizationTimeOff']['parameters']['query']>;
type CheckQuery = operations['checkAvailability']['parameters']['query'];
type DayQuery = operations['getAvailabilityDay']['parameters']['query'];
type RangeQuery = operations['getAvailabilityRange']['parameters']['query'];
type NextQuery = NonNullable<operations['getNextAvailability']['parameters']['query']>;
type PublicNextQuery = operations['getPublicNextAvailability']['parameters']['query'];

type Caller = Pick<AuthContext, 'userId' | 'accountId' | 'role'>;

const MINUTE = 60_000;
/** The zone when the question names no ZIP and no appointment: the demo service area's. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';
/** Visits that hold the vendor's time. */
const HOLDING: AppointmentStatus[] = ['pending', 'active', 'exception'];
/** The note an approved time off leaves on the visits it hits. */
export const REASSIGN_NOTE = 'Vendor time off: needs another vendor';

// The availability calls declare no 404 (openapi): a record the caller may not name there is bad input (400), a
// vendor of another organization 403.
const appointmentInvalid = () => badRequest('exclude_id: The received appointment reference is invalid or does not exist');
const vendorNotInOrganization = () => notFound(MESSAGES.vendor_not_in_organization, 'vendor_not_in_organization');

interface Filter {
  readonly vendor_id?: string;
  readonly zip_code?: string;
  readonly service_id?: string;
  readonly duration?: number;
  readonly exclude_id?: string;
}

/** The vendors, zone, duration and ignored visit one availability question is about. */
interface Scope {
  readonly vendorIds: readonly string[];
  readonly zone: string;
  readonly duration: number;
  readonly excludeId: string | null;
}

export const createCalendarService = ({ db, clock, live, transitions }: { db: Db; clock: Clock; live: LiveHub; transitions: TransitionService }) => {
  // ── vendors and who may act for them ──

  const isVendor = async (id: string): Promise<boolean> =>
    (await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.id, id), eq(accounts.type, 'vendor')))).length > 0;

  const organizationOf = async (vendorId: string): Promise<string | null> =>
    (await db.select().from(vendorOrganizations).where(eq(vendorOrganizations.vendorAccountId, vendorId)))[0]?.organizationAccountId ?? null;

  /** The vendor an operation acts for: the caller itself, or the named vendor of the caller's organization (any for staff). */
  const actingVendor = async (auth: Caller, vendorId: string | undefined): Promise<string> => {
    if (auth.role === 'vendor') {
      if (vendorId !== undefined && vendorId !== auth.accountId) throw forbidden();
      return auth.accountId!;
    }
    if (vendorId === undefined) throw badRequest(MESSAGES.vendor_required);
    if (!(await isVendor(vendorId))) throw vendorNotInOrganization();
    if (auth.role === 'organization' && (await organizationOf(vendorId)) !== auth.accountId) throw vendorNotInOrganization();
    return vendorId;
  };

  /** The organization path's id must be the caller's own organization (super and admin: any). */
  const assertOrganization = (auth: Caller, organizationId: string): void => {
    if (auth.role === 'super' || auth.role === 'admin') return;
    if (auth.role !== 'organization' || auth.accountId !== organizationId) throw notFound();
  };

  // ── working hours ──

  const windowsOf = async (vendorIds: readonly string[]) => {
    if (!vendorIds.length) return [];
    return db
      .select()
      .from(vendorAvailability)
      .where(inArray(vendorAvailability.vendorAccountId, [...vendorIds]))
      .orderBy(asc(vendorAvailability.startMinute));
  };

  const availabilityWire = (vendorId: string, rows: { dayOfWeek: DayOfWeek; startMinute: number; endMinute: number }[]) => ({
    vendor_id: vendorId,
    availability: rows.map((r) => ({ day_of_week: r.dayOfWeek, start: toTimeOfDay(r.startMinute), end: toTimeOfDay(r.endMinute) })),
  });

  const updateAvailability = async (auth: Caller, body: UpdateAvailabilityBody) => {
    const vendorId = await actingVendor(auth, body.vendor_id);
    const checked = checkWindows(body.availability);
    if (!checked.ok) throw badRequest(`availability[${checked.index}]: ${checked.message}`, checked.code);
    await db.transaction(async (tx) => {
      await tx.delete(vendorAvailability).where(eq(vendorAvailability.vendorAccountId, vendorId));
      if (checked.windows.length)
        await tx.insert(vendorAvailability).values(
          checked.windows.map((w) => ({ id: newId(), vendorAccountId: vendorId, dayOfWeek: w.day_of_week, startMinute: w.start, endMinute: w.end })),
        );
    });
    return availabilityWire(
      vendorId,
      checked.windows.map((w) => ({ dayOfWeek: w.day_of_week, startMinute: w.start, endMinute: w.end })),
    );
  };

  // ── time off ──

  const timeOffWire = (row: TimeOffRow, people: Map<string, PersonData>): VendorScheduleWire => ({
    schedule_id: row.id,
    vendor_id: row.vendorAccountId,
    vendor_data: people.get(row.vendorAccountId) ?? { _id: row.vendorAccountId },
    organization_id: row.organizationAccountId,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime.toISOString(),
    note: row.note,
    approval: row.status === 'deleted' ? 'rejected' : row.status,
    decision_note: row.decisionNote,
    created: row.createdAt.toISOString(),
  });

  const wireOne = async (row: TimeOffRow) => timeOffWire(row, await peopleById(db, [row.vendorAccountId]));

  const requestTimeOff = async (auth: Caller, body: TimeOffBody, requestId: string | null) => {
    const vendorId = await actingVendor(auth, body.vendor_id);
    const { row } = await transitions.create('timeOff', {
      auth,
      requestId,
      event: { type: 'timeOff.request', start: body.start_time, end: body.end_time },
      values: { id: newId(), vendorAccountId: vendorId, organizationAccountId: await organizationOf(vendorId), note: body.note ?? null },
    });
    return wireOne(row);
  };

  /** The requests an organization path shows: its vendors' (super and admin: any). */
  const timeOffVisible = (auth: Caller, organizationId: string): SQL | undefined =>
    auth.role === 'super' || auth.role === 'admin' ? undefined : eq(vendorTimeOff.organizationAccountId, organizationId);

  const listOrganizationTimeOff = async (auth: Caller, organizationId: string, query: ListTimeOffQuery) => {
    assertOrganization(auth, organizationId);
    const page = query.page ?? 1;
    const size = query.pageSize ?? 10;
    const rows = await db
      .select()
      .from(vendorTimeOff)
      .where(
        and(
          eq(vendorTimeOff.organizationAccountId, organizationId),
          ne(vendorTimeOff.status, 'deleted'),
          query.approval ? eq(vendorTimeOff.status, query.approval) : undefined,
          query.vendor_id ? eq(vendorTimeOff.vendorAccountId, query.vendor_id) : undefined,
        ),
      )
      .orderBy(desc(vendorTimeOff.createdAt), desc(vendorTimeOff.id))
      .limit(size)
      .offset((page - 1) * size);
    const people = await peopleById(db, rows.map((r) => r.vendorAccountId));
    return rows.map((r) => timeOffWire(r, people));
  };

  /** Approve or reject; an approval flags the vendor's upcoming confirmed visits inside the range (one transaction). */
  const decideTimeOff = async (auth: Caller, organizationId: string, scheduleId: string, body: DecisionBody, requestId: string | null) => {
    assertOrganization(auth, organizationId);
    const flagged: { id: string; parties: (string | null)[] }[] = [];
    const row = await db.transaction(async (tx) => {
      const decided = await transitions.change('timeOff', {
        auth,
        requestId,
        tx,
        target: { id: scheduleId, visible: timeOffVisible(auth, organizationId) },
        event: { type: body.approval === 'approved' ? 'timeOff.approve' : 'timeOff.reject' },
        changes: { decisionNote: body.note ?? null },
      });
      if (body.approval === 'approved') {
        const r = decided.row;
        const hit = await tx
          .select({
            id: appointments.id,
            startTime: appointments.startTime,
            duration: appointments.duration,
            customer: appointments.customerAccountId,
            vendor: appointments.vendorAccountId,
            organization: appointments.organizationAccountId,
          })
          .from(appointments)
          .where(
            and(
              eq(appointments.vendorAccountId, r.vendorAccountId),
              inArray(appointments.status, ['active', 'exception']),
              lt(appointments.startTime, r.endTime),
              // visits that have not started (the chart flags upcoming visits only) and may reach into the range
              gt(appointments.startTime, new Date(Math.max(clock.now().getTime(), r.startTime.getTime() - 24 * 60 * MINUTE))),
            ),
          );
        for (const visit of hit) {
          if (visit.startTime.getTime() + visit.duration * MINUTE <= r.startTime.getTime()) continue;
          await transitions.change('appointment', {
            auth,
            requestId,
            tx,
            target: { id: visit.id, visible: undefined },
            event: { type: 'appointment.flagForReassignment', note: REASSIGN_NOTE },
            changes: { note: REASSIGN_NOTE },
          });
          flagged.push({ id: visit.id, parties: [visit.customer, visit.vendor, visit.organization] });
        }
      }
      return decided.row;
    });
    // After commit: every party of a flagged visit (and super watchers) reloads it.
    for (const visit of flagged) {
      const payload = { reason: 'updated', resourceType: 'appointment', resourceId: visit.id };
      for (const accountId of new Set(visit.parties.filter((p): p is string => p !== null))) live.toAccount(accountId, LiveEvents.resourceUpdated, payload);
      live.toSupers(LiveEvents.resourceUpdated, payload);
    }
    return wireOne(row);
  };

  const deleteTimeOff = async (auth: Caller, organizationId: string, scheduleId: string, requestId: string | null) => {
    assertOrganization(auth, organizationId);
    await transitions.change('timeOff', {
      auth,
      requestId,
      target: { id: scheduleId, visible: timeOffVisible(auth, organizationId) },
      event: { type: 'timeOff.delete' },
    });
    return { success: true };
  };

  /**
   * What the vendor screens need first (getVendorInit): the vendor with its working hours and its time off
   * still to come, and the requests waiting for a decision. The day and the checklist are not part of it yet.
   */
  const vendorInit = async (auth: Caller, vendorId: string) => {
    if (auth.role === 'vendor' && auth.accountId !== vendorId) throw vendorNotInOrganization();
    const id = await actingVendor(auth, vendorId);
    const [account] = await db
      .select({ id: accounts.id, firstName: accounts.firstName, email: accounts.primaryEmail, lastName: users.lastName, bio: accounts.bio, status: users.status, createdAt: accounts.createdAt })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(accounts.id, id));
    const organizationId = await organizationOf(id);
    const [windows, offRows, persons, organization] = await Promise.all([
      windowsOf([id]),
      db
        .select()
        .from(vendorTimeOff)
        .where(and(eq(vendorTimeOff.vendorAccountId, id), ne(vendorTimeOff.status, 'deleted'), gt(vendorTimeOff.endTime, clock.now())))
        .orderBy(asc(vendorTimeOff.startTime)),
      peopleById(db, [id]),
      organizationId === null ? Promise.resolve(undefined) : db.select({ name: accounts.firstName }).from(accounts).where(eq(accounts.id, organizationId)).then((rows) => rows[0]),
    ]);
    const order = (d: DayOfWeek) => ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(d);
    windows.sort((a, b) => order(a.dayOfWeek) - order(b.dayOfWeek) || a.startMinute - b.startMinute);
    const timeOff = offRows.map((r) => timeOffWire(r, persons));
    return {
      vendor: {
        _id: id,
        type: 'vendor' as const,
        first_name: account?.firstName ?? '',
        last_name: account?.lastName ?? '',
        primary_email: account?.email ?? '',
        status: account?.status === 'inactive' ? ('inactive' as const) : ('active' as const),
        bio: account?.bio ?? null,
        is_part_of_org: organizationId !== null,
        organization_id: organizationId,
        company_name: organization?.name ?? null,
        availability: availabilityWire(id, windows).availability,
        time_off: timeOff,
        ...(account ? { created: account.createdAt.toISOString() } : {}),
      },
      pending_time_off: timeOff.filter((t) => t.approval === 'pending'),
    };
  };

  // ── free start times ──

  /** The zone of a ZIP code someone serves (server/services/service-areas.ts); 'Not in service area' otherwise. */
  const zoneOfZip = async (zip: string): Promise<string> => {
    const row = await servedZip(db, zip);
    if (!row) throw badRequest(MESSAGES.not_in_service_area, 'not_in_service_area');
    return row.timeZone;
  };

  /** The vendors, zone and duration of a question, checked against what the caller may ask about. */
  const scopeOf = async (auth: Caller | null, f: Filter): Promise<Scope> => {
    let excluded: { id: string; duration: number; postalCode: string | undefined } | null = null;
    if (f.exclude_id !== undefined) {
      const visible = auth ? visibleTo(auth, { customer: appointments.customerAccountId, vendor: appointments.vendorAccountId, organization: appointments.organizationAccountId }) : undefined;
      const row = auth
        ? (await db.select().from(appointments).where(and(eq(appointments.id, f.exclude_id), visible)))[0]
        : undefined;
      if (!row) throw appointmentInvalid();
      excluded = { id: row.id, duration: row.duration, postalCode: row.addressData.postal_code ?? undefined };
    }
    const zip = f.zip_code ?? excluded?.postalCode;
    const zone = zip ? await zoneOfZip(zip) : DEFAULT_TIME_ZONE;

    let duration = f.duration;
    if (duration === undefined && f.service_id !== undefined) {
      const service = (await db.select().from(catalogueServices).where(eq(catalogueServices.id, f.service_id)))[0];
      if (!service) throw badRequest('service_id: The received service is invalid or does not exist');
      duration = service.durationMinutes;
    }
    duration ??= excluded?.duration ?? DEFAULT_VISIT_MINUTES;

    let vendorIds: string[];
    if (auth?.role === 'vendor') {
      if (f.vendor_id !== undefined && f.vendor_id !== auth.accountId) throw forbidden();
      vendorIds = [auth.accountId!];
    } else if (f.vendor_id !== undefined) {
      if (!(await isVendor(f.vendor_id))) throw badRequest(`vendor_id: ${MESSAGES.vendor_not_in_organization}`);
      if (auth?.role === 'organization' && (await organizationOf(f.vendor_id)) !== auth.accountId)
        throw forbidden(MESSAGES.vendor_not_in_organization, 'vendor_not_in_organization');
      vendorIds = [f.vendor_id];
    } else {
      const withHours = await db.selectDistinct({ id: vendorAvailability.vendorAccountId }).from(vendorAvailability);
      vendorIds = withHours.map((r) => r.id);
      if (auth?.role === 'organization') {
        const mine = await db.select().from(vendorOrganizations).where(eq(vendorOrganizations.organizationAccountId, auth.accountId!));
        const set = new Set(mine.map((m) => m.vendorAccountId));
        vendorIds = vendorIds.filter((id) => set.has(id));
      }
      vendorIds.sort();
    }
    // a vendor of an organization serves only inside its organization's area; and nobody is offered a visit who
    // has not claimed the account, finished onboarding, or whose organization awaits approval (issue 21)
    if (zip) vendorIds = await vendorsServing(db, zip, vendorIds);
    else if (auth?.role !== 'vendor') vendorIds = await offerableVendors(db, vendorIds);
    return { vendorIds, zone, duration, excludeId: excluded?.id ?? null };
  };

  /** What holds each vendor's time between two instants: visits (with their duration) and approved time off. */
  const busyOf = async (scope: Scope, from: number, to: number): Promise<Map<string, Interval[]>> => {
    const busy = new Map<string, Interval[]>(scope.vendorIds.map((id) => [id, []]));
    if (!scope.vendorIds.length) return busy;
    const visits = await db
      .select({ vendor: appointments.vendorAccountId, id: appointments.id, start: appointments.startTime, duration: appointments.duration })
      .from(appointments)
      .where(
        and(
          inArray(appointments.vendorAccountId, [...scope.vendorIds]),
          inArray(appointments.status, HOLDING),
          lt(appointments.startTime, new Date(to)),
          gt(appointments.startTime, new Date(from - 24 * 60 * MINUTE)),
          scope.excludeId ? ne(appointments.id, scope.excludeId) : undefined,
        ),
      );
    for (const v of visits) busy.get(v.vendor!)?.push({ start: v.start.getTime(), end: v.start.getTime() + v.duration * MINUTE });
    const off = await db
      .select()
      .from(vendorTimeOff)
      .where(
        and(
          inArray(vendorTimeOff.vendorAccountId, [...scope.vendorIds]),
          eq(vendorTimeOff.status, 'approved'),
          lt(vendorTimeOff.startTime, new Date(to)),
          gt(vendorTimeOff.endTime, new Date(from)),
        ),
      );
    for (const t of off) busy.get(t.vendorAccountId)?.push({ start: t.startTime.getTime(), end: t.endTime.getTime() });
    return busy;
  };

  type Windows = Awaited<ReturnType<typeof windowsOf>>;

  /** The question of one local day for one vendor. */
  const questionFor = (scope: Scope, day: DateTime, windows: Windows, busy: Interval[]): DayQuestion => {
    const dow = dayOfWeekOf(day.weekday);
    return {
      windows: windows.filter((w) => w.dayOfWeek === dow).map((w) => ({ start: w.startMinute, end: w.endMinute })),
      duration: scope.duration,
      busy,
      notBefore: clock.now().getTime(),
      instantOf: (minute) => day.set({ hour: Math.floor(minute / 60), minute: minute % 60, second: 0, millisecond: 0 }).toMillis(),
    };
  };

  const people = async (ids: readonly string[]) => peopleById(db, ids);

  /**
   * The free slots of local days (one slot per start time, the first free vendor by id). A slot names its vendor by
   * id and first name only — nobody needs a vendor's e-mail to pick a time — and names no vendor at all to a visitor
   * (`anonymous`: the public availability/next, issue 21).
   */
  const slotsOfDays = async (scope: Scope, days: DateTime[], within?: Interval, anonymous = false) => {
    const from = days[0]!.startOf('day').toMillis();
    const to = days[days.length - 1]!.endOf('day').toMillis();
    const [windows, busy, persons] = await Promise.all([windowsOf(scope.vendorIds), busyOf(scope, from, to), people(scope.vendorIds)]);
    return days.map((day) => {
      const byStart = new Map<number, Slot>();
      for (const vendorId of scope.vendorIds) {
        const q = questionFor(scope, day, windows.filter((w) => w.vendorAccountId === vendorId), busy.get(vendorId) ?? []);
        for (const s of freeSlots(q)) {
          if (within && (s.start < within.start || s.end > within.end)) continue;
          if (byStart.has(s.start)) continue;
          const person = persons.get(vendorId);
          byStart.set(
            s.start,
            anonymous
              ? { start_time: new Date(s.start).toISOString(), end_time: new Date(s.end).toISOString() }
              : {
                  start_time: new Date(s.start).toISOString(),
                  end_time: new Date(s.end).toISOString(),
                  vendor_id: vendorId,
                  vendor_data: { _id: vendorId, ...(person?.first_name ? { first_name: person.first_name } : {}) },
                },
          );
        }
      }
      return { day: day.toISODate()!, slots: [...byStart.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s) };
    });
  };

  const check = async (auth: Caller, query: CheckQuery) => {
    let scope: Scope;
    try {
      scope = await scopeOf(auth, query);
    } catch (e) {
      if (e instanceof HttpError && e.code === 'not_in_service_area') return { available: false, reason: e.message };
      throw e;
    }
    const at = DateTime.fromISO(query.start_time, { setZone: true });
    if (!at.isValid) throw badRequest('start_time: Invalid time');
    const local = at.setZone(scope.zone);
    const minute = local.hour * 60 + local.minute;
    const day = local.startOf('day');
    if (!scope.vendorIds.length) return { available: false, reason: MESSAGES.slot_outside_hours };
    const [windows, busy] = await Promise.all([windowsOf(scope.vendorIds), busyOf(scope, day.toMillis(), day.endOf('day').toMillis())]);
    let reason: string | undefined;
    for (const vendorId of scope.vendorIds) {
      const q = questionFor(scope, day, windows.filter((w) => w.vendorAccountId === vendorId), busy.get(vendorId) ?? []);
      const refusal = local.second === 0 && local.millisecond === 0 ? refusalAt(q, minute) : MESSAGES.outside_working_range;
      if (refusal === undefined) return { available: true };
      reason ??= refusal;
    }
    return { available: false, reason: reason ?? MESSAGES.slot_taken };
  };

  const day = async (auth: Caller, query: DayQuery) => {
    const scope = await scopeOf(auth, query);
    const d = DateTime.fromISO(query.requested_day, { zone: scope.zone });
    if (!d.isValid) throw badRequest('requested_day: Invalid date');
    return (await slotsOfDays(scope, [d.startOf('day')]))[0]!;
  };

  const range = async (auth: Caller, query: RangeQuery) => {
    const scope = await scopeOf(auth, query);
    const start = DateTime.fromISO(query.start_time, { setZone: true });
    const end = DateTime.fromISO(query.end_time, { setZone: true });
    if (!start.isValid || !end.isValid) throw badRequest('start_time: Invalid time');
    if (end.toMillis() <= start.toMillis()) throw badRequest(MESSAGES.range_ends_before_start, 'range_ends_before_start');
    if (end.toMillis() - start.toMillis() > MAX_RANGE_DAYS * 24 * 60 * MINUTE) throw badRequest(MESSAGES.range_too_long, 'range_too_long');
    const first = start.setZone(scope.zone).startOf('day');
    const last = end.setZone(scope.zone).startOf('day');
    const days: DateTime[] = [];
    for (let d = first; d <= last; d = d.plus({ days: 1 })) days.push(d);
    return { days: await slotsOfDays(scope, days, { start: start.toMillis(), end: end.toMillis() }) };
  };

  const nextOf = async (scope: Scope, dayOfWeek: DayOfWeek | undefined, anonymous = false) => {
    if (!scope.vendorIds.length) return { next: null };
    const today = DateTime.fromMillis(clock.now().getTime(), { zone: scope.zone }).startOf('day');
    // A week at a time, so a vendor with a full calendar does not cost one query per day.
    for (let offset = 0; offset < NEXT_HORIZON_DAYS; offset += 7) {
      const days: DateTime[] = [];
      for (let i = offset; i < Math.min(offset + 7, NEXT_HORIZON_DAYS); i++) {
        const d = today.plus({ days: i });
        if (dayOfWeek === undefined || dayOfWeekOf(d.weekday) === dayOfWeek) days.push(d);
      }
      if (!days.length) continue;
      for (const d of await slotsOfDays(scope, days, undefined, anonymous)) if (d.slots.length) return { next: d.slots[0]! };
    }
    return { next: null };
  };

  const next = async (auth: Caller, query: NextQuery) => nextOf(await scopeOf(auth, query), query.day_of_week);

  const publicNext = async (query: PublicNextQuery) => {
    const { zip_code, service_id, duration } = query;
    return nextOf(await scopeOf(null, { zip_code, ...(service_id ? { service_id } : {}), ...(duration ? { duration } : {}) }), query.day_of_week, true);
  };

  return {
    updateAvailability,
    vendorInit,
    requestTimeOff,
    listOrganizationTimeOff,
    decideTimeOff,
    deleteTimeOff,
    check,
    day,
    range,
    next,
    publicNext,
  };
};

export type CalendarService = ReturnType<typeof createCalendarService>;
