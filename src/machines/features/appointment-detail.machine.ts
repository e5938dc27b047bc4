import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Appointment, AvailabilityDay, NextAvailability } from '../../core/model/appointment';
import type { ResourceUpdate } from '../../core/model/live';
import type { Role } from '../../core/model/roles';
import type { Vendor } from '../../core/model/vendor';
import { isExplainedRefusal, localDay, type ExplainedRefusal } from '../../core/rules/appointment-views';
import { shouldReloadAppointment } from '../../core/rules/live';
import { specRule } from '../../core/rules/spec-rule';
import { VALIDATION_MESSAGES } from '../../core/rules/validators';
import { appointmentRoles } from '../../core/rules/appointments';
import { asksRescheduleScope, type RescheduleScope } from '../../core/rules/recurrence';
import { decideAppointment, type AppointmentContext, type AppointmentEvent } from '../lifecycles/appointment.machine';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';

/**
 * One appointment (bookings §2, §3, §4): created by the appointment screen (customer, vendor) with its id.
 *
 * - `loading` (tag `loading`) fetches it; an unknown id is `failed` (tag `error`) with 'The received
 *   appointment reference is invalid or does not exist'.
 * - `ready.idle`: each action is accepted only when the appointment lifecycle chart accepts its event at the
 *   appointment's status, for the viewer's role, now (`actionDecision`); the view shows the refusal's words.
 *   Cancel asks first (`confirmingCancel`). Reschedule (customer) and rain delay (vendor) pick a day, load its
 *   15-minute slots (`picking`, the availability calls) and send the chosen start. An exception without a note
 *   stays with 'Note is required!'.
 * - Reassign (organization, super, admin): `reassigning` loads the vendors the visit may go to (the
 *   appointment's organization's), the person picks one other than the current vendor and confirms; the
 *   server checks the new vendor's calendar (409 in the spec's words when it cannot take the visit).
 * - A live update of this appointment (accounts §4: reason 'updated') fetches it again (`refreshing`).
 */

export const AppointmentActions = ['reschedule', 'cancel', 'complete', 'rainDelay', 'exception', 'reenable', 'reassign'] as const;
export type AppointmentAction = (typeof AppointmentActions)[number];

export interface DetailInput {
  readonly appointmentId: string;
  readonly role: Role;
  readonly now: () => string;
}

export type AppointmentChange =
  | { readonly kind: 'cancel'; readonly note?: string }
  | { readonly kind: 'reschedule'; readonly startTime: string; readonly scope?: RescheduleScope }
  | { readonly kind: 'rainDelay'; readonly startTime: string }
  | { readonly kind: 'complete'; readonly note: string; readonly images?: readonly string[] }
  | { readonly kind: 'exception'; readonly note: string }
  | { readonly kind: 'reenable' }
  | { readonly kind: 'reassign'; readonly vendorId: string };

export interface DetailContext {
  readonly appointmentId: string;
  readonly role: Role;
  readonly now: () => string;
  readonly appointment: Appointment | null;
  readonly error: string | null;
  /** What the person picks a start for. */
  readonly picking: 'reschedule' | 'rainDelay' | null;
  readonly day: string | null;
  readonly slots: AvailabilityDay['slots'];
  readonly slotsError: string | null;
  readonly noteError: string | null;
  readonly change: AppointmentChange | null;
  /** A subscription visit's reschedule: this visit only (the default) or this and all later visits. */
  readonly scope: RescheduleScope;
  /** Reassigning: the vendors the visit may go to, the one picked, and why the list could not be loaded. */
  readonly vendors: readonly Vendor[];
  readonly vendorId: string | null;
  readonly vendorsError: string | null;
}

export type DetailEvent =
  | { readonly type: 'detail.reschedule' }
  | { readonly type: 'detail.rainDelay' }
  | { readonly type: 'detail.cancel' }
  | { readonly type: 'detail.confirm' }
  | { readonly type: 'detail.dismiss' }
  | { readonly type: 'detail.pickDay'; readonly day: string }
  | { readonly type: 'detail.pickSlot'; readonly startTime: string }
  | { readonly type: 'detail.pickScope'; readonly scope: RescheduleScope }
  | { readonly type: 'detail.complete'; readonly note: string; readonly images?: readonly string[] }
  | { readonly type: 'detail.exception'; readonly note: string }
  | { readonly type: 'detail.reenable' }
  | { readonly type: 'detail.reassign' }
  | { readonly type: 'detail.pickVendor'; readonly vendorId: string }
  | { readonly type: 'detail.confirmReassign' }
  | { readonly type: 'detail.retry' }
  | { readonly type: 'live.resourceUpdated'; readonly update: ResourceUpdate };

export type DetailEmitted = { readonly type: 'notify'; readonly kind: 'warning' | 'error' | 'success'; readonly code: string; readonly message: string };

/** Whether the lifecycle chart takes an action now, and if not, the rule that explains it (none for a role the action is never for). */
export interface ActionDecision {
  readonly action: AppointmentAction;
  readonly allowed: boolean;
  /** The role may never take it: the view does not show it. */
  readonly hidden: boolean;
  readonly refusal: ExplainedRefusal | null;
  /** The screen chart takes the action's event now (allowed, and nothing else under way). */
  readonly enabled?: boolean;
}

const HOUR = 3_600_000;

/** The appointment's facts as the lifecycle chart sees them. */
export const factsOf = (a: Appointment): AppointmentContext => ({
  startTime: a.start_time,
  orderType: a.order_data?.type ?? null,
  paymentIntentId: a.paymentIntentId ?? null,
  pendingApprovals: a.approval_data && a.approval_data.status === 'pending' ? [a.approval_data.type] : [],
});

/** The lifecycle event an action sends; a start or note the person has not chosen yet is a valid stand-in. */
const eventOf = (action: AppointmentAction, a: Appointment, role: Role, now: string): AppointmentEvent => {
  const base = { actor: { role }, now } as const;
  switch (action) {
    case 'reschedule':
      return { ...base, type: 'appointment.update', startTime: a.start_time };
    case 'rainDelay':
      return { ...base, type: 'appointment.rainDelay', startTime: new Date(Date.parse(now) + 24 * HOUR).toISOString() };
    case 'cancel':
      return { ...base, type: 'appointment.cancel' };
    case 'complete':
      return { ...base, type: 'appointment.complete' };
    case 'exception':
      return { ...base, type: 'appointment.exception', note: 'note' };
    case 'reenable':
      return { ...base, type: 'appointment.reenable' };
    case 'reassign':
      return { ...base, type: 'appointment.reassign' };
  }
};

/** The role rule of the chart's guards behind each action: a role it never allows does not see the action. */
const ACTION_ROLES: Record<AppointmentAction, (typeof appointmentRoles)[keyof typeof appointmentRoles]> = {
  reschedule: appointmentRoles.change,
  cancel: appointmentRoles.change,
  complete: appointmentRoles.field,
  rainDelay: appointmentRoles.field,
  exception: appointmentRoles.field,
  reenable: appointmentRoles.operator,
  reassign: appointmentRoles.assignVendor,
};

/** Asks the appointment lifecycle chart about one action (the same `decide` the server runs). */
export const actionDecision = (a: Appointment, role: Role, now: string, action: AppointmentAction): ActionDecision => {
  if (!ACTION_ROLES[action].roles.includes(role)) return { action, allowed: false, hidden: true, refusal: null };
  const decision = decideAppointment(a.status, factsOf(a), eventOf(action, a, role, now));
  if (decision.ok) return { action, allowed: true, hidden: false, refusal: null };
  const rules = decision.blockedBy.map((r) => r.rule).filter((r) => r !== null);
  const explained = rules.map((r) => r.id).find(isExplainedRefusal) ?? null;
  // A status scope the chart does not declare the event in at all, with no explained rule: "most actions are blocked".
  return { action, allowed: false, hidden: false, refusal: explained ?? 'appointment.open' };
};

export const detailRules = {
  updated: specRule<{ readonly update: ResourceUpdate; readonly appointmentId: string }>({
    id: 'appointmentDetail.updated',
    spec: 'When a real-time update with reason updated arrives for an appointment, the appointment is reloaded.',
    source: 'bookings §4',
    test: ({ update, appointmentId }) => shouldReloadAppointment(update, appointmentId),
  }),
  lifecycleAllows: specRule<{ readonly appointment: Appointment | null; readonly role: Role; readonly now: string; readonly action: AppointmentAction }>({
    id: 'appointmentDetail.lifecycleAllows',
    spec: 'The buttons are the actions the appointment chart allows now, for the viewer\'s role (bookings §4, §6).',
    source: 'bookings §4',
    test: ({ appointment, role, now, action }) => appointment !== null && actionDecision(appointment, role, now, action).allowed,
  }),
  nextOffered: specRule<{ readonly next: NextAvailability }>({
    id: 'appointmentDetail.nextOffered',
    spec: 'Rain delay, to the next available day: the next free slot is offered first; without one the vendor picks a day.',
    source: 'issue 9',
    test: ({ next }) => next.next !== null,
  }),
  asksScope: specRule<{ readonly appointment: Appointment | null }>({
    id: 'appointmentDetail.asksScope',
    spec: 'A change to one visit asks "this visit only" or "this and all later visits".',
    source: 'issue 9',
    test: ({ appointment }) => asksRescheduleScope(appointment),
  }),
  otherVendor: specRule<{ readonly appointment: Appointment | null; readonly vendorId: string | null }>({
    id: 'appointmentDetail.otherVendor',
    spec: "Reassigning a visit's vendor gives it to another vendor of the appointment's organization than the one it has.",
    source: 'bookings §2 (organization appointment) + decision',
    test: ({ appointment, vendorId }) => vendorId !== null && vendorId !== '' && vendorId !== (appointment?.vendor_data?._id ?? null),
  }),
  noteGiven: specRule<{ readonly note: string }>({
    id: 'appointmentDetail.noteGiven',
    spec: 'Set as exception (note required): Note is required!',
    source: 'bookings §4, §5',
    message: VALIDATION_MESSAGES.noteRequired,
    test: ({ note }) => note.trim() !== '',
  }),
} as const;

const allows =
  (action: AppointmentAction) =>
  ({ context }: { context: DetailContext }): boolean =>
    detailRules.lifecycleAllows.test({ appointment: context.appointment, role: context.role, now: context.now(), action });

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;

export const appointmentDetailMachine = setup({
  types: {
    context: {} as DetailContext,
    events: {} as DetailEvent,
    emitted: {} as DetailEmitted,
    input: {} as DetailInput,
  },
  actors: {
    /** GET appointments/{id}. */
    loadAppointment: fromPromise<Appointment, { readonly appointmentId: string }>(notProvided('loadAppointment')),
    /** GET appointments/availablity/day for the appointment (exclude_id: itself). */
    loadSlots: fromPromise<AvailabilityDay, { readonly appointment: Appointment; readonly day: string }>(notProvided('loadSlots')),
    /** GET appointments/availablity/next for the appointment's vendor (rain delay: the next available day). */
    loadNext: fromPromise<NextAvailability, { readonly appointment: Appointment }>(notProvided('loadNext')),
    /** The vendors a visit may be reassigned to: the appointment's organization's (GET organization/{id}/vendors). */
    loadVendors: fromPromise<readonly Vendor[], { readonly appointment: Appointment }>(notProvided('loadVendors')),
    /** The change's call (update, cancel, complete, rain delay, exception, reinstate, reassign): the appointment after it. */
    changeAppointment: fromPromise<Appointment, { readonly appointmentId: string; readonly change: AppointmentChange }>(notProvided('changeAppointment')),
    liveUpdates: fromCallback(() => () => {}),
  },
  guards: {
    mayReschedule: withRule(detailRules.lifecycleAllows, allows('reschedule')),
    mayRainDelay: withRule(detailRules.lifecycleAllows, allows('rainDelay')),
    mayCancel: withRule(detailRules.lifecycleAllows, allows('cancel')),
    mayComplete: withRule(detailRules.lifecycleAllows, allows('complete')),
    mayException: withRule(detailRules.lifecycleAllows, allows('exception')),
    mayReenable: withRule(detailRules.lifecycleAllows, allows('reenable')),
    mayReassign: withRule(detailRules.lifecycleAllows, allows('reassign')),
    otherVendorPicked: withRule(detailRules.otherVendor, ({ context }: { context: DetailContext }) =>
      detailRules.otherVendor.test({ appointment: context.appointment, vendorId: context.vendorId }),
    ),
    hasNext: withRule(detailRules.nextOffered, (_: unknown, next: NextAvailability) => detailRules.nextOffered.test({ next })),
    noteMissing: withRule(detailRules.noteGiven, (_: unknown, note: string) => !detailRules.noteGiven.test({ note })),
    asksScope: withRule(detailRules.asksScope, ({ context }: { context: DetailContext }) => context.picking === 'reschedule' && detailRules.asksScope.test(context)),
    isThisAppointment: withRule(detailRules.updated, ({ context }: { context: DetailContext }, update: ResourceUpdate) =>
      detailRules.updated.test({ update, appointmentId: context.appointmentId }),
    ),
  },
  actions: {
    takeAppointment: assign((_, appointment: Appointment) => ({ appointment, error: null })),
    loadFailed: assign((_, error: unknown) => {
      const failure = failureOf(error);
      const status = (error as { status?: unknown } | null)?.status;
      return { error: status === 404 || status === 400 || failure.code === 'not_found' ? 'appointment_invalid' : failure.message };
    }),
    startPicking: assign((_, picking: 'reschedule' | 'rainDelay') => ({ picking, day: null, slots: [], slotsError: null, scope: 'this' as const })),
    takeScope: assign((_, scope: RescheduleScope) => ({ scope })),
    takeDay: assign((_, day: string) => ({ day, slots: [], slotsError: null })),
    takeSlots: assign((_, day: AvailabilityDay) => ({ slots: day.slots })),
    // The suggested time's day in the visit's own zone (the date picker's day is the address's day).
    takeSuggestion: assign(({ context }: { context: DetailContext }, next: NextAvailability) => ({
      day: next.next ? localDay({ start_time: next.next.start_time, time_zone: context.appointment?.time_zone }) : null,
      slots: next.next ? [next.next] : [],
    })),
    slotsFailed: assign((_, error: unknown) => ({ slotsError: failureOf(error).message })),
    stopPicking: assign({ picking: null, day: null, slots: [], slotsError: null }),
    takeChange: assign((_, change: AppointmentChange) => ({ change, noteError: null })),
    noteRequired: assign({ noteError: VALIDATION_MESSAGES.noteRequired }),
    startReassigning: assign({ vendors: [], vendorId: null, vendorsError: null }),
    takeVendors: assign((_, vendors: readonly Vendor[]) => ({ vendors })),
    vendorsFailed: assign((_, error: unknown) => ({ vendorsError: failureOf(error).message })),
    takeVendor: assign((_, vendorId: string) => ({ vendorId })),
    stopReassigning: assign({ vendors: [], vendorId: null, vendorsError: null }),
    notifyChanged: emit(({ context }) => ({ type: 'notify' as const, kind: 'success' as const, code: `appointment_${context.change?.kind ?? 'changed'}`, message: 'Saved' })),
    notifyRefused: emit((_, error: unknown) => {
      const failure = failureOf(error);
      return { type: 'notify' as const, kind: 'error' as const, code: failure.code ?? 'error', message: failure.message };
    }),
  },
}).createMachine({
  id: 'appointmentDetail',
  description: 'One appointment: load, the actions the lifecycle chart allows now (reschedule, cancel, complete, rain delay, exception, re-enable, reassign the vendor), live reloads.',
  context: ({ input }) => ({
    appointmentId: input.appointmentId,
    role: input.role,
    now: input.now,
    appointment: null,
    error: null,
    picking: null,
    day: null,
    slots: [],
    slotsError: null,
    noteError: null,
    change: null,
    scope: 'this',
    vendors: [],
    vendorId: null,
    vendorsError: null,
  }),
  invoke: { id: 'liveUpdates', src: 'liveUpdates' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadAppointment',
        input: ({ context }) => ({ appointmentId: context.appointmentId }),
        onDone: { target: 'ready', actions: { type: 'takeAppointment', params: outputOf } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'detail.retry': 'loading',
        'live.resourceUpdated': { guard: { type: 'isThisAppointment', params: ({ event }) => event.update }, target: 'loading' },
      },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'live.resourceUpdated': { guard: { type: 'isThisAppointment', params: ({ event }) => event.update }, target: '.refreshing' },
      },
      states: {
        idle: {
          // The reassign panel's vendors and pick are dropped here, not on leaving it: the confirm reads the pick.
          entry: 'stopReassigning',
          on: {
            'detail.cancel': { guard: 'mayCancel', target: 'confirmingCancel' },
            'detail.reschedule': { guard: 'mayReschedule', target: 'picking', actions: { type: 'startPicking', params: 'reschedule' as const } },
            'detail.rainDelay': { guard: 'mayRainDelay', target: 'picking.suggesting', actions: { type: 'startPicking', params: 'rainDelay' as const } },
            'detail.complete': {
              guard: 'mayComplete',
              target: 'changing',
              actions: { type: 'takeChange', params: ({ event }) => ({ kind: 'complete' as const, note: event.note, ...(event.images ? { images: event.images } : {}) }) },
            },
            'detail.exception': [
              { guard: { type: 'noteMissing', params: ({ event }) => event.note }, actions: 'noteRequired' },
              { guard: 'mayException', target: 'changing', actions: { type: 'takeChange', params: ({ event }) => ({ kind: 'exception' as const, note: event.note }) } },
            ],
            'detail.reenable': { guard: 'mayReenable', target: 'changing', actions: { type: 'takeChange', params: { kind: 'reenable' as const } } },
            'detail.reassign': { guard: 'mayReassign', target: 'reassigning', actions: 'startReassigning' },
          },
        },
        reassigning: {
          tags: ['reassigning'],
          initial: 'loadingVendors',
          on: { 'detail.dismiss': 'idle' },
          states: {
            loadingVendors: {
              tags: ['loadingVendors'],
              invoke: {
                id: 'vendors',
                src: 'loadVendors',
                input: ({ context }) => ({ appointment: context.appointment! }),
                onDone: { target: 'choosing', actions: { type: 'takeVendors', params: outputOf } },
                onError: { target: 'vendorsFailed', actions: { type: 'vendorsFailed', params: errorOf } },
              },
            },
            vendorsFailed: { tags: ['vendorsError'], on: { 'detail.retry': 'loadingVendors' } },
            choosing: {
              on: {
                'detail.pickVendor': { actions: { type: 'takeVendor', params: ({ event }) => event.vendorId } },
                'detail.confirmReassign': {
                  guard: 'otherVendorPicked',
                  target: '#appointmentDetail.ready.changing',
                  actions: { type: 'takeChange', params: ({ context }): AppointmentChange => ({ kind: 'reassign', vendorId: context.vendorId! }) },
                },
              },
            },
          },
        },
        confirmingCancel: {
          tags: ['confirming'],
          on: {
            'detail.confirm': { target: 'changing', actions: { type: 'takeChange', params: { kind: 'cancel' as const } } },
            'detail.dismiss': 'idle',
          },
        },
        picking: {
          tags: ['picking'],
          initial: 'choosingDay',
          on: {
            'detail.dismiss': { target: 'idle', actions: 'stopPicking' },
            'detail.pickDay': { target: '.loadingSlots', actions: { type: 'takeDay', params: ({ event }) => event.day } },
            'detail.pickScope': { guard: 'asksScope', actions: { type: 'takeScope', params: ({ event }) => event.scope } },
          },
          states: {
            choosingDay: {},
            suggesting: {
              tags: ['loadingSlots'],
              invoke: {
                id: 'next',
                src: 'loadNext',
                input: ({ context }) => ({ appointment: context.appointment! }),
                onDone: [
                  { guard: { type: 'hasNext', params: outputOf }, target: 'choosingSlot', actions: { type: 'takeSuggestion', params: outputOf } },
                  { target: 'choosingDay' },
                ],
                onError: 'choosingDay',
              },
            },
            loadingSlots: {
              tags: ['loadingSlots'],
              invoke: {
                id: 'slots',
                src: 'loadSlots',
                input: ({ context }) => ({ appointment: context.appointment!, day: context.day! }),
                onDone: { target: 'choosingSlot', actions: { type: 'takeSlots', params: outputOf } },
                onError: { target: 'slotsFailed', actions: { type: 'slotsFailed', params: errorOf } },
              },
            },
            choosingSlot: {
              on: {
                'detail.pickSlot': {
                  target: '#appointmentDetail.ready.changing',
                  actions: {
                    type: 'takeChange',
                    params: ({ context, event }): AppointmentChange =>
                      context.picking === 'rainDelay'
                        ? { kind: 'rainDelay', startTime: event.startTime }
                        : { kind: 'reschedule', startTime: event.startTime, ...(detailRules.asksScope.test(context) ? { scope: context.scope } : {}) },
                  },
                },
              },
            },
            slotsFailed: { tags: ['slotsError'] },
          },
        },
        changing: {
          tags: ['changing'],
          exit: 'stopPicking',
          invoke: {
            id: 'change',
            src: 'changeAppointment',
            input: ({ context }) => ({ appointmentId: context.appointmentId, change: context.change! }),
            onDone: { target: 'idle', actions: [{ type: 'takeAppointment', params: outputOf }, 'notifyChanged'] },
            onError: { target: 'refreshing', actions: { type: 'notifyRefused', params: errorOf } },
          },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'refresh',
            src: 'loadAppointment',
            input: ({ context }) => ({ appointmentId: context.appointmentId }),
            onDone: { target: 'idle', actions: { type: 'takeAppointment', params: outputOf } },
            onError: 'idle',
          },
        },
      },
    },
  },
});

// ── selectors ──

export type DetailActor = ActorRefFrom<typeof appointmentDetailMachine>;
export type DetailSnapshot = SnapshotFrom<typeof appointmentDetailMachine>;

export const selectAppointment = (s: DetailSnapshot): Appointment | null => s.context.appointment;
export const selectDetailError = (s: DetailSnapshot): string | null => s.context.error;
export const selectDetailMode = (s: DetailSnapshot): 'loading' | 'error' | 'ready' => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready');
export const selectChanging = (s: DetailSnapshot): boolean => s.hasTag('changing') || s.hasTag('refreshing');
export const selectConfirmingCancel = (s: DetailSnapshot): boolean => s.hasTag('confirming');
export const selectPicking = (s: DetailSnapshot): 'reschedule' | 'rainDelay' | null => (s.hasTag('picking') ? s.context.picking : null);
export const selectSlotsMode = (s: DetailSnapshot): 'none' | 'loading' | 'error' | 'ready' =>
  s.hasTag('loadingSlots') ? 'loading' : s.hasTag('slotsError') ? 'error' : s.hasTag('picking') && s.context.day ? 'ready' : 'none';
export const selectSlots = (s: DetailSnapshot): AvailabilityDay['slots'] => s.context.slots;
export const selectSlotsError = (s: DetailSnapshot): string | null => s.context.slotsError;
export const selectPickedDay = (s: DetailSnapshot): string | null => s.context.day;
export const selectNoteError = (s: DetailSnapshot): string | null => s.context.noteError;
/** Reassigning the vendor: the panel's state, the vendors offered (the current one left out), the one picked. */
export const selectReassign = (s: DetailSnapshot) => ({
  open: s.hasTag('reassigning'),
  mode: s.hasTag('loadingVendors') ? ('loading' as const) : s.hasTag('vendorsError') ? ('error' as const) : ('ready' as const),
  vendors: s.context.vendors.filter((v) => v._id !== s.context.appointment?.vendor_data?._id),
  vendorId: s.context.vendorId,
  error: s.context.vendorsError,
  canConfirm: s.can({ type: 'detail.confirmReassign' }),
});
/** The reschedule of a subscription visit asks which visits it is for: null when it does not ask. */
export const selectRescheduleScope = (s: DetailSnapshot): RescheduleScope | null =>
  s.hasTag('picking') && s.context.picking === 'reschedule' && detailRules.asksScope.test(s.context) ? s.context.scope : null;

/** Every action the viewer's role may take on an appointment, each with whether the chart takes it now and why not. */
export const selectActions = (s: DetailSnapshot): readonly ActionDecision[] => {
  const { appointment, role, now } = s.context;
  if (!appointment) return [];
  const at = now();
  return AppointmentActions.map((action) => actionDecision(appointment, role, at, action))
    .filter((d) => !d.hidden)
    .map((d) => ({ ...d, enabled: d.allowed && selectCan(s, d.action) }));
};
/** The chart accepts the action's event now (buttons are enabled from this). */
export const selectCan = (s: DetailSnapshot, action: AppointmentAction): boolean => {
  const event: DetailEvent =
    action === 'complete' ? { type: 'detail.complete', note: '' } : action === 'exception' ? { type: 'detail.exception', note: 'note' } : { type: `detail.${action}` };
  return s.can(event);
};
