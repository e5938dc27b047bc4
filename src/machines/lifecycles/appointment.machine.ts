/**
 * Appointment lifecycle (bookings §4, §6, §9). Statuses are the spec's; `new` is the record before it
 * exists. Every guard is a rule of src/core/rules/appointments.ts; the status rules scope where an
 * action is declared (`meta.scope`). Decisions: docs/decisions.md, "Appointment".
 */
import { and, assertEvent, assign, setup } from 'xstate';
import {
  appointmentFacts,
  appointmentRoles,
  appointmentScopes as scope,
  appointmentTime,
  type AppointmentFacts,
  type AppointmentStatus,
  type ApprovalType,
  type OrderType,
} from '../../core/rules/appointments';
import { decide, lifecycleAt, ruleGuards, scoped, type ActorEvent, type GuardArgsOf } from './lifecycle';

/** The record's facts the guards need (loaded by the server from the appointment and its approvals). */
export interface AppointmentContext {
  readonly startTime: string;
  readonly orderType: OrderType | null;
  readonly paymentIntentId: string | null;
  readonly pendingApprovals: readonly ApprovalType[];
}

type Ev<T extends string, P = unknown> = { readonly type: T } & ActorEvent & P;

export type AppointmentEvent =
  | Ev<'appointment.create', { readonly startTime: string; readonly orderType: OrderType }>
  | Ev<'appointment.enable'>
  | Ev<'appointment.update', { readonly startTime: string }>
  | Ev<'appointment.complete'>
  | Ev<'appointment.rainDelay', { readonly startTime: string }>
  | Ev<'appointment.exception', { readonly note: string }>
  | Ev<'appointment.flagForReassignment', { readonly note: string }>
  | Ev<'appointment.reassign'>
  | Ev<'appointment.cancel'>
  | Ev<'appointment.delete'>
  | Ev<'appointment.reenable'>
  | Ev<'appointment.requestHomeSize'>
  | Ev<'appointment.requestStartTime', { readonly startTime: string }>
  | Ev<'appointment.addSubscriptionAddOn'>
  | Ev<'appointment.charge', { readonly paymentIntentId: string }>
  | Ev<'appointment.refund'>
  | Ev<'appointment.suspend'>
  | Ev<'appointment.restore'>
  | Ev<'appointment.lapse'>
  | Ev<'appointment.followSchedule', { readonly startTime: string }>;

/** Chart states: the spec's statuses plus `new` (no record yet). */
export type AppointmentChartStatus = AppointmentStatus | 'new';

export const emptyAppointment: AppointmentContext = { startTime: '', orderType: null, paymentIntentId: null, pendingApprovals: [] };

const factsOf = ({ context, event }: GuardArgsOf<AppointmentContext, AppointmentEvent>): AppointmentFacts => ({
  role: event.actor?.role ?? 'none',
  now: event.now,
  startTime: context.startTime,
  orderType: event.type === 'appointment.create' ? event.orderType : context.orderType,
  paymentIntentId: context.paymentIntentId,
  pendingApprovals: context.pendingApprovals,
  note: 'note' in event ? event.note : undefined,
  newStartTime: 'startTime' in event ? event.startTime : undefined,
});

const guards = ruleGuards(
  {
    mayCreate: appointmentRoles.create,
    mayEnable: appointmentRoles.enable,
    isOperator: appointmentRoles.operator,
    isFieldRole: appointmentRoles.field,
    mayChange: appointmentRoles.change,
    mayRequestHomeSize: appointmentRoles.homeSize,
    mayRequestStartTime: appointmentRoles.startTimeApproval,
    isSubscriptionRole: appointmentRoles.subscription,
    isPaymentRole: appointmentRoles.payment,
    followsSubscription: appointmentRoles.follow,
    isSweep: appointmentRoles.sweep,
    followsSchedule: appointmentRoles.schedule,
    mayFlagForReassignment: appointmentRoles.reassign,
    mayAssignVendor: appointmentRoles.assignVendor,
    ...appointmentTime,
    ...appointmentFacts,
  },
  factsOf,
);

/** Transitions declared in more than one status: guard, status scope and actions in one place. */
const shared = {
  enable: { target: 'active', guard: and(['mayEnable', 'startNotPast']), meta: scoped(scope.enablePending) },
  complete: { target: 'complete', guard: and(['isFieldRole', 'startWithinWindow']), meta: scoped(scope.open, scope.confirmed) },
  rainDelay: { target: 'active', guard: and(['isFieldRole', 'newStartValid']), actions: 'recordNewStart', meta: scoped(scope.open, scope.confirmed) },
  exception: { target: 'exception', guard: and(['isFieldRole', 'noteGiven']), meta: scoped(scope.open, scope.confirmed) },
  cancel: { target: 'canceled', guard: and(['mayChange', 'startNotPast']), meta: scoped(scope.open, scope.notPastStatus) },
  delete: { target: 'deleted', guard: and(['isOperator', 'startNotPast']), meta: scoped(scope.open, scope.notPastStatus) },
  reenable: { target: 'active', guard: and(['isOperator', 'startNotPast']), meta: scoped(scope.reinstatable) },
  suspend: { target: 'suspended', guard: and(['followsSubscription', 'startNotPast']), meta: scoped(scope.suspendUpcoming) },
  restore: { target: 'active', guard: 'followsSubscription', meta: scoped(scope.restoreSuspended) },
  lapse: { target: 'past', guard: and(['isSweep', 'startIsPast']), meta: scoped(scope.lapseOpen) },
  /** Approved vendor time off hits a confirmed upcoming visit: an exception the organization resolves by reassigning. */
  flagForReassignment: {
    target: 'exception',
    guard: and(['mayFlagForReassignment', 'startNotPast', 'noteGiven']),
    meta: scoped(scope.open, scope.confirmed, scope.notPastStatus),
  },
} as const;

/** Transitions that keep the status (the record's facts may change). */
const stay = <S extends AppointmentChartStatus>(status: S) =>
  ({
    update: {
      target: status,
      guard: and(['mayChange', 'startOutsideWindow', 'newStartValid']),
      actions: 'recordNewStart',
      meta: scoped(scope.open, scope.notPending, scope.notPastStatus),
    },
    exception: { target: status, guard: and(['isFieldRole', 'noteGiven']), meta: scoped(scope.open, scope.confirmed) },
    /** Another vendor takes the visit (the calendar of the new vendor is the server's second check); the status stays. */
    reassign: { target: status, guard: and(['mayAssignVendor', 'startNotPast']), meta: scoped(scope.open, scope.notPastStatus) },
    requestHomeSize: {
      target: status,
      guard: and(['mayRequestHomeSize', 'noPendingHomeSize']),
      actions: 'recordHomeSizeRequest',
      meta: scoped(scope.open, scope.homeSizeStatus),
    },
    requestStartTime: {
      target: status,
      guard: 'mayRequestStartTime',
      meta: { ...scoped(scope.open, scope.notPastStatus), unreachable: 'Start-time approval: allowed for no roles presently.' },
    },
    addSubscriptionAddOn: {
      target: status,
      guard: and(['isSubscriptionRole', 'subscriptionOrder', 'startNotPast']),
      meta: scoped(scope.open, scope.notPastStatus),
    },
    charge: { target: status, guard: and(['isPaymentRole', 'noPaymentIntent']), actions: 'recordPayment', meta: scoped(scope.chargeable) },
    /** The subscription's series moved (plan change, "this and all later visits"): the visit takes its new start. */
    followSchedule: {
      target: status,
      guard: and(['followsSchedule', 'subscriptionOrder', 'startNotPast', 'newStartValid']),
      actions: 'recordNewStart',
      meta: scoped(scope.followsSchedule),
    },
    refund: { target: status, guard: and(['isPaymentRole', 'hasPaymentIntent']), actions: 'clearPayment', meta: scoped(scope.mayHavePayment) },
  }) as const;

const inPending = stay('pending');
const inActive = stay('active');
const inPast = stay('past');
const inException = stay('exception');

export const appointmentMachine = setup({
  types: {
    context: {} as AppointmentContext,
    events: {} as AppointmentEvent,
  },
  guards,
  actions: {
    recordCreation: assign(({ event }) => {
      assertEvent(event, 'appointment.create');
      return { startTime: event.startTime, orderType: event.orderType, paymentIntentId: null, pendingApprovals: [] };
    }),
    recordNewStart: assign(({ event }) => {
      assertEvent(event, ['appointment.update', 'appointment.rainDelay', 'appointment.followSchedule']);
      return { startTime: event.startTime };
    }),
    recordHomeSizeRequest: assign(({ context }) => ({ pendingApprovals: [...context.pendingApprovals, 'home_size' as const] })),
    recordPayment: assign(({ event }) => {
      assertEvent(event, 'appointment.charge');
      return { paymentIntentId: event.paymentIntentId };
    }),
    clearPayment: assign({ paymentIntentId: null }),
  },
}).createMachine({
  id: 'appointment',
  description: 'Appointment lifecycle (bookings §4). Events carry { actor: { role }, now }.',
  initial: 'new',
  context: emptyAppointment,
  states: {
    new: {
      description: 'No record yet.',
      on: {
        'appointment.create': { target: 'pending', guard: and(['mayCreate', 'newStartValid', 'orderTypeKnown']), actions: 'recordCreation' },
      },
    },
    pending: {
      on: {
        'appointment.enable': shared.enable,
        'appointment.cancel': shared.cancel,
        'appointment.reassign': inPending.reassign,
        'appointment.delete': shared.delete,
        'appointment.requestHomeSize': inPending.requestHomeSize,
        'appointment.requestStartTime': inPending.requestStartTime,
        'appointment.addSubscriptionAddOn': inPending.addSubscriptionAddOn,
        'appointment.suspend': shared.suspend,
        'appointment.lapse': shared.lapse,
        'appointment.followSchedule': inPending.followSchedule,
      },
    },
    active: {
      on: {
        'appointment.update': inActive.update,
        'appointment.complete': shared.complete,
        'appointment.rainDelay': shared.rainDelay,
        'appointment.exception': shared.exception,
        'appointment.flagForReassignment': shared.flagForReassignment,
        'appointment.reassign': inActive.reassign,
        'appointment.cancel': shared.cancel,
        'appointment.delete': shared.delete,
        'appointment.requestHomeSize': inActive.requestHomeSize,
        'appointment.requestStartTime': inActive.requestStartTime,
        'appointment.addSubscriptionAddOn': inActive.addSubscriptionAddOn,
        'appointment.charge': inActive.charge,
        'appointment.refund': inActive.refund,
        'appointment.suspend': shared.suspend,
        'appointment.lapse': shared.lapse,
        'appointment.followSchedule': inActive.followSchedule,
      },
    },
    past: {
      description: 'The start passed without completion (the daily sweep).',
      on: {
        'appointment.complete': shared.complete,
        'appointment.rainDelay': shared.rainDelay,
        'appointment.exception': shared.exception,
        'appointment.refund': inPast.refund,
      },
    },
    exception: {
      on: {
        'appointment.update': inException.update,
        'appointment.complete': shared.complete,
        'appointment.rainDelay': shared.rainDelay,
        'appointment.exception': inException.exception,
        'appointment.flagForReassignment': shared.flagForReassignment,
        'appointment.reassign': inException.reassign,
        'appointment.cancel': shared.cancel,
        'appointment.delete': shared.delete,
        'appointment.reenable': shared.reenable,
        'appointment.requestHomeSize': inException.requestHomeSize,
        'appointment.requestStartTime': inException.requestStartTime,
        'appointment.addSubscriptionAddOn': inException.addSubscriptionAddOn,
        'appointment.refund': inException.refund,
      },
    },
    complete: {
      on: { 'appointment.refund': stay('complete').refund },
    },
    suspended: {
      on: {
        'appointment.restore': shared.restore,
        'appointment.refund': stay('suspended').refund,
        'appointment.followSchedule': stay('suspended').followSchedule,
      },
    },
    canceled: {
      on: { 'appointment.reenable': shared.reenable, 'appointment.refund': stay('canceled').refund },
    },
    deleted: {
      on: { 'appointment.reenable': shared.reenable, 'appointment.refund': stay('deleted').refund },
    },
  },
});

/** The appointment chart restored at a stored status with the record's facts. */
export const appointmentAt = (status: AppointmentChartStatus, facts: AppointmentContext) => lifecycleAt(appointmentMachine, status, facts);

/** May `event` happen to an appointment in `status` with `facts`? See `decide`. */
export const decideAppointment = (status: string, facts: AppointmentContext, event: AppointmentEvent) =>
  decide(appointmentMachine, status, facts, event);
