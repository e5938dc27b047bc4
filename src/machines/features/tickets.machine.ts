import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ResourceUpdate } from '../../core/model/live';
import type { Role } from '../../core/model/roles';
import type { Ticket, TicketCounts } from '../../core/model/ticket';
import { MESSAGES } from '../../core/rules/messages';
import { specRule } from '../../core/rules/spec-rule';
import { countNewTickets, isNewTicket, type TicketViewer } from '../../core/rules/tickets';
import { notProvided, withRule } from '../flows/auth-flow-support';
import { isResync } from '../../core/rules/live';

/**
 * The help desk of the signed-in account (bookings §2, §4): the active tickets, the ones closed in the past
 * 7 days, the counts of the list headers, and the new-ticket count of the Help menu entry — one instance per
 * signed-in session (the session chart invokes it as its `tickets` child while it is `ready`), so the menu's
 * count and the help-desk screens always agree.
 *
 * - A role without a help desk (affiliate, basic user) loads nothing: its lists are empty (the actor asks
 *   `ticketRules.participant` before calling the server).
 * - `loading` (tag `loading`) fetches both lists; a failure is `failed` (tag `error`, toast 'Error loading
 *   helpdesk tickets') until `tickets.retry` or a live ticket update.
 * - A loaded list is `ready` (tag `ready`) with an active ticket, else `empty` (tag `empty`; the history may
 *   still hold closed tickets). `tickets.reload` (a screen sent or closed a ticket) and a live update of a
 *   ticket fetch again (`refreshing`), keeping the lists on screen.
 */

export interface TicketsInput {
  readonly viewer: TicketViewer;
}

export interface TicketLists {
  /** Open tickets and the viewer's drafts. */
  readonly active: readonly Ticket[];
  /** Closed in the past 7 days. */
  readonly past: readonly Ticket[];
  readonly counts: TicketCounts;
}

export interface TicketsContext extends TicketLists {
  readonly viewer: TicketViewer;
}

export type TicketsEvent =
  | { readonly type: 'tickets.retry' }
  | { readonly type: 'tickets.reload' }
  | { readonly type: 'live.resourceUpdated'; readonly update: ResourceUpdate };

export type TicketsEmitted = { readonly type: 'notify'; readonly kind: 'warning'; readonly code: string; readonly message: string };

const NO_COUNTS: TicketCounts = { all: 0, past: 0, active: 0 };

export const ticketListRules = {
  updated: specRule<{ readonly update: ResourceUpdate }>({
    id: 'tickets.updated',
    spec: 'A live update of a ticket (a comment, a status change, a new ticket) reloads the list and its counts.',
    source: 'issue 10',
    test: ({ update }) => isResync(update) || update.resourceType === 'ticket',
  }),
  hasActive: specRule<{ readonly active: readonly Ticket[] }>({
    id: 'tickets.hasActive',
    spec: 'The help desk lists the active tickets; without any it shows its empty state.',
    source: 'bookings §2',
    test: ({ active }) => active.length > 0,
  }),
} as const;

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;

const refresh = {
  id: 'refresh',
  src: 'loadTickets',
  input: ({ context }: { context: TicketsContext }) => ({ viewer: context.viewer }),
  onDone: { target: '#tickets.listening.sorting', actions: { type: 'takeLists', params: outputOf } },
  onError: { target: '#tickets.listening.sorting', actions: 'notifyLoadFailed' },
} as const;

const liveUpdate = { guard: { type: 'isTicketUpdate', params: ({ event }: { event: { update: ResourceUpdate } }) => event.update }, target: '.refreshing' } as const;

export const ticketsMachine = setup({
  types: {
    context: {} as TicketsContext,
    events: {} as TicketsEvent,
    emitted: {} as TicketsEmitted,
    input: {} as TicketsInput,
  },
  actors: {
    /** GET tickets?status=active and GET tickets?status=past, with the counts of x-total-tickets / x-total-past-tickets. */
    loadTickets: fromPromise<TicketLists, { readonly viewer: TicketViewer }>(notProvided('loadTickets')),
    /** Listens to the live connection (opened by the session) and sends back its `live.resourceUpdated` events. */
    liveUpdates: fromCallback(() => () => {}),
  },
  guards: {
    hasActive: withRule(ticketListRules.hasActive, ({ context }: { context: TicketsContext }) => ticketListRules.hasActive.test({ active: context.active })),
    isTicketUpdate: withRule(ticketListRules.updated, (_: unknown, update: ResourceUpdate) => ticketListRules.updated.test({ update })),
  },
  actions: {
    takeLists: assign((_, lists: TicketLists) => ({ active: lists.active, past: lists.past, counts: lists.counts })),
    notifyLoadFailed: emit(() => ({ type: 'notify' as const, kind: 'warning' as const, code: 'tickets_load_error', message: MESSAGES.tickets_load_error })),
  },
}).createMachine({
  id: 'tickets',
  description: 'The help desk of the signed-in account: active and past tickets, counts, the new-ticket count; live updates reload.',
  context: ({ input }) => ({ viewer: input.viewer, active: [], past: [], counts: NO_COUNTS }),
  initial: 'listening',
  states: {
    listening: {
      invoke: { id: 'liveUpdates', src: 'liveUpdates' },
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'load',
            src: 'loadTickets',
            input: ({ context }) => ({ viewer: context.viewer }),
            onDone: { target: 'sorting', actions: { type: 'takeLists', params: outputOf } },
            onError: { target: 'failed', actions: 'notifyLoadFailed' },
          },
        },
        failed: {
          tags: ['error'],
          on: {
            'tickets.retry': 'loading',
            'tickets.reload': 'loading',
            'live.resourceUpdated': { guard: { type: 'isTicketUpdate', params: ({ event }) => event.update }, target: 'loading' },
          },
        },
        sorting: {
          always: [{ guard: 'hasActive', target: 'ready' }, { target: 'empty' }],
        },
        empty: {
          tags: ['empty'],
          initial: 'idle',
          on: { 'live.resourceUpdated': liveUpdate, 'tickets.reload': '.refreshing' },
          states: { idle: {}, refreshing: { tags: ['refreshing'], invoke: refresh } },
        },
        ready: {
          tags: ['ready'],
          initial: 'idle',
          on: { 'live.resourceUpdated': liveUpdate, 'tickets.reload': '.refreshing' },
          states: { idle: {}, refreshing: { tags: ['refreshing'], invoke: refresh } },
        },
      },
    },
  },
});

// ── selectors (one value each, for useSelector) ──

export type TicketsActor = ActorRefFrom<typeof ticketsMachine>;
export type TicketsSnapshot = SnapshotFrom<typeof ticketsMachine>;

export const selectActiveTickets = (s: TicketsSnapshot): readonly Ticket[] => s.context.active;
export const selectPastTickets = (s: TicketsSnapshot): readonly Ticket[] => s.context.past;
export const selectTicketCounts = (s: TicketsSnapshot): TicketCounts => s.context.counts;
/** The Help menu's indicator (bookings §4 new-count rule, core `countNewTickets`). */
export const selectNewTicketCount = (s: TicketsSnapshot): number => countNewTickets(s.context.active, s.context.viewer);
export const selectTicketsRole = (s: TicketsSnapshot): Role => s.context.viewer.role;
/** What a view shows, from the tags: `loading`, `error`, `empty` or `ready` (a refresh keeps the lists shown). */
export const selectTicketsMode = (s: TicketsSnapshot): 'loading' | 'error' | 'empty' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('empty') ? 'empty' : 'ready';
/** The ids of the tickets the new-count rule counts (the list marks them "New"). */
export const selectNewTicketIds = (s: TicketsSnapshot): readonly string[] =>
  [...s.context.active, ...s.context.past].filter((t) => isNewTicket(t, s.context.viewer)).map((t) => t._id);
