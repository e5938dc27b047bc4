/**
 * Appointments: reads with ownership, and every change as an event of the appointment chart through the
 * transition service (server/services/transitions.ts), which writes the audit row in the same transaction.
 *
 * Ownership: a customer sees its own appointments, a vendor those assigned to it, an organization those of
 * its vendors (the appointment's organization), super and admin all. An appointment the caller may not see
 * is answered 404, exactly like one that does not exist.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/client';
import { LiveEvents } from '../../src/core/model/live-events';
import type { LiveHub } from '../adapters/live';
import type { Clock } from '../clock';
import { DEFAULT_DAY_VIEW_CACHE_SIZE } from '../config';
import { accounts, appointments, serviceAreaZipCodes, users, vendorTodayNotes } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { JsonText } from '../json-text';
import { createRemembered } from '../db/remembered';
import type { AppointmentChanges, AppointmentRow, EventInput, TransitionService } from './transitions';
import { DEFAULT_DAY_ZONE, organizationZone } from './organization-zone';
import type { VisitLedgerService } from './visit-ledger';
import type { VisitSchedule } from './visit-schedule';
import type { AppointmentContext, appointmentMachine } from '../../src/machines/lifecycles/appointment.machine';

export type AppointmentWire = components['schemas']['Appointment'];
export type AppointmentPage = components['schemas']['AppointmentPage'];
/** The organization's day (GET sort/appointments): the page of the day's visits and the day they are of. */
export type AppointmentDay = components['schemas']['AppointmentDay'];
export type PersonData = components['schemas']['PersonData'];
type ListQuery = NonNullable<operations['listAppointments']['parameters']['query']>;
type UpdateBody = components['schemas']['UpdateAppointmentRequest'];
type CompleteBody = components['schemas']['CompleteAppointmentRequest'];
type TodayQuery = NonNullable<operations['getTodayAppointments']['parameters']['query']>;
type SortQuery = NonNullable<operations['sortAppointments']['parameters']['query']>;
type TodayNoteBody = components['schemas']['TodayNoteRequest'];
export type TodayWire = components['schemas']['Today'];
export type TodayNoteWire = components['schemas']['VendorTodayNote'];

/** The zone of a day when no appointment names one (the zone of every seeded service area). */
const FALLBACK_ZONE = DEFAULT_DAY_ZONE;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const MINUTE = 60_000;
/** How many days' windows `dayWindow` keeps (a few years of days). */
const DAY_WINDOWS_KEPT = 2_000;

/** The columns that say whose a record is. */
export interface OwnerColumns {
  readonly customer: PgColumn;
  readonly vendor: PgColumn;
  readonly organization: PgColumn;
}

/**
 * Which records the caller may see: undefined for all (super, admin), a condition on the owner column of
 * the caller's role otherwise, and nothing for any other role.
 */
export const visibleTo = (auth: Pick<AuthContext, 'role' | 'accountId'>, owner: OwnerColumns): SQL | undefined => {
  if (auth.role === 'super' || auth.role === 'admin') return undefined;
  if (!auth.accountId) return sql`false`;
  if (auth.role === 'customer') return eq(owner.customer, auth.accountId);
  if (auth.role === 'vendor') return eq(owner.vendor, auth.accountId);
  if (auth.role === 'organization') return eq(owner.organization, auth.accountId);
  return sql`false`;
};

const appointmentOwner: OwnerColumns = {
  customer: appointments.customerAccountId,
  vendor: appointments.vendorAccountId,
  organization: appointments.organizationAccountId,
};

/**
 * `visibleTo(auth, appointmentOwner)` with the caller's account as a placeholder (`owner`), for prepared
 * statements: the same condition for every caller of a role, `key` naming it.
 */
const ownerScopeOf = (auth: Pick<AuthContext, 'role' | 'accountId'>): { key: string; scope: SQL | undefined; owner?: string } => {
  if (auth.role === 'super' || auth.role === 'admin') return { key: 'all', scope: undefined };
  const column = auth.role === 'customer' ? appointments.customerAccountId : auth.role === 'vendor' ? appointments.vendorAccountId : auth.role === 'organization' ? appointments.organizationAccountId : undefined;
  if (!auth.accountId || !column) return { key: 'none', scope: sql`false` };
  return { key: auth.role, scope: eq(column, sql.placeholder('owner')), owner: auth.accountId };
};

type ListFilter = 'status' | 'from' | 'to' | 'customer_id' | 'vendor_id' | 'organization_id' | 'subscription_id';
/** The list's filters: the query parameter, its column, and how it compares (from inclusive, to exclusive). */
const LIST_FILTERS: readonly (readonly [ListFilter, PgColumn, typeof eq])[] = [
  ['status', appointments.status, eq],
  ['from', appointments.startTime, gte],
  ['to', appointments.startTime, lt],
  ['customer_id', appointments.customerAccountId, eq],
  ['vendor_id', appointments.vendorAccountId, eq],
  ['organization_id', appointments.organizationAccountId, eq],
  ['subscription_id', appointments.subscriptionId, eq],
];

/** PersonData (customer_data, vendor_data) of some accounts, by account id. */
export const peopleById = async (db: Db, ids: readonly (string | null)[]): Promise<Map<string, PersonData>> => {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: accounts.id, firstName: accounts.firstName, email: accounts.primaryEmail, lastName: users.lastName })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(inArray(accounts.id, wanted));
  return new Map(
    rows.map((r) => [
      r.id,
      { _id: r.id, primary_email: r.email, ...(r.firstName ? { first_name: r.firstName } : {}), ...(r.lastName ? { last_name: r.lastName } : {}) },
    ]),
  );
};

const personOf = (people: Map<string, PersonData>, id: string): PersonData => people.get(id) ?? { _id: id };

// ── one statement for a page of appointments and their people ─────────────────────────────────────────────
// A list or day view reads its appointments, their customers and vendors (PersonData) and, for a day, each visit's
// time zone in one statement: the people are joined in (the same account + user pair `peopleById` reads), not
// read by a second query after the first (docs/performance.md).

const customerAccount = alias(accounts, 'customer_account');
const customerUser = alias(users, 'customer_user');
const vendorAccount = alias(accounts, 'vendor_account');
const vendorUser = alias(users, 'vendor_user');

/** The 5-digit ZIP code of an address column, as `zipOf` reads it. */
const zipSql = (addressData: SQLWrapper) => sql`left(coalesce(${addressData}->>'postal_code', ''), 5)`;

const personColumns = (account: typeof customerAccount | typeof vendorAccount, user: typeof customerUser | typeof vendorUser) => ({
  id: account.id,
  email: account.primaryEmail,
  firstName: account.firstName,
  userId: user.id,
  lastName: user.lastName,
});

const withPeople = {
  appointment: appointments,
  customer: personColumns(customerAccount, customerUser),
  vendor: personColumns(vendorAccount, vendorUser),
  /** The IANA zone of the visit's ZIP code (null: not in the service area). */
  zone: serviceAreaZipCodes.timeZone,
};

interface PersonColumns {
  readonly id: string | null;
  readonly email: string | null;
  readonly firstName: string | null;
  readonly userId: string | null;
  readonly lastName: string | null;
}
interface WithPeopleRow {
  readonly appointment: AppointmentRow;
  readonly customer: PersonColumns | null;
  readonly vendor: PersonColumns | null;
  readonly zone: string | null;
}

/**
 * SELECT appointments with their customer and vendor and their ZIP code's zone joined (left joins: a missing
 * person reads as `{ _id }`, a ZIP code outside the service area as no zone).
 */
const selectWithPeople = <F extends Record<string, SQL>>(db: Db, extra: F = {} as F) =>
  db
    .select({ ...withPeople, ...extra })
    .from(appointments)
    .leftJoin(customerAccount, eq(customerAccount.id, appointments.customerAccountId))
    .leftJoin(customerUser, eq(customerUser.id, customerAccount.userId))
    .leftJoin(vendorAccount, eq(vendorAccount.id, appointments.vendorAccountId))
    .leftJoin(vendorUser, eq(vendorUser.id, vendorAccount.userId))
    .leftJoin(serviceAreaZipCodes, eq(serviceAreaZipCodes.zipCode, zipSql(appointments.addressData)));

/**
 * The rows' appointments, a people map of their customers and vendors, as `peopleById` would answer it, and the
 * zones of their ZIP codes, as `zonesOf` would.
 */
const splitPeople = (rows: readonly WithPeopleRow[]): { rows: AppointmentRow[]; people: Map<string, PersonData>; zones: Map<string, string> } => {
  const people = new Map<string, PersonData>();
  const zones = new Map<string, string>();
  const add = (p: PersonColumns | null) => {
    // peopleById joins the account's user: an account without one is not a person there either.
    if (!p || p.id === null || p.email === null || p.userId === null || people.has(p.id)) return;
    people.set(p.id, { _id: p.id, primary_email: p.email, ...(p.firstName ? { first_name: p.firstName } : {}), ...(p.lastName ? { last_name: p.lastName } : {}) });
  };
  for (const r of rows) {
    add(r.customer);
    add(r.vendor);
    if (r.zone) zones.set(zipOf(r.appointment), r.zone);
  }
  return { rows: rows.map((r) => r.appointment), people, zones };
};

/** The 5-digit ZIP code of an appointment's address (as `zipSql` reads it in SQL). */
export const zipOf = (row: Pick<AppointmentRow, 'addressData'>): string => (row.addressData?.postal_code ?? '').slice(0, 5);

/** The IANA zones of the appointments' ZIP codes, by ZIP code (a ZIP code outside the service area has none). */
export const zonesOf = async (db: Db, rows: readonly Pick<AppointmentRow, 'addressData'>[]): Promise<Map<string, string>> => {
  const zips = [...new Set(rows.map(zipOf).filter(Boolean))];
  if (!zips.length) return new Map();
  const found = await db.select({ zip: serviceAreaZipCodes.zipCode, zone: serviceAreaZipCodes.timeZone }).from(serviceAreaZipCodes).where(inArray(serviceAreaZipCodes.zipCode, zips));
  return new Map(found.map((r) => [r.zip, r.zone]));
};

/** A day's visits as the day views read them: the columns of the wire, the JSON columns as their text. */
const dayFields = {
  id: appointments.id,
  status: appointments.status,
  startTime: appointments.startTime,
  duration: appointments.duration,
  serviceData: sql<string>`${appointments.serviceData}::text`,
  orderType: appointments.orderType,
  planId: appointments.planId,
  subscriptionId: appointments.subscriptionId,
  customerAccountId: appointments.customerAccountId,
  vendorAccountId: appointments.vendorAccountId,
  organizationAccountId: appointments.organizationAccountId,
  addressData: sql<string>`${appointments.addressData}::text`,
  paymentIntentId: appointments.paymentIntentId,
  custom: sql<string | null>`${appointments.custom}::text`,
  price: appointments.price,
  note: appointments.note,
  completedAt: appointments.completedAt,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
  customer: personColumns(customerAccount, customerUser),
  vendor: personColumns(vendorAccount, vendorUser),
  zone: serviceAreaZipCodes.timeZone,
};

/** A day view's row: `dayFields`, with its JSON columns as text. */
interface DayRow {
  readonly id: string;
  readonly status: string;
  readonly startTime: Date;
  readonly duration: number;
  readonly serviceData: string;
  readonly orderType: string;
  readonly planId: string | null;
  readonly subscriptionId: string | null;
  readonly customerAccountId: string;
  readonly vendorAccountId: string | null;
  readonly organizationAccountId: string | null;
  readonly addressData: string;
  readonly paymentIntentId: string | null;
  readonly custom: string | null;
  readonly price: number | null;
  readonly note: string | null;
  readonly completedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly customer: PersonColumns | null;
  readonly vendor: PersonColumns | null;
  readonly zone: string | null;
}

const q = JSON.stringify;

/** PersonData as JSON text, as `splitPeople` and `personOf` answer it (`{ _id }` alone without the account's user). */
const personText = (id: string, p: PersonColumns | null): string =>
  p && p.id !== null && p.email !== null && p.userId !== null
    ? `{"_id":${q(p.id)},"primary_email":${q(p.email)}${p.firstName ? `,"first_name":${q(p.firstName)}` : ''}${p.lastName ? `,"last_name":${q(p.lastName)}` : ''}}`
    : `{"_id":${q(id)}}`;

/**
 * `appointmentWire` as JSON text, for the answers that carry a day of visits (the vendor's day, the organization's
 * day): the JSON columns arrive as PostgreSQL's text and are written into the answer as they are, never parsed into
 * objects and written back per request (docs/performance.md). The same fields by the same rules as
 * `appointmentWire`, in the same order; tests/server/appointments-today.test.ts compares the two on every seeded
 * visit and on visits with every optional field set and missing.
 */
const appointmentWireText = (r: DayRow): string =>
  `{"_id":${q(r.id)},"status":${q(r.status)},"start_time":"${r.startTime.toISOString()}",` +
  `"end_time":"${new Date(r.startTime.getTime() + r.duration * MINUTE).toISOString()}","duration":${q(r.duration)},` +
  `"service_data":${r.serviceData},"order_data":{"type":${q(r.orderType)}${r.planId ? `,"plan_id":${q(r.planId)}` : ''}},` +
  `"subscription_id":${q(r.subscriptionId)},"customer_data":${personText(r.customerAccountId, r.customer)},` +
  `"vendor_data":${r.vendorAccountId ? personText(r.vendorAccountId, r.vendor) : 'null'},"organization_id":${q(r.organizationAccountId)},` +
  `"address_data":${r.addressData}${r.zone ? `,"time_zone":${q(r.zone)}` : ''},"paymentIntentId":${q(r.paymentIntentId)},` +
  `"custom":${r.custom ?? 'null'}${r.price !== null ? `,"price":${q(r.price)}` : ''},"note":${q(r.note)},` +
  `"completed_at":${r.completedAt ? `"${r.completedAt.toISOString()}"` : 'null'},"created":"${r.createdAt.toISOString()}","updated":"${r.updatedAt.toISOString()}"}`;

/** SELECT `dayFields` (and `extra`) with the same joins as `selectWithPeople`. */
const selectDayWithPeople = <F extends Record<string, SQL>>(db: Db, extra: F = {} as F) =>
  db
    .select({ ...dayFields, ...extra })
    .from(appointments)
    .leftJoin(customerAccount, eq(customerAccount.id, appointments.customerAccountId))
    .leftJoin(customerUser, eq(customerUser.id, customerAccount.userId))
    .leftJoin(vendorAccount, eq(vendorAccount.id, appointments.vendorAccountId))
    .leftJoin(vendorUser, eq(vendorUser.id, vendorAccount.userId))
    .leftJoin(serviceAreaZipCodes, eq(serviceAreaZipCodes.zipCode, zipSql(appointments.addressData)));

/** A joined person's lower-cased "first last", as the organization's day sorts by it; '\uffff' (last) without one. */
const sortNameOf = (p: PersonColumns | null): string => {
  if (!p || p.id === null || p.email === null || p.userId === null) return '\uffff';
  return `${p.firstName || ''} ${p.lastName || ''}`.trim().toLocaleLowerCase() || '\uffff';
};

/**
 * The appointment as the contract answers it. `zones` (ZIP code → IANA zone, from `zonesOf` or the joined reads)
 * gives `time_zone`, the zone the visit's times are shown in on every screen.
 */
export const appointmentWire = (row: AppointmentRow, people: Map<string, PersonData>, zones: ReadonlyMap<string, string>): AppointmentWire => ({
  _id: row.id,
  status: row.status,
  start_time: row.startTime.toISOString(),
  end_time: new Date(row.startTime.getTime() + row.duration * MINUTE).toISOString(),
  duration: row.duration,
  service_data: row.serviceData,
  order_data: { type: row.orderType, ...(row.planId ? { plan_id: row.planId } : {}) },
  subscription_id: row.subscriptionId,
  customer_data: personOf(people, row.customerAccountId),
  vendor_data: row.vendorAccountId ? personOf(people, row.vendorAccountId) : null,
  organization_id: row.organizationAccountId,
  address_data: row.addressData,
  ...(zones.has(zipOf(row)) ? { time_zone: zones.get(zipOf(row))! } : {}),
  paymentIntentId: row.paymentIntentId,
  custom: row.custom,
  ...(row.price !== null ? { price: row.price } : {}),
  note: row.note,
  completed_at: row.completedAt?.toISOString() ?? null,
  created: row.createdAt.toISOString(),
  updated: row.updatedAt.toISOString(),
});

type AppointmentEventInput = EventInput<typeof appointmentMachine>;

export interface AppointmentService {
  list(auth: AuthContext, query: ListQuery): Promise<AppointmentPage>;
  get(auth: AuthContext, id: string): Promise<AppointmentWire>;
  cancel(auth: AuthContext, id: string, body: { note?: string }, requestId: string): Promise<AppointmentWire>;
  reinstate(auth: AuthContext, id: string, requestId: string): Promise<AppointmentWire>;
  enable(auth: AuthContext, id: string, requestId: string): Promise<AppointmentWire>;
  rainDelay(auth: AuthContext, id: string, body: { start_time: string; note?: string }, requestId: string): Promise<AppointmentWire>;
  exception(auth: AuthContext, id: string, body: { note?: string }, requestId: string): Promise<AppointmentWire>;
  complete(auth: AuthContext, body: CompleteBody, requestId: string): Promise<AppointmentWire>;
  update(auth: AuthContext, id: string, body: UpdateBody, requestId: string): Promise<AppointmentWire>;
  /** GET appointments/today: a vendor's visits on one day (in each visit's own time zone) and the day's note. */
  today(auth: AuthContext, query: TodayQuery): Promise<JsonText<TodayWire>>;
  /** POST appointments/today: the vendor's note for a day (one per day, replaced on each save). */
  saveTodayNote(auth: AuthContext, body: TodayNoteBody): Promise<TodayNoteWire>;
  /**
   * GET sort/appointments: the day view's visits of one day (each in its own ZIP's zone), scoped like every
   * appointment read, with vendor, customer and organization filters, in `sort` order. Without `date`, today as the
   * server counts it in the zone of whose day it is (`todayZone`); the answer names the day (and then the zone).
   */
  sorted(auth: AuthContext, query: SortQuery): Promise<JsonText<AppointmentDay>>;
  /**
   * Forgets every remembered day answer: something a day view reads (a visit, its people's account or user, a ZIP
   * code's zone, a vendor's note of the day) changed. Called by the change feed (server/db/changes.ts) on every such
   * change, whoever made it.
   */
  forgetDays(): void;
}

/** At most this many characters of remembered day answers (an organization's 100-visit day is about 155,000). */
export const DAY_VIEW_CACHE_CHARS = 32 * 1024 * 1024;

export interface AppointmentServiceDeps {
  readonly db: Db;
  readonly transitions: TransitionService;
  readonly clock: Clock;
  /** Absent in tests that do not watch the live connection. */
  readonly live?: LiveHub;
  /** Writes a completed visit's earning and give-back in the completing transaction (absent: nothing is written). */
  readonly visitLedger?: Pick<VisitLedgerService, 'settle'>;
  /** The visit schedule ("this and all later visits"); absent, every change moves one visit only. */
  readonly schedule?: VisitSchedule;
  /** Attaches the photos named at completion and lists a visit's photos (absent: no photos). */
  readonly visitPhotos?: {
    attach(tx: Db, auth: AuthContext, appointmentId: string, mediaIds: readonly string[]): Promise<void>;
    idsOf(appointmentId: string): Promise<string[]>;
  };
  /**
   * Whether every change of what a day view reads is known to reach `forgetDays` right now (the change feed is
   * live). Only then is a day answer remembered and answered from; default: never.
   */
  readonly daysKnown?: () => boolean;
  /** How many day answers to remember (config.dayViewCacheSize; default DEFAULT_DAY_VIEW_CACHE_SIZE; 0: none). */
  readonly dayViewCacheSize?: number;
}

export const createAppointmentService = ({
  db,
  transitions,
  clock,
  live,
  visitLedger,
  schedule,
  visitPhotos,
  daysKnown = () => false,
  dayViewCacheSize = DEFAULT_DAY_VIEW_CACHE_SIZE,
}: AppointmentServiceDeps): AppointmentService => {
  // The day views' answers (their JSON text), remembered while the change feed is live and dropped on every change
  // of what they read (forgetDays; server/db/remembered.ts). The key holds everything an answer depends on: which
  // view, the caller's role and account (its scope), and the view's parameters. Every check runs before a remembered
  // answer is used: the session check (the route's), whose day the caller may read (dayOwner), the date.
  const dayAnswers = createRemembered<JsonText<TodayWire> | JsonText<AppointmentDay>>({
    size: dayViewCacheSize,
    known: daysKnown,
    weigh: (answer) => answer.text.length,
    maxWeight: DAY_VIEW_CACHE_CHARS,
  });
  const dayKey = (view: 'today' | 'sorted', auth: AuthContext, ...parameters: (string | undefined)[]) =>
    JSON.stringify([view, auth.role, auth.accountId, ...parameters]);
  const rememberedDay = async <T extends JsonText<TodayWire> | JsonText<AppointmentDay>>(key: string, answer: () => Promise<T>): Promise<T> =>
    (await dayAnswers.read(key, answer)) as T;
  const wireOf = async (row: AppointmentRow) => {
    const [people, zones, images] = await Promise.all([
      peopleById(db, [row.customerAccountId, row.vendorAccountId]),
      zonesOf(db, [row]),
      visitPhotos ? visitPhotos.idsOf(row.id) : [],
    ]);
    const wire = appointmentWire(row, people, zones);
    return images.length ? { ...wire, images } : wire;
  };

  /** After commit: every party of the appointment (customer, vendor, organization) and super watchers hear 'updated'. */
  const announce = (row: AppointmentRow) => {
    if (!live) return;
    const payload = { reason: 'updated', resourceType: 'appointment', resourceId: row.id };
    const parties = new Set([row.customerAccountId, row.vendorAccountId, row.organizationAccountId].filter((id): id is string => id !== null));
    for (const accountId of parties) live.toAccount(accountId, LiveEvents.resourceUpdated, payload);
    live.toSupers(LiveEvents.resourceUpdated, payload);
  };

  /** Whose day is asked for: a vendor's own; staff and organizations name the vendor (an organization one of its own). */
  const dayOwner = async (auth: AuthContext, vendorId: string | undefined): Promise<{ vendor: string; scope: SQL | undefined }> => {
    if (auth.role === 'vendor') {
      if (!auth.accountId) throw forbidden();
      if (vendorId !== undefined && vendorId !== auth.accountId) throw forbidden('A vendor reads only its own day.');
      return { vendor: auth.accountId, scope: undefined };
    }
    if (!vendorId) throw badRequest('vendor_id is required');
    return { vendor: vendorId, scope: visibleTo(auth, appointmentOwner) };
  };

  /**
   * The list's statements, prepared once per shape (the caller's scope, the order and which filters are given;
   * at most a few hundred shapes): drizzle builds each once and PostgreSQL plans it once per connection.
   */
  const prepareList = (where: SQL | undefined, order: 'asc' | 'desc', name: string) => {
    const orderBy = order === 'desc' ? [desc(appointments.startTime), desc(appointments.id)] : [asc(appointments.startTime), asc(appointments.id)];
    return {
      page: selectWithPeople(db).where(where).orderBy(...orderBy).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(`${name}_page`),
      count: db.select({ n: count() }).from(appointments).where(where).prepare(`${name}_count`),
    };
  };
  const listStatements = new Map<string, ReturnType<typeof prepareList>>();

  /** One event of the appointment chart on a record the caller can see; answers the appointment after it. */
  const send = async (
    auth: AuthContext,
    id: string,
    event: AppointmentEventInput | ((facts: AppointmentContext) => AppointmentEventInput),
    requestId: string,
    changes?: AppointmentChanges,
  ) => {
    const { row } = await transitions.change('appointment', {
      auth,
      requestId,
      target: { id, visible: visibleTo(auth, appointmentOwner) },
      event,
      ...(changes ? { changes } : {}),
    });
    announce(row);
    return wireOf(row);
  };

  /** The caller's appointment, or 404. */
  const visible = async (auth: AuthContext, id: string): Promise<AppointmentRow> => {
    const [row] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, id), visibleTo(auth, appointmentOwner)));
    if (!row) throw notFound('Appointment not found');
    return row;
  };

  const noteChange = (note: string | undefined): AppointmentChanges => (note !== undefined ? { note } : {});

  /**
   * The visits whose own local day is `date` (each in its ZIP's zone, `fallbackZone` when it names none), with
   * their people, in start order: one statement. Every zone's day lies within 14 hours of the UTC day around it,
   * so the statement reads 26 hours either side of noon (the vendor/start index), and PostgreSQL keeps the rows
   * whose start, in the zone joined from the ZIP code, falls on `date` (its IANA time zone data; PGlite's too).
   */
  const dayQuery = <F extends Record<string, SQL>>(
    where: SQL | undefined,
    date: SQLWrapper | string,
    from: SQLWrapper | string,
    to: SQLWrapper | string,
    fallbackZone: SQLWrapper | string,
    extra: F = {} as F,
  ) =>
    selectDayWithPeople(db, extra)
      .where(
        and(
          where,
          ne(appointments.status, 'deleted'),
          sql`${appointments.startTime} >= ${from}::timestamptz`,
          sql`${appointments.startTime} < ${to}::timestamptz`,
          sql`(${appointments.startTime} at time zone coalesce(${serviceAreaZipCodes.timeZone}, ${fallbackZone}))::date = ${date}::date`,
        ),
      )
      .orderBy(asc(appointments.startTime), asc(appointments.id));

  /**
   * The 52 hours around `date`'s UTC noon that hold its day in every zone (ISO strings), or 400. Kept per valid date
   * (a pure function of it; luxon's parsing and arithmetic were a tenth of a remembered day read's CPU).
   */
  const windows = new Map<string, { from: string; to: string }>();
  const dayWindow = (date: string): { from: string; to: string } => {
    const known = windows.get(date);
    if (known) return known;
    const noon = DateTime.fromISO(`${date}T12:00:00`, { zone: 'UTC' });
    if (!DAY.test(date) || !noon.isValid) throw badRequest('date must be a day, YYYY-MM-DD');
    const span = { from: noon.minus({ hours: 26 }).toISO()!, to: noon.plus({ hours: 26 }).toISO()! };
    if (windows.size >= DAY_WINDOWS_KEPT) windows.clear();
    windows.set(date, span);
    return span;
  };

  // The vendor's day (GET appointments/today, the vendor's screen) as prepared statements: built once, planned once
  // per connection. The zone of the vendor's service area is its latest visit's ZIP code's.
  const homeVisit = alias(appointments, 'home_visit');
  const homeZip = alias(serviceAreaZipCodes, 'home_zip');
  const homeZone = db
    .select({ zone: homeZip.timeZone })
    .from(homeVisit)
    .leftJoin(homeZip, eq(homeZip.zipCode, zipSql(homeVisit.addressData)))
    .where(eq(homeVisit.vendorAccountId, sql.placeholder('vendor')))
    .orderBy(desc(homeVisit.startTime))
    .limit(1);
  const homeZoneStatement = homeZone.prepare('tendwell_vendor_home_zone');
  /** Today (YYYY-MM-DD) by the server's clock in `zone`: the day a day view shows when none is asked. */
  const todayIn = (zone: string): string => DateTime.fromJSDate(clock.now(), { zone }).toISODate()!;
  /** The zone of the vendor's service area (its latest visit's ZIP code's), else the default. */
  const vendorHomeZone = async (vendor: string): Promise<string> => (await homeZoneStatement.execute({ vendor }))[0]?.zone ?? FALLBACK_ZONE;
  /**
   * The zone today is counted in for the day view (GET sort/appointments) when no day is asked: whose day it is — an
   * organization's own (organizationZone, its service area's), a vendor's home zone (as appointments/today), for
   * super and admin the organization or else the vendor the query names; the default otherwise (a customer, or staff
   * naming neither). An organization naming another's vendor or organization is still answered in its own zone.
   */
  const todayZone = async (auth: AuthContext, query: SortQuery): Promise<string> => {
    if (auth.role === 'organization') return auth.accountId ? organizationZone(db, auth.accountId) : FALLBACK_ZONE;
    if (auth.role === 'vendor') return auth.accountId ? vendorHomeZone(auth.accountId) : FALLBACK_ZONE;
    if (auth.role === 'super' || auth.role === 'admin') {
      if (query.organization_id) return organizationZone(db, query.organization_id);
      if (query.vendor_id) return vendorHomeZone(query.vendor_id);
    }
    return FALLBACK_ZONE;
  };
  // The day's note rides on every row of the day (two one-row sub-selects PostgreSQL runs once per statement), so
  // a day with visits is one round trip; a day without visits reads the note on its own.
  const noteOfDay = (column: typeof vendorTodayNotes.note | typeof vendorTodayNotes.done) =>
    sql`(select ${column} from ${vendorTodayNotes} where ${vendorTodayNotes.vendorAccountId} = ${sql.placeholder('vendor')} and ${vendorTodayNotes.date} = ${sql.placeholder('date')})`;
  const vendorDay = (scope: SQL | undefined) =>
    dayQuery(
      and(eq(appointments.vendorAccountId, sql.placeholder('vendor')), scope),
      sql.placeholder('date'),
      sql.placeholder('from'),
      sql.placeholder('to'),
      sql`coalesce((${homeZone}), ${FALLBACK_ZONE})`,
      { noteText: noteOfDay(vendorTodayNotes.note).mapWith(String), noteDone: noteOfDay(vendorTodayNotes.done).mapWith(Boolean) },
    );
  /** Read by the vendor itself, super or admin (no scope beyond the vendor). */
  const vendorDayStatement = vendorDay(undefined).prepare('tendwell_vendor_day');
  /** Read by an organization: its own visits of the vendor. */
  const organizationVendorDayStatement = vendorDay(eq(appointments.organizationAccountId, sql.placeholder('organization'))).prepare('tendwell_organization_vendor_day');
  const todayNoteStatement = db
    .select()
    .from(vendorTodayNotes)
    .where(and(eq(vendorTodayNotes.vendorAccountId, sql.placeholder('vendor')), eq(vendorTodayNotes.date, sql.placeholder('date'))))
    .prepare('tendwell_vendor_today_note');

  /** The vendor's day (GET appointments/today) for a caller `dayOwner` allowed, read and written as JSON text. */
  const vendorDayOf = async (auth: AuthContext, vendor: string, scope: SQL | undefined, date: string, from: string, to: string): Promise<JsonText<TodayWire>> => {
    const day =
      scope === undefined
        ? vendorDayStatement.execute({ vendor, date, from, to })
        : auth.role === 'organization' && auth.accountId
          ? organizationVendorDayStatement.execute({ vendor, date, from, to, organization: auth.accountId })
          : vendorDay(scope).execute({ vendor, date, from, to });
    // The visits with their people, zones and the day's note (one statement); the note alone when the day is empty.
    const rows = await day;
    const first = rows[0];
    const note = first
      ? first.noteText === null
        ? undefined
        : { note: first.noteText, done: first.noteDone === true, date }
      : (await todayNoteStatement.execute({ vendor, date }))[0];
    const noteWire: TodayWire['note'] = note ? { note: note.note, status: note.done ? 'done' : 'open', date: note.date } : null;
    // The visits written as JSON text (their JSON columns as PostgreSQL's text), sent as it is (JsonText).
    return new JsonText<TodayWire>(`{"date":${JSON.stringify(date)},"note":${JSON.stringify(noteWire)},"items":[${rows.map(appointmentWireText).join(',')}]}`);
  };

  /**
   * The organization's day (GET sort/appointments) of `date`, read and written as JSON text; `zone`: the zone today
   * was counted in, when the server chose the day.
   */
  const sortedDay = async (auth: AuthContext, query: SortQuery, date: string, zone: string | undefined, from: string, to: string): Promise<JsonText<AppointmentDay>> => {
    const rows = await dayQuery(
      and(
        visibleTo(auth, appointmentOwner),
        query.vendor_id ? eq(appointments.vendorAccountId, query.vendor_id) : undefined,
        query.customer_id ? eq(appointments.customerAccountId, query.customer_id) : undefined,
        query.organization_id ? eq(appointments.organizationAccountId, query.organization_id) : undefined,
      ),
      date,
      from,
      to,
      FALLBACK_ZONE,
    );
    const sort = query.sort ?? 'start_time';
    // Route order: each vendor's visits together, in start order (a vendor's route is its day in time order).
    const key = (r: (typeof rows)[number]): string =>
      sort === 'customer'
        ? sortNameOf(r.customer)
        : sort === 'vendor' || sort === 'route'
          ? `${r.vendorAccountId ? sortNameOf(r.vendor) : '\uffff'}\u0000${r.vendorAccountId ?? ''}`
          : '';
    const ordered = [...rows].sort((a, b) => key(a).localeCompare(key(b)) || a.startTime.getTime() - b.startTime.getTime() || a.id.localeCompare(b.id));
    return new JsonText<AppointmentDay>(
      `{"items":[${ordered.map(appointmentWireText).join(',')}],"total":${ordered.length},"date":${q(date)}${zone ? `,"time_zone":${q(zone)}` : ''}}`,
    );
  };

  return {
    async sorted(auth, query) {
      // Without a date, today is resolved first (never remembered) and the answer is keyed by that day and zone: a
      // remembered "today" is never answered once the day has changed.
      const zone = query.date === undefined ? await todayZone(auth, query) : undefined;
      const date = query.date ?? todayIn(zone ?? FALLBACK_ZONE);
      const { from, to } = dayWindow(date);
      const key = dayKey('sorted', auth, date, zone, query.vendor_id, query.customer_id, query.organization_id, query.sort);
      return rememberedDay(key, () => sortedDay(auth, query, date, zone, from, to));
    },

    async list(auth, query) {
      const { key, scope, owner } = ownerScopeOf(auth);
      const filters = LIST_FILTERS.filter(([name]) => query[name] !== undefined && query[name] !== '');
      const order = query.order === 'desc' ? 'desc' : 'asc';
      const shape = `${key}:${order}:${filters.map(([name]) => name).join(',')}`;
      let statements = listStatements.get(shape);
      if (!statements) {
        // The statement's name is its shape: the same text under the same name on every connection.
        const where = and(scope, ...filters.map(([name, column, op]) => op(column, sql.placeholder(name))));
        statements = prepareList(where, order, `tendwell_appointments_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`);
        listStatements.set(shape, statements);
      }
      const values: Record<string, unknown> = owner === undefined ? {} : { owner };
      // The query was validated against the contract: from and to are date-times (read as instants, as before).
      for (const [name] of filters) values[name] = name === 'from' || name === 'to' ? new Date(query[name]!).toISOString() : query[name];
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 10;
      // The page with its people (one statement) and the count beside it, at once.
      const [onPage, [total]] = await Promise.all([
        statements.page.execute({ ...values, limit: pageSize, offset: (page - 1) * pageSize }),
        statements.count.execute(values),
      ]);
      const { rows, people, zones } = splitPeople(onPage);
      return { items: rows.map((r) => appointmentWire(r, people, zones)), total: total?.n ?? 0 };
    },

    async get(auth, id) {
      return wireOf(await visible(auth, id));
    },

    cancel: (auth, id, { note }, requestId) => send(auth, id, { type: 'appointment.cancel' }, requestId, noteChange(note)),
    reinstate: (auth, id, requestId) => send(auth, id, { type: 'appointment.reenable' }, requestId),
    enable: (auth, id, requestId) => send(auth, id, { type: 'appointment.enable' }, requestId),
    rainDelay: (auth, id, { start_time, note }, requestId) =>
      send(auth, id, { type: 'appointment.rainDelay', startTime: start_time }, requestId, noteChange(note)),
    // The note rides on the event: the chart's rule (appointment.noteGiven) answers 'Note is required!'.
    exception: (auth, id, { note }, requestId) => send(auth, id, { type: 'appointment.exception', note: note ?? '' }, requestId, noteChange(note)),
    // Completing, its photos and the visit's ledger rows (earning, give-back) commit together or not at all.
    async complete(auth, { appointment_id, note, images }, requestId) {
      const row = await db.transaction(async (tx) => {
        const { row: done } = await transitions.change('appointment', {
          auth,
          requestId,
          target: { id: appointment_id, visible: visibleTo(auth, appointmentOwner) },
          event: { type: 'appointment.complete' },
          changes: noteChange(note),
          tx,
        });
        if (images?.length) {
          if (!visitPhotos) throw badRequest('Photos are not kept by this server');
          await visitPhotos.attach(tx, auth, done.id, images);
        }
        await visitLedger?.settle(tx, done, requestId);
        return done;
      });
      announce(row);
      return wireOf(row);
    },

    async update(auth, id, body, requestId) {
      if (body.approvedByCustomer !== undefined) {
        throw badRequest("approvedByCustomer is not changed by this call: the customer approves through the add-on and approval calls");
      }
      const changes: AppointmentChanges = { ...noteChange(body.note) };
      if (body.duration !== undefined) changes.duration = body.duration;
      if (body.custom !== undefined) changes.custom = body.custom;
      // Every change of the appointment is the chart's appointment.update; without a new start the event
      // carries the current one, so the same rules (status, 7-day window, valid start) apply.
      const { start_time } = body;
      const event = (facts: AppointmentContext): AppointmentEventInput => ({ type: 'appointment.update', startTime: start_time ?? facts.startTime });
      if (body.scope !== 'all_later' || start_time === undefined || !schedule) return send(auth, id, event, requestId, changes);
      // "This and all later visits": the visit, then the later visits of its subscription, in one transaction.
      const row = await db.transaction(async (tx) => {
        const before = (await tx.select({ start: appointments.startTime }).from(appointments).where(eq(appointments.id, id)))[0];
        const { row: moved } = await transitions.change('appointment', { auth, requestId, target: { id, visible: visibleTo(auth, appointmentOwner) }, event, changes, tx });
        if (before && moved.subscriptionId) await schedule.moveLater(tx, moved, before.start, auth, requestId);
        return moved;
      });
      announce(row);
      if (row.subscriptionId) {
        // The later visits moved too: their parties hear 'updated' for each.
        const later = await db.select().from(appointments).where(and(eq(appointments.subscriptionId, row.subscriptionId), gte(appointments.startTime, row.startTime)));
        for (const visit of later) if (visit.id !== row.id) announce(visit);
      }
      return wireOf(row);
    },

    async today(auth, query) {
      const { vendor, scope } = await dayOwner(auth, query.vendor_id);
      if (query.date !== undefined && !DAY.test(query.date)) throw badRequest('date must be a day, YYYY-MM-DD');
      // Without a date, the day is today in the zone of the vendor's service area (its latest visit's ZIP code).
      const date = query.date ?? todayIn(await vendorHomeZone(vendor));
      const { from, to } = dayWindow(date);
      return rememberedDay(dayKey('today', auth, vendor, date), () => vendorDayOf(auth, vendor, scope, date, from, to));
    },

    async saveTodayNote(auth, body) {
      if (auth.role !== 'vendor' || !auth.accountId) throw forbidden();
      if (!DAY.test(body.date) || !DateTime.fromISO(body.date).isValid) throw badRequest('date must be a day, YYYY-MM-DD');
      const values = { vendorAccountId: auth.accountId, date: body.date, note: body.note, done: body.status === 'done', updatedAt: clock.now() };
      await db
        .insert(vendorTodayNotes)
        .values(values)
        .onConflictDoUpdate({ target: [vendorTodayNotes.vendorAccountId, vendorTodayNotes.date], set: { note: values.note, done: values.done, updatedAt: values.updatedAt } });
      return { note: body.note, status: body.status, date: body.date };
    },

    forgetDays: () => dayAnswers.forget(),
  };
};
