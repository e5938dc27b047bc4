/** Organization approval: pending approval → approved or rejected; a rejected organization may be approved later. */
import { setup } from 'xstate';
import { organizationApprovalRules, type OrganizationApprovalStatus } from '../../core/rules/organization-approval';
import type { ActorRole } from '../../core/rules/spec-rule';
import { decide, lifecycleAt, ruleGuards, type ActorEvent, type GuardArgsOf } from './lifecycle';

export type OrganizationApprovalContext = Record<string, never>;

export type OrganizationApprovalEvent = { readonly type: 'organization.approve' | 'organization.reject' } & ActorEvent;

export const emptyOrganizationApproval: OrganizationApprovalContext = {};

const factsOf = ({ event }: GuardArgsOf<OrganizationApprovalContext, OrganizationApprovalEvent>): { role: ActorRole } => ({
  role: event.actor?.role ?? 'none',
});

export const organizationApprovalMachine = setup({
  types: {
    context: {} as OrganizationApprovalContext,
    events: {} as OrganizationApprovalEvent,
  },
  guards: ruleGuards({ isApprover: organizationApprovalRules.approver }, factsOf),
}).createMachine({
  id: 'organizationApproval',
  description: 'Organization approval. Events carry { actor: { role }, now }.',
  initial: 'pending',
  context: emptyOrganizationApproval,
  states: {
    pending: {
      description: 'Pending approval.',
      on: {
        'organization.approve': { target: 'approved', guard: 'isApprover' },
        'organization.reject': { target: 'rejected', guard: 'isApprover' },
      },
    },
    rejected: {
      description: 'Rejected: the organization still waits on /organization/pending-approval; an admin may approve it later.',
      on: { 'organization.approve': { target: 'approved', guard: 'isApprover' } },
    },
    approved: { type: 'final' },
  },
});

export const organizationApprovalAt = (status: OrganizationApprovalStatus, facts: OrganizationApprovalContext = emptyOrganizationApproval) =>
  lifecycleAt(organizationApprovalMachine, status, facts);

export const decideOrganizationApproval = (status: string, facts: OrganizationApprovalContext, event: OrganizationApprovalEvent) =>
  decide(organizationApprovalMachine, status, facts, event);
