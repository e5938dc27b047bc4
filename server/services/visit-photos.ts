/**
 * Photos of a completed visit (bookings §2 "photos after the visit", issue 9): the vendor uploads them through
 * the media flow (purpose 'appointment') and names them when completing (`POST appointments/complete`
 * `images`); they are attached in the completing transaction. Who may see them: the customer, the vendor and
 * the organization of the visit, and super or admin (the media service asks `canRead`).
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { appointmentImages, appointments, media } from '../db/schema';
import { badRequest, forbidden } from '../errors';
import { peopleById, visibleTo, zipOf, zonesOf } from './appointments';
import { mediaWire } from './media';

type AdminImagesQuery = { page?: number; pageSize?: number };
export type AppointmentImageWire = components['schemas']['AppointmentImage'];
export type AppointmentImagePage = components['schemas']['AppointmentImagePage'];

export const PHOTOS_NOT_YOURS = 'Photos must be images you uploaded for this visit';
export const PHOTOS_TOO_MANY = 'At most 20 photos per visit';
const MAX_PHOTOS = 20;

export interface VisitPhotoService {
  /** Attaches the caller's uploaded photos to a visit (inside the completing transaction); 400 for any other file. */
  attach(tx: Db, auth: AuthContext, appointmentId: string, mediaIds: readonly string[]): Promise<void>;
  /** The media ids of a visit's photos, in the order they were attached. */
  idsOf(appointmentId: string): Promise<string[]>;
  /** May the caller see this media as a visit photo (a party of the visit, or staff)? */
  canRead(auth: AuthContext, mediaId: string): Promise<boolean>;
  /** GET admin/appointment-images: every visit photo, newest first (super, admin). */
  adminList(auth: AuthContext, query: AdminImagesQuery): Promise<AppointmentImagePage>;
}

const owner = { customer: appointments.customerAccountId, vendor: appointments.vendorAccountId, organization: appointments.organizationAccountId };

export const createVisitPhotoService = ({ db, clock }: { db: Db; clock: Clock }): VisitPhotoService => ({
  async attach(tx, auth, appointmentId, mediaIds) {
    const ids = [...new Set(mediaIds)];
    if (!ids.length) return;
    if (ids.length > MAX_PHOTOS) throw badRequest(PHOTOS_TOO_MANY);
    // Each must be the caller's own upload for a visit, not yet attached anywhere (no ticket, no visit).
    const usable = await tx
      .select({ id: media.id })
      .from(media)
      .leftJoin(appointmentImages, eq(appointmentImages.mediaId, media.id))
      .where(and(inArray(media.id, ids), eq(media.purpose, 'appointment'), eq(media.uploaderUserId, auth.userId), isNull(media.ticketId), isNull(appointmentImages.mediaId)));
    if (usable.length !== ids.length) throw badRequest(PHOTOS_NOT_YOURS);
    const now = clock.now();
    await tx.insert(appointmentImages).values(ids.map((mediaId, position) => ({ mediaId, appointmentId, position, createdAt: now })));
  },

  async idsOf(appointmentId) {
    const rows = await db
      .select({ id: appointmentImages.mediaId })
      .from(appointmentImages)
      .where(eq(appointmentImages.appointmentId, appointmentId))
      .orderBy(appointmentImages.position);
    return rows.map((r) => r.id);
  },

  async canRead(auth, mediaId) {
    const [row] = await db
      .select({ id: appointmentImages.mediaId })
      .from(appointmentImages)
      .innerJoin(appointments, eq(appointments.id, appointmentImages.appointmentId))
      .where(and(eq(appointmentImages.mediaId, mediaId), visibleTo(auth, owner)));
    return row !== undefined;
  },

  async adminList(auth, query) {
    if (auth.role !== 'super' && auth.role !== 'admin') throw forbidden();
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 10;
    const [rows, [total]] = await Promise.all([
      db
        .select({ image: appointmentImages, file: media, visit: appointments })
        .from(appointmentImages)
        .innerJoin(media, eq(media.id, appointmentImages.mediaId))
        .innerJoin(appointments, eq(appointments.id, appointmentImages.appointmentId))
        .orderBy(desc(appointmentImages.createdAt), desc(appointments.startTime), appointmentImages.position)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(appointmentImages),
    ]);
    const [people, zones] = await Promise.all([peopleById(db, rows.flatMap((r) => [r.visit.customerAccountId, r.visit.vendorAccountId])), zonesOf(db, rows.map((r) => r.visit))]);
    return {
      items: rows.map((r) => ({
        media: mediaWire(r.file),
        appointment_id: r.visit.id,
        start_time: r.visit.startTime.toISOString(),
        ...(zones.has(zipOf(r.visit)) ? { time_zone: zones.get(zipOf(r.visit))! } : {}),
        service_name: r.visit.serviceData.name,
        customer_data: people.get(r.visit.customerAccountId) ?? { _id: r.visit.customerAccountId },
        vendor_data: r.visit.vendorAccountId ? (people.get(r.visit.vendorAccountId) ?? { _id: r.visit.vendorAccountId }) : null,
        created: r.image.createdAt.toISOString(),
      })),
      total: total?.n ?? 0,
    };
  },
});
