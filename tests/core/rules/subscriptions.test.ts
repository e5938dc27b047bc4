import { describe, expect, it } from 'vitest';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { Frequencies, isFrequency, subscriptionRules, subscriptionScopes, type SubscriptionFacts } from '../../../src/core/rules/subscriptions';

const NOW = '2030-06-01T00:00:00.000Z';
const facts = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({ role: 'customer', now: NOW, resumeAt: null, ...over });

describe('subscription rules (bookings §4, §6, §9)', () => {
  it('frequencies are week, biweek, month', () => {
    expect([...Frequencies]).toEqual(['week', 'biweek', 'month']);
    expect(isFrequency('daily')).toBe(false);
  });

  it('subscription actions: customer or super; payment actions: super or admin (and the server)', () => {
    expect(ActorRoles.filter((role) => subscriptionRules.owner.test({ role }))).toEqual(['super', 'customer']);
    expect(ActorRoles.filter((role) => subscriptionRules.billing.test({ role }))).toEqual(['super', 'admin', 'system']);
    expect(ActorRoles.filter((role) => subscriptionRules.billingOutcome.test({ role }))).toEqual(['system']);
  });

  it('a new subscription names a known frequency and a plan', () => {
    expect(subscriptionRules.termsKnown.test(facts({ frequency: 'week', planId: 'p' }))).toBe(true);
    expect(subscriptionRules.termsKnown.test(facts({ frequency: 'week', planId: ' ' }))).toBe(false);
    expect(subscriptionRules.termsKnown.test(facts({ frequency: 'yearly', planId: 'p' }))).toBe(false);
  });

  it.each([
    [{ frequency: 'month' }, true],
    [{ planId: 'plan_b' }, true],
    [{ frequency: 'biweek', planId: 'plan_b' }, true],
    [{}, false],
    [{ frequency: 'yearly' }, false],
    [{ frequency: 'month', planId: '' }, false],
  ])('update (frequency or plan) %j → %s', (change, expected) => {
    expect(subscriptionRules.changesFrequencyOrPlan.test(facts(change))).toBe(expected);
  });

  it('unpause before the scheduled end only with beforeSchedule', () => {
    const resumeAt = '2030-06-15T00:00:00.000Z';
    expect(subscriptionRules.unpauseAllowed.test(facts({ resumeAt }))).toBe(false);
    expect(subscriptionRules.unpauseAllowed.test(facts({ resumeAt, beforeSchedule: true }))).toBe(true);
    expect(subscriptionRules.unpauseAllowed.test(facts({ resumeAt, now: resumeAt }))).toBe(true);
    expect(subscriptionRules.unpauseAllowed.test(facts({ resumeAt: null }))).toBe(true);
  });

  it('a pause that names its end ends later', () => {
    expect(subscriptionRules.pauseEndsLater.test(facts())).toBe(true);
    expect(subscriptionRules.pauseEndsLater.test(facts({ until: '2030-06-02T00:00:00.000Z' }))).toBe(true);
    expect(subscriptionRules.pauseEndsLater.test(facts({ until: NOW }))).toBe(false);
    expect(subscriptionRules.pauseEndsLater.test(facts({ until: 'later' }))).toBe(false);
  });

  it('only active and suspended subscriptions are billed; canceled takes nothing', () => {
    expect(subscriptionScopes.billed.allowed).toEqual(['active', 'suspended']);
    expect(subscriptionScopes.live.test({ status: 'canceled' })).toBe(false);
  });
});
