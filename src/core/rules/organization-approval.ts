/** Organization approval (pending approval → approved). */
import { roleRule, type SpecRule } from './spec-rule';

export const OrganizationApprovalStatuses = ['pending', 'approved'] as const;
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
