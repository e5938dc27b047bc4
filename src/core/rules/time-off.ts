/**
 * Vendor time off / schedule change (bookings §4): "requested by the vendor, approved or rejected by
 * the organization, or deleted. Vendors can request time off, which needs approval."
 */
import type { VendorScheduleApproval } from '../model/vendor';
import { isValidNewStart } from './appointments';
import { MESSAGES } from './messages';
import { instant, roleRule, specRule, type ActorRole, type SpecRule } from './spec-rule';

/**
 * The chart's statuses are the contract's approval values (VendorSchedule.approval: pending, approved,
 * rejected) plus `deleted`, which the wire never shows (a deleted request is gone from every list).
 */
export const TimeOffStatuses = ['pending', 'approved', 'rejected', 'deleted'] as const;
export type TimeOffStatus = (typeof TimeOffStatuses)[number];
export const timeOffApprovals = TimeOffStatuses.filter((s): s is Exclude<TimeOffStatus, 'deleted'> => s !== 'deleted') satisfies readonly VendorScheduleApproval[];

export interface TimeOffFacts {
  readonly role: ActorRole;
  readonly now: string;
  /** The range asked for (request). */
  readonly start?: string | undefined;
  readonly end?: string | undefined;
}

const SENTENCE = 'Vendor schedule change (time off): requested by the vendor, approved or rejected by the organization, or deleted.';

export const timeOffRules = {
  requester: roleRule('timeOff.requesterRoles', SENTENCE, 'bookings §4', ['vendor']),
  decider: roleRule(
    'timeOff.deciderRoles',
    `${SENTENCE} Super, who manages everything, may decide too.`,
    'bookings §1, §4 + decision',
    ['organization', 'super'],
  ),
  deleter: roleRule(
    'timeOff.deleterRoles',
    'The vendor who asked, the organization or super may delete a time-off request.',
    'decision',
    ['vendor', 'organization', 'super'],
  ),
  startsInFuture: specRule<TimeOffFacts>({
    id: 'timeOff.startsInFuture',
    spec: 'Start date must be in the future, between this year and next year.',
    source: 'bookings §5',
    message: MESSAGES.start_date_invalid,
    test: (f) => isValidNewStart(f.start, f.now),
  }),
  endsAfterStart: specRule<TimeOffFacts>({
    id: 'timeOff.endsAfterStart',
    spec: 'A time-off range ends after it starts.',
    source: 'decision',
    message: MESSAGES.range_ends_before_start,
    test: (f) => Number.isFinite(instant(f.end)) && instant(f.end) > instant(f.start),
  }),
} as const;

export const timeOffRuleList: readonly SpecRule<never>[] = Object.values(timeOffRules);
