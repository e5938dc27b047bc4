/**
 * The user's phone confirmation as a record of the transition service (chart:
 * src/machines/lifecycles/phone-confirmation.machine.ts), stored as `users.phone_confirmed` and its number as `users.phone`.
 */
import { eq } from 'drizzle-orm';
import { phoneConfirmationMachine } from '../../../src/machines/lifecycles/phone-confirmation.machine';
import { users } from '../../db/schema';
import type { RecordType } from './record-type';
import type { UserRow } from './user';

export const phoneConfirmationRecord: RecordType<typeof phoneConfirmationMachine, UserRow, string> = {
  chart: phoneConfirmationMachine,
  recordType: 'user',
  notFoundMessage: 'User not found',
  load: async (tx, userId) => (await tx.select().from(users).where(eq(users.id, userId)).for('update'))[0],
  idOf: (row) => row.id,
  statusOf: (row) => (row.phoneConfirmed ? 'confirmed' : 'unconfirmed'),
  factsOf: (row) => ({ phone: row.phone }),
  persist: async (tx, { to, facts }, row) => {
    const [updated] = await tx
      .update(users)
      .set({ phone: facts.phone, phoneConfirmed: to === 'confirmed' })
      .where(eq(users.id, row.id))
      .returning();
    return updated!;
  },
};
