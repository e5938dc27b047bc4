/**
 * The user as a record of the transition service (chart: src/machines/lifecycles/user.machine.ts): the
 * account status in `users.status`. Registration creates the row through the chart's `user.register`.
 */
import { eq } from 'drizzle-orm';
import type { UserStatus } from '../../../src/core/model/user';
import { emptyUser, userMachine } from '../../../src/machines/lifecycles/user.machine';
import { users } from '../../db/schema';
import type { RecordType } from './record-type';

export type UserRow = typeof users.$inferSelect;

/** Columns a status change may write with it: a claim or a reset by e-mail sets the password and ends earlier tokens and sessions. */
export type UserChanges = Partial<Pick<UserRow, 'passwordHash' | 'temporaryPassword' | 'tokenVersion' | 'keptSessionId'>>;

/** A new user's columns; the status is the chart's, and the phone starts unconfirmed (the phone confirmation chart's initial state). */
export type NewUserRow = Omit<typeof users.$inferInsert, 'status' | 'phoneConfirmed' | 'createdAt'>;

export const userRecord: RecordType<typeof userMachine, UserRow, string, UserChanges, NewUserRow> = {
  chart: userMachine,
  recordType: 'user',
  notFoundMessage: 'User not found',
  load: async (tx, userId) => (await tx.select().from(users).where(eq(users.id, userId)).for('update'))[0],
  idOf: (row) => row.id,
  statusOf: (row) => row.status,
  factsOf: () => emptyUser,
  persist: async (tx, { to }, row, { changes }) => {
    const [updated] = await tx
      .update(users)
      .set({ ...changes, status: to as UserStatus })
      .where(eq(users.id, row.id))
      .returning();
    return updated!;
  },
  create: {
    status: 'new',
    facts: emptyUser,
    insert: async (tx, { to }, values, now) => {
      const [row] = await tx
        .insert(users)
        .values({ ...values, status: to as UserStatus, phoneConfirmed: false, createdAt: now })
        .returning();
      return row!;
    },
  },
};
