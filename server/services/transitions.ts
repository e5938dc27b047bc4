/**
 * The transition service: the one way an appointment's or a subscription's status changes.
 *
 * Every change is an event of the record's lifecycle chart (src/machines/lifecycles — the same charts the
 * SPA runs). In ONE database transaction it reads the record (SELECT … FOR UPDATE, so two requests cannot
 * both move the same record from the same status), restores the chart at the stored status with the
 * record's facts, asks `decide`, and then either refuses (nothing is written) or writes the new status and
 * facts together with an audit row (user, account, role, chart, event, from, to, time, request id).
 *
 * Refusals: a guard over the acting role → 403; a rule with a user-facing message (e.g. 'Note is
 * required!') → 400 with that message; anything else (the event is not allowed in the status, or a fact
 * blocks it) → 409 `illegal_transition`, with `decide`'s reason, which names the chart, the current status
 * and the event (and the guard and its spec sentence when a guard blocked it).
 *
 * This file is the only one in server/ that updates the `appointments` and `subscriptions` tables
 * (tests/server/lifecycles.test.ts checks it).
 */
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { AnyStateMachine, ContextFrom, EventFromLogic } from 'xstate';
import { Roles, type Role } from '../../src/core/model/roles';
import { ruleKind, type ActorRole, type RoleRule } from '../../src/core/rules/spec-rule';
import { appointmentMachine, type AppointmentContext } from '../../src/machines/lifecycles/appointment.machine';
import {
  decide,
  declaredTransitions,
  guardLabel,
  guardLeaves,
  ruleOfGuard,
  type Decision,
} from '../../src/machines/lifecycles/lifecycle';
import { subscriptionMachine, type SubscriptionContext } from '../../src/machines/lifecycles/subscription.machine';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { type AppointmentStatusValue, type SubscriptionStatusValue, appointments, subscriptions } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { recordAudit } from './audit';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event of chart M as a service builds it: the transition service adds `actor` and `now`. */
export type EventInput<M extends AnyStateMachine> = DistributiveOmit<EventFromLogic<M>, 'actor' | 'now'>;
export type Accepted<M extends AnyStateMachine> = Extract<Decision<ContextFrom<M>>, { ok: true }>;
export type Refused<C> = Extract<Decision<C>, { ok: false }>;

/** A record as the chart sees it: its id, stored status and facts (the chart's context), and the row. */
export interface Loaded<M extends AnyStateMachine, Row> {
  readonly id: string;
  readonly status: string;
  readonly facts: ContextFrom<M>;
  readonly row: Row;
}

export interface TransitionRequest<M extends AnyStateMachine, Row> {
  readonly chart: M;
  /** The audit trail's record type ('appointment', 'subscription'). */
  readonly recordType: string;
  /** The id the caller named (for the 404 message); the audit row uses the loaded record's id. */
  readonly recordId: string;
  /** Who acts: the event's actor role, and the audit row's user, account and role. */
  readonly auth: Pick<AuthContext, 'userId' | 'accountId' | 'role'>;
  readonly requestId: string | null;
  /** The event, or a function of the locked record (when the event repeats one of its facts). */
  readonly event: EventInput<M> | ((loaded: Loaded<M, Row>) => EventInput<M>);
  /** Reads the record inside the transaction, locked (FOR UPDATE); undefined when it is not there for the caller. */
  readonly loadFacts: (tx: Db) => Promise<Loaded<M, Row> | undefined>;
  /** Writes the accepted decision (status and facts) inside the same transaction; answers the row after it. */
  readonly persist: (tx: Db, accepted: Accepted<M>, loaded: Loaded<M, Row>) => Promise<Row>;
  readonly notFoundMessage: string;
}

export interface TransitionResult<M extends AnyStateMachine, Row> {
  readonly row: Row;
  readonly decision: Accepted<M>;
}

/** Error codes of rules whose refusal carries the spec's user-facing message (400). */
const RULE_CODES: Readonly<Record<string, string>> = { 'appointment.noteGiven': 'note_required' };

/** The HTTP answer to a refusal of the chart (see the file comment). */
export const refusalError = <C>(decision: Refused<C>): HttpError => {
  if (decision.blockedBy.some((r) => r.rule?.kind === 'role')) return new HttpError(403, decision.reason, 'forbidden');
  if (decision.code === 'blocked_by_guard' && decision.message !== undefined) {
    const ruleId = decision.blockedBy.find((r) => r.rule?.message === decision.message)?.rule?.id ?? '';
    return new HttpError(400, decision.message, RULE_CODES[ruleId] ?? 'invalid_request');
  }
  return new HttpError(409, decision.reason, 'illegal_transition');
};

/**
 * Runs one event through the chart and persists it with its audit row, all in one transaction. Called on a
 * transaction, it runs in a savepoint of it (the cascades of a subscription change use this).
 */
export const applyTransition = async <M extends AnyStateMachine, Row>(
  db: Db,
  clock: Clock,
  request: TransitionRequest<M, Row>,
): Promise<TransitionResult<M, Row>> =>
  db.transaction(async (tx) => {
    const loaded = await request.loadFacts(tx);
    if (!loaded) throw notFound(request.notFoundMessage);
    const input = typeof request.event === 'function' ? request.event(loaded) : request.event;
    const event = { ...input, actor: { role: request.auth.role }, now: clock.now().toISOString() } as EventFromLogic<M>;
    const decision = decide(request.chart, loaded.status, loaded.facts, event);
    if (!decision.ok) throw refusalError(decision);
    const row = await request.persist(tx, decision as Accepted<M>, loaded);
    await recordAudit(tx, clock, {
      chart: decision.chart,
      event: decision.event,
      from: decision.from,
      to: decision.to,
      recordType: request.recordType,
      recordId: loaded.id,
      actor: request.auth,
      requestId: request.requestId,
    });
    return { row, decision: decision as Accepted<M> };
  });

// ── who may send an event: the chart's role rules ─────────────────────────────────────────────────────

/**
 * The roles of a session that the chart lets send `eventType` somewhere: for each transition on the event,
 * the roles every role rule of its guard allows (a guard is an `and` of named guards); the union over
 * transitions. Operations declare this as their access, so the registry's 401/403 and the chart agree.
 */
export const chartAccess = (machine: AnyStateMachine, eventType: string): readonly Role[] => {
  const allowed = new Set<ActorRole>();
  const visit = (node: AnyStateMachine['root']): void => {
    for (const t of declaredTransitions(node)) {
      if (t.eventType !== eventType) continue;
      const label = guardLabel(t.guard);
      if (/\b(or|not)\(/.test(label)) throw new Error(`${machine.id}: cannot read the roles of '${eventType}' from guard ${label}`);
      const rules = guardLeaves(t.guard)
        .map((name) => ruleOfGuard(machine, name))
        .filter((rule): rule is NonNullable<typeof rule> => rule !== undefined && ruleKind(rule) === 'role') as unknown as RoleRule[];
      const roles = rules.reduce<readonly ActorRole[]>((acc, rule) => acc.filter((r) => rule.roles.includes(r)), [...Roles]);
      for (const role of roles) allowed.add(role);
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  if (allowed.size === 0) throw new Error(`${machine.id}: no role may send '${eventType}'`);
  return Roles.filter((r) => allowed.has(r));
};

// ── the two record kinds ──────────────────────────────────────────────────────────────────────────────

export type AppointmentRow = typeof appointments.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
type AppointmentChart = typeof appointmentMachine;
type SubscriptionChart = typeof subscriptionMachine;

/** Columns an appointment operation may change along with an accepted event (never the status or facts). */
export type AppointmentChanges = Partial<Pick<AppointmentRow, 'note' | 'vendorAccountId' | 'duration' | 'custom'>>;

export const appointmentFactsOf = (row: AppointmentRow): AppointmentContext => ({
  startTime: row.startTime.toISOString(),
  orderType: row.orderType,
  paymentIntentId: row.paymentIntentId,
  pendingApprovals: row.facts.pendingApprovals ?? [],
});

export const subscriptionFactsOf = (row: SubscriptionRow): SubscriptionContext => ({
  frequency: row.frequency,
  planId: row.planId,
  resumeAt: row.resumeAt?.toISOString() ?? null,
});

export interface RecordTransition<M extends AnyStateMachine> {
  readonly auth: Pick<AuthContext, 'userId' | 'accountId' | 'role'>;
  readonly requestId: string | null;
  /** The appointment id; for a subscription its id or its order id. */
  readonly id: string;
  /** Which records the caller may see (ownership); undefined for all. */
  readonly visible: SQL | undefined;
  /** The event, or a function of the record's facts as locked in the transaction. */
  readonly event: EventInput<M> | ((facts: ContextFrom<M>) => EventInput<M>);
  /** The transaction to run in (a savepoint of it); the service's database otherwise. */
  readonly tx?: Db;
}

export interface TransitionService {
  appointment(request: RecordTransition<AppointmentChart> & { readonly changes?: AppointmentChanges }): Promise<TransitionResult<AppointmentChart, AppointmentRow>>;
  subscription(request: RecordTransition<SubscriptionChart>): Promise<TransitionResult<SubscriptionChart, SubscriptionRow>>;
}

export const createTransitionService = ({ db, clock }: { db: Db; clock: Clock }): TransitionService => ({
  appointment: ({ auth, requestId, id, visible, event, changes = {}, tx }) =>
    applyTransition<AppointmentChart, AppointmentRow>(tx ?? db, clock, {
      chart: appointmentMachine,
      recordType: 'appointment',
      recordId: id,
      auth,
      requestId,
      event: typeof event === 'function' ? (loaded) => event(loaded.facts) : event,
      notFoundMessage: 'Appointment not found',
      loadFacts: async (t) => {
        const [row] = await t
          .select()
          .from(appointments)
          .where(and(eq(appointments.id, id), visible))
          .for('update');
        return row && { id: row.id, status: row.status, facts: appointmentFactsOf(row), row };
      },
      persist: async (t, { from, to, facts }, { row }) => {
        const now = clock.now();
        const [updated] = await t
          .update(appointments)
          .set({
            ...changes,
            status: to as AppointmentStatusValue,
            startTime: new Date(facts.startTime),
            paymentIntentId: facts.paymentIntentId,
            facts: { ...row.facts, pendingApprovals: [...facts.pendingApprovals] },
            completedAt: to === 'complete' ? (from === 'complete' ? row.completedAt : now) : null,
            updatedAt: now,
          })
          .where(eq(appointments.id, row.id))
          .returning();
        return updated!;
      },
    }),

  subscription: ({ auth, requestId, id, visible, event, tx }) =>
    applyTransition<SubscriptionChart, SubscriptionRow>(tx ?? db, clock, {
      chart: subscriptionMachine,
      recordType: 'subscription',
      recordId: id,
      auth,
      requestId,
      event: typeof event === 'function' ? (loaded) => event(loaded.facts) : event,
      notFoundMessage: 'Subscription not found',
      loadFacts: async (t) => {
        const [row] = await t
          .select()
          .from(subscriptions)
          .where(and(or(eq(subscriptions.id, id), eq(subscriptions.orderId, id)), visible))
          .for('update');
        return row && { id: row.id, status: row.status, facts: subscriptionFactsOf(row), row };
      },
      persist: async (t, { from, to, facts }, { row }) => {
        const now = clock.now();
        const [updated] = await t
          .update(subscriptions)
          .set({
            status: to as SubscriptionStatusValue,
            frequency: facts.frequency ?? row.frequency,
            planId: facts.planId ?? row.planId,
            resumeAt: facts.resumeAt === null ? null : new Date(facts.resumeAt),
            pausedAt: to === 'paused' ? (from === 'paused' ? row.pausedAt : now) : null,
            canceledAt: to === 'canceled' ? now : null,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, row.id))
          .returning();
        return updated!;
      },
    }),
});
