/**
 * The organization's dashboard (issue 11 "/organization"; GET organization/{id}/init): the organization, its
 * vendors, today's visits, this month's earnings (the visit ledger's earning rows of its visits, written when a visit
 * is completed: server/services/visit-ledger.ts), and what waits for it — approval requests on its visits and its
 * vendors' time-off requests (both handled on /actions/appointments).
 *
 * "Today" and "this month" are counted in one zone: the zone of the first ZIP code of the organization's area
 * (server/services/service-areas.ts), America/Chicago (the demo area's) when it has none.
 *
 * Ownership: an organization reads its own id only (another organization's id is 404, as its team); super and
 * admin any organization's. Read-only: nothing changes here.
 */
import { and, asc, count, eq, gte, lt, ne, sql, sum } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { appointments, approvals, organizationServiceAreas, organizationZipCodes, serviceAreaZipCodes, visitLedger } from '../db/schema';
import { notFound } from '../errors';
import { appointmentWire, peopleById } from './appointments';
import type { CalendarService } from './calendar';
import type { OrganizationService } from './organizations';
import type { VendorAssignmentService } from './vendor-assignment';

type OrganizationInit = components['schemas']['OrganizationInit'];
type Caller = Pick<AuthContext, 'userId' | 'accountId' | 'role'>;

/** The zone when the organization has no area yet: the demo area's. */
const DEFAULT_ZONE = 'America/Chicago';

export interface OrganizationHomeService {
  init(auth: Caller, organizationId: string): Promise<OrganizationInit>;
}

export const createOrganizationHomeService = ({
  db,
  clock,
  organizations,
  vendorAssignment,
  calendar,
}: {
  db: Db;
  clock: Clock;
  organizations: Pick<OrganizationService, 'wireOf'>;
  vendorAssignment: Pick<VendorAssignmentService, 'listOrganizationVendors'>;
  calendar: Pick<CalendarService, 'listOrganizationTimeOff'>;
}): OrganizationHomeService => {
  /** The zone of the organization's first area circle, else of its first listed ZIP code, else the default. */
  const zoneOf = async (organizationId: string): Promise<string> => {
    const [circle] = await db
      .select({ zone: serviceAreaZipCodes.timeZone })
      .from(organizationServiceAreas)
      .innerJoin(serviceAreaZipCodes, eq(serviceAreaZipCodes.zipCode, organizationServiceAreas.postalCode))
      .where(eq(organizationServiceAreas.organizationAccountId, organizationId))
      .orderBy(asc(organizationServiceAreas.position))
      .limit(1);
    if (circle) return circle.zone;
    const [listed] = await db
      .select({ zone: serviceAreaZipCodes.timeZone })
      .from(organizationZipCodes)
      .innerJoin(serviceAreaZipCodes, eq(serviceAreaZipCodes.zipCode, organizationZipCodes.zipCode))
      .where(eq(organizationZipCodes.organizationAccountId, organizationId))
      .orderBy(asc(organizationZipCodes.zipCode))
      .limit(1);
    return listed?.zone ?? DEFAULT_ZONE;
  };

  return {
    async init(auth, organizationId) {
      if (auth.role === 'organization' && auth.accountId !== organizationId) throw notFound('Organization not found');
      const organization = await organizations.wireOf(organizationId);
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
      const people = await peopleById(db, todayRows.flatMap((r) => [r.customerAccountId, r.vendorAccountId]));
      return {
        organization,
        vendors: vendors.items,
        pending_time_off: pendingTimeOff,
        today: day.toISODate()!,
        time_zone: zone,
        today_appointments: todayRows.map((r) => appointmentWire(r, people)),
        month_earnings: { month: month.toFormat('yyyy-MM'), amount: Number(earned?.amount ?? 0), visits: Number(earned?.visits ?? 0), currency: 'usd' },
        pending_approvals: Number(waiting?.n ?? 0),
      };
    },
  };
};
