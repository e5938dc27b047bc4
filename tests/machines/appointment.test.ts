/** The appointment chart against bookings §4 and §6, through `decide` (what the server calls) and `can` (what the SPA calls). */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { DAY_MS, type ActorRole } from '../../src/core/rules/spec-rule';
import {
  appointmentAt,
  appointmentMachine,
  decideAppointment,
  emptyAppointment,
  type AppointmentContext,
  type AppointmentEvent,
} from '../../src/machines/lifecycles/appointment.machine';
import { appointmentEvents } from './models/appointment.model';

const START = '2030-06-15T09:00:00.000Z';
const before = (ms: number): string => new Date(Date.parse(START) - ms).toISOString();
const FAR = before(30 * DAY_MS);
const NEAR = before(3 * DAY_MS);
const AFTER = before(-60 * 60 * 1000);

const record = (over: Partial<AppointmentContext> = {}): AppointmentContext => ({
  ...emptyAppointment,
  startTime: START,
  orderType: 'subscription',
  ...over,
});
const as = (role: ActorRole, now = FAR) => ({ actor: { role }, now });

describe('appointment chart', () => {
  it('reaches every status from new by generated shortest paths', () => {
    const reached = new Set(getShortestPaths(appointmentMachine as AnyStateMachine, { events: appointmentEvents }).map((p) => p.state.value));
    expect([...reached].sort()).toEqual(['active', 'canceled', 'complete', 'deleted', 'exception', 'new', 'past', 'pending', 'suspended']);
  });

  it('is created pending with the record facts, then enabled', () => {
    const created = decideAppointment('new', emptyAppointment, { type: 'appointment.create', startTime: START, orderType: 'onetime', ...as('customer') });
    expect(created).toMatchObject({ ok: true, to: 'pending', facts: { startTime: START, orderType: 'onetime', paymentIntentId: null } });
    expect(decideAppointment('pending', record(), { type: 'appointment.enable', ...as('organization') })).toMatchObject({ ok: true, to: 'active' });
  });

  it('refuses a start in the past on create (bookings §5)', () => {
    const d = decideAppointment('new', emptyAppointment, { type: 'appointment.create', startTime: START, orderType: 'onetime', ...as('customer', AFTER) });
    expect(d).toMatchObject({ ok: false, code: 'blocked_by_guard', blockedBy: [{ guard: 'newStartValid' }] });
  });

  describe('most actions are blocked when suspended, deleted, canceled or complete', () => {
    it.each(['suspended', 'deleted', 'canceled', 'complete'] as const)('%s', (status) => {
      for (const type of ['appointment.complete', 'appointment.cancel', 'appointment.exception', 'appointment.update'] as const) {
        const d = decideAppointment(status, record(), { type, ...as('organization', NEAR), note: 'n', startTime: START } as AppointmentEvent);
        expect(d).toMatchObject({ ok: false, code: 'not_allowed_in_status' });
        if (!d.ok) expect(d.reason).toContain('Most actions are blocked when status is suspended, deleted, canceled or complete.');
      }
    });
  });

  it('a completed appointment accepts nothing but the refund of its payment', () => {
    const done = appointmentAt('complete', record({ paymentIntentId: 'pi_1' }));
    const accepted = appointmentEvents(done).filter((e) => done.can(e as AppointmentEvent));
    expect(new Set(accepted.map((e) => e.type))).toEqual(new Set(['appointment.refund']));
  });

  describe('blocked when the start date is in the past', () => {
    it.each([
      ['appointment.cancel', 'customer'],
      ['appointment.delete', 'organization'],
      ['appointment.addSubscriptionAddOn', 'customer'],
    ] as const)('%s', (type, role) => {
      expect(decideAppointment('active', record(), { type, ...as(role, NEAR) }).ok).toBe(true);
      const d = decideAppointment('active', record(), { type, ...as(role, AFTER) });
      expect(d).toMatchObject({ ok: false, code: 'blocked_by_guard' });
      if (!d.ok) expect(d.reason).toContain('Many are also blocked when the start date is in the past.');
    });
  });

  describe('completing requires the start within 7 days', () => {
    it.each([
      [before(8 * DAY_MS), false],
      [before(7 * DAY_MS), true],
      [NEAR, true],
      [AFTER, true],
    ])('now %s → %s', (now, ok) => {
      expect(decideAppointment('active', record(), { type: 'appointment.complete', ...as('vendor', now) }).ok).toBe(ok);
    });

    it('is only for organization and vendor', () => {
      const d = decideAppointment('active', record(), { type: 'appointment.complete', ...as('customer', NEAR) });
      expect(d).toMatchObject({ ok: false, blockedBy: [{ guard: 'isFieldRole', rule: { kind: 'role' } }] });
    });
  });

  describe('update is blocked when pending or when the start is within 7 days', () => {
    const later = before(-14 * DAY_MS);
    it('moves the start when outside the window', () => {
      expect(decideAppointment('active', record(), { type: 'appointment.update', startTime: later, ...as('customer') })).toMatchObject({
        ok: true,
        to: 'active',
        facts: { startTime: later },
      });
    });
    it('within the window', () => {
      const d = decideAppointment('active', record(), { type: 'appointment.update', startTime: later, ...as('customer', NEAR) });
      expect(d).toMatchObject({ ok: false, blockedBy: [{ guard: 'startOutsideWindow' }] });
      if (!d.ok) expect(d.reason).toContain('One action is blocked when pending or when start is within 7 days.');
    });
    it('when pending', () => {
      const d = decideAppointment('pending', record(), { type: 'appointment.update', startTime: later, ...as('customer') });
      expect(d).toMatchObject({ ok: false, code: 'not_allowed_in_status' });
      if (!d.ok) expect(d.reason).toContain('One action is blocked when pending or when start is within 7 days.');
    });
  });

  describe('reinstating (appointment.reenable)', () => {
    it.each(['canceled', 'deleted', 'exception'] as const)('is allowed from %s', (status) => {
      expect(decideAppointment(status, record(), { type: 'appointment.reenable', ...as('organization') })).toMatchObject({ ok: true, to: 'active' });
    });
    it.each(['suspended', 'complete', 'past', 'pending', 'active'] as const)('is not allowed from %s', (status) => {
      expect(appointmentAt(status, record()).can({ type: 'appointment.reenable', ...as('super') })).toBe(false);
    });
    it('names the reinstating sentence when refused', () => {
      const d = decideAppointment('complete', record(), { type: 'appointment.reenable', ...as('super') });
      if (d.ok) throw new Error('expected a refusal');
      expect(d.reason).toContain('Reinstating is allowed only when status is not suspended, complete or past AND status is canceled, deleted or exception.');
    });
  });

  it('an exception needs a note (Note is required!)', () => {
    const d = decideAppointment('active', record(), { type: 'appointment.exception', note: '', ...as('vendor', AFTER) });
    expect(d).toMatchObject({ ok: false, message: 'Note is required!' });
    expect(decideAppointment('active', record(), { type: 'appointment.exception', note: 'Gate locked', ...as('vendor', AFTER) })).toMatchObject({
      ok: true,
      to: 'exception',
    });
  });

  describe('home-size change', () => {
    it.each(['organization', 'vendor'] as const)('is allowed for %s, once while a home_size approval is pending', (role) => {
      const d = decideAppointment('active', record(), { type: 'appointment.requestHomeSize', ...as(role) });
      expect(d).toMatchObject({ ok: true, to: 'active', facts: { pendingApprovals: ['home_size'] } });
      const again = decideAppointment('active', d.ok ? d.facts : record(), { type: 'appointment.requestHomeSize', ...as(role) });
      expect(again).toMatchObject({ ok: false, blockedBy: [{ guard: 'noPendingHomeSize' }] });
    });
    it.each(['customer', 'super', 'admin'] as const)('is refused for %s', (role) => {
      expect(decideAppointment('active', record(), { type: 'appointment.requestHomeSize', ...as(role) })).toMatchObject({
        ok: false,
        blockedBy: [{ guard: 'mayRequestHomeSize' }],
      });
    });
    it.each(['past', 'deleted'] as const)('is not offered when %s', (status) => {
      const d = decideAppointment(status, record(), { type: 'appointment.requestHomeSize', ...as('vendor') });
      expect(d).toMatchObject({ ok: false, code: 'not_allowed_in_status' });
    });
  });

  it('start-time approval is allowed for no role', () => {
    for (const role of ['customer', 'vendor', 'organization', 'super', 'admin', 'system'] as const) {
      const d = decideAppointment('active', record(), { type: 'appointment.requestStartTime', startTime: START, ...as(role) });
      expect(d).toMatchObject({ ok: false, blockedBy: [{ guard: 'mayRequestStartTime', rule: { spec: 'Start-time approval: allowed for no roles presently.' } }] });
    }
  });

  it('the subscription-only action: customer or super, when the order type is subscription', () => {
    const ev = (role: ActorRole) => ({ type: 'appointment.addSubscriptionAddOn' as const, ...as(role) });
    expect(decideAppointment('active', record(), ev('customer')).ok).toBe(true);
    expect(decideAppointment('active', record(), ev('super')).ok).toBe(true);
    expect(decideAppointment('active', record(), ev('admin'))).toMatchObject({ ok: false, blockedBy: [{ guard: 'isSubscriptionRole' }] });
    expect(decideAppointment('active', record({ orderType: 'onetime' }), ev('customer'))).toMatchObject({
      ok: false,
      blockedBy: [{ guard: 'subscriptionOrder' }],
    });
  });

  describe('the two payment actions (super or admin)', () => {
    it('charge: an active item with no paymentIntentId', () => {
      const d = decideAppointment('active', record(), { type: 'appointment.charge', paymentIntentId: 'pi_1', ...as('admin') });
      expect(d).toMatchObject({ ok: true, to: 'active', facts: { paymentIntentId: 'pi_1' } });
      const again = decideAppointment('active', record({ paymentIntentId: 'pi_1' }), { type: 'appointment.charge', paymentIntentId: 'pi_2', ...as('admin') });
      expect(again).toMatchObject({ ok: false, blockedBy: [{ guard: 'noPaymentIntent' }] });
      expect(appointmentAt('pending', record()).can({ type: 'appointment.charge', paymentIntentId: 'pi_1', ...as('super') })).toBe(false);
    });
    it('refund: items that have one, in any status but pending', () => {
      for (const status of ['active', 'complete', 'past', 'exception', 'suspended', 'canceled', 'deleted'] as const) {
        expect(decideAppointment(status, record({ paymentIntentId: 'pi_1' }), { type: 'appointment.refund', ...as('super') })).toMatchObject({
          ok: true,
          to: status,
          facts: { paymentIntentId: null },
        });
      }
      expect(decideAppointment('complete', record(), { type: 'appointment.refund', ...as('super') })).toMatchObject({ ok: false });
    });
    it.each(['customer', 'vendor', 'organization'] as const)('never for %s', (role) => {
      expect(decideAppointment('active', record(), { type: 'appointment.charge', paymentIntentId: 'pi_1', ...as(role) }).ok).toBe(false);
      expect(decideAppointment('complete', record({ paymentIntentId: 'pi_1' }), { type: 'appointment.refund', ...as(role) }).ok).toBe(false);
    });
  });

  it('follows its subscription: suspend future appointments, restore them', () => {
    expect(decideAppointment('active', record(), { type: 'appointment.suspend', ...as('system') })).toMatchObject({ ok: true, to: 'suspended' });
    expect(decideAppointment('active', record(), { type: 'appointment.suspend', ...as('system', AFTER) }).ok).toBe(false);
    expect(decideAppointment('suspended', record(), { type: 'appointment.restore', ...as('system') })).toMatchObject({ ok: true, to: 'active' });
  });

  it('the sweep marks an appointment past only after its start', () => {
    expect(decideAppointment('active', record(), { type: 'appointment.lapse', ...as('system', NEAR) }).ok).toBe(false);
    expect(decideAppointment('active', record(), { type: 'appointment.lapse', ...as('system', AFTER) })).toMatchObject({ ok: true, to: 'past' });
    expect(decideAppointment('active', record(), { type: 'appointment.lapse', ...as('customer', AFTER) }).ok).toBe(false);
  });

  it('rain delay moves the visit to a new future start and keeps it active', () => {
    const next = before(-DAY_MS);
    expect(decideAppointment('past', record(), { type: 'appointment.rainDelay', startTime: next, ...as('vendor', AFTER) })).toMatchObject({
      ok: true,
      to: 'active',
      facts: { startTime: next },
    });
  });

  it('gives the SPA its buttons with can()', () => {
    const snapshot = appointmentAt('active', record());
    const buttons = ['appointment.cancel', 'appointment.complete', 'appointment.update'] as const;
    const enabled = buttons.filter((type) => snapshot.can({ type, startTime: before(-14 * DAY_MS), ...as('customer') } as AppointmentEvent));
    expect(enabled).toEqual(['appointment.cancel', 'appointment.update']);
  });
});
