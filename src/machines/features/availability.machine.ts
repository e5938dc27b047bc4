import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DayOfWeek } from '../../core/model/common';
import type { AccountId } from '../../core/model/ids';
import type { VendorSchedule } from '../../core/model/vendor';
import { checkWindows, timeOffDaysCheck, type WindowInput } from '../../core/rules/availability';
import { MESSAGES } from '../../core/rules/messages';
import { specRule } from '../../core/rules/spec-rule';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';

/**
 * The vendor's availability screen (/vendor/availability; issue 9): the weekly working hours, edited in
 * 15-minute steps inside 8AM–8PM and saved as a whole (`PUT update-availability`), and time off, asked for by
 * whole days (`PUT request-time-off`; the organization decides). One chart per visit of the screen.
 *
 * - `loading` (tag `loading`) reads the vendor (`GET vendor/{id}/init`); a failure is `failed` (tag `error`)
 *   until `availability.retry`.
 * - `ready.idle` (tag `ready`) takes edits; `hours.save` is accepted only when the hours pass the core rule
 *   (`checkWindows`), else the first refusal shows next to its window. `ready.saving` (tag `saving`) and
 *   `ready.asking` (tag `asking`) run one call at a time; their outcome is the screen's status message.
 */

export interface VendorAvailabilityInput {
  readonly vendorId: AccountId;
  /** Today in the vendor's zone, YYYY-MM-DD (time off starts after it). */
  readonly today: string;
}

export interface VendorCalendar {
  readonly windows: readonly WindowInput[];
  readonly timeOff: readonly VendorSchedule[];
}

export interface TimeOffAsk {
  readonly startDay: string;
  readonly endDay: string;
  readonly note: string;
}

export interface StatusMessage {
  readonly kind: 'success' | 'error';
  readonly code: string;
  readonly message: string;
  /** Which window a refusal is about. */
  readonly index?: number;
}

export interface VendorAvailabilityContext extends VendorCalendar {
  readonly vendorId: AccountId;
  readonly today: string;
  /** The outcome of the last save or request (or why it was not sent). */
  readonly hoursMessage: StatusMessage | null;
  readonly timeOffMessage: StatusMessage | null;
}

export type VendorAvailabilityEvent =
  | { readonly type: 'availability.retry' }
  | { readonly type: 'hours.add'; readonly day: DayOfWeek }
  | { readonly type: 'hours.remove'; readonly index: number }
  | { readonly type: 'hours.change'; readonly index: number; readonly start?: string; readonly end?: string }
  | { readonly type: 'hours.save' }
  | ({ readonly type: 'timeOff.ask' } & TimeOffAsk);

export const vendorAvailabilityRules = {
  hoursValid: specRule<{ readonly windows: readonly WindowInput[] }>({
    id: 'vendorAvailability.hoursValid',
    spec: 'Weekly working hours: time strings on 15-minute slots inside 8AM–8PM, each ending after it starts, not overlapping on one day.',
    source: 'bookings §5, §9',
    test: ({ windows }) => checkWindows(windows).ok,
  }),
  timeOffValid: specRule<TimeOffAsk & { readonly today: string }>({
    id: 'vendorAvailability.timeOffValid',
    spec: 'Start date must be in the future, between this year and next year; the last day is not before the first.',
    source: 'bookings §5',
    test: (f) => timeOffDaysCheck(f.startDay, f.endDay, f.today) === undefined,
  }),
} as const;

const DEFAULT_WINDOW = { start: '0800', end: '1700' } as const;

export const vendorAvailabilityMachine = setup({
  types: {
    context: {} as VendorAvailabilityContext,
    events: {} as VendorAvailabilityEvent,
    input: {} as VendorAvailabilityInput,
  },
  actors: {
    /** GET vendor/{id}/init: the working hours and the time off still to come. */
    loadCalendar: fromPromise<VendorCalendar, { readonly vendorId: AccountId }>(notProvided('loadCalendar')),
    /** PUT update-availability: answers the hours as saved. */
    saveHours: fromPromise<readonly WindowInput[], { readonly windows: readonly WindowInput[] }>(notProvided('saveHours')),
    /** PUT request-time-off for whole local days. */
    askTimeOff: fromPromise<VendorSchedule, TimeOffAsk>(notProvided('askTimeOff')),
  },
  guards: {
    hoursValid: withRule(vendorAvailabilityRules.hoursValid, ({ context }: { context: VendorAvailabilityContext }) =>
      vendorAvailabilityRules.hoursValid.test({ windows: context.windows }),
    ),
    timeOffValid: withRule(vendorAvailabilityRules.timeOffValid, ({ context, event }: { context: VendorAvailabilityContext; event: VendorAvailabilityEvent }) =>
      event.type === 'timeOff.ask' && vendorAvailabilityRules.timeOffValid.test({ ...event, today: context.today }),
    ),
  },
  actions: {
    takeCalendar: assign((_, calendar: VendorCalendar) => ({ windows: calendar.windows, timeOff: calendar.timeOff })),
    addWindow: assign({
      windows: ({ context, event }) => (event.type === 'hours.add' ? [...context.windows, { day_of_week: event.day, ...DEFAULT_WINDOW }] : context.windows),
      hoursMessage: null,
    }),
    removeWindow: assign({
      windows: ({ context, event }) => (event.type === 'hours.remove' ? context.windows.filter((_, i) => i !== event.index) : context.windows),
      hoursMessage: null,
    }),
    changeWindow: assign({
      windows: ({ context, event }) =>
        event.type === 'hours.change'
          ? context.windows.map((w, i) =>
              i === event.index ? { ...w, ...(event.start !== undefined ? { start: event.start } : {}), ...(event.end !== undefined ? { end: event.end } : {}) } : w,
            )
          : context.windows,
      hoursMessage: null,
    }),
    refuseHours: assign({
      hoursMessage: ({ context }) => {
        const checked = checkWindows(context.windows);
        return checked.ok ? null : { kind: 'error' as const, code: checked.code, message: checked.message, index: checked.index };
      },
    }),
    refuseTimeOff: assign({
      timeOffMessage: ({ context, event }) => {
        const code = event.type === 'timeOff.ask' ? (timeOffDaysCheck(event.startDay, event.endDay, context.today) ?? 'start_date_invalid') : 'start_date_invalid';
        return { kind: 'error' as const, code, message: MESSAGES[code] };
      },
    }),
    hoursSaved: assign((_, windows: readonly WindowInput[]) => ({
      windows,
      hoursMessage: { kind: 'success' as const, code: 'availability_saved', message: MESSAGES.availability_saved },
    })),
    hoursFailed: assign((_, error: unknown) => {
      const failure = failureOf(error);
      return { hoursMessage: { kind: 'error' as const, code: failure.code ?? 'error', message: failure.message } };
    }),
    timeOffAsked: assign(({ context }, request: VendorSchedule) => ({
      timeOff: [...context.timeOff, request].sort((a, b) => a.start_time.localeCompare(b.start_time)),
      timeOffMessage: { kind: 'success' as const, code: 'time_off_requested', message: MESSAGES.time_off_requested },
    })),
    timeOffFailed: assign((_, error: unknown) => {
      const failure = failureOf(error);
      return { timeOffMessage: { kind: 'error' as const, code: failure.code ?? 'error', message: failure.message } };
    }),
  },
}).createMachine({
  id: 'vendorAvailability',
  description: "The vendor's weekly working hours and time-off requests (/vendor/availability).",
  context: ({ input }) => ({ vendorId: input.vendorId, today: input.today, windows: [], timeOff: [], hoursMessage: null, timeOffMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadCalendar',
        input: ({ context }) => ({ vendorId: context.vendorId }),
        onDone: { target: 'ready', actions: { type: 'takeCalendar', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      tags: ['error'],
      on: { 'availability.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'hours.add': { actions: 'addWindow' },
            'hours.remove': { actions: 'removeWindow' },
            'hours.change': { actions: 'changeWindow' },
            'hours.save': [{ guard: 'hoursValid', target: 'saving' }, { actions: 'refuseHours' }],
            'timeOff.ask': [{ guard: 'timeOffValid', target: 'asking' }, { actions: 'refuseTimeOff' }],
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'save',
            src: 'saveHours',
            input: ({ context }) => ({ windows: context.windows }),
            onDone: { target: 'idle', actions: { type: 'hoursSaved', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'hoursFailed', params: errorOf } },
          },
        },
        asking: {
          tags: ['asking'],
          invoke: {
            id: 'ask',
            src: 'askTimeOff',
            input: ({ event }) => (event.type === 'timeOff.ask' ? { startDay: event.startDay, endDay: event.endDay, note: event.note } : { startDay: '', endDay: '', note: '' }),
            onDone: { target: 'idle', actions: { type: 'timeOffAsked', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'timeOffFailed', params: errorOf } },
          },
        },
      },
    },
  },
});

// ── selectors (one value each) ──

export type VendorAvailabilityActor = ActorRefFrom<typeof vendorAvailabilityMachine>;
export type VendorAvailabilitySnapshot = SnapshotFrom<typeof vendorAvailabilityMachine>;

export const selectAvailabilityMode = (s: VendorAvailabilitySnapshot): 'loading' | 'error' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready';
export const selectWindows = (s: VendorAvailabilitySnapshot): readonly WindowInput[] => s.context.windows;
export const selectTimeOff = (s: VendorAvailabilitySnapshot): readonly VendorSchedule[] => s.context.timeOff;
export const selectHoursMessage = (s: VendorAvailabilitySnapshot): StatusMessage | null => s.context.hoursMessage;
export const selectTimeOffMessage = (s: VendorAvailabilitySnapshot): StatusMessage | null => s.context.timeOffMessage;
export const selectSaving = (s: VendorAvailabilitySnapshot): boolean => s.hasTag('saving');
export const selectAsking = (s: VendorAvailabilitySnapshot): boolean => s.hasTag('asking');
export const selectCanEdit = (s: VendorAvailabilitySnapshot): boolean => s.can({ type: 'hours.add', day: 'monday' });
export const selectToday = (s: VendorAvailabilitySnapshot): string => s.context.today;
