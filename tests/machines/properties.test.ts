/**
 * Property tests: random facts, a random start status and random event sequences (random roles, times,
 * payloads) never make a lifecycle chart do what the spec forbids. Each step goes through `decide`,
 * exactly as the server's transition service does, and must agree with `snapshot.can`.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { ActorRoles, DAY_MS, type ActorRole } from '../../src/core/rules/spec-rule';
import { addOnMachine } from '../../src/machines/lifecycles/addon.machine';
import { appointmentMachine, type AppointmentContext } from '../../src/machines/lifecycles/appointment.machine';
import { approvalMachine } from '../../src/machines/lifecycles/approval.machine';
import { invoiceMachine } from '../../src/machines/lifecycles/invoice.machine';
import { decide, lifecycleAt, statusesOf } from '../../src/machines/lifecycles/lifecycle';
import { notificationMachine } from '../../src/machines/lifecycles/notification.machine';
import { organizationApprovalMachine } from '../../src/machines/lifecycles/organization-approval.machine';
import { phoneConfirmationMachine } from '../../src/machines/lifecycles/phone-confirmation.machine';
import { subscriptionMachine, type SubscriptionContext } from '../../src/machines/lifecycles/subscription.machine';
import { ticketMachine } from '../../src/machines/lifecycles/ticket.machine';
import { timeOffMachine } from '../../src/machines/lifecycles/time-off.machine';
import { userMachine } from '../../src/machines/lifecycles/user.machine';

const BASE = Date.parse('2030-06-15T09:00:00.000Z');
const HOUR = 60 * 60 * 1000;
/** An instant within ±40 days of BASE, to the hour: both sides of every 7-day edge get hit. */
const time = fc.integer({ min: -40 * 24, max: 40 * 24 }).map((h) => new Date(BASE + h * HOUR).toISOString());
const role = fc.constantFrom(...ActorRoles);
const note = fc.constantFrom('', '   ', 'Gate was locked');

interface Step<C> {
  readonly from: string;
  readonly to: string;
  readonly ok: boolean;
  readonly event: AnyEventObject & { actor: { role: ActorRole }; now: string };
  readonly before: C;
  readonly after: C;
}

/** Random start, random walk through `decide`; `check` throws on a forbidden step. */
function walk<C>(
  machine: AnyStateMachine,
  facts: fc.Arbitrary<C>,
  payloads: readonly [string, fc.Arbitrary<Record<string, unknown>>][],
  check: (step: Step<C>) => void,
  statuses: readonly string[] = statusesOf(machine),
): void {
  const event = fc
    .tuple(fc.constantFrom(...payloads), role, time)
    .chain(([[type, payload], r, now]) => payload.map((p) => ({ type, ...p, actor: { role: r }, now })));
  fc.assert(
    fc.property(fc.constantFrom(...statuses), facts, fc.array(event, { minLength: 1, maxLength: 15 }), (start, initial, events) => {
      let status = start;
      let current = initial;
      for (const e of events) {
        const d = decide(machine, status, current as never, e as never);
        const can = lifecycleAt(machine, status, current as never).can(e);
        if (d.ok !== can) throw new Error(`decide (${d.ok}) and can (${can}) disagree on ${e.type} in ${status}`);
        const to = d.ok ? d.to : status;
        const after = d.ok ? (d.facts as C) : current;
        check({ from: status, to, ok: d.ok, event: e, before: current, after });
        status = to;
        current = after;
      }
    }),
    { numRuns: 400 },
  );
}

const fail = (why: string, s: Step<unknown>): never => {
  throw new Error(`${why}: ${s.from} --${s.event.type} (${s.event.actor.role} @ ${s.event.now})--> ${s.to}`);
};
const none = fc.constant({});

describe('appointment: no random sequence reaches what the spec forbids', () => {
  const facts: fc.Arbitrary<AppointmentContext> = fc.record({
    startTime: time,
    orderType: fc.constantFrom('subscription' as const, 'onetime' as const, 'addon' as const),
    paymentIntentId: fc.constantFrom(null, 'pi_1'),
    pendingApprovals: fc.constantFrom([] as const, ['home_size'] as const, ['start_time'] as const),
  });
  const payloads: [string, fc.Arbitrary<Record<string, unknown>>][] = [
    ['appointment.create', fc.record({ startTime: time, orderType: fc.constantFrom('subscription', 'onetime', 'addon') })],
    ['appointment.enable', none],
    ['appointment.update', fc.record({ startTime: time })],
    ['appointment.complete', none],
    ['appointment.rainDelay', fc.record({ startTime: time })],
    ['appointment.exception', fc.record({ note })],
    ['appointment.cancel', none],
    ['appointment.delete', none],
    ['appointment.reenable', none],
    ['appointment.requestHomeSize', none],
    ['appointment.requestStartTime', fc.record({ startTime: time })],
    ['appointment.addSubscriptionAddOn', none],
    ['appointment.charge', fc.record({ paymentIntentId: fc.constantFrom('pi_1', 'pi_2') })],
    ['appointment.refund', none],
    ['appointment.suspend', none],
    ['appointment.restore', none],
    ['appointment.lapse', none],
    ['appointment.followSchedule', fc.record({ startTime: time })],
  ];
  const INTO_ACTIVE: Record<string, readonly string[]> = {
    'appointment.enable': ['pending'],
    'appointment.reenable': ['canceled', 'deleted', 'exception'],
    'appointment.restore': ['suspended'],
    'appointment.rainDelay': ['past', 'exception'],
  };
  const START_NOT_PAST = ['appointment.enable', 'appointment.cancel', 'appointment.delete', 'appointment.reenable', 'appointment.addSubscriptionAddOn', 'appointment.suspend', 'appointment.followSchedule'];

  it('a completed appointment never becomes anything else (only its payment is refunded)', () => {
    walk(appointmentMachine, facts, payloads, (s) => {
      if (s.from === 'complete' && s.ok && (s.to !== 'complete' || s.event.type !== 'appointment.refund')) fail('complete left', s);
    });
  });

  it('an appointment becomes active again only by a declared event from its declared statuses', () => {
    walk(appointmentMachine, facts, payloads, (s) => {
      if (s.ok && s.to === 'active' && s.from !== 'active' && !INTO_ACTIVE[s.event.type]?.includes(s.from)) fail('undeclared way into active', s);
    });
  });

  it('closed statuses accept only refund, restore and re-enable (and a suspended visit follows its schedule, staying suspended)', () => {
    walk(appointmentMachine, facts, payloads, (s) => {
      const follows = s.from === 'suspended' && s.to === 'suspended' && s.event.type === 'appointment.followSchedule';
      if (s.ok && !follows && ['suspended', 'deleted', 'canceled', 'complete'].includes(s.from) && !['appointment.refund', 'appointment.restore', 'appointment.reenable'].includes(s.event.type))
        fail('action in a closed status', s);
    });
  });

  it('role, note, approval and payment rules always hold', () => {
    walk(appointmentMachine, facts, payloads, (s) => {
      if (!s.ok) return;
      const r = s.event.actor.role;
      switch (s.event.type) {
        case 'appointment.requestStartTime':
          fail('start-time approval is for no role', s);
          break;
        case 'appointment.exception':
          if (!String(s.event.note ?? '').trim()) fail('exception without a note', s);
          if (!['organization', 'vendor'].includes(r)) fail('exception by the wrong role', s);
          break;
        case 'appointment.requestHomeSize':
          if (!['organization', 'vendor'].includes(r)) fail('home-size change by the wrong role', s);
          if (s.before.pendingApprovals.includes('home_size')) fail('second pending home_size approval', s);
          if (['past', 'deleted'].includes(s.from)) fail('home-size change when past or deleted', s);
          break;
        case 'appointment.charge':
          if (!['super', 'admin'].includes(r) || s.from !== 'active' || s.before.paymentIntentId) fail('charge', s);
          break;
        case 'appointment.refund':
          if (!['super', 'admin'].includes(r) || !s.before.paymentIntentId) fail('refund', s);
          break;
        case 'appointment.addSubscriptionAddOn':
          if (!['customer', 'super'].includes(r) || s.before.orderType !== 'subscription') fail('subscription-only action', s);
          break;
        case 'appointment.reenable':
          if (!['canceled', 'deleted', 'exception'].includes(s.from)) fail('reinstated from the wrong status', s);
          break;
        case 'appointment.complete':
          if (Date.parse(s.before.startTime) - Date.parse(s.event.now) > 7 * DAY_MS) fail('completed more than 7 days early', s);
          break;
        case 'appointment.update':
          if (s.from === 'pending' || Date.parse(s.before.startTime) - Date.parse(s.event.now) <= 7 * DAY_MS) fail('update when pending or within 7 days', s);
          break;
        case 'appointment.followSchedule':
          if (['vendor', 'affiliate'].includes(r) || s.before.orderType !== 'subscription' || s.from !== s.to) fail('schedule follow', s);
          break;
      }
      if (START_NOT_PAST.includes(s.event.type) && Date.parse(s.before.startTime) < Date.parse(s.event.now)) fail('action on a past start', s);
    });
  });
});

describe('subscription', () => {
  const facts: fc.Arbitrary<SubscriptionContext> = fc.record({
    frequency: fc.constantFrom('week' as const, 'month' as const),
    planId: fc.constantFrom('plan_a'),
    resumeAt: fc.option(time, { nil: null }),
  });
  const payloads: [string, fc.Arbitrary<Record<string, unknown>>][] = [
    ['subscription.create', fc.record({ frequency: fc.constantFrom('week', 'daily'), planId: fc.constantFrom('p', '') })],
    ['subscription.update', fc.record({ frequency: fc.constantFrom('month', 'yearly') })],
    ['subscription.cancel', none],
    ['subscription.pause', fc.record({ until: time })],
    ['subscription.unpause', fc.record({ beforeSchedule: fc.boolean() })],
    ['subscription.suspend', none],
    ['subscription.restore', none],
    ['subscription.addAddOn', fc.record({ serviceId: fc.constantFrom('svc', '') })],
    ['subscription.billed', none],
    ['subscription.billingFailed', none],
  ];

  it('a canceled subscription never bills, pauses or changes again', () => {
    walk(subscriptionMachine, facts, payloads, (s) => {
      if (s.from === 'canceled' && s.ok) fail('canceled changed', s);
    });
  });

  it('billing outcomes come from the server, and only for active or suspended subscriptions', () => {
    walk(subscriptionMachine, facts, payloads, (s) => {
      if (!s.ok || !['subscription.billed', 'subscription.billingFailed'].includes(s.event.type)) return;
      if (s.event.actor.role !== 'system' || !['active', 'suspended'].includes(s.from)) fail('billing', s);
    });
  });

  it('a suspension ends only by restore or a successful billing; a pause only by unpause or cancel', () => {
    walk(subscriptionMachine, facts, payloads, (s) => {
      if (!s.ok || s.from === s.to) return;
      if (s.from === 'suspended' && s.to === 'active' && !['subscription.restore', 'subscription.billed'].includes(s.event.type)) fail('suspension ended', s);
      if (s.from === 'paused' && !['subscription.unpause', 'subscription.cancel'].includes(s.event.type)) fail('pause ended', s);
      if (s.to === 'paused' && s.from !== 'active') fail('paused from elsewhere', s);
    });
  });
});

describe('the other records', () => {
  it('ticket: a closed ticket takes nothing (no reopen is declared); comments only on open tickets', () => {
    walk(
      ticketMachine,
      fc.constant({}),
      [
        ['ticket.saveDraft', none],
        ['ticket.create', none],
        ['ticket.comment', fc.record({ comment: note })],
        ['ticket.updateFields', fc.record({ priority: fc.constantFrom('low', 'critical') })],
        ['ticket.close', none],
      ],
      (s) => {
        if (s.from === 'closed' && s.ok) fail('closed ticket changed', s);
        if (s.ok && s.event.type === 'ticket.comment' && s.from !== 'open') fail('comment on a ticket that is not open', s);
      },
    );
  });

  it('notification: dismissed is final', () => {
    walk(notificationMachine, fc.constant({}), [['notification.read', none], ['notification.unread', none], ['notification.dismiss', none]], (s) => {
      if (s.from === 'dismissed' && s.ok) fail('dismissed changed', s);
    });
  });

  it('invoice: paid and deleted are final; only the customer pays or declines', () => {
    walk(
      invoiceMachine,
      fc.record({ amountCents: fc.option(fc.integer({ min: -5, max: 5000 }), { nil: null }) }),
      [
        ['invoice.create', fc.record({ amountCents: fc.integer({ min: -5, max: 5000 }) })],
        ['invoice.update', fc.record({ amountCents: fc.integer({ min: -5, max: 5000 }) })],
        ['invoice.send', none],
        ['invoice.delete', none],
        ['invoice.pay', fc.record({ hasCard: fc.boolean() })],
        ['invoice.decline', none],
      ],
      (s) => {
        if (['paid', 'deleted'].includes(s.from) && s.ok) fail('final invoice changed', s);
        if (s.ok && ['invoice.pay', 'invoice.decline'].includes(s.event.type) && s.event.actor.role !== 'customer') fail('not the customer', s);
        if (s.ok && s.event.type === 'invoice.pay' && s.event.hasCard !== true) fail('paid without a card', s);
        if (s.ok && ['invoice.pay', 'invoice.decline'].includes(s.event.type) && s.from !== 'open') fail('paid or declined before it was sent', s);
      },
    );
  });

  it('add-on: declined and removed are final; only the customer side approves', () => {
    walk(
      addOnMachine,
      fc.constant({ serviceId: 'svc', description: null, valueCents: null }),
      [
        ['addon.add', fc.record({ serviceId: fc.constantFrom('svc', '') })],
        ['addon.update', fc.record({ description: fc.constantFrom('Mulch', ''), valueCents: fc.integer({ min: 0, max: 900 }) })],
        ['addon.approve', none],
        ['addon.decline', none],
        ['addon.remove', none],
      ],
      (s) => {
        if (['declined', 'removed'].includes(s.from) && s.ok) fail('final add-on changed', s);
        if (s.ok && s.event.type === 'addon.approve' && (s.from !== 'pending' || ['vendor', 'organization'].includes(s.event.actor.role))) fail('approve', s);
      },
    );
  });

  it('approval request: nobody obtains a start-time approval; decided requests are final', () => {
    walk(
      approvalMachine,
      fc.record({ approvalType: fc.constantFrom(null, 'home_size' as const) }),
      [
        ['approval.request', fc.record({ approvalType: fc.constantFrom('home_size', 'start_time'), note })],
        ['approval.approve', none],
        ['approval.decline', none],
      ],
      (s) => {
        if (s.ok && s.event.type === 'approval.request' && s.event.approvalType === 'start_time') fail('start-time approval requested', s);
        if (['approved', 'declined'].includes(s.from) && s.ok) fail('decided request changed', s);
      },
    );
  });

  it('time off: decided only by the organization (or super) while requested; deleted is final', () => {
    walk(
      timeOffMachine,
      fc.record({ start: fc.option(time, { nil: null }), end: fc.option(time, { nil: null }) }),
      [
        ['timeOff.request', fc.record({ start: time, end: time })],
        ['timeOff.approve', none],
        ['timeOff.reject', none],
        ['timeOff.delete', none],
      ],
      (s) => {
        if (s.from === 'deleted' && s.ok) fail('deleted changed', s);
        if (s.ok && ['timeOff.approve', 'timeOff.reject'].includes(s.event.type) && (s.from !== 'pending' || !['organization', 'super'].includes(s.event.actor.role)))
          fail('decision', s);
      },
    );
  });

  it('organization approval: approved is final, only a pending one is rejected, and only an admin decides', () => {
    walk(organizationApprovalMachine, fc.constant({}), [['organization.approve', none], ['organization.reject', none]], (s) => {
      if (s.from === 'approved' && s.ok) fail('approved changed', s);
      if (s.ok && s.event.type === 'organization.reject' && s.from !== 'pending') fail('rejected when not pending', s);
      if (s.ok && !['super', 'admin'].includes(s.event.actor.role)) fail('decided by a non-admin', s);
    });
  });

  it('user: only an admin deactivates or reactivates; nobody returns to pending_email or claim_account', () => {
    walk(
      userMachine,
      fc.constant({}),
      [
        ['user.register', fc.record({ method: fc.constantFrom('email', 'sms'), verifiedEmail: fc.boolean() })],
        ['user.invite', none],
        ['user.confirm', none],
        ['user.claim', none],
        ['user.deactivate', none],
        ['user.activate', none],
      ],
      (s) => {
        const admin = ['super', 'admin'].includes(s.event.actor.role);
        if (s.ok && (s.to === 'inactive' || s.from === 'inactive') && !admin) fail('status of an inactive user changed by a non-admin', s);
        if (s.ok && s.from !== 'new' && ['pending_email', 'claim_account'].includes(s.to)) fail('back to a waiting status', s);
        if (s.ok && s.event.type === 'user.invite' && !['super', 'admin', 'organization'].includes(s.event.actor.role)) fail('invited by someone who may not invite', s);
      },
    );
  });

  it('phone confirmation: only a well-formed new number replaces a confirmed one, and a user without a number is not confirmed', () => {
    const newPhone = fc.record({ phone: fc.constantFrom('+15555550177', '555-0177', '') });
    walk(
      phoneConfirmationMachine,
      fc.record({ phone: fc.constantFrom(null, '', '+15555550100') }),
      [
        ['phone.confirm', none],
        ['phone.change', newPhone],
      ],
      (s) => {
        if (s.ok && s.to !== 'confirmed') fail('a confirmation that does not confirm', s);
        if (s.ok && !s.after.phone) fail('confirmed without a number', s);
        if (s.ok && s.after.phone !== s.before.phone && !/^\+1\d{10}$/.test(s.after.phone ?? '')) fail('an ill-formed number confirmed', s);
        if (s.ok && s.from === 'confirmed' && s.event.type !== 'phone.change') fail('confirmed changed without a new number', s);
      },
    );
  });
});
