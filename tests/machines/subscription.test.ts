import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import type { ActorRole } from '../../src/core/rules/spec-rule';
import {
  decideSubscription,
  emptySubscription,
  subscriptionAt,
  subscriptionMachine,
  type SubscriptionContext,
  type SubscriptionEvent,
} from '../../src/machines/lifecycles/subscription.machine';
import { NOWS, PAUSE_END, subscriptionEvents } from './models/subscription.model';

const [NOW, LATER] = NOWS as [string, string];
const as = (role: ActorRole, now = NOW) => ({ actor: { role }, now });
const live: SubscriptionContext = { frequency: 'week', planId: 'plan_a', resumeAt: null };

describe('subscription chart', () => {
  it('has simple paths from new to every status', () => {
    // a small alphabet keeps simple paths enumerable; the full model is exercised in lifecycles.test.ts
    const events = [
      { type: 'subscription.create', frequency: 'week', planId: 'plan_a', ...as('customer') },
      { type: 'subscription.pause', ...as('customer') },
      { type: 'subscription.unpause', ...as('customer') },
      { type: 'subscription.suspend', ...as('admin') },
      { type: 'subscription.restore', ...as('admin') },
      { type: 'subscription.cancel', ...as('customer') },
    ];
    const paths = getSimplePaths(subscriptionMachine as AnyStateMachine, { events });
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['active', 'canceled', 'new', 'paused', 'suspended']));
    // every simple path into canceled ends there: nothing leaves it
    for (const p of paths.filter((p) => p.state.value === 'canceled')) expect(p.steps.at(-1)!.event.type).toBe('subscription.cancel');
  });

  it('new: the customer or super, with a frequency and a plan', () => {
    expect(decideSubscription('new', emptySubscription, { type: 'subscription.create', frequency: 'month', planId: 'p', ...as('customer') })).toMatchObject({
      ok: true,
      to: 'active',
      facts: { frequency: 'month', planId: 'p' },
    });
    expect(decideSubscription('new', emptySubscription, { type: 'subscription.create', frequency: 'month', planId: 'p', ...as('vendor') }).ok).toBe(false);
  });

  it('update changes the frequency or the plan', () => {
    expect(decideSubscription('active', live, { type: 'subscription.update', frequency: 'biweek', ...as('customer') })).toMatchObject({
      ok: true,
      facts: { frequency: 'biweek', planId: 'plan_a' },
    });
    expect(decideSubscription('active', live, { type: 'subscription.update', ...as('customer') })).toMatchObject({
      ok: false,
      blockedBy: [{ guard: 'changesFrequencyOrPlan' }],
    });
  });

  it('pause, then unpause before the schedule only when asked for', () => {
    const paused = decideSubscription('active', live, { type: 'subscription.pause', until: PAUSE_END, ...as('customer') });
    expect(paused).toMatchObject({ ok: true, to: 'paused', facts: { resumeAt: PAUSE_END } });
    const facts = paused.ok ? paused.facts : live;
    expect(decideSubscription('paused', facts, { type: 'subscription.unpause', ...as('customer') })).toMatchObject({
      ok: false,
      blockedBy: [{ guard: 'unpauseAllowed' }],
    });
    expect(decideSubscription('paused', facts, { type: 'subscription.unpause', beforeSchedule: true, ...as('customer') })).toMatchObject({
      ok: true,
      to: 'active',
      facts: { resumeAt: null },
    });
    expect(decideSubscription('paused', facts, { type: 'subscription.unpause', ...as('system', LATER) })).toMatchObject({ ok: true, to: 'active' });
  });

  it('suspend lasts until the next successful billing; restore until the next failed billing', () => {
    expect(decideSubscription('active', live, { type: 'subscription.suspend', ...as('admin') })).toMatchObject({ ok: true, to: 'suspended' });
    expect(decideSubscription('suspended', live, { type: 'subscription.billed', ...as('system') })).toMatchObject({ ok: true, to: 'active' });
    expect(decideSubscription('suspended', live, { type: 'subscription.restore', ...as('super') })).toMatchObject({ ok: true, to: 'active' });
    expect(decideSubscription('active', live, { type: 'subscription.billingFailed', ...as('system') })).toMatchObject({ ok: true, to: 'suspended' });
    expect(decideSubscription('active', live, { type: 'subscription.suspend', ...as('customer') }).ok).toBe(false);
  });

  it('a paused subscription is not billed', () => {
    for (const type of ['subscription.billed', 'subscription.billingFailed'] as const) {
      expect(subscriptionAt('paused', live).can({ type, ...as('system') })).toBe(false);
    }
  });

  it('cancel stops everything: canceled is final', () => {
    expect(decideSubscription('paused', live, { type: 'subscription.cancel', ...as('customer') })).toMatchObject({ ok: true, to: 'canceled' });
    const snapshot = subscriptionAt('canceled', live);
    expect(snapshot.status).toBe('done');
    expect(subscriptionEvents().filter((e) => snapshot.can(e as SubscriptionEvent))).toEqual([]);
    const d = decideSubscription('canceled', live, { type: 'subscription.billed', ...as('system') });
    if (d.ok) throw new Error('expected a refusal');
    expect(d.reason).toContain("'canceled' is final");
  });

  it('add-on: the customer or super, naming a service or a custom request', () => {
    expect(decideSubscription('active', live, { type: 'subscription.addAddOn', serviceId: 'svc', ...as('customer') }).ok).toBe(true);
    expect(decideSubscription('active', live, { type: 'subscription.addAddOn', description: 'x', valueCents: 0, ...as('customer') })).toMatchObject({
      ok: false,
      blockedBy: [{ guard: 'addOnDescribed' }],
    });
  });
});
