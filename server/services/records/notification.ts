/**
 * The notification as a record of the transition service (chart: src/machines/lifecycles/notification.machine.ts).
 * The row stores the chart status as two flags: `dismissed` (final) and `has_read`.
 */
import { and, eq } from 'drizzle-orm';
import { notificationStatus } from '../../../src/core/rules/notifications';
import { notificationMachine } from '../../../src/machines/lifecycles/notification.machine';
import { notifications } from '../../db/schema';
import type { RecordType } from './record-type';

export type NotificationRow = typeof notifications.$inferSelect;

/** Which notification: its id, in the caller's active account (another account's is not there). */
export interface OwnNotification {
  readonly id: string;
  readonly accountId: string;
}

const statusOf = (row: NotificationRow): string => notificationStatus({ has_read: row.hasRead, dismissed: row.dismissed });

export const notificationRecord: RecordType<typeof notificationMachine, NotificationRow, OwnNotification> = {
  chart: notificationMachine,
  recordType: 'notification',
  notFoundMessage: 'Notification not found',
  load: async (tx, { id, accountId }) =>
    (
      await tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)))
        .for('update')
    )[0],
  idOf: (row) => row.id,
  statusOf,
  factsOf: () => ({}),
  // Reading a read notification (or unreading an unread one) is accepted and changes nothing.
  unchanged: ({ to }, row) => to === statusOf(row),
  persist: async (tx, { to }, row) => {
    const [updated] = await tx
      .update(notifications)
      .set(to === 'dismissed' ? { dismissed: true } : { hasRead: to === 'read' })
      .where(eq(notifications.id, row.id))
      .returning();
    return updated!;
  },
};
