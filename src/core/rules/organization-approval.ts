/** Organization approval (pending approval → approved, or rejected; a rejected organization may still be approved later). */
import type { OrganizationApprovalState } from '../model/organization';
import { roleRule, type SpecRule } from './spec-rule';

/** The chart's states: the wire union of src/core/model/organization.ts. */
export const OrganizationApprovalStatuses = ['pending', 'approved', 'rejected'] as const satisfies readonly OrganizationApprovalState[];
export type OrganizationApprovalStatus = (typeof OrganizationApprovalStatuses)[number];

export const organizationApprovalRules = {
  approver: roleRule(
    'organization.approverRoles',
    'Admins (role super) manage everything: an admin approves or rejects a pending organization.',
    'bookings §1 + decision',
    ['super', 'admin'],
  ),
} as const;

export const organizationApprovalRuleList: readonly SpecRule<never>[] = Object.values(organizationApprovalRules);

/**
 * Where an organization's approval stands, from its account meta: `approval_status` when the chart has written
 * it, else `isApproved` (accounts §3 meta.isApproved; seeded and registered organizations carry only that).
 */
export const organizationApprovalStatusOf = (meta: { readonly isApproved?: boolean; readonly approval_status?: OrganizationApprovalState }): OrganizationApprovalStatus =>
  meta.approval_status ?? (meta.isApproved === true ? 'approved' : 'pending');
