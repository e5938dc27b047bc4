/**
 * The charts the flow explorer offers, and for each lifecycle the facts a person can set: the record's
 * context (`context.*`) and the payload its events carry (`event.*`). These lists only describe inputs —
 * typed against each chart's context and event types so they cannot drift — and never decide anything:
 * what may happen is always `decide(machine, status, facts, event)`.
 */
import type { AnyStateMachine, ContextFrom, EventFromLogic } from 'xstate';
import { ApprovalTypes, OrderTypes } from '../../../core/rules/appointments';
import { ConfirmationMethods } from '../../../core/model/registration';
import { Frequencies } from '../../../core/rules/subscriptions';
import { TicketPriorities, TicketTypes } from '../../../core/rules/tickets';
import { checkoutMachine } from '../../../machines/features/checkout.machine';
import { notificationsMachine } from '../../../machines/features/notifications.machine';
import { orderSuccessMachine } from '../../../machines/features/order-success.machine';
import { billingMachine } from '../../../machines/features/billing.machine';
import { billingReadMachine } from '../../../machines/features/billing-read.machine';
import { chatHelpMachine } from '../../../machines/features/chat-help.machine';
import { subscriptionDetailMachine } from '../../../machines/features/subscription-detail.machine';
import { ticketComposerMachine } from '../../../machines/features/ticket-composer.machine';
import { ticketThreadMachine } from '../../../machines/features/ticket-thread.machine';
import { appointmentDetailMachine } from '../../../machines/features/appointment-detail.machine';
import { appointmentListMachine } from '../../../machines/features/appointment-list.machine';
import { ticketsMachine } from '../../../machines/features/tickets.machine';
import { vendorAvailabilityMachine } from '../../../machines/features/availability.machine';
import { loginMachine } from '../../../machines/flows/login.machine';
import { onboardingMachine } from '../../../machines/flows/onboarding.machine';
import { passwordMachine } from '../../../machines/flows/password.machine';
import { phoneMachine } from '../../../machines/flows/phone.machine';
import { registrationMachine } from '../../../machines/flows/registration.machine';
import { sessionMachine } from '../../../machines/flows/session.machine';
import { addOnMachine, emptyAddOn } from '../../../machines/lifecycles/addon.machine';
import { appointmentMachine, emptyAppointment } from '../../../machines/lifecycles/appointment.machine';
import { approvalMachine, emptyApproval } from '../../../machines/lifecycles/approval.machine';
import { emptyInvoice, invoiceMachine } from '../../../machines/lifecycles/invoice.machine';
import { emptyNotification, notificationMachine } from '../../../machines/lifecycles/notification.machine';
import { emptyOrganizationApproval, organizationApprovalMachine } from '../../../machines/lifecycles/organization-approval.machine';
import { emptyPhoneConfirmation, phoneConfirmationMachine } from '../../../machines/lifecycles/phone-confirmation.machine';
import { emptySubscription, subscriptionMachine } from '../../../machines/lifecycles/subscription.machine';
import { emptyTicket, ticketMachine } from '../../../machines/lifecycles/ticket.machine';
import { emptyTimeOff, timeOffMachine } from '../../../machines/lifecycles/time-off.machine';
import { emptyUser, userMachine } from '../../../machines/lifecycles/user.machine';

/** How a fact is entered. `choices` is a list of values (e.g. pending approval types). */
export type FieldInput =
  | { readonly input: 'datetime' }
  | { readonly input: 'text' }
  | { readonly input: 'number' }
  | { readonly input: 'boolean' }
  | { readonly input: 'choice'; readonly options: readonly string[] }
  | { readonly input: 'choices'; readonly options: readonly string[] };

/** One fact: its key in the context or the event, how it is entered, and whether empty means null. */
export type FieldSpec<K extends string = string> = FieldInput & { readonly key: K; readonly nullable?: boolean };

/** Payload keys of one event type (everything but `type`, `actor` and `now`). */
type PayloadKeys<E, T> = E extends { readonly type: T } ? Exclude<keyof E, 'type' | 'actor' | 'now'> & string : never;
/** Payload keys of any event of a union. */
type AnyPayloadKey<E> = E extends unknown ? Exclude<keyof E, 'type' | 'actor' | 'now'> & string : never;
type EventType<E> = E extends { readonly type: infer T extends string } ? T : never;

export interface LifecycleChart {
  readonly kind: 'lifecycle';
  /** The catalogue's name (docs/machines/<name>.md). */
  readonly name: string;
  readonly machine: AnyStateMachine;
  /** The record's facts before anything is set (the chart's `empty…` export). */
  readonly empty: Readonly<Record<string, unknown>>;
  /** Inputs for the record's context. */
  readonly facts: readonly FieldSpec[];
  /** Inputs for event payloads, shared by the events that carry the same key. */
  readonly payload: readonly FieldSpec[];
  /** Which payload keys each event carries. */
  readonly eventPayload: Readonly<Record<string, readonly string[]>>;
}

export interface FlowChart {
  readonly kind: 'flow';
  readonly name: string;
  readonly machine: AnyStateMachine;
  /** The running app's instance of this chart can be watched live. */
  readonly live?: 'session';
}

export type ExplorerChart = LifecycleChart | FlowChart;

/** A lifecycle entry, checked against the machine's context and event types. */
function lifecycle<M extends AnyStateMachine>(def: {
  readonly name: string;
  readonly machine: M;
  readonly empty: ContextFrom<M>;
  readonly facts: readonly FieldSpec<keyof ContextFrom<M> & string>[];
  readonly payload: readonly FieldSpec<AnyPayloadKey<EventFromLogic<M>>>[];
  readonly eventPayload: { readonly [T in EventType<EventFromLogic<M>>]?: readonly PayloadKeys<EventFromLogic<M>, T>[] };
}): LifecycleChart {
  return {
    kind: 'lifecycle',
    name: def.name,
    machine: def.machine,
    empty: def.empty as Readonly<Record<string, unknown>>,
    facts: def.facts,
    payload: def.payload,
    eventPayload: def.eventPayload as Readonly<Record<string, readonly string[]>>,
  };
}

const addOnTerms = [
  { key: 'serviceId', input: 'text' },
  { key: 'description', input: 'text' },
  { key: 'valueCents', input: 'number' },
] as const;

export const LIFECYCLE_CHARTS: readonly LifecycleChart[] = [
  lifecycle({
    name: 'addon',
    machine: addOnMachine,
    empty: emptyAddOn,
    facts: [
      { key: 'serviceId', input: 'text', nullable: true },
      { key: 'description', input: 'text', nullable: true },
      { key: 'valueCents', input: 'number', nullable: true },
    ],
    payload: addOnTerms,
    eventPayload: { 'addon.add': ['serviceId', 'description', 'valueCents'], 'addon.update': ['serviceId', 'description', 'valueCents'] },
  }),
  lifecycle({
    name: 'appointment',
    machine: appointmentMachine,
    empty: emptyAppointment,
    facts: [
      { key: 'startTime', input: 'datetime' },
      { key: 'orderType', input: 'choice', options: OrderTypes, nullable: true },
      { key: 'paymentIntentId', input: 'text', nullable: true },
      { key: 'pendingApprovals', input: 'choices', options: ApprovalTypes },
    ],
    payload: [
      { key: 'startTime', input: 'datetime' },
      { key: 'orderType', input: 'choice', options: OrderTypes },
      { key: 'note', input: 'text' },
      { key: 'paymentIntentId', input: 'text' },
    ],
    eventPayload: {
      'appointment.create': ['startTime', 'orderType'],
      'appointment.update': ['startTime'],
      'appointment.rainDelay': ['startTime'],
      'appointment.requestStartTime': ['startTime'],
      'appointment.exception': ['note'],
      'appointment.flagForReassignment': ['note'],
      'appointment.charge': ['paymentIntentId'],
    },
  }),
  lifecycle({
    name: 'approval',
    machine: approvalMachine,
    empty: emptyApproval,
    facts: [{ key: 'approvalType', input: 'choice', options: ApprovalTypes, nullable: true }],
    payload: [
      { key: 'approvalType', input: 'choice', options: ApprovalTypes },
      { key: 'note', input: 'text' },
    ],
    eventPayload: { 'approval.request': ['approvalType', 'note'], 'approval.approve': ['note'], 'approval.decline': ['note'] },
  }),
  lifecycle({
    name: 'invoice',
    machine: invoiceMachine,
    empty: emptyInvoice,
    facts: [{ key: 'amountCents', input: 'number', nullable: true }],
    payload: [
      { key: 'amountCents', input: 'number' },
      { key: 'hasCard', input: 'boolean' },
    ],
    eventPayload: { 'invoice.create': ['amountCents'], 'invoice.update': ['amountCents'], 'invoice.pay': ['hasCard'] },
  }),
  lifecycle({ name: 'notification', machine: notificationMachine, empty: emptyNotification, facts: [], payload: [], eventPayload: {} }),
  lifecycle({
    name: 'organization-approval',
    machine: organizationApprovalMachine,
    empty: emptyOrganizationApproval,
    facts: [],
    payload: [],
    eventPayload: {},
  }),
  lifecycle({
    name: 'phone-confirmation',
    machine: phoneConfirmationMachine,
    empty: emptyPhoneConfirmation,
    facts: [{ key: 'phone', input: 'text', nullable: true }],
    payload: [],
    eventPayload: {},
  }),
  lifecycle({
    name: 'subscription',
    machine: subscriptionMachine,
    empty: emptySubscription,
    facts: [
      { key: 'frequency', input: 'choice', options: Frequencies, nullable: true },
      { key: 'planId', input: 'text', nullable: true },
      { key: 'resumeAt', input: 'datetime', nullable: true },
    ],
    payload: [
      { key: 'frequency', input: 'choice', options: Frequencies },
      { key: 'planId', input: 'text' },
      { key: 'until', input: 'datetime' },
      { key: 'beforeSchedule', input: 'boolean' },
      ...addOnTerms,
    ],
    eventPayload: {
      'subscription.create': ['frequency', 'planId'],
      'subscription.update': ['frequency', 'planId'],
      'subscription.pause': ['until'],
      'subscription.unpause': ['beforeSchedule'],
      'subscription.addAddOn': ['serviceId', 'description', 'valueCents'],
    },
  }),
  lifecycle({
    name: 'ticket',
    machine: ticketMachine,
    empty: emptyTicket,
    facts: [],
    payload: [
      { key: 'comment', input: 'text' },
      { key: 'priority', input: 'choice', options: TicketPriorities },
      { key: 'ticketType', input: 'choice', options: TicketTypes },
    ],
    eventPayload: { 'ticket.comment': ['comment'], 'ticket.updateFields': ['priority', 'ticketType'] },
  }),
  lifecycle({
    name: 'time-off',
    machine: timeOffMachine,
    empty: emptyTimeOff,
    facts: [
      { key: 'start', input: 'datetime', nullable: true },
      { key: 'end', input: 'datetime', nullable: true },
    ],
    payload: [
      { key: 'start', input: 'datetime' },
      { key: 'end', input: 'datetime' },
    ],
    eventPayload: { 'timeOff.request': ['start', 'end'] },
  }),
  lifecycle({
    name: 'user',
    machine: userMachine,
    empty: emptyUser,
    facts: [],
    payload: [
      { key: 'method', input: 'choice', options: ConfirmationMethods },
      { key: 'verifiedEmail', input: 'boolean' },
    ],
    eventPayload: { 'user.register': ['method', 'verifiedEmail'] },
  }),
];

export const FLOW_CHARTS: readonly FlowChart[] = [
  { kind: 'flow', name: 'login', machine: loginMachine },
  /** A feature chart (src/machines/features): the account's notifications, one per signed-in session. */
  { kind: 'flow', name: 'notifications', machine: notificationsMachine },
  /** Feature charts of the help desk: the list (one per session), a thread and a composer (per screen). */
  { kind: 'flow', name: 'tickets', machine: ticketsMachine },
  { kind: 'flow', name: 'ticket-thread', machine: ticketThreadMachine },
  { kind: 'flow', name: 'ticket-composer', machine: ticketComposerMachine },
  /** Feature charts of the shop (per screen): checkout (quote → cart → payment → authentication → success) and the order's success page. */
  { kind: 'flow', name: 'checkout', machine: checkoutMachine },
  { kind: 'flow', name: 'order-success', machine: orderSuccessMachine },
  /** Feature charts of the appointment screens: one appointment, and a list or a vendor's day (per screen). */
  { kind: 'flow', name: 'appointment-detail', machine: appointmentDetailMachine },
  { kind: 'flow', name: 'appointment-list', machine: appointmentListMachine },
  /** Feature charts of the billing screens (per screen): the cards and charges, one subscription, the read-only screens. */
  { kind: 'flow', name: 'billing', machine: billingMachine },
  { kind: 'flow', name: 'subscription-detail', machine: subscriptionDetailMachine },
  { kind: 'flow', name: 'billing-read', machine: billingReadMachine },
  /** The vendor's working hours and time-off requests (per screen). */
  { kind: 'flow', name: 'vendor-availability', machine: vendorAvailabilityMachine },
  /** The chat-help widget's conversation with the assistant (accounts §1). */
  { kind: 'flow', name: 'chat-help', machine: chatHelpMachine },
  { kind: 'flow', name: 'onboarding', machine: onboardingMachine },
  { kind: 'flow', name: 'password', machine: passwordMachine },
  { kind: 'flow', name: 'phone', machine: phoneMachine },
  { kind: 'flow', name: 'registration', machine: registrationMachine },
  { kind: 'flow', name: 'session', machine: sessionMachine, live: 'session' },
];

export const EXPLORER_CHARTS: readonly ExplorerChart[] = [...LIFECYCLE_CHARTS, ...FLOW_CHARTS];

export const DEFAULT_CHART = 'appointment';

export const chartNamed = (name: string | null | undefined): ExplorerChart | undefined => EXPLORER_CHARTS.find((c) => c.name === name);
