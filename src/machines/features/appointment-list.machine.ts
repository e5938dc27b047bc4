import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Appointment, TodayNoteStatus, VendorTodayNote } from '../../core/model/appointment';
import type { ResourceUpdate } from '../../core/model/live';
import type { Vendor } from '../../core/model/vendor';
import { specRule } from '../../core/rules/spec-rule';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';
import { concernsType } from '../../core/rules/live';

/**
 * A list of appointments a screen shows (bookings §2): created by the screen.
 *
 * - `customer`: the customer's visits (the view splits upcoming and past with the core's rules).
 * - `day`: the vendor's day (`appointments/today`): its visits in route order and the day's note; the view
 *   moves to another day with `list.showDay {day}` and saves the note with `note.save`.
 * - `team`: an organization's day (`sort/appointments`) with its vendors (a column each, even without a
 *   visit); it moves by day like the vendor's, and has no note.
 *
 * Without a day in the address, the day views (`day`, `team`) ask for the server's today (`serverToday`): the
 * first answer names the day, which becomes `day` and `today`.
 *
 * `loading` (tag `loading`) → `ready` (tag `ready`) or `empty` (tag `empty`: no visit); a failed load is
 * `failed` (tag `error`) until `list.retry`. Any live update of an appointment fetches the list again
 * (`refreshing`), keeping it on screen.
 */

export type ListKind = 'customer' | 'day' | 'team';

export interface ListInput {
  readonly kind: ListKind;
  /** The day shown (YYYY-MM-DD): the vendor's day; for the customer, today (the date hints). */
  readonly day: string;
  /** `team`: the organization whose vendors are the columns. */
  readonly owner?: string;
  /**
   * The day views without a day asked (`day`, `team`): show the server's today — counted in the zone of the
   * vendor's service area (`day`), of the organization's (`team`) — rather than `day` (the browser's guess: a
   * browser in another zone, or in UTC past midnight, would ask for another day). The load answers with the day it
   * chose, which then becomes `day`.
   */
  readonly serverToday?: boolean;
}

/** What the list's load answers: the visits, the vendor's note (`day`), the organization's vendors (`team`) and the day. */
export interface ListLoad {
  readonly items: readonly Appointment[];
  readonly note: VendorTodayNote | null;
  readonly vendors?: readonly Vendor[];
  /** The day the server answered for (the vendor's day, the organization's). */
  readonly day?: string;
}

/** What `loadList` is asked. */
export interface ListQuestion {
  readonly kind: ListKind;
  readonly day: string;
  readonly owner?: string;
  /** Ask for the server's today instead of `day` (ListInput.serverToday, until the first answer). */
  readonly serverToday?: boolean;
}

export interface ListContext {
  readonly kind: ListKind;
  readonly day: string;
  readonly owner: string | undefined;
  /** True until the first answer names the server's today (ListInput.serverToday). */
  readonly serverToday: boolean;
  /** Today as the server counted it (the vendor's or the organization's service area's zone), once a serverToday question is answered. */
  readonly today: string | undefined;
  readonly items: readonly Appointment[];
  readonly note: VendorTodayNote | null;
  readonly vendors: readonly Vendor[];
  readonly error: string | null;
}

export type ListEvent =
  | { readonly type: 'list.retry' }
  | { readonly type: 'list.showDay'; readonly day: string }
  | { readonly type: 'note.save'; readonly note: string; readonly status: TodayNoteStatus }
  | { readonly type: 'live.resourceUpdated'; readonly update: ResourceUpdate };

export type ListEmitted = { readonly type: 'notify'; readonly kind: 'warning' | 'error' | 'success'; readonly code: string; readonly message: string };

export const listRules = {
  appointmentUpdate: specRule<{ readonly update: ResourceUpdate }>({
    id: 'appointmentList.updated',
    spec: 'When a real-time update with reason updated arrives for an appointment, the appointment is reloaded (the list shows it again).',
    source: 'bookings §4',
    test: ({ update }) => concernsType(update, 'appointment'),
  }),
  hasItems: specRule<{ readonly load: ListLoad }>({
    id: 'appointmentList.hasItems',
    spec: 'A list with no appointment shows its empty state.',
    source: 'decision',
    test: ({ load }) => load.items.length > 0,
  }),
  movesByDay: specRule<{ readonly kind: ListKind }>({
    id: 'appointmentList.movesByDay',
    spec: "The day views (the vendor's, the organization's) show one day at a time, with previous and next day (bookings §2).",
    source: 'bookings §2',
    test: ({ kind }) => kind !== 'customer',
  }),
  isDay: specRule<{ readonly kind: ListKind }>({
    id: 'appointmentList.isDay',
    spec: "The vendor's day moves to other days and keeps the today note (bookings §3 vendor today note).",
    source: 'bookings §3',
    test: ({ kind }) => kind === 'day',
  }),
} as const;

/** What the load asks: the list's kind, day and owner (and the server's today while the vendor's home waits for it). */
const questionOf = ({ context }: { readonly context: ListContext }): ListQuestion => ({
  kind: context.kind,
  day: context.day,
  ...(context.owner ? { owner: context.owner } : {}),
  ...(context.serverToday ? { serverToday: true } : {}),
});
const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;
const isUpdate = { type: 'isAppointmentUpdate', params: ({ event }: { event: { update: ResourceUpdate } }) => event.update } as const;

export const appointmentListMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    emitted: {} as ListEmitted,
    input: {} as ListInput,
  },
  actors: {
    /** GET appointments (customer), GET appointments/today (the vendor's day) or GET sort/appointments (the organization's). */
    loadList: fromPromise<ListLoad, ListQuestion>(notProvided('loadList')),
    /** POST appointments/today: the saved note. */
    saveNote: fromPromise<VendorTodayNote, { readonly note: string; readonly status: TodayNoteStatus; readonly date: string }>(notProvided('saveNote')),
    liveUpdates: fromCallback(() => () => {}),
  },
  guards: {
    isAppointmentUpdate: withRule(listRules.appointmentUpdate, (_: unknown, update: ResourceUpdate) => listRules.appointmentUpdate.test({ update })),
    hasItems: withRule(listRules.hasItems, (_: unknown, load: ListLoad) => listRules.hasItems.test({ load })),
    movesByDay: withRule(listRules.movesByDay, ({ context }: { context: ListContext }) => listRules.movesByDay.test({ kind: context.kind })),
    isDay: withRule(listRules.isDay, ({ context }: { context: ListContext }) => listRules.isDay.test({ kind: context.kind })),
  },
  actions: {
    takeLoad: assign(({ context }, load: ListLoad) => ({
      items: load.items,
      note: load.note,
      vendors: load.vendors ?? [],
      day: load.day ?? context.day,
      today: context.serverToday ? (load.day ?? context.today) : context.today,
      serverToday: false,
      error: null,
    })),
    takeDay: assign((_, day: string) => ({ day, serverToday: false })),
    takeNote: assign((_, note: VendorTodayNote) => ({ note })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error).message })),
    notifySaved: emit(() => ({ type: 'notify' as const, kind: 'success' as const, code: 'today_note_saved', message: 'Saved' })),
    notifyRefused: emit((_, error: unknown) => {
      const failure = failureOf(error);
      return { type: 'notify' as const, kind: 'error' as const, code: failure.code ?? 'error', message: failure.message };
    }),
  },
}).createMachine({
  id: 'appointmentList',
  description: "A list of appointments: the customer's visits or the vendor's day with its note; live reloads.",
  context: ({ input }) => ({ kind: input.kind, day: input.day, owner: input.owner, serverToday: input.serverToday === true, today: undefined, items: [], note: null, vendors: [], error: null }),
  invoke: { id: 'liveUpdates', src: 'liveUpdates' },
  initial: 'loading',
  on: {
    'list.showDay': { guard: 'movesByDay', target: '.loading', actions: { type: 'takeDay', params: ({ event }) => event.day } },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadList',
        input: questionOf,
        onDone: [
          { guard: { type: 'hasItems', params: outputOf }, target: 'shown.ready', actions: { type: 'takeLoad', params: outputOf } },
          { target: 'shown.empty', actions: { type: 'takeLoad', params: outputOf } },
        ],
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'list.retry': 'loading', 'live.resourceUpdated': { guard: isUpdate, target: 'loading' } },
    },
    shown: {
      initial: 'ready',
      on: {
        'live.resourceUpdated': { guard: isUpdate, target: '.refreshing' },
        'note.save': { guard: 'isDay', target: '.savingNote' },
      },
      states: {
        ready: { tags: ['ready'] },
        empty: { tags: ['empty'] },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'refresh',
            src: 'loadList',
            input: questionOf,
            onDone: [
              { guard: { type: 'hasItems', params: outputOf }, target: 'ready', actions: { type: 'takeLoad', params: outputOf } },
              { target: 'empty', actions: { type: 'takeLoad', params: outputOf } },
            ],
            onError: 'ready',
          },
        },
        savingNote: {
          tags: ['savingNote'],
          invoke: {
            id: 'saveNote',
            src: 'saveNote',
            input: ({ context, event }) => {
              const { note, status } = event as Extract<ListEvent, { type: 'note.save' }>;
              return { note, status, date: context.day };
            },
            onDone: { target: 'refreshing', actions: [{ type: 'takeNote', params: outputOf }, 'notifySaved'] },
            onError: { target: 'refreshing', actions: { type: 'notifyRefused', params: errorOf } },
          },
        },
      },
    },
  },
});

// ── selectors ──

export type ListActor = ActorRefFrom<typeof appointmentListMachine>;
export type ListSnapshot = SnapshotFrom<typeof appointmentListMachine>;

export const selectItems = (s: ListSnapshot): readonly Appointment[] => s.context.items;
export const selectVendors = (s: ListSnapshot): readonly Vendor[] => s.context.vendors;
export const selectNote = (s: ListSnapshot): VendorTodayNote | null => s.context.note;
export const selectDay = (s: ListSnapshot): string => s.context.day;
/** The server's today for the vendor or the organization (a serverToday list, once answered); undefined otherwise. */
export const selectServerToday = (s: ListSnapshot): string | undefined => s.context.today;
export const selectListError = (s: ListSnapshot): string | null => s.context.error;
export const selectListMode = (s: ListSnapshot): 'loading' | 'error' | 'empty' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('empty') ? 'empty' : 'ready';
export const selectSavingNote = (s: ListSnapshot): boolean => s.hasTag('savingNote');
export const selectCanSaveNote = (s: ListSnapshot): boolean => s.can({ type: 'note.save', note: '', status: 'open' });
