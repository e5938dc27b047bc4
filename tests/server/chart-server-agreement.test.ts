/**
 * The server and the lifecycle charts agree on the same facts.
 *
 * For random records (appointments, subscriptions, notifications; status and facts written directly into the
 * database), random callers and random requests, the server's answer must be what `decide(...)` of the chart
 * says for the same status, facts, role, time and input:
 *   decide ok      ↔ 2xx, with the target status (and start) the chart names, and exactly one new audit row;
 *   decide refuses ↔ 409 `illegal_transition` with decide's reason, or 400 with the rule's message (e.g.
 *                    'Note is required!'), or 403 for a role the chart does not allow — and nothing changes.
 * A guard the server re-implements differently, a fact it loads wrongly, a validation that pre-empts the
 * chart or a check it adds on its own makes this test fail. Runs are bounded and seeded for reproducibility.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppointmentStatuses, OrderTypes, type AppointmentStatus, type OrderType } from '../../src/core/rules/appointments';
import { Frequencies, SubscriptionStatuses, type Frequency, type SubscriptionStatus } from '../../src/core/rules/subscriptions';
import { appointmentMachine, decideAppointment, type AppointmentContext, type AppointmentEvent } from '../../src/machines/lifecycles/appointment.machine';
import { statusesOf, type Decision } from '../../src/machines/lifecycles/lifecycle';
import { NotificationStatuses, notificationStatus, type NotificationStatus } from '../../src/core/rules/notifications';
import { decideNotification, type NotificationEvent } from '../../src/machines/lifecycles/notification.machine';
import { decideSubscription, subscriptionMachine, type SubscriptionContext, type SubscriptionEvent } from '../../src/machines/lifecycles/subscription.machine';
import type { AnyStateMachine } from 'xstate';
import { newId } from '../../server/db/ids';
import { appointments, auditLog, notifications, subscriptions } from '../../server/db/schema';
import { demoAppointmentRecord, demoId, demoSubscriptionRecord } from '../../server/db/seed';
import { chartAccess, type EventInput } from '../../server/services/transitions';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const RUNS = { numRuns: 60, seed: 20260601 } as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every demo role that can be signed in; each one owns (or, for super, sees) the records of this test. */
const ROLES = ['super', 'customer', 'vendor', 'organization', 'affiliate'] as const;
type DemoRole = (typeof ROLES)[number];

let server: TestServer;
const tokens = {} as Record<DemoRole, string>;

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) tokens[role] = await login(server.app, `${role}@tendwell.test`);
});
afterAll(() => server?.close());

const at = (offsetMs: number) => new Date(server.clock.now().getTime() + offsetMs);

/** Offsets from now around every edge the rules look at: past, the 7-day window, this year and next. */
const START_OFFSETS = [-30 * DAY, -DAY, -HOUR, HOUR, 3 * DAY, 7 * DAY, 7 * DAY + HOUR, 10 * DAY, 400 * DAY, 700 * DAY];

interface Request {
  readonly method: 'PUT' | 'POST';
  readonly url: string;
  readonly payload?: object;
}

/** What the server answered, reduced to what the chart's decision predicts. */
interface Answer {
  readonly status: number;
  readonly body: Json;
}

const send = async (role: DemoRole, request: Request): Promise<Answer> => {
  const res = await server.app.inject({ method: request.method, url: `/api${request.url}`, headers: bearer(tokens[role]), ...(request.payload ? { payload: request.payload } : {}) });
  return { status: res.statusCode, body: res.body ? (res.json() as Json) : {} };
};

const auditCount = async (recordId: string) => (await server.db.select().from(auditLog).where(eq(auditLog.recordId, recordId))).length;

/**
 * Steering, so that accepted events are not rare: most runs pick a status where the chart declares the
 * event and a role the chart lets send it; the rest pick any status and any role. (Only the generation
 * reads the chart this way; the verdict is always `decide` against the server.)
 */
const steered = <T extends string>(likely: readonly T[], any: readonly T[]): fc.Arbitrary<T> =>
  likely.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...likely) }, { weight: 1, arbitrary: fc.constantFrom(...any) }) : fc.constantFrom(...any);
const statusesDeclaring = (machine: AnyStateMachine, type: string): string[] =>
  statusesOf(machine).filter((s) => (machine.root.states[s]!.transitions.get(type)?.length ?? 0) > 0);
const rolesSending = (machine: AnyStateMachine, type: string): DemoRole[] =>
  ROLES.filter((r) => (chartAccess(machine, type) as readonly string[]).includes(r));

/** The run counts must show both outcomes, or the property proves little. */
const expectVariety = (tally: Tally, needed: Record<string, number>) => {
  for (const [outcome, least] of Object.entries(needed)) expect(tally[outcome] ?? 0, `${outcome} in ${JSON.stringify(tally)}`).toBeGreaterThanOrEqual(least);
};

/** How many runs ended how: the property is only worth something when both outcomes occur. */
type Tally = Record<string, number>;

/**
 * The agreement itself: the server's answer against the chart's decision. On a refusal the server may also
 * answer 403 for a role outside the operation's access — only when the chart refuses too.
 */
const expectAgreement = <C>(decision: Decision<C>, answer: Answer, context: string, tally: Tally) => {
  tally[decision.ok ? 'accepted' : `refused ${answer.status}`] = (tally[decision.ok ? 'accepted' : `refused ${answer.status}`] ?? 0) + 1;
  if (decision.ok) {
    expect(answer.status, `${context}\nthe chart accepts (→ ${decision.to}); the server said ${answer.status} ${JSON.stringify(answer.body)}`).toBe(200);
    expect(answer.body.status, context).toBe(decision.to);
    return;
  }
  const refusedBy = `the chart refuses (${decision.code}): ${decision.reason}`;
  expect([400, 403, 409], `${context}\n${refusedBy}; the server said ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
  if (answer.status === 409) expect(answer.body, `${context}\n${refusedBy}`).toEqual({ message: decision.reason, code: 'illegal_transition' });
  if (answer.status === 400) expect(answer.body.message, `${context}\n${refusedBy}`).toBe(decision.message);
  if (answer.status === 403) {
    // Either the registry (the role is outside the operation's access) or the chart's role guard.
    const roleGuard = decision.blockedBy.some((r) => r.rule?.kind === 'role');
    expect(answer.body.code, `${context}\n${refusedBy}`).toBe('forbidden');
    if (answer.body.message !== 'You are not allowed to do this.') expect(roleGuard, `${context}\n${refusedBy}`).toBe(true);
  }
  if (decision.code === 'blocked_by_guard' && decision.message !== undefined && !decision.blockedBy.some((r) => r.rule?.kind === 'role')) {
    // A missing input ('Note is required!') is a 400, never a 409 — when the caller may act at all.
    expect([400, 403], `${context}\n${refusedBy}`).toContain(answer.status);
  }
};

// ── appointments ──────────────────────────────────────────────────────────────────────────────────────

interface AppointmentCase {
  readonly status: AppointmentStatus;
  readonly startOffset: number;
  readonly orderType: OrderType;
  readonly paymentIntentId: string | null;
  readonly pendingHomeSize: boolean;
  readonly role: DemoRole;
  readonly action: AppointmentAction;
}

type AppointmentAction =
  | { readonly op: 'cancel'; readonly note?: string }
  | { readonly op: 'reinstate' }
  | { readonly op: 'enable' }
  | { readonly op: 'complete' }
  | { readonly op: 'rainDelay'; readonly startOffset: number }
  | { readonly op: 'exception'; readonly note?: string }
  | { readonly op: 'update'; readonly startOffset?: number };

const notes = fc.constantFrom<(string | undefined)[]>(undefined, '', '   ', 'Gate locked.');
const offsets = fc.constantFrom(...START_OFFSETS);

const appointmentAction: fc.Arbitrary<AppointmentAction> = fc.oneof(
  notes.map((note) => ({ op: 'cancel' as const, ...(note !== undefined ? { note } : {}) })),
  fc.constant({ op: 'reinstate' as const }),
  fc.constant({ op: 'enable' as const }),
  fc.constant({ op: 'complete' as const }),
  offsets.map((startOffset) => ({ op: 'rainDelay' as const, startOffset })),
  notes.map((note) => ({ op: 'exception' as const, ...(note !== undefined ? { note } : {}) })),
  fc.option(offsets, { nil: undefined }).map((startOffset) => ({ op: 'update' as const, ...(startOffset !== undefined ? { startOffset } : {}) })),
);

const APPOINTMENT_EVENT: Record<AppointmentAction['op'], AppointmentEvent['type']> = {
  cancel: 'appointment.cancel',
  reinstate: 'appointment.reenable',
  enable: 'appointment.enable',
  complete: 'appointment.complete',
  rainDelay: 'appointment.rainDelay',
  exception: 'appointment.exception',
  update: 'appointment.update',
};

const appointmentCase: fc.Arbitrary<AppointmentCase> = appointmentAction.chain((action) =>
  fc.record({
    status: steered(statusesDeclaring(appointmentMachine, APPOINTMENT_EVENT[action.op]) as AppointmentStatus[], AppointmentStatuses),
    startOffset: offsets,
    orderType: fc.constantFrom(...OrderTypes),
    paymentIntentId: fc.constantFrom(null, 'pi_agreement'),
    pendingHomeSize: fc.boolean(),
    role: steered(rolesSending(appointmentMachine, APPOINTMENT_EVENT[action.op]), ROLES),
    action: fc.constant(action),
  }),
);

/** The HTTP request of an action, and the chart event the server must send for it. */
const appointmentRequest = (id: string, facts: AppointmentContext, action: AppointmentAction): { request: Request; event: EventInput<typeof appointmentMachine> } => {
  switch (action.op) {
    case 'cancel':
      return { request: { method: 'PUT', url: `/appointments/cancel/${id}`, payload: action.note !== undefined ? { note: action.note } : {} }, event: { type: 'appointment.cancel' } };
    case 'reinstate':
      return { request: { method: 'PUT', url: `/appointments/reinstate/${id}` }, event: { type: 'appointment.reenable' } };
    case 'enable':
      return { request: { method: 'PUT', url: `/appointments/enable/${id}` }, event: { type: 'appointment.enable' } };
    case 'complete':
      return { request: { method: 'POST', url: '/appointments/complete', payload: { appointment_id: id } }, event: { type: 'appointment.complete' } };
    case 'rainDelay': {
      const startTime = at(action.startOffset).toISOString();
      return { request: { method: 'PUT', url: `/appointments/rain-delay/${id}`, payload: { start_time: startTime } }, event: { type: 'appointment.rainDelay', startTime } };
    }
    case 'exception':
      return {
        request: { method: 'PUT', url: `/appointments/exception/${id}`, payload: action.note !== undefined ? { note: action.note } : {} },
        event: { type: 'appointment.exception', note: action.note ?? '' },
      };
    case 'update': {
      // Without a new start the update carries the current one (docs: every change is appointment.update).
      const startTime = action.startOffset !== undefined ? at(action.startOffset).toISOString() : facts.startTime;
      const payload = action.startOffset !== undefined ? { start_time: startTime } : { duration: 60 };
      return { request: { method: 'PUT', url: `/appointments/update/${id}`, payload }, event: { type: 'appointment.update', startTime } };
    }
  }
};

describe('appointment chart ↔ server', () => {
  it(`appointments: agree on ${RUNS.numRuns} random records, callers and requests (seed ${RUNS.seed})`, async () => {
    const tally: Tally = {};
    await fc.assert(
      fc.asyncProperty(appointmentCase, async (c) => {
        const id = newId();
        const startTime = at(c.startOffset);
        await server.db.insert(appointments).values(
          demoAppointmentRecord({
            id,
            status: c.status,
            startTime,
            orderType: c.orderType,
            paymentIntentId: c.paymentIntentId,
            facts: { pendingApprovals: c.pendingHomeSize ? ['home_size'] : [] },
            createdAt: server.clock.now(),
          }),
        );
        const facts: AppointmentContext = {
          startTime: startTime.toISOString(),
          orderType: c.orderType,
          paymentIntentId: c.paymentIntentId,
          pendingApprovals: c.pendingHomeSize ? ['home_size'] : [],
        };
        const { request, event } = appointmentRequest(id, facts, c.action);
        const decision = decideAppointment(c.status, facts, { ...event, actor: { role: c.role }, now: server.clock.now().toISOString() } as AppointmentEvent);
        const answer = await send(c.role, request);
        const context = `${c.role} ${request.method} ${request.url} ${JSON.stringify(request.payload ?? {})} on ${JSON.stringify({ status: c.status, ...facts })}`;
        expectAgreement(decision, answer, context, tally);

        const [row] = await server.db.select().from(appointments).where(eq(appointments.id, id));
        if (decision.ok) {
          expect(row!.status, context).toBe(decision.to);
          expect(row!.startTime.toISOString(), context).toBe(decision.facts.startTime);
          expect(answer.body.start_time, context).toBe(decision.facts.startTime);
          expect(await auditCount(id), context).toBe(1);
        } else {
          expect({ status: row!.status, start: row!.startTime.toISOString() }, context).toEqual({ status: c.status, start: facts.startTime });
          expect(await auditCount(id), context).toBe(0);
        }
      }),
      RUNS,
    );
    expectVariety(tally, { accepted: 10, 'refused 409': 5, 'refused 403': 3, 'refused 400': 1 });
  });
});

// ── subscriptions ─────────────────────────────────────────────────────────────────────────────────────

type SubscriptionAction =
  | { readonly op: 'update'; readonly frequency?: Frequency; readonly planId?: string }
  | { readonly op: 'cancel' }
  | { readonly op: 'pause' }
  | { readonly op: 'unpause'; readonly beforeSchedule?: boolean }
  | { readonly op: 'suspend' }
  | { readonly op: 'restore' };

interface SubscriptionCase {
  readonly status: SubscriptionStatus;
  readonly frequency: Frequency;
  readonly resumeOffset: number | null;
  readonly role: DemoRole;
  readonly byOrderId: boolean;
  readonly action: SubscriptionAction;
}

const subscriptionAction: fc.Arbitrary<SubscriptionAction> = fc.oneof(
  fc
    .record({ frequency: fc.option(fc.constantFrom(...Frequencies), { nil: undefined }), planId: fc.option(fc.constantFrom('mowing-small-biweek', 'plan-x'), { nil: undefined }) })
    .filter((u) => u.frequency !== undefined || u.planId !== undefined)
    .map((u) => ({ op: 'update' as const, ...(u.frequency ? { frequency: u.frequency } : {}), ...(u.planId ? { planId: u.planId } : {}) })),
  fc.constant({ op: 'cancel' as const }),
  fc.constant({ op: 'pause' as const }),
  fc.option(fc.boolean(), { nil: undefined }).map((b) => ({ op: 'unpause' as const, ...(b !== undefined ? { beforeSchedule: b } : {}) })),
  fc.constant({ op: 'suspend' as const }),
  fc.constant({ op: 'restore' as const }),
);

const subscriptionCase: fc.Arbitrary<SubscriptionCase> = subscriptionAction.chain((action) =>
  fc.record({
    status: steered(statusesDeclaring(subscriptionMachine, `subscription.${action.op}`) as SubscriptionStatus[], SubscriptionStatuses),
    frequency: fc.constantFrom(...Frequencies),
    resumeOffset: fc.constantFrom(null, -DAY, DAY),
    role: steered(rolesSending(subscriptionMachine, `subscription.${action.op}`), ROLES),
    byOrderId: fc.boolean(),
    action: fc.constant(action),
  }),
);

const subscriptionRequest = (key: string, id: string, action: SubscriptionAction): { request: Request; event: EventInput<typeof subscriptionMachine> } => {
  switch (action.op) {
    case 'update':
      return {
        request: {
          method: 'PUT',
          url: '/subscriptions/update',
          payload: { subscription_id: id, ...(action.frequency ? { frequency: action.frequency } : {}), ...(action.planId ? { plan_id: action.planId } : {}) },
        },
        event: { type: 'subscription.update', ...(action.frequency ? { frequency: action.frequency } : {}), ...(action.planId ? { planId: action.planId } : {}) },
      };
    case 'cancel':
      return { request: { method: 'PUT', url: '/subscriptions/cancel', payload: { subscription_id: id } }, event: { type: 'subscription.cancel' } };
    case 'unpause':
      return {
        request: { method: 'POST', url: '/subscriptions/unpause', payload: { orderId: key, ...(action.beforeSchedule !== undefined ? { beforeSchedule: action.beforeSchedule } : {}) } },
        // The contract's default for beforeSchedule is false.
        event: { type: 'subscription.unpause', beforeSchedule: action.beforeSchedule ?? false },
      };
    default:
      return { request: { method: 'POST', url: `/subscriptions/${action.op}`, payload: { orderId: key } }, event: { type: `subscription.${action.op}` } };
  }
};

describe('subscription chart ↔ server', () => {
  it(`subscriptions: agree on ${RUNS.numRuns} random records, callers and requests (seed ${RUNS.seed})`, async () => {
    const tally: Tally = {};
    await fc.assert(
      fc.asyncProperty(subscriptionCase, async (c) => {
        const id = newId();
        const orderId = demoId(`order:${id}`);
        const resumeAt = c.resumeOffset === null ? null : at(c.resumeOffset);
        const planId = `mowing-small-${c.frequency}`;
        await server.db.insert(subscriptions).values(
          demoSubscriptionRecord({ id, orderId, status: c.status, frequency: c.frequency, planId, resumeAt, createdAt: server.clock.now() }),
        );
        const facts: SubscriptionContext = { frequency: c.frequency, planId, resumeAt: resumeAt?.toISOString() ?? null };
        const { request, event } = subscriptionRequest(c.byOrderId ? orderId : id, id, c.action);
        const decision = decideSubscription(c.status, facts, { ...event, actor: { role: c.role }, now: server.clock.now().toISOString() } as SubscriptionEvent);
        const answer = await send(c.role, request);
        const context = `${c.role} ${request.method} ${request.url} ${JSON.stringify(request.payload ?? {})} on ${JSON.stringify({ status: c.status, ...facts })}`;
        expectAgreement(decision, answer, context, tally);

        const [row] = await server.db.select().from(subscriptions).where(eq(subscriptions.id, id));
        if (decision.ok) {
          expect({ status: row!.status, frequency: row!.frequency, planId: row!.planId }, context).toEqual({
            status: decision.to,
            frequency: decision.facts.frequency,
            planId: decision.facts.planId,
          });
          expect({ frequency: answer.body.frequency, plan_id: answer.body.plan_id }, context).toEqual({ frequency: decision.facts.frequency, plan_id: decision.facts.planId });
          expect(await auditCount(id), context).toBe(1);
        } else {
          expect({ status: row!.status, frequency: row!.frequency, planId: row!.planId }, context).toEqual({ status: c.status, frequency: c.frequency, planId });
          expect(await auditCount(id), context).toBe(0);
        }
      }),
      RUNS,
    );
    expectVariety(tally, { accepted: 10, 'refused 409': 3, 'refused 403': 3 });
  });
});

// ── notifications ─────────────────────────────────────────────────────────────────────────────────────

describe('notification chart ↔ server', () => {
  it(`notifications: agree on ${RUNS.numRuns} random records and changes (seed ${RUNS.seed})`, async () => {
    const tally: Tally = {};
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NotificationStatuses), fc.constantFrom('read', 'unread', 'dismiss'), async (status: NotificationStatus, change) => {
        const id = newId();
        await server.db.insert(notifications).values({
          id,
          accountId: demoId('account:customer'),
          type: 'info',
          title: 'Agreement',
          body: 'A notification of the agreement test.',
          hasRead: status === 'read',
          dismissed: status === 'dismissed',
          created: server.clock.now(),
        });
        const event = { type: `notification.${change}`, actor: { role: 'customer' }, now: server.clock.now().toISOString() } as NotificationEvent;
        const decision = decideNotification(status, {}, event);
        const answer = await send('customer', { method: 'PUT', url: `/notification/${id}/${change}` });
        const context = `PUT /notification/{id}/${change} on a ${status} notification`;
        const [row] = await server.db.select().from(notifications).where(eq(notifications.id, id));
        const stored = notificationStatus({ has_read: row!.hasRead, dismissed: row!.dismissed });
        tally[decision.ok ? 'accepted' : `refused ${answer.status}`] = (tally[decision.ok ? 'accepted' : `refused ${answer.status}`] ?? 0) + 1;
        if (decision.ok) {
          expect(answer.status, `${context}: ${JSON.stringify(answer.body)}`).toBe(200);
          expect(notificationStatus(answer.body as { has_read: boolean; dismissed: boolean }), context).toBe(decision.to);
          expect(stored, context).toBe(decision.to);
          // A repeat that changes nothing (read → read) writes no audit row.
          expect(await auditCount(id), context).toBe(decision.to === status ? 0 : 1);
        } else {
          expect(answer, context).toEqual({ status: 409, body: { message: decision.reason, code: 'illegal_transition' } });
          expect(stored, context).toBe(status);
          expect(await auditCount(id), context).toBe(0);
        }
      }),
      RUNS,
    );
    expectVariety(tally, { accepted: 10, 'refused 409': 3 });
  });
});
