/** Organization approval (pending approval → approved). */
import type { OrganizationApprovalState } from '../model/organization';
import { roleRule, type SpecRule } from './spec-rule';

/** The chart's states: the wire union (src/core/model/organization.ts) without 'rejected', which the chart does not model yet. */
export const OrganizationApprovalStatuses = ['pending', 'approved'] as const satisfies readonly OrganizationApprovalState[];
export type OrganizationApprovalStatus = (typeof OrganizationApprovalStatuses)[number];

export const organizationApprovalRules = {
  approver: roleRule(
    'organization.approverRoles',
    'Admins (role super) manage everything: an admin approves a pending organization.',
    'bookings §1 + decision',
    ['super', 'admin'],
  ),
} as const;

export const organizationApprovalRuleList: readonly SpecRule<never>[] = Object.values(organizationApprovalRules);
