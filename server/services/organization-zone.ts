/**
 * The organization's zone: the zone its "today" is counted in — the organization's dashboard (today's visits, this
 * month's earnings: server/services/organization-home.ts) and its day view without a day (GET sort/appointments:
 * server/services/appointments.ts). One rule for both (docs/decisions.md, "The organization's today").
 *
 * The zone of the organization's own service area (server/services/service-areas.ts), read from the platform's ZIP
 * codes (service_area_zip_codes): its first circle's centre ZIP code (in the order it gave them), else its first
 * listed ZIP code; America/Chicago (the demo area's, the vendor's default too) when it has neither.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizationServiceAreas, organizationZipCodes, serviceAreaZipCodes } from '../db/schema';

/** The zone of a day when nothing names one (the zone of every seeded service area). */
export const DEFAULT_DAY_ZONE = 'America/Chicago';

/** The organization's zone (the rule above). */
export const organizationZone = async (db: Db, organizationId: string): Promise<string> => {
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
  return listed?.zone ?? DEFAULT_DAY_ZONE;
};
