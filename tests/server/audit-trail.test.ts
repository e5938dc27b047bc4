/**
 * Every state change of every record type goes through its lifecycle chart:
 * - each service path that changes a record leaves an audit row naming a chart the catalogue lists, with
 *   from/to states of that chart;
 * - an illegal change of each record type is refused with 409 and the chart's reason, and writes nothing.
 */
import { eq } from 'drizzle-orm';
import type { AnyStateMachine } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { accounts, appointmentAddOns, appointments, approvals, auditLog, invoices, notifications, payouts, subscriptions, tickets, transfers, users, vendorTimeOff } from '../../server/db/schema';
import { demoAppointmentRecord, demoId, demoSubscriptionRecord } from '../../server/db/seed';
import { HttpError } from '../../server/errors';
import { RECORD_TYPES, type RecordKind } from '../../server/services/transitions';
import { decide, statusesOf } from '../../src/machines/lifecycles/lifecycle';
import { discoverCharts } from '../../tools/machine-graph';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The lifecycle charts of the catalogue (docs/machines), by the id the audit rows name. */
const catalogue = new Map((await discoverCharts()).filter((c) => c.kind === 'lifecycle').map((c) => [c.machine.id, c.machine] as const));

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) => {
  server.clock.advance(1000);
  const res = await server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};
const lastTo = async (to: string) => {
  const list = (await call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`)).body as unknown as { code: string | null; link: string | null }[];
  return list[list.length - 1]!;
};
const auditOf = (recordId: string) => server.db.select().from(auditLog).where(eq(auditLog.recordId, recordId)).orderBy(auditLog.at);
const inDays = (days: number) => new Date(server.clock.now().getTime() + days * 86_400_000);

describe('every accepted change leaves an audit row naming a chart of the catalogue', () => {
  it('along each service path that changes a record', async () => {
    const customer = bearer(await login(server.app, 'customer@tendwell.test'));
    const rows = async (recordId: string) => (await auditOf(recordId)).map((r) => `${r.recordType} ${r.chart} ${r.event} ${r.fromState}→${r.toState}`);

    // appointment and subscription
    const appointmentId = newId();
    await server.db.insert(appointments).values(demoAppointmentRecord({ id: appointmentId, status: 'active', startTime: inDays(10), createdAt: server.clock.now() }));
    expect((await call('PUT', `/appointments/cancel/${appointmentId}`, {}, customer)).status).toBe(200);
    expect(await rows(appointmentId)).toEqual(['appointment appointment appointment.cancel active→canceled']);
    const subscriptionId = newId();
    await server.db.insert(subscriptions).values(demoSubscriptionRecord({ id: subscriptionId, createdAt: server.clock.now() }));
    expect((await call('POST', '/subscriptions/pause', { orderId: subscriptionId }, customer)).status).toBe(200);
    expect(await rows(subscriptionId)).toEqual(['subscription subscription subscription.pause active→paused']);

    // notification
    const notificationId = demoId('notification:1');
    expect((await call('PUT', `/notification/${notificationId}/read`, undefined, customer)).status).toBe(200);
    expect(await rows(notificationId)).toEqual(['notification notification notification.read unread→read']);

    // user: registration by email, then the emailed code confirms the address
    const reg = await call('POST', '/auth/register', { first_name: 'Audrey', email: 'audrey@example.com', password: 'audrey-pass', platform: 'web' });
    expect(reg.status).toBe(200);
    const audrey = String(reg.body.userData._id);
    const { code } = await lastTo('audrey@example.com');
    expect((await call('PUT', '/auth/confirm-account-code', { verification_code: code, email: 'audrey@example.com' })).status).toBe(200);
    expect(await rows(audrey)).toEqual(['user user user.register new→pending_email', 'user user user.confirm pending_email→active']);

    // user and phone: registration by SMS is active at once; the texted code confirms the phone
    const sms = await call('POST', '/auth/register', {
      first_name: 'Tex',
      email: 'tex@example.com',
      password: 'tex-pass-1',
      phone_number: '+15555550188',
      account_confirmation_method: 'sms',
      platform: 'web',
    });
    const tex = String(sms.body.userData._id);
    const texted = await lastTo('+15555550188');
    expect((await call('PUT', '/auth/confirm-account-code', { verification_code: texted.code, phone: '+15555550188' })).status).toBe(200);
    expect(await rows(tex)).toEqual(['user user user.register new→active', 'user phoneConfirmation phone.confirm unconfirmed→confirmed']);

    // user: claiming an account
    const claimUser = demoId('user:claim');
    await server.services.auth.inviteToClaim(claimUser);
    const claimToken = new URL((await lastTo('claim@tendwell.test')).link!).searchParams.get('claim_account')!;
    const claimed = await call('POST', '/auth/claim-account', { token: claimToken });
    expect((await call('POST', '/auth/reset-password-action', { password: 'claimed-pass' }, { 'x-password-reset-token': claimed.body.reset_token })).status).toBe(200);
    expect(await rows(claimUser)).toEqual(['user user user.claim claim_account→active']);

    // time off: the vendor asks, the organization approves
    const vendor = bearer(await login(server.app, 'vendor@tendwell.test'));
    const organization = bearer(await login(server.app, 'organization@tendwell.test'));
    const asked = await call('PUT', '/request-time-off', { start_time: inDays(40).toISOString(), end_time: inDays(41).toISOString() }, vendor);
    expect(asked.status).toBe(200);
    const scheduleId = String(asked.body.schedule_id);
    expect((await call('PUT', `/organization/${demoId('account:organization')}/schedule/${scheduleId}`, { approval: 'approved' }, organization)).status).toBe(200);
    expect(await rows(scheduleId)).toEqual(['timeOff timeOff timeOff.request new→pending', 'timeOff timeOff timeOff.approve pending→approved']);
  });

  it('over every audit row the tests above produced: the chart is in the catalogue, and from/to are its states', async () => {
    const trail = await server.db.select().from(auditLog);
    expect(trail.length).toBeGreaterThan(0);
    for (const row of trail) {
      const chart = catalogue.get(row.chart);
      expect(chart, `audit row ${row.id} names chart '${row.chart}'`).toBeDefined();
      const states = statesOf(chart!);
      expect(states, `${row.chart} ${row.event}`).toContain(row.fromState);
      expect(states, `${row.chart} ${row.event}`).toContain(row.toState);
      expect((chart!.events as readonly string[]).includes(row.event), `${row.chart} has event ${row.event}`).toBe(true);
    }
  });

  it('each record type of the transition service runs a chart of the catalogue', () => {
    for (const [kind, type] of Object.entries(RECORD_TYPES)) expect(catalogue.get(type.chart.id), kind).toBe(type.chart);
  });
});

const statesOf = (machine: AnyStateMachine) => statusesOf(machine);

describe('an illegal change is refused with 409 and the chart\'s reason, and writes nothing — for each record type', () => {
  const actor = { userId: demoId('user:customer'), accountId: demoId('account:customer'), role: 'customer' as const };
  const none = (userId: string) => ({ userId, accountId: null, role: 'none' as const });

  /** One illegal request per record type, the row it concerns, and how to read that row back. */
  const CASES: { readonly [K in RecordKind]: () => Promise<{ run: () => Promise<unknown>; recordId: string; read: () => Promise<unknown>; expected: () => string }> } = {
    appointment: async () => {
      const id = newId();
      await server.db.insert(appointments).values(demoAppointmentRecord({ id, status: 'canceled', startTime: inDays(10), createdAt: server.clock.now() }));
      return {
        recordId: id,
        run: () => server.services.transitions.change('appointment', { auth: actor, requestId: null, target: { id, visible: undefined }, event: { type: 'appointment.complete' } }),
        read: async () => (await server.db.select().from(appointments).where(eq(appointments.id, id)))[0],
        expected: () => reason(RECORD_TYPES.appointment.chart, 'canceled', { type: 'appointment.complete' }, actor.role),
      };
    },
    subscription: async () => {
      const id = newId();
      await server.db.insert(subscriptions).values(demoSubscriptionRecord({ id, createdAt: server.clock.now() }));
      return {
        recordId: id,
        run: () => server.services.transitions.change('subscription', { auth: actor, requestId: null, target: { id, visible: undefined }, event: { type: 'subscription.unpause' } }),
        read: async () => (await server.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0],
        expected: () => reason(RECORD_TYPES.subscription.chart, 'active', { type: 'subscription.unpause' }, actor.role),
      };
    },
    notification: async () => {
      const id = demoId('notification:3'); // seeded dismissed
      return {
        recordId: id,
        run: () => server.services.transitions.change('notification', { auth: actor, requestId: null, target: { id, accountId: actor.accountId }, event: { type: 'notification.read' } }),
        read: async () => (await server.db.select().from(notifications).where(eq(notifications.id, id)))[0],
        expected: () => reason(RECORD_TYPES.notification.chart, 'dismissed', { type: 'notification.read' }, actor.role),
      };
    },
    user: async () => {
      const id = demoId('user:vendor'); // active: there is no address left to confirm
      return {
        recordId: id,
        run: () => server.services.transitions.change('user', { auth: none(id), requestId: null, target: id, event: { type: 'user.confirm' } }),
        read: async () => (await server.db.select().from(users).where(eq(users.id, id)))[0],
        expected: () => reason(RECORD_TYPES.user.chart, 'active', { type: 'user.confirm' }, 'none'),
      };
    },
    phoneConfirmation: async () => {
      const id = demoId('user:organization'); // no phone number: nothing to confirm
      return {
        recordId: id,
        run: () => server.services.transitions.change('phoneConfirmation', { auth: none(id), requestId: null, target: id, event: { type: 'phone.confirm' } }),
        read: async () => (await server.db.select().from(users).where(eq(users.id, id)))[0],
        expected: () => reason(RECORD_TYPES.phoneConfirmation.chart, 'unconfirmed', { type: 'phone.confirm' }, 'none', { phone: null }),
      };
    },
    ticket: async () => {
      const id = demoId('ticket:customer-closed'); // seeded closed: it takes no comment
      const event = { type: 'ticket.comment', comment: 'One more thing.' } as const;
      return {
        recordId: id,
        run: () => server.services.transitions.change('ticket', { auth: actor, requestId: null, target: { id, visible: undefined }, event }),
        read: async () => (await server.db.select().from(tickets).where(eq(tickets.id, id)))[0],
        expected: () => reason(RECORD_TYPES.ticket.chart, 'closed', event, actor.role),
      };
    },
    timeOff: async () => {
      const id = newId();
      const now = server.clock.now();
      await server.db.insert(vendorTimeOff).values({
        id,
        vendorAccountId: demoId('account:vendor'),
        organizationAccountId: demoId('account:organization'),
        status: 'rejected',
        startTime: inDays(20),
        endTime: inDays(21),
        createdAt: now,
        updatedAt: now,
      });
      const organization = { userId: demoId('user:organization'), accountId: demoId('account:organization'), role: 'organization' as const };
      return {
        recordId: id,
        run: () => server.services.transitions.change('timeOff', { auth: organization, requestId: null, target: { id, visible: undefined }, event: { type: 'timeOff.approve' } }),
        read: async () => (await server.db.select().from(vendorTimeOff).where(eq(vendorTimeOff.id, id)))[0],
        expected: () => reason(RECORD_TYPES.timeOff.chart, 'rejected', { type: 'timeOff.approve' }, 'organization'),
      };
    },
    organizationApproval: async () => {
      const id = demoId('account:organization'); // seeded approved: it cannot be rejected any more
      const admin = { userId: demoId('user:super'), accountId: null, role: 'super' as const };
      return {
        recordId: id,
        run: () => server.services.transitions.change('organizationApproval', { auth: admin, requestId: null, target: id, event: { type: 'organization.reject' } }),
        read: async () => (await server.db.select().from(accounts).where(eq(accounts.id, id)))[0],
        expected: () => reason(RECORD_TYPES.organizationApproval.chart, 'approved', { type: 'organization.reject' }, 'super'),
      };
    },
    payoutOnboarding: async () => {
      const id = demoId('account:pending-organization'); // seeded set up (provider account and initialSetup): it cannot finish again
      const organization = { userId: demoId('user:pending-organization'), accountId: id, role: 'organization' as const };
      return {
        recordId: id,
        run: () => server.services.transitions.change('payoutOnboarding', { auth: organization, requestId: null, target: id, event: { type: 'onboarding.finish' } }),
        read: async () => (await server.db.select().from(accounts).where(eq(accounts.id, id)))[0],
        expected: () => reason(RECORD_TYPES.payoutOnboarding.chart, 'finished', { type: 'onboarding.finish' }, 'organization'),
      };
    },
    addOn: async () => {
      const id = newId();
      const now = server.clock.now();
      await server.db.insert(appointmentAddOns).values({
        id,
        status: 'declined', // final: it cannot be approved any more
        appointmentId: demoId('appointment:customer-later'),
        customerAccountId: demoId('account:customer'),
        vendorAccountId: demoId('account:vendor'),
        organizationAccountId: demoId('account:organization'),
        custom: { description: 'Trim the hedge', value: 2500 },
        price: 2500,
        createdAt: now,
        updatedAt: now,
      });
      return {
        recordId: id,
        run: () => server.services.transitions.change('addOn', { auth: actor, requestId: null, target: { id, visible: undefined }, event: { type: 'addon.approve' } }),
        read: async () => (await server.db.select().from(appointmentAddOns).where(eq(appointmentAddOns.id, id)))[0],
        expected: () => reason(RECORD_TYPES.addOn.chart, 'declined', { type: 'addon.approve' }, actor.role, { description: 'Trim the hedge', valueCents: 2500 }),
      };
    },
    approval: async () => {
      const id = newId();
      const now = server.clock.now();
      await server.db.insert(approvals).values({
        id,
        status: 'approved', // decided: it cannot be declined any more
        type: 'home_size',
        appointmentId: demoId('appointment:customer-later'),
        customerAccountId: demoId('account:customer'),
        vendorAccountId: demoId('account:vendor'),
        organizationAccountId: demoId('account:organization'),
        data: { homeSize: 'medium' },
        note: 'The back lawn was not measured.',
        createdAt: now,
        updatedAt: now,
      });
      return {
        recordId: id,
        run: () => server.services.transitions.change('approval', { auth: actor, requestId: null, target: { id, visible: undefined }, event: { type: 'approval.decline' } }),
        read: async () => (await server.db.select().from(approvals).where(eq(approvals.id, id)))[0],
        expected: () => reason(RECORD_TYPES.approval.chart, 'approved', { type: 'approval.decline' }, actor.role, { approvalType: 'home_size' }),
      };
    },
    invoice: async () => {
      const id = newId();
      const now = server.clock.now();
      const lines = [{ description: 'Hedge trimming', quantity: 1, unit_amount: 4000, amount: 4000 }];
      await server.db.insert(invoices).values({
        id,
        customerAccountId: demoId('account:customer'),
        organizationAccountId: demoId('account:organization'),
        status: 'paid',
        lines,
        taxRateBps: 0,
        subtotal: 4000,
        tax: 0,
        total: 4000,
        createdByUserId: demoId('user:organization'),
        createdAt: now,
        updatedAt: now,
      });
      const organization = { userId: demoId('user:organization'), accountId: demoId('account:organization'), role: 'organization' as const };
      return {
        recordId: id,
        run: () => server.services.transitions.change('invoice', { auth: organization, requestId: null, target: { id, visible: undefined }, event: { type: 'invoice.delete' } }),
        read: async () => (await server.db.select().from(invoices).where(eq(invoices.id, id)))[0],
        expected: () => reason(RECORD_TYPES.invoice.chart, 'paid', { type: 'invoice.delete' }, 'organization', { amountCents: 4000 }),
      };
    },
    transfer: async () => {
      const id = newId();
      const now = server.clock.now();
      const periodStart = `test-${id}`;
      await server.db.insert(transfers).values({
        id,
        accountId: demoId('account:organization'),
        periodStart,
        periodEnd: periodStart,
        amount: 3500,
        status: 'paid',
        destination: 'acct_demo_organization',
        idempotencyKey: `transfer:test:${id}`,
        createdAt: now,
        updatedAt: now,
      });
      return {
        recordId: id,
        run: () => server.services.transitions.change('transfer', { auth: { userId: null, accountId: null, role: 'system' }, requestId: null, target: id, event: { type: 'transfer.sent' } }),
        read: async () => (await server.db.select().from(transfers).where(eq(transfers.id, id)))[0],
        expected: () => reason(RECORD_TYPES.transfer.chart, 'paid', { type: 'transfer.sent' }, 'system'),
      };
    },
    payout: async () => {
      const transferId = newId();
      const id = newId();
      const now = server.clock.now();
      const base = { accountId: demoId('account:organization'), periodStart: `test-${id}`, amount: 3500, createdAt: now, updatedAt: now };
      await server.db.insert(transfers).values({ ...base, id: transferId, periodEnd: base.periodStart, status: 'paid', destination: 'acct_demo_organization', idempotencyKey: `transfer:test:${transferId}` });
      await server.db.insert(payouts).values({ ...base, id, transferId, status: 'paid', source: 'acct_demo_organization', idempotencyKey: `payout:test:${id}` });
      return {
        recordId: id,
        run: () => server.services.transitions.change('payout', { auth: { userId: null, accountId: null, role: 'system' }, requestId: null, target: id, event: { type: 'payout.cancel' } }),
        read: async () => (await server.db.select().from(payouts).where(eq(payouts.id, id)))[0],
        expected: () => reason(RECORD_TYPES.payout.chart, 'paid', { type: 'payout.cancel' }, 'system'),
      };
    },
  };

  /** What `decide` says for the same status, facts and event: the reason the server must answer with. */
  const reason = (chart: AnyStateMachine, status: string, event: object, role: string, facts: object = {}) => {
    const decision = decide(chart, status, { ...chart.config.context, ...facts } as never, { ...event, actor: { role }, now: server.clock.now().toISOString() } as never);
    expect(decision.ok).toBe(false);
    return decision.ok ? '' : decision.reason;
  };

  it('covers every record type of the transition service', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(RECORD_TYPES).sort());
  });

  for (const kind of Object.keys(CASES) as RecordKind[]) {
    it(kind, async () => {
      const { run, recordId, read, expected } = await CASES[kind]();
      const before = { row: await read(), audit: await auditOf(recordId) };
      const error = await run().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HttpError);
      expect({ status: (error as HttpError).status, code: (error as HttpError).code, message: (error as HttpError).message }).toEqual({
        status: 409,
        code: 'illegal_transition',
        message: expected(),
      });
      expect({ row: await read(), audit: await auditOf(recordId) }).toEqual(before);
    });
  }
});
