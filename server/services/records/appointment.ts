/** The appointment as a record of the transition service (chart: src/machines/lifecycles/appointment.machine.ts). */
import { and, eq, type SQL } from 'drizzle-orm';
import { appointmentMachine, emptyAppointment, type AppointmentContext } from '../../../src/machines/lifecycles/appointment.machine';
import { type AppointmentStatusValue, appointments } from '../../db/schema';
import type { RecordType } from './record-type';

export type AppointmentRow = typeof appointments.$inferSelect;
/** The columns of a new appointment (status, start time and order type come from the chart's creation event). */
export type NewAppointmentRow = Omit<typeof appointments.$inferInsert, 'status' | 'startTime' | 'orderType' | 'createdAt' | 'updatedAt'>;

/** Columns an appointment operation may change along with an accepted event (never the status or facts). */
export type AppointmentChanges = Partial<Pick<AppointmentRow, 'note' | 'vendorAccountId' | 'duration' | 'custom' | 'occurrence' | 'planId' | 'price'>>;

/** Which appointment: its id, among those the caller may see (ownership; undefined for all). */
export interface VisibleRecord {
  readonly id: string;
  readonly visible: SQL | undefined;
}

export const appointmentFactsOf = (row: AppointmentRow): AppointmentContext => ({
  startTime: row.startTime.toISOString(),
  orderType: row.orderType,
  paymentIntentId: row.paymentIntentId,
  pendingApprovals: row.facts.pendingApprovals ?? [],
});

export const appointmentRecord: RecordType<typeof appointmentMachine, AppointmentRow, VisibleRecord, AppointmentChanges, NewAppointmentRow> = {
  chart: appointmentMachine,
  recordType: 'appointment',
  notFoundMessage: 'Appointment not found',
  load: async (tx, { id, visible }) =>
    (
      await tx
        .select()
        .from(appointments)
        .where(and(eq(appointments.id, id), visible))
        .for('update')
    )[0],
  idOf: (row) => row.id,
  statusOf: (row) => row.status,
  factsOf: appointmentFactsOf,
  persist: async (tx, { from, to, facts }, row, { now, changes }) => {
    const [updated] = await tx
      .update(appointments)
      .set({
        ...changes,
        status: to as AppointmentStatusValue,
        startTime: new Date(facts.startTime),
        paymentIntentId: facts.paymentIntentId,
        facts: { ...row.facts, pendingApprovals: [...facts.pendingApprovals] },
        completedAt: to === 'complete' ? (from === 'complete' ? row.completedAt : now) : null,
        updatedAt: now,
      })
      .where(eq(appointments.id, row.id))
      .returning();
    return updated!;
  },
  create: {
    status: 'new',
    facts: emptyAppointment,
    insert: async (tx, { to, facts }, values, now) => {
      const [row] = await tx
        .insert(appointments)
        .values({
          ...values,
          status: to as AppointmentStatusValue,
          startTime: new Date(facts.startTime),
          orderType: facts.orderType!,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    },
  },
};
