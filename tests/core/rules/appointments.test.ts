import { describe, expect, it } from 'vitest';
import {
  AppointmentStatuses,
  appointmentFacts,
  appointmentRoles,
  appointmentRules,
  appointmentScopes,
  appointmentTime,
  isValidNewStart,
  startNotPast,
  startWithinWindow,
  type AppointmentFacts,
  type AppointmentStatus,
} from '../../../src/core/rules/appointments';
import { ActorRoles, DAY_MS } from '../../../src/core/rules/spec-rule';

const START = '2030-06-15T09:00:00.000Z';
const at = (ms: number): string => new Date(Date.parse(START) + ms).toISOString();
const facts = (over: Partial<AppointmentFacts> = {}): AppointmentFacts => ({
  role: 'customer',
  now: at(-30 * DAY_MS),
  startTime: START,
  orderType: 'subscription',
  paymentIntentId: null,
  pendingApprovals: [],
  ...over,
});
const allowed = (rule: { test: (f: { status: AppointmentStatus }) => boolean }): AppointmentStatus[] =>
  AppointmentStatuses.filter((status) => rule.test({ status }));

describe('appointment status rules (bookings §4)', () => {
  it('most actions are blocked when suspended, deleted, canceled or complete', () => {
    expect(allowed(appointmentScopes.open)).toEqual(['pending', 'active', 'past', 'exception']);
  });

  it.each([
    ['pending', false],
    ['active', false],
    ['complete', false],
    ['past', false],
    ['exception', true],
    ['suspended', false],
    ['canceled', true],
    ['deleted', true],
  ] as const)('reinstating truth table: %s → %s', (status, expected) => {
    expect(appointmentScopes.reinstatable.test({ status })).toBe(expected);
  });

  it('the reinstate rule is both halves of the sentence: excluded statuses never pass even if listed', () => {
    for (const status of ['suspended', 'complete', 'past'] as const) expect(appointmentScopes.reinstatable.test({ status })).toBe(false);
  });

  it('home-size change is not offered when past or deleted', () => {
    expect(allowed(appointmentScopes.homeSizeStatus)).not.toContain('past');
    expect(allowed(appointmentScopes.homeSizeStatus)).not.toContain('deleted');
    expect(allowed(appointmentScopes.homeSizeStatus)).toContain('active');
  });

  it('the action blocked when pending is not offered while pending', () => {
    expect(appointmentScopes.notPending.test({ status: 'pending' })).toBe(false);
    expect(appointmentScopes.notPending.test({ status: 'active' })).toBe(true);
  });

  it('the first payment action needs an active item; the second is not offered while pending', () => {
    expect(allowed(appointmentScopes.chargeable)).toEqual(['active']);
    expect(allowed(appointmentScopes.mayHavePayment)).toEqual(AppointmentStatuses.filter((s) => s !== 'pending'));
  });

  it('an unknown status is allowed by no status rule', () => {
    for (const rule of Object.values(appointmentScopes)) expect(rule.test({ status: 'new' as AppointmentStatus })).toBe(false);
  });
});

describe('the 7-day window (bookings §4, §9)', () => {
  const now = (msBeforeStart: number): string => at(-msBeforeStart);

  it.each([
    ['8 days before', 8 * DAY_MS, false],
    ['7 days and 1 ms before', 7 * DAY_MS + 1, false],
    ['exactly 7 days before', 7 * DAY_MS, true],
    ['6 days before', 6 * DAY_MS, true],
    ['at the start', 0, true],
    ['an hour after the start', -60 * 60 * 1000, true],
  ])('start within 7 days, %s → %s', (_label, ms, expected) => {
    expect(startWithinWindow({ startTime: START, now: now(ms) })).toBe(expected);
    expect(appointmentTime.startWithinWindow.test(facts({ now: now(ms) }))).toBe(expected);
  });

  it('the action blocked within 7 days is its exact complement on valid dates', () => {
    for (const ms of [8 * DAY_MS, 7 * DAY_MS + 1, 7 * DAY_MS, 0, -DAY_MS]) {
      const f = facts({ now: now(ms) });
      expect(appointmentTime.startOutsideWindow.test(f)).toBe(!appointmentTime.startWithinWindow.test(f));
    }
  });

  it('invalid dates fail closed', () => {
    expect(startWithinWindow({ startTime: 'not a date', now: START })).toBe(false);
    expect(appointmentTime.startOutsideWindow.test(facts({ startTime: '' }))).toBe(false);
    expect(startNotPast({ startTime: START, now: '' })).toBe(false);
  });

  it('the start is in the past strictly after it', () => {
    expect(startNotPast({ startTime: START, now: START })).toBe(true);
    expect(startNotPast({ startTime: START, now: at(1) })).toBe(false);
    expect(appointmentTime.startIsPast.test(facts({ now: at(1) }))).toBe(true);
    expect(appointmentTime.startIsPast.test(facts({ now: START }))).toBe(false);
  });
});

describe('a new start (bookings §5: in the future, between this year and next year)', () => {
  const now = '2030-06-01T00:00:00.000Z';
  it.each([
    ['tomorrow', '2030-06-02T00:00:00.000Z', true],
    ['next year', '2031-12-31T23:00:00.000Z', true],
    ['the year after next', '2032-01-01T00:00:00.000Z', false],
    ['now', now, false],
    ['yesterday', '2030-05-31T00:00:00.000Z', false],
    ['missing', undefined, false],
    ['garbage', 'soon', false],
  ])('%s → %s', (_label, start, expected) => {
    expect(isValidNewStart(start, now)).toBe(expected);
    expect(appointmentTime.newStartValid.test(facts({ now, newStartTime: start }))).toBe(expected);
  });
});

describe('appointment roles (bookings §4, §6)', () => {
  const who = (rule: { test: (f: { role: (typeof ActorRoles)[number] }) => boolean }) => ActorRoles.filter((role) => rule.test({ role }));

  it('home-size change: organization or vendor', () => {
    expect(who(appointmentRoles.homeSize)).toEqual(['vendor', 'organization']);
  });
  it('start-time approval: no role at all', () => {
    expect(who(appointmentRoles.startTimeApproval)).toEqual([]);
  });
  it('the subscription-only action: customer or super', () => {
    expect(who(appointmentRoles.subscription)).toEqual(['super', 'customer']);
  });
  it('payment actions: super or admin', () => {
    expect(who(appointmentRoles.payment)).toEqual(['super', 'admin']);
  });
  it('barred for customer and vendor', () => {
    expect(who(appointmentRoles.operator)).not.toContain('customer');
    expect(who(appointmentRoles.operator)).not.toContain('vendor');
    expect(who(appointmentRoles.enable)).not.toContain('customer');
    expect(who(appointmentRoles.enable)).not.toContain('vendor');
  });
  it('only for organization and vendor', () => {
    expect(who(appointmentRoles.field)).toEqual(['vendor', 'organization']);
  });
});

describe('appointment facts', () => {
  it('a note is required (Note is required!)', () => {
    expect(appointmentFacts.noteGiven.test(facts({ note: 'Gate locked' }))).toBe(true);
    expect(appointmentFacts.noteGiven.test(facts({ note: '   ' }))).toBe(false);
    expect(appointmentFacts.noteGiven.test(facts())).toBe(false);
    expect(appointmentFacts.noteGiven.message).toBe('Note is required!');
  });
  it('no pending home_size approval', () => {
    expect(appointmentFacts.noPendingHomeSize.test(facts({ pendingApprovals: ['start_time'] }))).toBe(true);
    expect(appointmentFacts.noPendingHomeSize.test(facts({ pendingApprovals: ['home_size'] }))).toBe(false);
  });
  it('order type is subscription', () => {
    expect(appointmentFacts.subscriptionOrder.test(facts({ orderType: 'subscription' }))).toBe(true);
    expect(appointmentFacts.subscriptionOrder.test(facts({ orderType: 'onetime' }))).toBe(false);
    expect(appointmentFacts.subscriptionOrder.test(facts({ orderType: null }))).toBe(false);
  });
  it('paymentIntentId presence splits the two payment actions', () => {
    for (const pi of [null, '', 'pi_1']) {
      const f = facts({ paymentIntentId: pi });
      expect(appointmentFacts.hasPaymentIntent.test(f)).toBe(!appointmentFacts.noPaymentIntent.test(f));
    }
    expect(appointmentFacts.hasPaymentIntent.test(facts({ paymentIntentId: 'pi_1' }))).toBe(true);
  });
});

describe('every appointment rule', () => {
  it('has a unique id, a sentence and a source', () => {
    const ids = appointmentRules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of appointmentRules) {
      expect(rule.id).toMatch(/^appointment\.\w+$/);
      expect(rule.spec.length).toBeGreaterThan(10);
      expect(rule.source).toMatch(/bookings §\d|decision/);
    }
  });
});
