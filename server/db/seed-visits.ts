/**
 * The lived-in calendar (issue 9): photos and reviews of customer@'s completed visits, and vendor@'s visit
 * today (10:00 in Springfield, IL), next to the upcoming visits of seed.ts. The photos' bytes are made in code
 * and served by the media store without a stored copy (server/adapters/media/demo-files.ts).
 */
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { DEMO_FILES, demoVisitPhotoKey } from '../adapters/media/demo-files';
import type { Db } from './client';
import { appointmentImages, appointments, media, reviews } from './schema';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Each completed visit's photos (numbers of demoVisitPhotoKey) and review ([rating, comment] or null). */
export const DEMO_VISIT_EXTRAS: readonly (readonly [key: string, photos: readonly number[], review: readonly [number, string] | null])[] = [
  ['customer-completed', [1, 2], null],
  ['customer-past-2', [3, 4], [5, 'Great edging along the drive, thank you!']],
  ['customer-past-3', [5, 6], [4, 'Good job; a little late because of the rain.']],
  ['customer-past-4', [7, 8], null],
];

/** vendor@'s visit today: its key and local start (America/Chicago, the zone of the customer's 62701). */
export const DEMO_TODAY = { key: 'customer-today', zone: 'America/Chicago', hour: 10 } as const;

type NewAppointment = typeof appointments.$inferInsert;

/** `visitRecord` is seed.ts's demoAppointmentRecord (passed in: seed.ts imports this file). */
export const seedVisits = async (
  tx: SeedTx,
  at: (daysAgo: number) => Date,
  demoId: (name: string) => string,
  visitRecord: (fields: Partial<NewAppointment> & Pick<NewAppointment, 'id' | 'status' | 'startTime' | 'createdAt'>) => NewAppointment,
): Promise<void> => {
  const today = DateTime.fromJSDate(at(0), { zone: DEMO_TODAY.zone }).set({ hour: DEMO_TODAY.hour, minute: 0, second: 0, millisecond: 0 }).toJSDate();
  await tx
    .insert(appointments)
    .values(visitRecord({ id: demoId(`appointment:${DEMO_TODAY.key}`), status: 'active', startTime: today, createdAt: at(40) }));

  for (const [key, photos, review] of DEMO_VISIT_EXTRAS) {
    const appointmentId = demoId(`appointment:${key}`);
    const [visit] = await tx.select({ completedAt: appointments.completedAt }).from(appointments).where(eq(appointments.id, appointmentId));
    const attached = visit?.completedAt ?? at(7);
    for (const [position, n] of photos.entries()) {
      const mediaId = demoId(`media:visit-photo-${n}`);
      const key = demoVisitPhotoKey(n);
      await tx.insert(media).values({
        id: mediaId,
        key,
        contentType: 'image/png',
        name: `lawn-${n}.png`,
        size: DEMO_FILES.get(key)!.length,
        purpose: 'appointment',
        ownerAccountId: demoId('account:vendor'),
        uploaderUserId: demoId('user:vendor'),
        ticketId: null,
        createdAt: attached,
      });
      await tx.insert(appointmentImages).values({ mediaId, appointmentId, position, createdAt: attached });
    }
    if (review) {
      await tx.insert(reviews).values({
        id: demoId(`review:${key}`),
        appointmentId,
        customerAccountId: demoId('account:customer'),
        vendorAccountId: demoId('account:vendor'),
        rating: review[0],
        comment: review[1],
        public: review[0] === 5,
        createdAt: new Date(attached.getTime() + 3 * 60 * 60 * 1000),
      });
    }
  }
};
