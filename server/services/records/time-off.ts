/** A vendor's time-off request as a record of the transition service (chart: src/machines/lifecycles/time-off.machine.ts). */
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../src/core/rules/messages';
import { timeOffMachine } from '../../../src/machines/lifecycles/time-off.machine';
import { type TimeOffStatusValue, vendorTimeOff } from '../../db/schema';
import type { VisibleRecord } from './appointment';
import type { RecordType } from './record-type';

export type TimeOffRow = typeof vendorTimeOff.$inferSelect;

/** Columns a time-off operation may change along with an accepted event (never the status). */
export type TimeOffChanges = Partial<Pick<TimeOffRow, 'decisionNote'>>;

/** A new request's columns; the status, range and times are the transition's. */
export type NewTimeOffRow = Omit<typeof vendorTimeOff.$inferInsert, 'status' | 'startTime' | 'endTime' | 'createdAt' | 'updatedAt'>;

export const timeOffRecord: RecordType<typeof timeOffMachine, TimeOffRow, VisibleRecord, TimeOffChanges, NewTimeOffRow> = {
  chart: timeOffMachine,
  recordType: 'timeOff',
  notFoundMessage: MESSAGES.time_off_invalid,
  load: async (tx, { id, visible }) =>
    (
      await tx
        .select()
        .from(vendorTimeOff)
        .where(and(eq(vendorTimeOff.id, id), visible))
        .for('update')
    )[0],
  idOf: (row) => row.id,
  statusOf: (row) => row.status,
  factsOf: (row) => ({ start: row.startTime.toISOString(), end: row.endTime.toISOString() }),
  persist: async (tx, { to }, row, { now, changes }) => {
    const [updated] = await tx
      .update(vendorTimeOff)
      .set({ ...changes, status: to as TimeOffStatusValue, updatedAt: now })
      .where(eq(vendorTimeOff.id, row.id))
      .returning();
    return updated!;
  },
  create: {
    status: 'new',
    facts: { start: null, end: null },
    insert: async (tx, { to, facts }, values, now) => {
      const [row] = await tx
        .insert(vendorTimeOff)
        .values({
          ...values,
          status: to as TimeOffStatusValue,
          startTime: new Date(facts.start!),
          endTime: new Date(facts.end!),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    },
  },
};
