/**
 * An organization's approval as a record of the transition service (chart:
 * src/machines/lifecycles/organization-approval.machine.ts). The status lives in the organization account's
 * meta: `approval_status` (written here) and `isApproved` (what the SPA's approval gate reads, accounts §4),
 * always written together.
 */
import { and, eq } from 'drizzle-orm';
import { organizationApprovalStatusOf } from '../../../src/core/rules/organization-approval';
import type { OrganizationApprovalState } from '../../../src/core/model/organization';
import { emptyOrganizationApproval, organizationApprovalMachine } from '../../../src/machines/lifecycles/organization-approval.machine';
import { accounts } from '../../db/schema';
import type { RecordType } from './record-type';

export type OrganizationAccountRow = typeof accounts.$inferSelect;

export const organizationApprovalRecord: RecordType<typeof organizationApprovalMachine, OrganizationAccountRow, string> = {
  chart: organizationApprovalMachine,
  recordType: 'organization',
  notFoundMessage: 'Organization not found',
  load: async (tx, organizationId) =>
    (
      await tx
        .select()
        .from(accounts)
        .where(and(eq(accounts.id, organizationId), eq(accounts.type, 'organization')))
        .for('update')
    )[0],
  idOf: (row) => row.id,
  statusOf: (row) => organizationApprovalStatusOf(row.meta),
  factsOf: () => emptyOrganizationApproval,
  persist: async (tx, { to }, row) => {
    const status = to as OrganizationApprovalState;
    const [updated] = await tx
      .update(accounts)
      .set({ meta: { ...row.meta, approval_status: status, isApproved: status === 'approved' } })
      .where(eq(accounts.id, row.id))
      .returning();
    return updated!;
  },
};
