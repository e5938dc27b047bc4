/**
 * The organization's dashboard (issue 11 "/organization"; GET organization/{id}/init): the organization, its
 * vendors, today's visits, this month's earnings (the visit ledger's earning rows of its visits, written when a visit
 * is completed: server/services/visit-ledger.ts), and what waits for it — approval requests on its visits and its
 * vendors' time-off requests (both handled on /actions/appointments).
 *
 * "Today" and "this month" are counted in one zone: the organization's (server/services/organization-zone.ts, the
 * zone of the first ZIP code of its area, America/Chicago when it has none), as its day view counts its today.
 *
 * Ownership: an organization reads its own id only (another organization's id is 404, as its team); super and
 * admin any organization's. Read-only: nothing changes here.
 */
import { and, asc, count, eq, gte, ilike, inArray, lt, ne, notInArray, or, sql, sum } from 'drizzle-orm';
import { TEAM_SEARCH_MIN } from '../../src/core/rules/team';
import { newId } from '../db/ids';
import { DateTime } from 'luxon';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import {
  accounts,
  addresses,
  appointments,
  approvals,
  organizationContacts,
  subscriptions,
  users,
  visitLedger,
} from '../db/schema';
import type { AddressService } from './addresses';
import { badRequest, forbidden, notFound } from '../errors';
import { MESSAGES } from '../../src/core/rules/messages';
import { addressData } from './checkout';
import { appointmentWire, peopleById, zonesOf } from './appointments';
import type { CalendarService } from './calendar';
import type { OrganizationService } from './organizations';
import { organizationZone } from './organization-zone';
import type { VendorAssignmentService } from './vendor-assignment';

type OrganizationInit = components['schemas']['OrganizationInit'];
type OrganizationWire = components['schemas']['Organization'];
type UpdateBody = components['schemas']['UpdateOrganizationRequest'];
type ContactBody = components['schemas']['ContactInput'];
type ContactIdBody = components['schemas']['ContactIdRequest'];
type CustomerPage = components['schemas']['CustomerPage'];
type AddressList = components['schemas']['AddressList'];
type CustomerAddressBody = components['schemas']['CustomerAddressRequest'];
/** An organization changes only the addresses its visits are at (issue 21). */
export const SERVED_ADDRESS_ONLY = 'An organization changes only the address of a visit it serves.';

type CustomersQuery = { readonly type?: 'active' | 'inactive' | 'all'; readonly count?: number; readonly skip?: number; readonly text?: string };
type Caller = Pick<AuthContext, 'userId' | 'accountId' | 'role'> & Partial<Pick<AuthContext, 'accountType' | 'tokenId'>>;

export interface OrganizationHomeService {
  init(auth: Caller, organizationId: string): Promise<OrganizationInit>;
  /** The organization with its business phone, address and contacts. */
  profile(auth: Caller, organizationId: string): Promise<OrganizationWire>;
  update(auth: Caller, organizationId: string, body: UpdateBody): Promise<OrganizationWire>;
  saveContact(auth: Caller, organizationId: string, body: ContactBody): Promise<OrganizationWire>;
  deleteContact(auth: Caller, organizationId: string, body: ContactIdBody): Promise<OrganizationWire>;
  /** The customers it serves: those of its visits and subscriptions (bookings §9: type active, count 100, skip 0). */
  customers(auth: Caller, organizationId: string, query: CustomersQuery): Promise<CustomerPage>;
  /** Adds or changes the address of a customer it serves (the address rules are the account's: server/services/addresses.ts). */
  updateCustomerAddress(auth: Caller, organizationId: string, customerId: string, body: CustomerAddressBody): Promise<AddressList>;
}

/** At most this many contacts per organization. */
export const MAX_CONTACTS = 20;
const CONTACT_NOT_FOUND = 'Contact not found';

export const createOrganizationHomeService = ({
  db,
  clock,
  organizations,
  vendorAssignment,
  calendar,
  addressBook,
}: {
  db: Db;
  clock: Clock;
  addressBook: Pick<AddressService, 'list' | 'update'>;
  organizations: Pick<OrganizationService, 'wireOf'>;
  vendorAssignment: Pick<VendorAssignmentService, 'listOrganizationVendors'>;
  calendar: Pick<CalendarService, 'listOrganizationTimeOff'>;
}): OrganizationHomeService => {
  /** The zone of the organization's first area circle, else of its first listed ZIP code, else the default. */
  const zoneOf = (organizationId: string): Promise<string> => organizationZone(db, organizationId);

  /** An organization reads and changes its own id only (another's is 404, as its team); staff any. */
  const assertOwn = (auth: Caller, organizationId: string) => {
    if (auth.role === 'organization' && auth.accountId !== organizationId) throw notFound('Organization not found');
  };

  /** The wire organization (server/services/organizations.ts) with what its profile adds: phone, address, contacts. */
  const profileOf = async (organizationId: string): Promise<OrganizationWire> => {
    const organization = await organizations.wireOf(organizationId);
    const [[account], contactRows, addressRows] = await Promise.all([
      db.select({ phone: accounts.businessPhone }).from(accounts).where(eq(accounts.id, organizationId)),
      db.select().from(organizationContacts).where(eq(organizationContacts.organizationAccountId, organizationId)).orderBy(asc(organizationContacts.createdAt), asc(organizationContacts.id)),
      db.select().from(addresses).where(eq(addresses.accountId, organizationId)).orderBy(asc(addresses.createdAt)),
    ]);
    return {
      ...organization,
      // the business phone is the organization's one phone entry; its id is the organization's
      phones: account?.phone ? [{ phoneID: organizationId, number: account.phone, type: 'work', is_default: true }] : [],
      address: addressRows.map((a) => ({ ...addressData(a), is_default: a.isDefault })),
      contacts: contactRows.map((c) => ({ contact_id: c.id, first_name: c.firstName, last_name: c.lastName, email: c.email, phone: c.phone, title: c.title })),
    };
  };

  /**
   * Customers the organization actually serves (issue 21): those of its visits that were not canceled or deleted,
   * and of its subscriptions that were not canceled.
   */
  const servedVisits = (organizationId: string) =>
    and(eq(appointments.organizationAccountId, organizationId), notInArray(appointments.status, ['canceled', 'deleted']));
  const servedSubscriptions = (organizationId: string) => and(eq(subscriptions.organizationAccountId, organizationId), ne(subscriptions.status, 'canceled'));
  const served = (organizationId: string) =>
    or(
      inArray(accounts.id, db.selectDistinct({ id: appointments.customerAccountId }).from(appointments).where(servedVisits(organizationId))),
      inArray(accounts.id, db.selectDistinct({ id: subscriptions.customerAccountId }).from(subscriptions).where(servedSubscriptions(organizationId))),
    );

  /** The ids of a customer's addresses that the organization's served visits and subscriptions are at: what the visit needs. */
  const servedAddressIds = async (organizationId: string, customerId: string): Promise<Set<string>> => {
    const [visits, subs] = await Promise.all([
      db
        .selectDistinct({ id: sql<string | null>`${appointments.addressData}->>'_id'` })
        .from(appointments)
        .where(and(servedVisits(organizationId), eq(appointments.customerAccountId, customerId))),
      db
        .selectDistinct({ id: subscriptions.addressId })
        .from(subscriptions)
        .where(and(servedSubscriptions(organizationId), eq(subscriptions.customerAccountId, customerId))),
    ]);
    return new Set([...visits, ...subs].map((r) => r.id).filter((id): id is string => typeof id === 'string'));
  };
  const servedAddresses = async (organizationId: string, customerId: string) => {
    const ids = await servedAddressIds(organizationId, customerId);
    return (await addressBook.list(customerId)).filter((a) => ids.has(String(a._id)));
  };

  return {
    async customers(auth, organizationId, query) {
      assertOwn(auth, organizationId);
      await organizations.wireOf(organizationId);
      const words = (query.text ?? '').trim();
      if (words !== '' && words.length < TEAM_SEARCH_MIN) return { items: [], total: 0 };
      const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const type = query.type ?? 'active';
      const where = and(
        eq(accounts.type, 'customer'),
        served(organizationId),
        type === 'inactive' ? eq(users.status, 'inactive') : type === 'active' ? ne(users.status, 'inactive') : undefined,
        words ? or(ilike(accounts.firstName, like), ilike(users.lastName, like), ilike(accounts.primaryEmail, like)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: accounts.id, firstName: accounts.firstName, lastName: users.lastName, email: accounts.primaryEmail, status: users.status })
          .from(accounts)
          .innerJoin(users, eq(users.id, accounts.userId))
          .where(where)
          .orderBy(sql`lower(coalesce(${accounts.firstName}, ''))`, sql`lower(coalesce(${users.lastName}, ''))`, asc(accounts.id))
          .limit(query.count ?? 100)
          .offset(query.skip ?? 0),
        db.select({ n: count() }).from(accounts).innerJoin(users, eq(users.id, accounts.userId)).where(where),
      ]);
      const items = await Promise.all(
        rows.map(async (r) => ({
          _id: r.id,
          type: 'customer' as const,
          status: r.status === 'inactive' ? ('inactive' as const) : ('active' as const),
          first_name: r.firstName ?? '',
          last_name: r.lastName ?? '',
          primary_email: r.email,
          address: await servedAddresses(organizationId, r.id),
        })),
      );
      return { items, total: total?.n ?? 0 };
    },

    async updateCustomerAddress(auth, organizationId, customerId, body) {
      assertOwn(auth, organizationId);
      const [customer] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.id, customerId), eq(accounts.type, 'customer'), served(organizationId)));
      if (!customer) throw notFound('Customer not found', 'customer_not_found');
      // Only what the visit needs (issue 21): an organization corrects the address of a visit or subscription it
      // serves; it adds no address to the customer and does not choose the customer's default. Staff do more
      // (this call for super and admin is unchanged).
      if (auth.role === 'organization') {
        if (!body.address_id) throw forbidden(SERVED_ADDRESS_ONLY, 'served_address_only');
        if (!(await servedAddressIds(organizationId, customerId)).has(body.address_id)) throw notFound(MESSAGES.address_not_found, 'address_not_found');
        if (body.is_default !== undefined) throw forbidden(SERVED_ADDRESS_ONLY, 'served_address_only');
      }
      // Served by this organization (checked above): it changes the address as staff would; the address rules
      // (service area, state of the ZIP code, one default) are the account's own.
      const staff: AuthContext = { userId: auth.userId, accountId: auth.accountId, accountType: auth.accountType ?? null, role: 'admin', tokenId: auth.tokenId ?? '' };
      const changed = await addressBook.update(staff, customerId, { ...body, account_type: 'customer' });
      if (auth.role !== 'organization') return changed;
      const ids = await servedAddressIds(organizationId, customerId);
      return { ...changed, address: changed.address.filter((a) => ids.has(String(a._id))) };
    },

    async profile(auth, organizationId) {
      assertOwn(auth, organizationId);
      return profileOf(organizationId);
    },

    async update(auth, organizationId, body) {
      assertOwn(auth, organizationId);
      const business = (['business_type', 'entity_type', 'tax_id'] as const).find((k) => body[k] !== undefined);
      if (business) throw badRequest(`${business}: Business details are set in payout onboarding`);
      const [row] = await db
        .select({ userId: accounts.userId })
        .from(accounts)
        .where(and(eq(accounts.id, organizationId), eq(accounts.type, 'organization')));
      if (!row) throw notFound('Organization not found');
      await db.transaction(async (tx) => {
        const accountFields = {
          ...(body.company_name !== undefined ? { firstName: body.company_name.trim() } : {}),
          ...(body.phone !== undefined ? { businessPhone: body.phone } : {}),
        };
        if (Object.keys(accountFields).length) await tx.update(accounts).set(accountFields).where(eq(accounts.id, organizationId));
        const userFields = {
          ...(body.first_name !== undefined ? { firstName: body.first_name.trim() } : {}),
          ...(body.last_name !== undefined ? { lastName: body.last_name.trim() } : {}),
        };
        if (Object.keys(userFields).length) await tx.update(users).set(userFields).where(eq(users.id, row.userId));
        if (body.meta?.initialSetup !== undefined) {
          await tx
            .update(accounts)
            .set({ meta: sql`jsonb_set(${accounts.meta}, '{initialSetup}', ${JSON.stringify(body.meta.initialSetup)}::jsonb)` })
            .where(eq(accounts.id, organizationId));
        }
      });
      return profileOf(organizationId);
    },

    async saveContact(auth, organizationId, body) {
      assertOwn(auth, organizationId);
      await organizations.wireOf(organizationId);
      const fields = {
        firstName: body.first_name.trim(),
        lastName: body.last_name.trim(),
        email: body.email?.trim().toLowerCase() || null,
        phone: body.phone ?? null,
        title: body.title?.trim() || null,
      };
      if (!fields.firstName || !fields.lastName) throw badRequest('Missing required fields', 'missing_required_fields');
      await db.transaction(async (tx) => {
        const existing = await tx.select({ id: organizationContacts.id }).from(organizationContacts).where(eq(organizationContacts.organizationAccountId, organizationId)).for('update');
        if (body.contact_id !== undefined) {
          if (!existing.some((c) => c.id === body.contact_id)) throw notFound(CONTACT_NOT_FOUND, 'contact_not_found');
          await tx.update(organizationContacts).set(fields).where(eq(organizationContacts.id, body.contact_id));
        } else {
          if (existing.length >= MAX_CONTACTS) throw badRequest(`An organization has at most ${MAX_CONTACTS} contacts`, 'too_many_contacts');
          await tx.insert(organizationContacts).values({ id: newId(), organizationAccountId: organizationId, ...fields, createdAt: clock.now() });
        }
      });
      return profileOf(organizationId);
    },

    async deleteContact(auth, organizationId, body) {
      assertOwn(auth, organizationId);
      await organizations.wireOf(organizationId);
      const removed = await db
        .delete(organizationContacts)
        .where(and(eq(organizationContacts.id, body.contact_id), eq(organizationContacts.organizationAccountId, organizationId)))
        .returning({ id: organizationContacts.id });
      if (!removed.length) throw notFound(CONTACT_NOT_FOUND, 'contact_not_found');
      return profileOf(organizationId);
    },

    async init(auth, organizationId) {
      assertOwn(auth, organizationId);
      const organization = await profileOf(organizationId);
      const zone = await zoneOf(organizationId);
      const now = DateTime.fromJSDate(clock.now()).setZone(zone);
      const day = now.startOf('day');
      const month = now.startOf('month');

      const [vendors, pendingTimeOff, todayRows, [earned], [waiting]] = await Promise.all([
        vendorAssignment.listOrganizationVendors(auth, organizationId, { type: 'all', start: 0, num: 100 }),
        calendar.listOrganizationTimeOff(auth, organizationId, { approval: 'pending', page: 1, pageSize: 100 }),
        db
          .select()
          .from(appointments)
          .where(
            and(
              eq(appointments.organizationAccountId, organizationId),
              ne(appointments.status, 'deleted'),
              gte(appointments.startTime, day.toJSDate()),
              lt(appointments.startTime, day.plus({ days: 1 }).toJSDate()),
            ),
          )
          .orderBy(asc(appointments.startTime), asc(appointments.id)),
        db
          .select({ amount: sum(visitLedger.amount), visits: count() })
          .from(visitLedger)
          .innerJoin(appointments, eq(appointments.id, visitLedger.appointmentId))
          .where(
            and(
              eq(visitLedger.kind, 'vendor_earning'),
              eq(appointments.organizationAccountId, organizationId),
              gte(visitLedger.createdAt, month.toJSDate()),
              lt(visitLedger.createdAt, month.plus({ months: 1 }).toJSDate()),
            ),
          ),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(approvals)
          .where(and(eq(approvals.organizationAccountId, organizationId), eq(approvals.status, 'pending'))),
      ]);
      const [people, zones] = await Promise.all([peopleById(db, todayRows.flatMap((r) => [r.customerAccountId, r.vendorAccountId])), zonesOf(db, todayRows)]);
      return {
        organization,
        vendors: vendors.items,
        pending_time_off: pendingTimeOff,
        today: day.toISODate()!,
        time_zone: zone,
        today_appointments: todayRows.map((r) => appointmentWire(r, people, zones)),
        month_earnings: { month: month.toFormat('yyyy-MM'), amount: Number(earned?.amount ?? 0), visits: Number(earned?.visits ?? 0), currency: 'usd' },
        pending_approvals: Number(waiting?.n ?? 0),
      };
    },
  };
};
