/**
 * Reviews (bookings §7 POST review): the customer of a completed visit reviews it, once. Not a lifecycle
 * change (no status moves), so no chart; the unique index on the visit is the "once" (409 for a second one).
 */
import { and, eq } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { appointments, reviews } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import { visibleTo } from './appointments';

export type ReviewWire = components['schemas']['Review'];
type CreateBody = components['schemas']['CreateReviewRequest'];

export const REVIEW_NOT_COMPLETE = 'Only a completed visit can be reviewed';
export const REVIEW_TWICE = 'This visit has been reviewed already';

type ReviewRow = typeof reviews.$inferSelect;
const reviewWire = (r: ReviewRow): ReviewWire => ({
  _id: r.id,
  appointment_id: r.appointmentId,
  customer_id: r.customerAccountId,
  vendor_id: r.vendorAccountId,
  rating: r.rating,
  comment: r.comment,
  public: r.public,
  source: 'customer',
  created: r.createdAt.toISOString(),
});

const owner = { customer: appointments.customerAccountId, vendor: appointments.vendorAccountId, organization: appointments.organizationAccountId };

export interface ReviewService {
  create(auth: AuthContext, body: CreateBody): Promise<ReviewWire>;
  /** The review of a visit the caller may see, or null. */
  ofAppointment(auth: AuthContext, appointmentId: string): Promise<ReviewWire | null>;
}

export const createReviewService = ({ db, clock }: { db: Db; clock: Clock }): ReviewService => {
  const visit = async (auth: AuthContext, id: string) => {
    const [row] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, id), visibleTo(auth, owner)));
    if (!row) throw notFound('The received appointment reference is invalid or does not exist');
    return row;
  };
  return {
    async create(auth, body) {
      if (auth.role !== 'customer') throw forbidden('Only the customer of the visit may review it');
      const row = await visit(auth, body.appointment_id);
      if (row.status !== 'complete') throw conflict(REVIEW_NOT_COMPLETE);
      const comment = body.comment?.trim() ? body.comment.trim() : null;
      const [saved] = await db
        .insert(reviews)
        .values({
          id: newId(),
          appointmentId: row.id,
          customerAccountId: row.customerAccountId,
          vendorAccountId: row.vendorAccountId,
          rating: body.rating,
          comment,
          public: body.public ?? false,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (!saved) throw conflict(REVIEW_TWICE);
      return reviewWire(saved);
    },
    async ofAppointment(auth, appointmentId) {
      await visit(auth, appointmentId);
      const [row] = await db.select().from(reviews).where(eq(reviews.appointmentId, appointmentId));
      return row ? reviewWire(row) : null;
    },
  };
};
