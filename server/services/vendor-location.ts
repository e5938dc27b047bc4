/**
 * A vendor's last known position (POST location/ping): the vendor's browser sends it while the vendor shares
 * it and a visit is under way; one row per vendor, replaced on each ping, stamped with the server's clock.
 * The organization and staff read it with the appointment (GET appointments/{id}, `vendor_location`).
 *
 * Not a lifecycle record: a ping decides nothing and changes no status, so it has no chart and no audit row
 * (an audit row every minute per working vendor would bury the audit trail). Decisions: docs/decisions.md.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { appointments, vendorLocations } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';

type PingBody = components['schemas']['LocationPingRequest'];
export type VendorLocationWire = components['schemas']['VendorLocation'];

/** The visits a vendor may share its position for: the open ones (not complete, canceled, deleted, suspended). */
const OPEN: ('pending' | 'active' | 'exception' | 'past')[] = ['pending', 'active', 'exception', 'past'];

export const VISIT_NOT_OPEN = 'The visit is not open: the position is shared only while working on an open visit';

const coordinate = (value: unknown, limit: number, field: string): number => {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) throw badRequest(`${field} must be a number between -${limit} and ${limit}`, 'invalid_coordinates');
  return value;
};

export const createVendorLocationService = ({ db, clock }: { db: Db; clock: Clock }) => {
  /** POST location/ping (vendor): stores the position, replacing the last one. */
  const ping = async (auth: Pick<AuthContext, 'role' | 'accountId'>, body: PingBody): Promise<{ success: true }> => {
    if (auth.role !== 'vendor' || !auth.accountId) throw forbidden();
    const lat = coordinate(body.lat, 90, 'lat');
    const lng = coordinate(body.lng, 180, 'lng');
    if (body.accuracy !== undefined && (!Number.isFinite(body.accuracy) || body.accuracy < 0)) throw badRequest('accuracy must be a number of meters, 0 or more', 'invalid_coordinates');
    if (body.appointment_id !== undefined) {
      const [visit] = await db
        .select({ status: appointments.status })
        .from(appointments)
        .where(and(eq(appointments.id, body.appointment_id), eq(appointments.vendorAccountId, auth.accountId)));
      if (!visit) throw notFound('Appointment not found');
      if (!OPEN.includes(visit.status as (typeof OPEN)[number])) throw conflict(VISIT_NOT_OPEN, 'visit_not_open');
    }
    const row = { lat, lng, accuracy: body.accuracy ?? null, appointmentId: body.appointment_id ?? null, at: clock.now() };
    await db
      .insert(vendorLocations)
      .values({ vendorAccountId: auth.accountId, ...row })
      .onConflictDoUpdate({ target: vendorLocations.vendorAccountId, set: row });
    return { success: true };
  };

  /** The last known positions of some vendors, by vendor id. */
  const lastOf = async (vendorIds: readonly string[]): Promise<Map<string, VendorLocationWire>> => {
    if (!vendorIds.length) return new Map();
    const rows = await db.select().from(vendorLocations).where(inArray(vendorLocations.vendorAccountId, [...vendorIds]));
    return new Map(
      rows.map((r) => [
        r.vendorAccountId,
        { lat: r.lat, lng: r.lng, at: r.at.toISOString(), ...(r.accuracy !== null ? { accuracy: r.accuracy } : {}), ...(r.appointmentId ? { appointment_id: r.appointmentId } : {}) },
      ]),
    );
  };

  return { ping, lastOf };
};

export type VendorLocationService = ReturnType<typeof createVendorLocationService>;
