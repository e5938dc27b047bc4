/**
 * Who serves the visits: the vendor lists of an organization and of staff (read-only; there is no vendor status
 * yet, so every vendor is active and `inactive` lists none), reassigning one visit to another vendor
 * (`appointment.reassign`, PUT appointments/update/{id} with `vendor_id` alone) and moving one vendor's visits
 * of a date range to another vendor, all or nothing (POST admin/move-vendor-appointments, super).
 *
 * Ownership: an organization lists and assigns only its own vendors (`vendor_organizations`); super and admin
 * any, and a visit given to another organization's vendor moves to that organization. The chart decides
 * first, the new vendor's calendar second (working hours, approved time off, its other open visits), in one
 * transaction. Decisions: docs/decisions.md, "The organization's and super's calendar".
 */
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import type { DayOfWeek } from '../../src/core/model/common';
import { LiveEvents } from '../../src/core/model/live-events';
import { dayOfWeekOf, refusalAt, toTimeOfDay, type Interval } from '../../src/core/rules/availability';
import { MESSAGES } from '../../src/core/rules/messages';
import { TEAM_SEARCH_MIN } from '../../src/core/rules/team';
import { SAME_VENDOR, vendorMoveRules } from '../../src/core/rules/vendor-move';
import type { LiveHub } from '../adapters/live';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { accounts, appointments, serviceAreaZipCodes, users, vendorAvailability, vendorOrganizations, vendorTimeOff } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { appointmentWire, peopleById, visibleTo, zonesOf, type AppointmentWire } from './appointments';
import type { AppointmentRow, TransitionService } from './transitions';

type VendorWire = components['schemas']['Vendor'];
type VendorPage = components['schemas']['VendorPage'];
type OrganizationVendorsQuery = NonNullable<operations['listOrganizationVendors']['parameters']['query']>;
type AdminVendorsQuery = NonNullable<operations['listAdminVendors']['parameters']['query']>;
type MoveBody = components['schemas']['MoveVendorAppointmentsRequest'];
type MoveResult = components['schemas']['MoveVendorAppointmentsResult'];
type Caller = Pick<AuthContext, 'role' | 'accountId'>;
type Actor = Pick<AuthContext, 'role' | 'accountId' | 'userId'>;

const MINUTE = 60_000;
/** The zone of a visit whose ZIP names none, and of the move's dates: the demo service area's. */
const DEFAULT_ZONE = 'America/Chicago';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Visits that hold a vendor's time, and the ones a move takes. */
const OPEN: ('pending' | 'active' | 'exception')[] = ['pending', 'active', 'exception'];
/** The refusals a move names (the others are counted). */
const NAMED_REFUSALS = 5;
export const VENDOR_TIME_OFF = 'The vendor has approved time off at this time';

/** Why a vendor cannot take a visit: the message and code a 409 carries. */
interface Refusal {
  readonly message: string;
  readonly code: string;
}

const DAYS: readonly DayOfWeek[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export const createVendorAssignmentService = ({ db, clock, live, transitions }: { db: Db; clock: Clock; live?: LiveHub; transitions: TransitionService }) => {
  /** Vendors as the contract's Vendor, with their organization and working hours, in the given order. */
  const vendorsPage = async (where: SQL | undefined, order: SQL[], offset: number, limit: number): Promise<VendorPage> => {
    const base = and(eq(accounts.type, 'vendor'), where);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: accounts.id,
          firstName: accounts.firstName,
          lastName: users.lastName,
          email: accounts.primaryEmail,
          organizationId: vendorOrganizations.organizationAccountId,
          createdAt: accounts.createdAt,
          userStatus: users.status,
        })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .leftJoin(vendorOrganizations, eq(vendorOrganizations.vendorAccountId, accounts.id))
        .where(base)
        .orderBy(...order, asc(accounts.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: count() })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .leftJoin(vendorOrganizations, eq(vendorOrganizations.vendorAccountId, accounts.id))
        .where(base),
    ]);
    const windows = rows.length
      ? await db
          .select()
          .from(vendorAvailability)
          .where(
            inArray(
              vendorAvailability.vendorAccountId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    windows.sort((a, b) => DAYS.indexOf(a.dayOfWeek) - DAYS.indexOf(b.dayOfWeek) || a.startMinute - b.startMinute);
    const items: VendorWire[] = rows.map((r) => ({
      _id: r.id,
      type: 'vendor',
      status: r.userStatus === 'inactive' ? 'inactive' : 'active',
      first_name: r.firstName ?? '',
      last_name: r.lastName ?? '',
      primary_email: r.email,
      is_part_of_org: r.organizationId !== null,
      organization_id: r.organizationId,
      // invited by its organization (server/services/team.ts), the claim link not used yet
      invitation_pending: r.userStatus === 'claim_account',
      availability: windows
        .filter((w) => w.vendorAccountId === r.id)
        .map((w) => ({ day_of_week: w.dayOfWeek, start: toTimeOfDay(w.startMinute), end: toTimeOfDay(w.endMinute) })),
      created: r.createdAt.toISOString(),
    }));
    return { items, total: total?.n ?? 0 };
  };

  const names = [sql`lower(coalesce(${accounts.firstName}, ''))`, sql`lower(coalesce(${users.lastName}, ''))`];
  const byName = names.map((n) => asc(n));

  /** GET organization/{id}/vendors: the organization's own vendors (super and admin: any organization's). */
  const listOrganizationVendors = async (auth: Caller, organizationId: string, query: OrganizationVendorsQuery): Promise<VendorPage> => {
    if (auth.role === 'organization' && auth.accountId !== organizationId) throw notFound();
    // the team screen's search (issue 11): name or e-mail; fewer than 3 characters finds nothing (SearchText)
    const words = (query.search ?? '').trim();
    if (words !== '' && words.length < TEAM_SEARCH_MIN) return { items: [], total: 0 };
    const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = and(
      eq(vendorOrganizations.organizationAccountId, organizationId),
      query._id ? eq(accounts.id, query._id) : undefined,
      words !== '' ? or(ilike(accounts.firstName, pattern), ilike(users.lastName, pattern), ilike(accounts.primaryEmail, pattern), ilike(users.firstName, pattern)) : undefined,
      query.type === 'inactive' ? sql`false` : undefined,
    );
    return vendorsPage(where, byName, query.start ?? 0, query.num ?? 100);
  };

  /** GET admin/vendors: every vendor (super, admin), searched by name or email, by organization. */
  const listAdminVendors = async (query: AdminVendorsQuery): Promise<VendorPage> => {
    const text = query.search?.trim();
    const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = and(
      pattern ? or(ilike(accounts.firstName, pattern), ilike(users.lastName, pattern), ilike(accounts.primaryEmail, pattern)) : undefined,
      query.organization_id ? eq(vendorOrganizations.organizationAccountId, query.organization_id) : undefined,
      query.status === 'inactive' ? sql`false` : undefined,
    );
    const direction = query.order === 'asc' ? asc : desc;
    const order = query.sort === 'name' ? names.map((n) => direction(n)) : [direction(accounts.createdAt)];
    const size = query.pageSize ?? 10;
    return vendorsPage(where, order, ((query.page ?? 1) - 1) * size, size);
  };

  // ── the new vendor's calendar ──

  const zoneOf = async (tx: Db, row: AppointmentRow): Promise<string> => {
    const zip = (row.addressData.postal_code ?? '').slice(0, 5);
    if (!zip) return DEFAULT_ZONE;
    const [found] = await tx.select({ zone: serviceAreaZipCodes.timeZone }).from(serviceAreaZipCodes).where(eq(serviceAreaZipCodes.zipCode, zip));
    return found?.zone ?? DEFAULT_ZONE;
  };

  /**
   * Why `vendorId` cannot take the visit `row` (its start and duration), or undefined when it can: approved time
   * off, then the calendar's own reasons (working hours, its other open visits), read in `tx` so the visits a
   * move gave it before count.
   */
  const refusalFor = async (tx: Db, vendorId: string, row: AppointmentRow): Promise<Refusal | undefined> => {
    const start = row.startTime.getTime();
    const end = start + row.duration * MINUTE;
    const off = await tx
      .select({ id: vendorTimeOff.id })
      .from(vendorTimeOff)
      .where(
        and(
          eq(vendorTimeOff.vendorAccountId, vendorId),
          eq(vendorTimeOff.status, 'approved'),
          lt(vendorTimeOff.startTime, new Date(end)),
          gt(vendorTimeOff.endTime, new Date(start)),
        ),
      );
    if (off.length) return { message: VENDOR_TIME_OFF, code: 'vendor_time_off' };
    const local = DateTime.fromMillis(start, { zone: await zoneOf(tx, row) });
    const day = local.startOf('day');
    const [windows, visits] = await Promise.all([
      tx.select().from(vendorAvailability).where(and(eq(vendorAvailability.vendorAccountId, vendorId), eq(vendorAvailability.dayOfWeek, dayOfWeekOf(day.weekday)))),
      tx
        .select({ start: appointments.startTime, duration: appointments.duration })
        .from(appointments)
        .where(
          and(
            eq(appointments.vendorAccountId, vendorId),
            inArray(appointments.status, OPEN),
            ne(appointments.id, row.id),
            gte(appointments.startTime, new Date(day.toMillis() - 24 * 60 * MINUTE)),
            lt(appointments.startTime, new Date(day.endOf('day').toMillis())),
          ),
        ),
    ]);
    const busy: Interval[] = visits.map((v) => ({ start: v.start.getTime(), end: v.start.getTime() + v.duration * MINUTE }));
    const minute = local.hour * 60 + local.minute;
    const refusal = refusalAt(
      {
        windows: windows.map((w) => ({ start: w.startMinute, end: w.endMinute })),
        duration: row.duration,
        busy,
        notBefore: clock.now().getTime(),
        instantOf: (m) => day.set({ hour: Math.floor(m / 60), minute: m % 60, second: 0, millisecond: 0 }).toMillis(),
      },
      minute,
    );
    if (refusal === undefined) return undefined;
    // The code names the message, so the screens translate it (slot_outside_hours, outside_working_range).
    const code = refusal === MESSAGES.slot_taken ? 'vendor_unavailable' : refusal === MESSAGES.slot_outside_hours ? 'slot_outside_hours' : 'outside_working_range';
    return { message: refusal, code };
  };

  /** The vendor a visit goes to, and its organization; an organization names only its own vendors. */
  const targetVendor = async (tx: Db, auth: Caller, vendorId: string): Promise<{ vendor: string; organization: string | null }> => {
    const [found] = await tx
      .select({ id: accounts.id, organization: vendorOrganizations.organizationAccountId })
      .from(accounts)
      .leftJoin(vendorOrganizations, eq(vendorOrganizations.vendorAccountId, accounts.id))
      .where(and(eq(accounts.id, vendorId), eq(accounts.type, 'vendor')));
    if (!found) throw notFound(auth.role === 'organization' ? MESSAGES.vendor_not_in_organization : 'Vendor not found', 'vendor_not_found');
    if (auth.role === 'organization' && found.organization !== auth.accountId) throw notFound(MESSAGES.vendor_not_in_organization, 'vendor_not_in_organization');
    return { vendor: found.id, organization: found.organization };
  };

  /** After commit: the customer, the old and the new vendor and organization, and super watchers hear 'updated'. */
  const announce = (id: string, parties: readonly (string | null)[]) => {
    if (!live) return;
    const payload = { reason: 'updated', resourceType: 'appointment', resourceId: id };
    for (const accountId of new Set(parties.filter((p): p is string => p !== null))) live.toAccount(accountId, LiveEvents.resourceUpdated, payload);
    live.toSupers(LiveEvents.resourceUpdated, payload);
  };

  /** One visit to the new vendor inside `tx`: the chart's `appointment.reassign`, then the new vendor's calendar. */
  const reassignIn = async (tx: Db, auth: Actor, id: string, visible: SQL | undefined, to: { vendor: string; organization: string | null }, requestId: string | null) => {
    const { row, from } = await (async () => {
      const [before] = await tx.select().from(appointments).where(and(eq(appointments.id, id), visible));
      if (!before) throw notFound('Appointment not found');
      const { row } = await transitions.change('appointment', {
        auth,
        requestId,
        tx,
        target: { id, visible },
        event: { type: 'appointment.reassign' },
        changes: { vendorAccountId: to.vendor, organizationAccountId: to.organization },
      });
      return { row, from: before };
    })();
    const refusal = await refusalFor(tx, to.vendor, row);
    if (refusal) throw conflict(refusal.message, refusal.code);
    return { row, parties: [row.customerAccountId, from.vendorAccountId, to.vendor, from.organizationAccountId, to.organization] };
  };

  /** PUT appointments/update/{id} with `vendor_id` alone: another vendor takes the visit (status unchanged). */
  const reassign = async (auth: Actor, id: string, vendorId: string, requestId: string | null): Promise<AppointmentWire> => {
    const visible = visibleTo(auth, { customer: appointments.customerAccountId, vendor: appointments.vendorAccountId, organization: appointments.organizationAccountId });
    const done = await db.transaction(async (tx) => {
      const [exists] = await tx.select({ id: appointments.id }).from(appointments).where(and(eq(appointments.id, id), visible));
      if (!exists) throw notFound('Appointment not found');
      return reassignIn(tx, auth, id, visible, await targetVendor(tx, auth, vendorId), requestId);
    });
    announce(done.row.id, done.parties);
    const [people, zones] = await Promise.all([peopleById(db, [done.row.customerAccountId, done.row.vendorAccountId]), zonesOf(db, [done.row])]);
    return appointmentWire(done.row, people, zones);
  };

  /** Midnight of a YYYY-MM-DD day in the demo service area's zone. */
  const midnight = (day: string, field: string): DateTime => {
    const d = DateTime.fromISO(day, { zone: DEFAULT_ZONE });
    if (!DAY.test(day) || !d.isValid) throw badRequest(`${field} must be a day, YYYY-MM-DD`);
    return d.startOf('day');
  };

  /**
   * POST admin/move-vendor-appointments (super): the open visits of `from_vendor_id` from `start_date` to
   * `end_date` (whole days, both included) that have not started go to `to_vendor_id`, all or nothing. Each visit
   * is checked against the target's calendar with the visits moved before it; one refusal moves nothing (409).
   */
  const move = async (auth: Actor, body: MoveBody, requestId: string | null): Promise<MoveResult> => {
    const first = midnight(body.start_date, 'start_date');
    const after = midnight(body.end_date, 'end_date').plus({ days: 1 });
    // The form's rules (src/core/rules/vendor-move.ts), asked again here.
    const form = { from: body.from_vendor_id, to: body.to_vendor_id, start: body.start_date, end: body.end_date };
    if (after <= first || !vendorMoveRules.rangeInOrder.test(form)) throw badRequest(MESSAGES.range_ends_before_start, 'range_ends_before_start');
    if (!vendorMoveRules.otherVendor.test(form)) throw badRequest(SAME_VENDOR, 'same_vendor');
    const moved = await db.transaction(async (tx) => {
      await targetVendor(tx, auth, body.from_vendor_id);
      const to = await targetVendor(tx, auth, body.to_vendor_id);
      const visits = await tx
        .select({ id: appointments.id, start: appointments.startTime })
        .from(appointments)
        .where(
          and(
            eq(appointments.vendorAccountId, body.from_vendor_id),
            inArray(appointments.status, OPEN),
            gte(appointments.startTime, new Date(Math.max(first.toMillis(), clock.now().getTime() + 1))),
            lt(appointments.startTime, after.toJSDate()),
          ),
        )
        .orderBy(asc(appointments.startTime), asc(appointments.id));
      const done: { row: AppointmentRow; parties: (string | null)[] }[] = [];
      const refusals: string[] = [];
      for (const visit of visits) {
        try {
          // Each in its own savepoint, so a refused one leaves the others checked against what was moved.
          done.push(await tx.transaction((sp) => reassignIn(sp as unknown as Db, auth, visit.id, undefined, to, requestId)));
        } catch (e) {
          if (!(e instanceof HttpError) || e.status >= 500) throw e;
          refusals.push(`${visit.start.toISOString()}: ${e.message}`);
        }
      }
      if (refusals.length) {
        const named = refusals.slice(0, NAMED_REFUSALS).join('; ');
        const more = refusals.length > NAMED_REFUSALS ? `; and ${refusals.length - NAMED_REFUSALS} more` : '';
        throw conflict(`Nothing was moved: one visit cannot go to the new vendor. ${named}${more}`, 'move_refused');
      }
      return done;
    });
    for (const d of moved) announce(d.row.id, d.parties);
    const [people, zones] = await Promise.all([
      peopleById(db, moved.flatMap((d) => [d.row.customerAccountId, d.row.vendorAccountId])),
      zonesOf(db, moved.map((d) => d.row)),
    ]);
    return { moved: moved.length, items: moved.map((d) => appointmentWire(d.row, people, zones)) };
  };

  return { listOrganizationVendors, listAdminVendors, reassign, move };
};

export type VendorAssignmentService = ReturnType<typeof createVendorAssignmentService>;
