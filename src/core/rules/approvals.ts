/**
 * Approval request rules (bookings §3, §4): a request of type home_size or start_time, with a note,
 * decided by the customer. Who may ask comes from the appointment rules, so it has one home.
 */
import type { ApprovalStatus as WireApprovalStatus } from '../model/approval';
import { VALIDATION_MESSAGES } from './validators';
import { appointmentRoles, ApprovalTypes, type ApprovalType } from './appointments';
import { hasText, roleRule, specRule, type ActorRole, type SpecRule } from './spec-rule';

/**
 * The statuses the approval chart has as states: the wire union (src/core/model/approval.ts) without
 * 'canceled', which the chart does not model yet.
 */
export const ApprovalStatuses = ['pending', 'approved', 'declined'] as const satisfies readonly WireApprovalStatus[];
export type ApprovalStatus = (typeof ApprovalStatuses)[number];

export interface ApprovalFacts {
  readonly role: ActorRole;
  readonly now: string;
  /** The type of the request (from the request event, then from the record). */
  readonly approvalType: string | null;
  readonly note?: string | undefined;
}

/** Roles that may ask for each type: the appointment rules (home-size change; start-time approval). */
export const approvalRequesters: Readonly<Record<ApprovalType, readonly ActorRole[]>> = {
  home_size: appointmentRoles.homeSize.roles,
  start_time: appointmentRoles.startTimeApproval.roles,
};

export const isApprovalType = (value: unknown): value is ApprovalType =>
  typeof value === 'string' && (ApprovalTypes as readonly string[]).includes(value);

export const approvalRules = {
  typeKnown: specRule<ApprovalFacts>({
    id: 'approval.typeKnown',
    spec: 'Approval request: type home_size (data.homeSize, …) or start_time (data.startTime, …), plus a note.',
    source: 'bookings §3',
    test: (f) => isApprovalType(f.approvalType),
  }),
  noteGiven: specRule<ApprovalFacts>({
    id: 'approval.noteGiven',
    spec: 'Approval request: … plus a note. A note is required for some actions (message: Note is required!).',
    source: 'bookings §3, §5',
    message: VALIDATION_MESSAGES.noteRequired,
    test: (f) => hasText(f.note),
  }),
  requesterMayAsk: specRule<ApprovalFacts>({
    id: 'approval.requesterMayAsk',
    spec:
      'Home-size change: allowed for organization or vendor roles when … no pending home_size approval exists. Start-time approval: allowed for no roles presently.',
    source: 'bookings §4',
    test: (f) => isApprovalType(f.approvalType) && approvalRequesters[f.approvalType].includes(f.role),
  }),
  decider: roleRule(
    'approval.deciderRoles',
    'The customer whose appointment it is (or an admin) approves or declines a change request.',
    'decision',
    ['customer', 'super', 'admin'],
  ),
} as const;

export const approvalRuleList: readonly SpecRule<never>[] = Object.values(approvalRules);
