/**
 * The transition service: the one way a record's lifecycle status changes — for every record type.
 *
 * Every change is an event of the record's lifecycle chart (src/machines/lifecycles — the same charts the
 * SPA runs). In ONE database transaction it reads the record (SELECT … FOR UPDATE, so two requests cannot
 * both move the same record from the same status), restores the chart at the stored status with the
 * record's facts, asks `decide`, and then either refuses (nothing is written) or writes the new status and
 * facts together with an audit row (user, account, role, chart, event, from, to, time, request id).
 * Creating a record is the chart's creation event from its `new` state, written the same way.
 *
 * Refusals: a guard over the acting role → 403; a rule with a user-facing message (e.g. 'Note is
 * required!') → 400 with that message; anything else (the event is not allowed in the status, or a fact
 * blocks it) → 409 `illegal_transition`, with `decide`'s reason, which names the chart, the current status
 * and the event (and the guard and its spec sentence when a guard blocked it).
 *
 * A record type plugs in with a `RecordType` (server/services/records/<type>.ts: its chart, how to load it
 * locked, its status and facts, how to persist a decision) and one entry in `RECORD_TYPES` below. This file
 * and those definitions are the only code in server/ that writes a status column or an audit row
 * (tests/server/lifecycles.test.ts checks it).
 */
import type { AnyStateMachine, ContextFrom, EventFromLogic } from 'xstate';
import { Roles, type Role } from '../../src/core/model/roles';
import { ruleKind, type ActorRole, type RoleRule } from '../../src/core/rules/spec-rule';
import { decide, declaredTransitions, guardLabel, guardLeaves, ruleOfGuard, type Decision } from '../../src/machines/lifecycles/lifecycle';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../errors';
import { recordAudit } from './audit';
import type { addOnMachine } from '../../src/machines/lifecycles/addon.machine';
import type { invoiceMachine } from '../../src/machines/lifecycles/invoice.machine';
import type { appointmentMachine } from '../../src/machines/lifecycles/appointment.machine';
import type { approvalMachine } from '../../src/machines/lifecycles/approval.machine';
import type { notificationMachine } from '../../src/machines/lifecycles/notification.machine';
import type { organizationApprovalMachine } from '../../src/machines/lifecycles/organization-approval.machine';
import type { payoutOnboardingMachine } from '../../src/machines/lifecycles/payout-onboarding.machine';
import type { phoneConfirmationMachine } from '../../src/machines/lifecycles/phone-confirmation.machine';
import type { subscriptionMachine } from '../../src/machines/lifecycles/subscription.machine';
import type { ticketMachine } from '../../src/machines/lifecycles/ticket.machine';
import type { timeOffMachine } from '../../src/machines/lifecycles/time-off.machine';
import type { userMachine } from '../../src/machines/lifecycles/user.machine';
import type { payoutMachine } from '../../src/machines/lifecycles/payout.machine';
import type { transferMachine } from '../../src/machines/lifecycles/transfer.machine';
import { type AddOnChanges, type AddOnRow, type NewAddOnRow, addOnRecord } from './records/addon';
import { type AppointmentChanges, type AppointmentRow, type NewAppointmentRow, type VisibleRecord, appointmentRecord } from './records/appointment';
import { type ApprovalChanges, type ApprovalRow, type NewApprovalRow, approvalRecord } from './records/approval';
import { type InvoiceChanges, type InvoiceRow, type NewInvoiceRow, invoiceRecord } from './records/invoice';
import { type NotificationRow, type OwnNotification, notificationRecord } from './records/notification';
import { type OrganizationAccountRow, organizationApprovalRecord } from './records/organization-approval';
import { type PayoutOnboardingChanges, type PayoutOnboardingRecord, payoutOnboardingRecord } from './records/payout-onboarding';
import { phoneConfirmationRecord } from './records/phone-confirmation';
import type { Accepted, Actor, AnyRecordType, EventInput, RecordType } from './records/record-type';
import { type NewSubscriptionRow, type SubscriptionChanges, type SubscriptionRow, subscriptionRecord } from './records/subscription';
import { type NewTicketRow, type TicketChanges, type TicketRow, ticketRecord } from './records/ticket';
import { type NewTimeOffRow, type TimeOffChanges, type TimeOffRow, timeOffRecord } from './records/time-off';
import { type NewUserRow, type UserChanges, type UserRow, userRecord } from './records/user';
import { type NewPayoutRow, type PayoutChanges, type PayoutRow, payoutRecord } from './records/payout';
import { type NewTransferRow, type TransferChanges, type TransferRow, transferRecord } from './records/transfer';

export type { Accepted, Actor, EventInput } from './records/record-type';
/** A transfer's or payout's creation found the earner's period already claimed (its transaction rolled back). */
export { PeriodAlreadyClaimed } from './records/transfer';
export type {
  AddOnChanges,
  AddOnRow,
  ApprovalChanges,
  ApprovalRow,
  NewAddOnRow,
  NewApprovalRow,
  SubscriptionChanges,
  AppointmentChanges,
  AppointmentRow,
  InvoiceChanges,
  InvoiceRow,
  NewInvoiceRow,
  NewAppointmentRow,
  NewSubscriptionRow,
  NewTicketRow,
  NewTimeOffRow,
  NewUserRow,
  NotificationRow,
  OrganizationAccountRow,
  PayoutOnboardingChanges,
  PayoutOnboardingRecord,
  SubscriptionRow,
  TicketChanges,
  TicketRow,
  TimeOffChanges,
  TimeOffRow,
  UserChanges,
  UserRow,
  PayoutRow,
  TransferRow,
};

export type Refused<C> = Extract<Decision<C>, { ok: false }>;

/** Error codes of rules whose refusal carries the spec's user-facing message (400). */
const RULE_CODES: Readonly<Record<string, string>> = { 'appointment.noteGiven': 'note_required', 'approval.noteGiven': 'note_required' };

/** The HTTP answer to a refusal of the chart (see the file comment). */
export const refusalError = <C>(decision: Refused<C>): HttpError => {
  if (decision.blockedBy.some((r) => r.rule?.kind === 'role')) return new HttpError(403, decision.reason, 'forbidden');
  if (decision.code === 'blocked_by_guard' && decision.message !== undefined) {
    const ruleId = decision.blockedBy.find((r) => r.rule?.message === decision.message)?.rule?.id ?? '';
    return new HttpError(400, decision.message, RULE_CODES[ruleId] ?? 'invalid_request');
  }
  return new HttpError(409, decision.reason, 'illegal_transition');
};

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

// ── the record types ─────────────────────────────────────────────────────────────────────────────────

/** The type parameters of each record type (its chart, row, target, extra changes and creation values). */
interface Kinds {
  appointment: Kind<typeof appointmentMachine, AppointmentRow, VisibleRecord, AppointmentChanges, NewAppointmentRow>;
  subscription: Kind<typeof subscriptionMachine, SubscriptionRow, VisibleRecord, SubscriptionChanges, NewSubscriptionRow>;
  notification: Kind<typeof notificationMachine, NotificationRow, OwnNotification>;
  user: Kind<typeof userMachine, UserRow, string, UserChanges, NewUserRow>;
  phoneConfirmation: Kind<typeof phoneConfirmationMachine, UserRow, string>;
  ticket: Kind<typeof ticketMachine, TicketRow, VisibleRecord, TicketChanges, NewTicketRow>;
  timeOff: Kind<typeof timeOffMachine, TimeOffRow, VisibleRecord, TimeOffChanges, NewTimeOffRow>;
  organizationApproval: Kind<typeof organizationApprovalMachine, OrganizationAccountRow, string>;
  addOn: Kind<typeof addOnMachine, AddOnRow, VisibleRecord, AddOnChanges, NewAddOnRow>;
  approval: Kind<typeof approvalMachine, ApprovalRow, VisibleRecord, ApprovalChanges, NewApprovalRow>;
  invoice: Kind<typeof invoiceMachine, InvoiceRow, VisibleRecord, InvoiceChanges, NewInvoiceRow>;
  payoutOnboarding: Kind<typeof payoutOnboardingMachine, PayoutOnboardingRecord, string, PayoutOnboardingChanges>;
  transfer: Kind<typeof transferMachine, TransferRow, string, TransferChanges, NewTransferRow>;
  payout: Kind<typeof payoutMachine, PayoutRow, string, PayoutChanges, NewPayoutRow>;
}
interface Kind<M extends AnyStateMachine, Row, Target, Changes = never, Creation = never> {
  readonly chart: M;
  readonly row: Row;
  readonly target: Target;
  readonly changes: Changes;
  readonly creation: Creation;
}
export type RecordKind = keyof Kinds;
type ChartOf<K extends RecordKind> = Kinds[K]['chart'];
type RowOf<K extends RecordKind> = Kinds[K]['row'];

/** Every record type whose status the server changes, keyed by the name services use. */
export const RECORD_TYPES: {
  readonly [K in RecordKind]: RecordType<ChartOf<K>, RowOf<K>, Kinds[K]['target'], Kinds[K]['changes'], Kinds[K]['creation']>;
} = {
  appointment: appointmentRecord,
  subscription: subscriptionRecord,
  notification: notificationRecord,
  user: userRecord,
  phoneConfirmation: phoneConfirmationRecord,
  ticket: ticketRecord,
  timeOff: timeOffRecord,
  organizationApproval: organizationApprovalRecord,
  addOn: addOnRecord,
  approval: approvalRecord,
  invoice: invoiceRecord,
  payoutOnboarding: payoutOnboardingRecord,
  transfer: transferRecord,
  payout: payoutRecord,
};

/** The record types that are created through their chart's creation event. */
export type CreatableKind = { [K in RecordKind]: [Kinds[K]['creation']] extends [never] ? never : K }[RecordKind];

export interface ChangeRequest<K extends RecordKind> {
  readonly auth: Actor;
  readonly requestId: string | null;
  /** Which record (and, where it matters, among which ones the caller may see). */
  readonly target: Kinds[K]['target'];
  /** The event, or a function of the record's facts (and row) as locked in the transaction. */
  readonly event: EventInput<ChartOf<K>> | ((facts: ContextFrom<ChartOf<K>>, row: RowOf<K>) => EventInput<ChartOf<K>>);
  /** Other columns the operation changes along with the accepted event. */
  readonly changes?: Kinds[K]['changes'];
  /** The transaction to run in (a savepoint of it); the service's database otherwise. */
  readonly tx?: Db;
}

export interface CreateRequest<K extends RecordKind> {
  readonly auth: Actor;
  readonly requestId: string | null;
  /** The chart's creation event. */
  readonly event: EventInput<ChartOf<K>>;
  /** The new row's columns (the status is the chart's). */
  readonly values: Kinds[K]['creation'];
  readonly tx?: Db;
}

export interface TransitionResult<K extends RecordKind> {
  readonly row: RowOf<K>;
  readonly decision: Accepted<ChartOf<K>>;
  /** False when the record type says the accepted event changes nothing (then no audit row either). */
  readonly written: boolean;
}

export interface TransitionService {
  /** Runs one event of the record's chart and writes it with its audit row, in one transaction. */
  change<K extends RecordKind>(kind: K, request: ChangeRequest<K>): Promise<TransitionResult<K>>;
  /** Creates a record through its chart's creation event, with its audit row, in one transaction. */
  create<K extends CreatableKind>(kind: K, request: CreateRequest<K>): Promise<TransitionResult<K>>;
}

export const createTransitionService = ({ db, clock }: { db: Db; clock: Clock }): TransitionService => {
  type AnyEvent = EventInput<AnyStateMachine>;
  type AnyRequest = Omit<ChangeRequest<RecordKind>, 'event' | 'target' | 'changes'> & {
    target: unknown;
    changes?: unknown;
    event: AnyEvent | ((facts: unknown, row: unknown) => AnyEvent);
  };

  /** The event as the chart receives it: the acting role and the server's time added. */
  const full = (type: AnyRecordType, input: AnyEvent, auth: Actor) =>
    ({ ...input, actor: { role: auth.role }, now: clock.now().toISOString() }) as EventFromLogic<typeof type.chart>;

  const audit = (tx: Db, type: AnyRecordType, decision: Accepted<AnyStateMachine>, recordId: string, auth: Actor, requestId: string | null) =>
    recordAudit(tx, clock, {
      chart: decision.chart,
      event: decision.event,
      from: decision.from,
      to: decision.to,
      recordType: type.recordType,
      recordId,
      actor: auth,
      requestId,
    });

  const change = async (type: AnyRecordType, request: AnyRequest) =>
    (request.tx ?? db).transaction(async (tx) => {
      const row: unknown = await type.load(tx, request.target);
      if (row === undefined) throw notFound(type.notFoundMessage);
      const facts = type.factsOf(row);
      const input = typeof request.event === 'function' ? request.event(facts, row) : request.event;
      const decision = decide(type.chart, type.statusOf(row), facts, full(type, input, request.auth));
      if (!decision.ok) throw refusalError(decision);
      if (request.changes === undefined && type.unchanged?.(decision, row)) return { row, decision, written: false };
      const after: unknown = await type.persist(tx, decision, row, { now: clock.now(), changes: request.changes });
      await audit(tx, type, decision, type.idOf(after), request.auth, request.requestId);
      return { row: after, decision, written: true };
    });

  const create = async (type: AnyRecordType, request: Omit<CreateRequest<RecordKind>, 'values' | 'event'> & { values: unknown; event: AnyEvent }) => {
    const creation = type.create;
    if (!creation) throw new Error(`${type.recordType}: records of this type are not created through the transition service`);
    return (request.tx ?? db).transaction(async (tx) => {
      const decision = decide(type.chart, creation.status, creation.facts, full(type, request.event, request.auth));
      if (!decision.ok) throw refusalError(decision);
      const row: unknown = await creation.insert(tx, decision, request.values, clock.now());
      await audit(tx, type, decision, type.idOf(row), request.auth, request.requestId);
      return { row, decision, written: true };
    });
  };

  return {
    change: (kind, request) => change(RECORD_TYPES[kind] as unknown as AnyRecordType, request as AnyRequest) as Promise<never>,
    create: (kind, request) => create(RECORD_TYPES[kind] as unknown as AnyRecordType, request as never) as Promise<never>,
  };
};
