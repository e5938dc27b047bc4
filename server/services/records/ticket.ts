/** The help-desk ticket as a record of the transition service (chart: src/machines/lifecycles/ticket.machine.ts). */
import { and, eq } from 'drizzle-orm';
import { ticketMachine } from '../../../src/machines/lifecycles/ticket.machine';
import { type TicketStatusValue, tickets } from '../../db/schema';
import type { VisibleRecord } from './appointment';
import type { RecordType } from './record-type';

export type TicketRow = typeof tickets.$inferSelect;

/** Columns a ticket operation may change along with an accepted event (never the status). */
export type TicketChanges = Partial<Pick<TicketRow, 'subject' | 'priority' | 'type' | 'fields' | 'appointmentId' | 'subscriptionId'>>;

/** A new ticket's columns; the status and times are the transition's. */
export type NewTicketRow = Omit<typeof tickets.$inferInsert, 'status' | 'number' | 'createdAt' | 'updatedAt' | 'closedAt'>;

export const ticketRecord: RecordType<typeof ticketMachine, TicketRow, VisibleRecord, TicketChanges, NewTicketRow> = {
  chart: ticketMachine,
  recordType: 'ticket',
  notFoundMessage: 'The received ticket id is invalid or does not exist',
  load: async (tx, { id, visible }) =>
    (
      await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, id), visible))
        .for('update')
    )[0],
  idOf: (row) => row.id,
  statusOf: (row) => row.status,
  factsOf: () => ({}),
  persist: async (tx, { to }, row, { now, changes }) => {
    const [updated] = await tx
      .update(tickets)
      .set({
        ...changes,
        status: to as TicketStatusValue,
        closedAt: to === 'closed' ? (row.closedAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(tickets.id, row.id))
      .returning();
    return updated!;
  },
  create: {
    status: 'new',
    facts: {},
    insert: async (tx, { to }, values, now) => {
      const [row] = await tx
        .insert(tickets)
        .values({ ...values, status: to as TicketStatusValue, createdAt: now, updatedAt: now, closedAt: null })
        .returning();
      return row!;
    },
  },
};
