/**
 * Appointment lifecycle rules (bookings §4, §5, §6, §9). Each rule carries the sentence it implements;
 * the chart src/machines/lifecycles/appointment.machine.ts builds its guards and status scopes from
 * these objects. Our choices where the spec leaves one open are in docs/decisions.md, "Appointment".
 */
import { VALIDATION_MESSAGES } from './validators';
import {
  DAY_MS,
  hasText,
  instant,
  roleRule,
  specRule,
  statusRule,
  type ActorRole,
  type SpecRule,
} from './spec-rule';

import { AppointmentStatuses, type AppointmentStatus } from '../model/appointment';
import { OrderTypes, type OrderType } from '../model/service';
import type { ApprovalType } from '../model/approval';

// The unions live in src/core/model (one definition each); re-exported here for the rules' readers.
export { AppointmentStatuses, type AppointmentStatus } from '../model/appointment';
export { OrderTypes, type OrderType } from '../model/service';
export { ApprovalTypes, type ApprovalType } from '../model/approval';

/** "Appointment reminder window and approval change window: 7 days." (bookings §9) */
export const CHANGE_WINDOW_DAYS = 7;

/** What the appointment guards look at: the record's facts and the acting role, time and input. */
export interface AppointmentFacts {
  readonly role: ActorRole;
  /** The moment of the request (ISO-8601), from the server's clock. */
  readonly now: string;
  /** The appointment's start (ISO-8601). */
  readonly startTime: string;
  readonly orderType: OrderType | null;
  readonly paymentIntentId: string | null;
  /** Types of approval requests still pending for this appointment. */
  readonly pendingApprovals: readonly ApprovalType[];
  /** The note sent with the request, if any. */
  readonly note?: string | undefined;
  /** The start the request asks for (create, update, rain delay), if any. */
  readonly newStartTime?: string | undefined;
}

const where = (pred: (s: AppointmentStatus) => boolean): AppointmentStatus[] => AppointmentStatuses.filter(pred);
const is =
  (...statuses: AppointmentStatus[]) =>
  (s: AppointmentStatus): boolean =>
    statuses.includes(s);

// ── status scopes: the chart declares an action only in the statuses these allow ──

const MOST_ACTIONS = 'Most actions are blocked when status is suspended, deleted, canceled or complete.';
const START_PAST = 'Many are also blocked when the start date is in the past.';
const ONE_BLOCKED = 'One action is blocked when pending or when start is within 7 days.';
const REINSTATE =
  'Reinstating is allowed only when status is not suspended, complete or past AND status is canceled, deleted or exception.';
const HOME_SIZE =
  'Home-size change: allowed for organization or vendor roles when the appointment is not past or deleted and no pending home_size approval exists.';
const PAYMENT = 'Super or admin may take one action on an active item with no paymentIntentId and another on items that have one.';
const SUBSCRIPTION_ONLY = 'Subscription-only action: customer or super, when order type is subscription.';

export const appointmentScopes = {
  open: statusRule<AppointmentStatus>('appointment.open', MOST_ACTIONS, 'bookings §4', where((s) => !is('suspended', 'deleted', 'canceled', 'complete')(s))),
  notPastStatus: statusRule<AppointmentStatus>(
    'appointment.notPastStatus',
    `${START_PAST} An appointment in status past has its start in the past, so those actions are not offered in status past.`,
    'bookings §4 + decision',
    where((s) => s !== 'past'),
  ),
  notPending: statusRule<AppointmentStatus>('appointment.changeNotPending', ONE_BLOCKED, 'bookings §4', where((s) => s !== 'pending')),
  confirmed: statusRule<AppointmentStatus>(
    'appointment.confirmed',
    'Field actions (complete, rain delay, exception) need a confirmed visit: not while pending.',
    'decision',
    where((s) => s !== 'pending'),
  ),
  reinstatable: statusRule<AppointmentStatus>(
    'appointment.reinstatable',
    REINSTATE,
    'bookings §4',
    // written as the spec writes it, both halves
    where((s) => !is('suspended', 'complete', 'past')(s) && is('canceled', 'deleted', 'exception')(s)),
  ),
  homeSizeStatus: statusRule<AppointmentStatus>('appointment.homeSizeStatus', HOME_SIZE, 'bookings §4', where((s) => !is('past', 'deleted')(s))),
  chargeable: statusRule<AppointmentStatus>('appointment.chargeable', PAYMENT, 'bookings §4', where(is('active'))),
  mayHavePayment: statusRule<AppointmentStatus>(
    'appointment.mayHavePayment',
    `${PAYMENT} Only an appointment that has been active can carry a paymentIntentId, so the second action is not offered while pending.`,
    'bookings §4 + decision',
    where((s) => s !== 'pending'),
  ),
  enablePending: statusRule<AppointmentStatus>('appointment.enablePending', 'Enabling confirms a pending appointment.', 'decision', where(is('pending'))),
  suspendUpcoming: statusRule<AppointmentStatus>(
    'appointment.suspendUpcoming',
    'A subscription suspend "suspends future appointments until the next successful billing": it applies to pending and active appointments.',
    'bookings §4 + decision',
    where(is('pending', 'active')),
  ),
  restoreSuspended: statusRule<AppointmentStatus>(
    'appointment.restoreSuspended',
    'A subscription restore "restores until the next failed billing": a suspended appointment becomes active again.',
    'bookings §4 + decision',
    where(is('suspended')),
  ),
  followsSchedule: statusRule<AppointmentStatus>(
    'appointment.followsSchedule',
    'A subscription\'s plan change or a move of "this and all later visits" moves its upcoming visits (pending, active, or suspended while it is paused), never one that is done, canceled or flagged.',
    'bookings §4 + decision',
    where(is('pending', 'active', 'suspended')),
  ),
  lapseOpen: statusRule<AppointmentStatus>(
    'appointment.lapseOpen',
    'The daily sweep moves a pending or active appointment whose start has passed to past.',
    'decision',
    where(is('pending', 'active')),
  ),
} as const;

// ── roles (bookings §4 and §6; the mapping of §6's kinds of checks onto actions is ours) ──

export const appointmentRoles = {
  create: roleRule(
    'appointment.createRoles',
    'Appointments are created by the customer who books, by the organization or an admin, or by the server for a subscription.',
    'decision',
    ['customer', 'organization', 'super', 'admin', 'system'],
  ),
  operator: roleRule(
    'appointment.operatorRoles',
    'Action checks: some barred for customer and vendor (enable, delete, re-enable).',
    'bookings §6',
    ['organization', 'super', 'admin'],
  ),
  enable: roleRule(
    'appointment.enableRoles',
    'Action checks: some barred for customer and vendor (enable); the server also enables the visits of a paid order.',
    'bookings §6 + decision',
    ['organization', 'super', 'admin', 'system'],
  ),
  field: roleRule(
    'appointment.fieldRoles',
    'Action checks: some only for organization and vendor (complete, rain delay, exception).',
    'bookings §6',
    ['organization', 'vendor'],
  ),
  change: roleRule(
    'appointment.changeRoles',
    'The customer, the organization or an admin may reschedule or cancel; the vendor uses rain delay instead.',
    'decision',
    ['customer', 'organization', 'super', 'admin'],
  ),
  homeSize: roleRule('appointment.homeSizeRoles', HOME_SIZE, 'bookings §4', ['organization', 'vendor']),
  startTimeApproval: roleRule('appointment.startTimeApprovalRoles', 'Start-time approval: allowed for no roles presently.', 'bookings §4', []),
  subscription: roleRule('appointment.subscriptionRoles', SUBSCRIPTION_ONLY, 'bookings §4', ['customer', 'super']),
  payment: roleRule('appointment.paymentRoles', PAYMENT, 'bookings §4', ['super', 'admin']),
  follow: roleRule(
    'appointment.followRoles',
    'Suspend and restore follow the subscription: the server applies them, or an admin by hand.',
    'decision',
    ['system', 'super', 'admin'],
  ),
  schedule: roleRule(
    'appointment.scheduleRoles',
    'A visit follows its subscription\'s schedule when the subscription\'s plan changes or "this and all later visits" moves: whoever may make that change (the customer, the organization, an admin) or the server.',
    'bookings §4 + decision',
    ['customer', 'organization', 'super', 'admin', 'system'],
  ),
  reassign: roleRule(
    'appointment.reassignRoles',
    'Approved time off flags the visits it hits for reassignment: whoever approves it (the organization or super), or the server.',
    'bookings §4 (time off) + decision',
    ['organization', 'super', 'admin', 'system'],
  ),
  assignVendor: roleRule(
    'appointment.assignVendorRoles',
    "Reassigning a visit's vendor (bookings §2 organization appointment): the organization (to one of its own vendors), super or an admin.",
    'bookings §2 + decision',
    ['organization', 'super', 'admin'],
  ),
  sweep: roleRule('appointment.sweepRoles', 'The daily sweep (the server, or super by hand) marks appointments past.', 'decision', ['system', 'super']),
} as const;

// ── time ──

const startMs = (f: Pick<AppointmentFacts, 'startTime'>): number => instant(f.startTime);
const nowMs = (f: Pick<AppointmentFacts, 'now'>): number => instant(f.now);
const bothValid = (a: number, b: number): boolean => Number.isFinite(a) && Number.isFinite(b);

/** Start is not in the past: start ≥ now. */
export const startNotPast = (f: Pick<AppointmentFacts, 'startTime' | 'now'>): boolean =>
  bothValid(startMs(f), nowMs(f)) && startMs(f) >= nowMs(f);

/** Start is within the 7-day window: start ≤ now + 7 days (a start already passed is within it). Edge inclusive. */
export const startWithinWindow = (f: Pick<AppointmentFacts, 'startTime' | 'now'>): boolean =>
  bothValid(startMs(f), nowMs(f)) && startMs(f) - nowMs(f) <= CHANGE_WINDOW_DAYS * DAY_MS;

/**
 * "Start date must be in the future, between this year and next year." (bookings §5) — strictly after
 * now, and in the UTC calendar year of now or the next one.
 */
export const isValidNewStart = (start: string | null | undefined, now: string): boolean => {
  const s = instant(start);
  const n = instant(now);
  if (!bothValid(s, n) || s <= n) return false;
  const year = new Date(s).getUTCFullYear();
  const thisYear = new Date(n).getUTCFullYear();
  return year === thisYear || year === thisYear + 1;
};

export const appointmentTime = {
  startNotPast: specRule<AppointmentFacts>({ id: 'appointment.startNotPast', spec: START_PAST, source: 'bookings §4', test: startNotPast }),
  startWithinWindow: specRule<AppointmentFacts>({
    id: 'appointment.startWithinWindow',
    spec: 'One requires start within 7 days (completing: from 7 days before the start onward).',
    source: 'bookings §4 + decision',
    test: startWithinWindow,
  }),
  startOutsideWindow: specRule<AppointmentFacts>({
    id: 'appointment.startOutsideWindow',
    spec: ONE_BLOCKED,
    source: 'bookings §4',
    test: (f) => bothValid(startMs(f), nowMs(f)) && !startWithinWindow(f),
  }),
  startIsPast: specRule<AppointmentFacts>({
    id: 'appointment.startIsPast',
    spec: 'The sweep marks past only an appointment whose start date is in the past.',
    source: 'decision',
    test: (f) => bothValid(startMs(f), nowMs(f)) && startMs(f) < nowMs(f),
  }),
  newStartValid: specRule<AppointmentFacts>({
    id: 'appointment.newStartValid',
    spec: 'Start date must be in the future, between this year and next year.',
    source: 'bookings §5',
    test: (f) => isValidNewStart(f.newStartTime, f.now),
  }),
} as const;

// ── record facts ──

export const appointmentFacts = {
  noteGiven: specRule<AppointmentFacts>({
    id: 'appointment.noteGiven',
    spec: 'Set as exception (note required). A note is required for some actions (message: Note is required!).',
    source: 'bookings §4, §5',
    message: VALIDATION_MESSAGES.noteRequired,
    test: (f) => hasText(f.note),
  }),
  noPendingHomeSize: specRule<AppointmentFacts>({
    id: 'appointment.noPendingHomeSize',
    spec: HOME_SIZE,
    source: 'bookings §4',
    test: (f) => !f.pendingApprovals.includes('home_size'),
  }),
  subscriptionOrder: specRule<AppointmentFacts>({
    id: 'appointment.subscriptionOrder',
    spec: SUBSCRIPTION_ONLY,
    source: 'bookings §4',
    test: (f) => f.orderType === 'subscription',
  }),
  noPaymentIntent: specRule<AppointmentFacts>({
    id: 'appointment.noPaymentIntent',
    spec: PAYMENT,
    source: 'bookings §4',
    test: (f) => !hasText(f.paymentIntentId),
  }),
  hasPaymentIntent: specRule<AppointmentFacts>({
    id: 'appointment.hasPaymentIntent',
    spec: PAYMENT,
    source: 'bookings §4',
    test: (f) => hasText(f.paymentIntentId),
  }),
  orderTypeKnown: specRule<AppointmentFacts>({
    id: 'appointment.orderTypeKnown',
    spec: 'Order types: subscription, onetime, addon.',
    source: 'bookings §9',
    test: (f) => f.orderType !== null && (OrderTypes as readonly string[]).includes(f.orderType),
  }),
} as const;

/** Every appointment rule, for the catalogue and the tests. */
export const appointmentRules: readonly SpecRule<never>[] = [
  ...Object.values(appointmentScopes),
  ...Object.values(appointmentRoles),
  ...Object.values(appointmentTime),
  ...Object.values(appointmentFacts),
];
