import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AddOn, Appointment } from '../../core/model/appointment';
import type { Role } from '../../core/model/roles';
import type { HomeSize, Service } from '../../core/model/service';
import { addOnRules, addOnVisitRule } from '../../core/rules/addons';
import { approvalRules } from '../../core/rules/approvals';
import { specRule } from '../../core/rules/spec-rule';
import { VALIDATION_MESSAGES } from '../../core/rules/validators';
import { decideAppointment } from '../lifecycles/appointment.machine';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';
import { factsOf } from './appointment-detail.machine';

/**
 * Add-ons and approval requests on one appointment (issue 9; bookings §3, §4): the panels of the appointment
 * screen. The customer adds an add-on (a catalogue add-on service or a custom request), removes one, approves or
 * declines a pending add-on or approval request; the vendor or organization asks for a home-size change. Each
 * action is offered only when the rules the server's charts run allow it now (`extrasRules`); every change is one
 * call (`changeExtras`), after which the appointment is reloaded (`changed` is emitted, and the server's live
 * 'updated' reloads it on every open screen).
 */

export type ExtrasChange =
  | { readonly kind: 'addCatalogue'; readonly serviceId: string; readonly planId: string }
  | { readonly kind: 'addCustom'; readonly description: string; readonly valueCents: number }
  | { readonly kind: 'remove'; readonly addOnId: string }
  | { readonly kind: 'decideAddOn'; readonly addOnId: string; readonly approved: boolean }
  | { readonly kind: 'decideApproval'; readonly approvalId: string; readonly approved: boolean }
  | { readonly kind: 'requestHomeSize'; readonly homeSize: HomeSize; readonly note: string };

export interface ExtrasInput {
  readonly appointmentId: string;
  readonly role: Role;
  readonly now: () => string;
}

export interface ExtrasContext extends ExtrasInput {
  readonly catalogue: readonly Service[];
  readonly change: ExtrasChange | null;
  readonly error: string | null;
}

export type ExtrasEvent =
  | { readonly type: 'extras.openCatalogue' }
  | { readonly type: 'extras.change'; readonly appointment: Appointment; readonly change: ExtrasChange };

export type ExtrasEmitted =
  | { readonly type: 'changed'; readonly change: ExtrasChange }
  | { readonly type: 'notify'; readonly kind: 'error'; readonly code: string; readonly message: string };

/** The rules behind each offer (the same rules the server's charts run). */
export const extrasRules = {
  mayAdd: specRule<{ readonly appointment: Appointment; readonly role: Role; readonly now: string }>({
    id: 'appointmentExtras.mayAdd',
    spec: 'Add-on on an appointment: add — while the visit is open and ahead, by a party of the visit.',
    source: 'bookings §4',
    test: ({ appointment, role, now }) =>
      (addOnRules.customerSide.roles.includes(role) || addOnRules.providerSide.roles.includes(role)) &&
      addOnVisitRule.test({ status: appointment.status, startTime: appointment.start_time, now }),
  }),
  mayRemove: specRule<{ readonly addOn: AddOn; readonly role: Role }>({
    id: 'appointmentExtras.mayRemove',
    spec: addOnRules.remover.spec,
    source: 'decision',
    test: ({ addOn, role }) => addOnRules.remover.roles.includes(role) && (addOn.status === 'pending' || addOn.status === 'approved'),
  }),
  mayDecideAddOn: specRule<{ readonly addOn: AddOn; readonly role: Role }>({
    id: 'appointmentExtras.mayDecideAddOn',
    spec: addOnRules.decider.spec,
    source: 'bookings §3',
    test: ({ addOn, role }) => addOnRules.decider.roles.includes(role) && addOn.status === 'pending',
  }),
  mayDecideApproval: specRule<{ readonly appointment: Appointment; readonly role: Role }>({
    id: 'appointmentExtras.mayDecideApproval',
    spec: approvalRules.decider.spec,
    source: 'decision',
    test: ({ appointment, role }) => approvalRules.decider.roles.includes(role) && appointment.approval_data?.status === 'pending' && !!appointment.approval_data._id,
  }),
  mayRequestHomeSize: specRule<{ readonly appointment: Appointment; readonly role: Role; readonly now: string }>({
    id: 'appointmentExtras.mayRequestHomeSize',
    spec: 'Home-size change: allowed for organization or vendor roles when the appointment is not past or deleted and no pending home_size approval exists.',
    source: 'bookings §4',
    test: ({ appointment, role, now }) =>
      decideAppointment(appointment.status, factsOf(appointment), { type: 'appointment.requestHomeSize', actor: { role }, now }).ok,
  }),
  noteGiven: specRule<{ readonly change: ExtrasChange }>({
    id: 'appointmentExtras.noteGiven',
    spec: 'Approval request: … plus a note (Note is required!).',
    source: 'bookings §3, §5',
    message: VALIDATION_MESSAGES.noteRequired,
    test: ({ change }) => change.kind !== 'requestHomeSize' || change.note.trim() !== '',
  }),
} as const;

/** Whether the rules allow a change now, for the viewer's role. */
export const changeAllowed = (appointment: Appointment, role: Role, now: string, change: ExtrasChange): boolean => {
  const addOn = (id: string) => [...(appointment.appointmentAddOnData ?? []), ...(appointment.subscriptionAddOnData ?? [])].find((a) => a._id === id);
  switch (change.kind) {
    case 'addCatalogue':
    case 'addCustom':
      return extrasRules.mayAdd.test({ appointment, role, now });
    case 'remove': {
      const a = addOn(change.addOnId);
      return a !== undefined && extrasRules.mayRemove.test({ addOn: a, role });
    }
    case 'decideAddOn': {
      const a = addOn(change.addOnId);
      return a !== undefined && extrasRules.mayDecideAddOn.test({ addOn: a, role });
    }
    case 'decideApproval':
      return extrasRules.mayDecideApproval.test({ appointment, role }) && appointment.approval_data?._id === change.approvalId;
    case 'requestHomeSize':
      return extrasRules.mayRequestHomeSize.test({ appointment, role, now });
  }
};

export const appointmentExtrasMachine = setup({
  types: {
    context: {} as ExtrasContext,
    events: {} as ExtrasEvent,
    emitted: {} as ExtrasEmitted,
    input: {} as ExtrasInput,
  },
  actors: {
    /** GET services?addons=true: the add-on services of the catalogue. */
    loadCatalogue: fromPromise<readonly Service[], unknown>(notProvided('loadCatalogue')),
    /** The change's call (add-on add/remove/approve, approvals POST/PUT). */
    changeExtras: fromPromise<unknown, { readonly appointmentId: string; readonly change: ExtrasChange }>(notProvided('changeExtras')),
  },
  guards: {
    allowed: withRule(extrasRules.mayAdd, ({ context }: { context: ExtrasContext }, params: { appointment: Appointment; change: ExtrasChange }) =>
      changeAllowed(params.appointment, context.role, context.now(), params.change),
    ),
    noteMissing: withRule(extrasRules.noteGiven, (_: unknown, change: ExtrasChange) => !extrasRules.noteGiven.test({ change })),
  },
  actions: {
    takeChange: assign((_, change: ExtrasChange) => ({ change, error: null })),
    noteRequired: assign({ error: VALIDATION_MESSAGES.noteRequired }),
    takeCatalogue: assign((_, catalogue: readonly Service[]) => ({ catalogue })),
    notifyChanged: emit(({ context }) => ({ type: 'changed' as const, change: context.change! })),
    notifyRefused: emit((_, error: unknown) => {
      const failure = failureOf(error);
      return { type: 'notify' as const, kind: 'error' as const, code: failure.code ?? 'error', message: failure.message };
    }),
  },
}).createMachine({
  id: 'appointmentExtras',
  description: 'Add-ons and approval requests of one appointment: the offers the rules allow now, one call per change.',
  context: ({ input }) => ({ ...input, catalogue: [], change: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'extras.openCatalogue': { target: 'loadingCatalogue' },
        'extras.change': [
          { guard: { type: 'noteMissing', params: ({ event }) => event.change }, actions: 'noteRequired' },
          { guard: { type: 'allowed', params: ({ event }) => ({ appointment: event.appointment, change: event.change }) }, target: 'changing', actions: { type: 'takeChange', params: ({ event }) => event.change } },
        ],
      },
    },
    loadingCatalogue: {
      tags: ['loadingCatalogue'],
      invoke: {
        src: 'loadCatalogue',
        onDone: { target: 'idle', actions: { type: 'takeCatalogue', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'notifyRefused', params: errorOf } },
      },
    },
    changing: {
      tags: ['changing'],
      invoke: {
        src: 'changeExtras',
        input: ({ context }) => ({ appointmentId: context.appointmentId, change: context.change! }),
        onDone: { target: 'idle', actions: 'notifyChanged' },
        onError: { target: 'idle', actions: { type: 'notifyRefused', params: errorOf } },
      },
    },
  },
});

export type ExtrasActor = ActorRefFrom<typeof appointmentExtrasMachine>;
export type ExtrasSnapshot = SnapshotFrom<typeof appointmentExtrasMachine>;
export const selectExtrasBusy = (s: ExtrasSnapshot): boolean => s.hasTag('changing');
export const selectCatalogue = (s: ExtrasSnapshot): readonly Service[] => s.context.catalogue;
export const selectExtrasError = (s: ExtrasSnapshot): string | null => s.context.error;
