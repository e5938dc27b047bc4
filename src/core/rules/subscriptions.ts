/** Subscription lifecycle rules (bookings §4, §6, §9). */
import { hasText, instant, roleRule, specRule, statusRule, type ActorRole, type SpecRule } from './spec-rule';

import type { SubscriptionStatus } from '../model/subscription';
import { Frequencies, type Frequency } from '../model/service';

// The unions live in src/core/model (one definition each); re-exported here for the rules' readers.
export { SubscriptionStatuses, type SubscriptionStatus } from '../model/subscription';
export { Frequencies, type Frequency } from '../model/service';

export const isFrequency = (value: unknown): value is Frequency =>
  typeof value === 'string' && (Frequencies as readonly string[]).includes(value);

export interface SubscriptionFacts {
  readonly role: ActorRole;
  readonly now: string;
  /** When a pause is scheduled to end (ISO-8601), or null for an open-ended pause. */
  readonly resumeAt: string | null;
  /** From the event: the terms asked for (create, update), the pause end, the early-unpause flag. */
  readonly frequency?: string | undefined;
  readonly planId?: string | undefined;
  readonly until?: string | undefined;
  readonly beforeSchedule?: boolean | undefined;
}

const OWNER = 'Action checks: … subscription action customer or super.';

export const subscriptionRules = {
  owner: roleRule('subscription.ownerRoles', OWNER, 'bookings §6', ['customer', 'super']),
  unpauser: roleRule(
    'subscription.unpauseRoles',
    'Unpause (optionally before the schedule): the customer or super unpauses; the server unpauses on schedule.',
    'bookings §4, §6 + decision',
    ['customer', 'super', 'system'],
  ),
  billing: roleRule(
    'subscription.billingRoles',
    'Action checks: … payment actions super or admin only (suspend, restore); the server applies them after a billing.',
    'bookings §6 + decision',
    ['super', 'admin', 'system'],
  ),
  billingOutcome: roleRule(
    'subscription.billingOutcomeRoles',
    'Billing outcomes are reported by the server alone.',
    'decision',
    ['system'],
  ),
  termsKnown: specRule<SubscriptionFacts>({
    id: 'subscription.termsKnown',
    spec: 'New subscription: a frequency (week, biweek, month) and a plan.',
    source: 'bookings §4, §9',
    test: (f) => isFrequency(f.frequency) && hasText(f.planId),
  }),
  changesFrequencyOrPlan: specRule<SubscriptionFacts>({
    id: 'subscription.changesFrequencyOrPlan',
    spec: 'Update (frequency or plan).',
    source: 'bookings §4',
    test: (f) =>
      (f.frequency !== undefined || f.planId !== undefined) &&
      (f.frequency === undefined || isFrequency(f.frequency)) &&
      (f.planId === undefined || hasText(f.planId)),
  }),
  pauseEndsLater: specRule<SubscriptionFacts>({
    id: 'subscription.pauseEndsLater',
    spec: 'A pause that names its end must end in the future.',
    source: 'decision',
    test: (f) => f.until === undefined || instant(f.until) > instant(f.now),
  }),
  unpauseAllowed: specRule<SubscriptionFacts>({
    id: 'subscription.unpauseAllowed',
    spec: 'Unpause (optionally before the schedule): before the scheduled end only when asked for explicitly (beforeSchedule).',
    source: 'bookings §4',
    test: (f) => f.beforeSchedule === true || f.resumeAt === null || instant(f.now) >= instant(f.resumeAt),
  }),
} as const;

export const subscriptionScopes = {
  billed: statusRule<SubscriptionStatus>(
    'subscription.billed',
    'Cancel stops billing; a paused subscription is not billed either — billing outcomes apply to active and suspended subscriptions.',
    'bookings §4 + decision',
    ['active', 'suspended'],
  ),
  live: statusRule<SubscriptionStatus>(
    'subscription.live',
    'Cancel (stops billing and future appointments): a canceled subscription takes no further action.',
    'bookings §4',
    ['active', 'paused', 'suspended'],
  ),
} as const;

export const subscriptionRuleList: readonly SpecRule<never>[] = [...Object.values(subscriptionRules), ...Object.values(subscriptionScopes)];
