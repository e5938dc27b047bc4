/**
 * Who serves the visits: the vendor lists of an organization and of staff (read-only; there is no vendor status
 * yet, so every vendor is active and `inactive` lists none).
 *
 * Ownership: an organization lists only its own vendors (`vendor_organizations`); super and admin any.
 * Decisions: docs/decisions.md, "The organization's and super's calendar".
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import type { DayOfWeek } from '../../src/core/model/common';
import { toTimeOfDay } from '../../src/core/rules/availability';
import { TEAM_SEARCH_MIN } from '../../src/core/rules/team';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/client';
import { accounts, users, vendorAvailability, vendorOrganizations } from '../db/schema';
import { notFound } from '../errors';

type VendorWire = components['schemas']['Vendor'];
type VendorPage = components['schemas']['VendorPage'];
type OrganizationVendorsQuery = NonNullable<operations['listOrganizationVendors']['parameters']['query']>;
type AdminVendorsQuery = NonNullable<operations['listAdminVendors']['parameters']['query']>;
type Caller = Pick<AuthContext, 'role' | 'accountId'>;

const DAYS: readonly DayOfWeek[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export const createVendorAssignmentService = ({ db }: { db: Db }) => {
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

  return { listOrganizationVendors, listAdminVendors };
};

export type VendorAssignmentService = ReturnType<typeof createVendorAssignmentService>;
