/**
 * An approval request as a record of the transition service (chart: src/machines/lifecycles/approval.machine.ts).
 * A decision also settles the appointment's fact `pendingApprovals` (the appointment chart's guard "no pending
 * home_size approval exists"), in the same transaction: the request it names is no longer pending.
 */
import { and, eq } from 'drizzle-orm';
import { approvalMachine, emptyApproval, type ApprovalContext } from '../../../src/machines/lifecycles/approval.machine';
import { type ApprovalStatusValue, appointments, approvals } from '../../db/schema';
import type { VisibleRecord } from './appointment';
import type { RecordType } from './record-type';

export type ApprovalRow = typeof approvals.$inferSelect;

/** A new request's columns; the status comes from the chart. */
export type NewApprovalRow = Omit<typeof approvals.$inferInsert, 'status' | 'createdAt' | 'updatedAt'>;

/** Columns a decision writes along with the accepted event. */
export type ApprovalChanges = Partial<Pick<ApprovalRow, 'decidedByAccountId' | 'decisionNote'>>;

export const approvalFactsOf = (row: ApprovalRow): ApprovalContext => ({ approvalType: row.type });

export const approvalRecord: RecordType<typeof approvalMachine, ApprovalRow, VisibleRecord, ApprovalChanges, NewApprovalRow> = {
  chart: approvalMachine,
  recordType: 'approval',
  notFoundMessage: 'Approval request not found',
  load: async (tx, { id, visible }) =>
    (
      await tx
        .select()
        .from(approvals)
        .where(and(eq(approvals.id, id), visible))
        .for('update')
    )[0],
  idOf: (row) => row.id,
  statusOf: (row) => row.status,
  factsOf: approvalFactsOf,
  persist: async (tx, { from, to }, row, { now, changes }) => {
    const [updated] = await tx
      .update(approvals)
      .set({ ...changes, status: to as ApprovalStatusValue, decidedAt: from === 'pending' && to !== 'pending' ? now : row.decidedAt, updatedAt: now })
      .where(eq(approvals.id, row.id))
      .returning();
    if (from === 'pending' && to !== 'pending') {
      const [visit] = await tx.select({ facts: appointments.facts }).from(appointments).where(eq(appointments.id, row.appointmentId)).for('update');
      if (visit) {
        const pendingApprovals = (visit.facts.pendingApprovals ?? []).filter((type) => type !== row.type);
        await tx.update(appointments).set({ facts: { ...visit.facts, pendingApprovals } }).where(eq(appointments.id, row.appointmentId));
      }
    }
    return updated!;
  },
  create: {
    status: 'new',
    facts: emptyApproval,
    insert: async (tx, { to }, values, now) => {
      const [row] = await tx
        .insert(approvals)
        .values({ ...values, status: to as ApprovalStatusValue, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },
  },
};
