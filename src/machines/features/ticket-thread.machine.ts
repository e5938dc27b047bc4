import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { TicketId } from '../../core/model/ids';
import type { ResourceUpdate } from '../../core/model/live';
import type { Role } from '../../core/model/roles';
import type { CannedResponse, Ticket, TicketPriority } from '../../core/model/ticket';
import { MESSAGES } from '../../core/rules/messages';
import { specRule } from '../../core/rules/spec-rule';
import { isTicketStaff } from '../../core/rules/tickets';
import { ticketAt } from '../lifecycles/ticket.machine';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';
import { isResync } from '../../core/rules/live';

/**
 * One help-desk ticket and its comments (bookings §2, §3): created by the ticket screen with the ticket id.
 *
 * - `loading` (tag `loading`) fetches the ticket (and, for support, the saved responses); an unknown id is
 *   `failed` (tag `error`) with 'The received ticket id is invalid or does not exist'. A failed load of the
 *   saved responses says 'Error loading ticket responses' and leaves the thread usable.
 * - `ready.idle`: `thread.close` and `thread.setPriority {priority}` are accepted when the lifecycle ticket
 *   chart accepts them at the ticket's status for the viewer's role (`ticket.close`, `ticket.updateFields`);
 *   the priority is support's. Comments are written by the composer chart, which hands the answer back
 *   with `thread.updated {ticket}`; `selectCanComment` asks the lifecycle chart the same way.
 * - A live update of this ticket fetches it again (`refreshing`): the other side's answer arrives at once.
 * - Attachments: each load also reads the comments' files it does not know yet (GET media/one/{id}, then the
 *   file with the token) into `attachments`, an address per media id for the thumbnails; a file the viewer may
 *   not read (404) or that fails to load is listed with no address. A sent comment (`thread.updated`) fetches
 *   the thread again so its files get their addresses.
 */

export interface ThreadInput {
  readonly ticketId: string;
  readonly role: Role;
  readonly now: () => string;
}

/** A comment's file as the thread shows it: its name, and where the picture can be shown (null: not readable). */
export interface ThreadAttachment {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly src: string | null;
}
export type ThreadAttachments = Readonly<Record<string, ThreadAttachment>>;

export interface ThreadContext {
  readonly ticketId: string;
  readonly role: Role;
  readonly now: () => string;
  readonly ticket: Ticket | null;
  readonly responses: readonly CannedResponse[];
  readonly attachments: ThreadAttachments;
  readonly error: string | null;
}

export type ThreadEvent =
  | { readonly type: 'thread.close' }
  | { readonly type: 'thread.setPriority'; readonly priority: TicketPriority }
  | { readonly type: 'thread.updated'; readonly ticket: Ticket }
  | { readonly type: 'thread.retry' }
  | { readonly type: 'live.resourceUpdated'; readonly update: ResourceUpdate };

export type ThreadEmitted = { readonly type: 'notify'; readonly kind: 'warning' | 'error' | 'success'; readonly code: string; readonly message: string };

export interface ThreadLoad {
  readonly ticket: Ticket;
  /** null when the saved responses could not be loaded (the thread still shows). */
  readonly responses: readonly CannedResponse[] | null;
  /** The files of the comments read so far (those already known are not read again). */
  readonly attachments?: ThreadAttachments;
}

export interface ThreadLoadInput {
  readonly ticketId: string;
  readonly role: Role;
  readonly known: ThreadAttachments;
}

export type ThreadChange = { readonly kind: 'close' } | { readonly kind: 'priority'; readonly priority: TicketPriority };

export const threadRules = {
  updated: specRule<{ readonly update: ResourceUpdate; readonly ticketId: string }>({
    id: 'thread.updated',
    spec: 'A live update of this ticket (the other side answered, closed it or changed its priority) fetches it again.',
    source: 'issue 10',
    test: ({ update, ticketId }) => isResync(update) || (update.resourceType === 'ticket' && update.resourceId === ticketId),
  }),
  responsesLoaded: specRule<{ readonly load: ThreadLoad }>({
    id: 'thread.responsesLoaded',
    spec: "Support's saved responses loaded; if not, 'Error loading ticket responses' and the thread still shows.",
    source: 'bookings §8',
    test: ({ load }) => load.responses !== null,
  }),
  lifecycleAllows: specRule<{ readonly ticket: Ticket | null; readonly role: Role; readonly now: string; readonly change: 'close' | 'comment' | 'priority' }>({
    id: 'thread.lifecycleAllows',
    spec: 'The ticket chart decides: comments on an open ticket, close or resolve an open ticket, fields on a draft or open one; the priority is support\'s.',
    source: 'bookings §4',
    test: ({ ticket, role, now, change }) => {
      if (!ticket) return false;
      const actor = { role };
      const chart = ticketAt(ticket.status);
      if (change === 'close') return chart.can({ type: 'ticket.close', actor, now });
      if (change === 'comment') return chart.can({ type: 'ticket.comment', actor, now, comment: 'text' });
      return isTicketStaff(role) && chart.can({ type: 'ticket.updateFields', actor, now });
    },
  }),
} as const;

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;

export const ticketThreadMachine = setup({
  types: {
    context: {} as ThreadContext,
    events: {} as ThreadEvent,
    emitted: {} as ThreadEmitted,
    input: {} as ThreadInput,
  },
  actors: {
    /** GET tickets/{id} and, for support, GET tickets/responses. */
    loadThread: fromPromise<ThreadLoad, ThreadLoadInput>(notProvided('loadThread')),
    /** PUT tickets (close) or PUT tickets/{id} (priority): the ticket after the change. */
    changeTicket: fromPromise<Ticket, { readonly ticketId: TicketId; readonly change: ThreadChange }>(notProvided('changeTicket')),
    liveUpdates: fromCallback(() => () => {}),
  },
  guards: {
    mayClose: withRule(threadRules.lifecycleAllows, ({ context }: { context: ThreadContext }) =>
      threadRules.lifecycleAllows.test({ ticket: context.ticket, role: context.role, now: context.now(), change: 'close' }),
    ),
    mayPrioritise: withRule(threadRules.lifecycleAllows, ({ context }: { context: ThreadContext }) =>
      threadRules.lifecycleAllows.test({ ticket: context.ticket, role: context.role, now: context.now(), change: 'priority' }),
    ),
    responsesMissing: withRule(threadRules.responsesLoaded, (_: unknown, load: ThreadLoad) => !threadRules.responsesLoaded.test({ load })),
    isThisTicket: withRule(threadRules.updated, ({ context }: { context: ThreadContext }, update: ResourceUpdate) =>
      threadRules.updated.test({ update, ticketId: context.ticketId }),
    ),
  },
  actions: {
    takeLoad: assign(({ context }, load: ThreadLoad) => ({
      ticket: load.ticket,
      responses: load.responses ?? [],
      attachments: { ...context.attachments, ...load.attachments },
      error: null,
    })),
    notifyResponsesFailed: emit(() => ({ type: 'notify' as const, kind: 'warning' as const, code: 'ticket_responses_error', message: MESSAGES.ticket_responses_error })),
    takeTicket: assign((_, ticket: Ticket) => ({ ticket })),
    loadFailed: assign((_, error: unknown) => {
      const failure = failureOf(error);
      const status = (error as { status?: unknown } | null)?.status;
      const invalid = status === 404 || status === 400 || failure.code === 'not_found';
      return { error: invalid ? MESSAGES.ticket_invalid : failure.message };
    }),
    notifyChangeRefused: emit((_, error: unknown) => {
      const failure = failureOf(error);
      return { type: 'notify' as const, kind: 'error' as const, code: failure.code ?? 'error', message: failure.message };
    }),
  },
}).createMachine({
  id: 'ticketThread',
  description: 'One ticket and its comments: load, close or resolve, priority (support), live updates; comments come from the composer.',
  context: ({ input }) => ({ ticketId: input.ticketId, role: input.role, now: input.now, ticket: null, responses: [], attachments: {}, error: null }),
  invoke: { id: 'liveUpdates', src: 'liveUpdates' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadThread',
        input: ({ context }) => ({ ticketId: context.ticketId, role: context.role, known: context.attachments }),
        onDone: [
          { guard: { type: 'responsesMissing', params: outputOf }, target: 'ready', actions: [{ type: 'takeLoad', params: outputOf }, 'notifyResponsesFailed'] },
          { target: 'ready', actions: { type: 'takeLoad', params: outputOf } },
        ],
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'thread.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'live.resourceUpdated': { guard: { type: 'isThisTicket', params: ({ event }) => event.update }, target: '.refreshing' },
        'thread.updated': { target: '.refreshing', actions: { type: 'takeTicket', params: ({ event }) => event.ticket } },
      },
      states: {
        idle: {
          on: {
            'thread.close': { guard: 'mayClose', target: 'changing' },
            'thread.setPriority': { guard: 'mayPrioritise', target: 'changing' },
          },
        },
        changing: {
          tags: ['changing'],
          invoke: {
            id: 'changeTicket',
            src: 'changeTicket',
            input: ({ context, event }) => ({
              ticketId: context.ticket!._id,
              change: event.type === 'thread.setPriority' ? { kind: 'priority' as const, priority: event.priority } : { kind: 'close' as const },
            }),
            onDone: { target: 'idle', actions: { type: 'takeTicket', params: outputOf } },
            onError: { target: 'refreshing', actions: { type: 'notifyChangeRefused', params: errorOf } },
          },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'refresh',
            src: 'loadThread',
            input: ({ context }) => ({ ticketId: context.ticketId, role: context.role, known: context.attachments }),
            onDone: { target: 'idle', actions: { type: 'takeLoad', params: outputOf } },
            onError: 'idle',
          },
        },
      },
    },
  },
});

// ── selectors ──

export type ThreadActor = ActorRefFrom<typeof ticketThreadMachine>;
export type ThreadSnapshot = SnapshotFrom<typeof ticketThreadMachine>;

export const selectThreadTicket = (s: ThreadSnapshot): Ticket | null => s.context.ticket;
export const selectThreadAttachments = (s: ThreadSnapshot): ThreadAttachments => s.context.attachments;
export const selectThreadResponses = (s: ThreadSnapshot): readonly CannedResponse[] => s.context.responses;
export const selectThreadError = (s: ThreadSnapshot): string | null => s.context.error;
export const selectThreadMode = (s: ThreadSnapshot): 'loading' | 'error' | 'ready' => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready');
export const selectCanClose = (s: ThreadSnapshot): boolean => s.can({ type: 'thread.close' });
export const selectCanPrioritise = (s: ThreadSnapshot): boolean => s.can({ type: 'thread.setPriority', priority: 'normal' });
/** Comments: the lifecycle chart accepts `ticket.comment` at this ticket's status for the viewer. */
export const selectCanComment = (s: ThreadSnapshot): boolean =>
  threadRules.lifecycleAllows.test({ ticket: s.context.ticket, role: s.context.role, now: s.context.now(), change: 'comment' });
export const selectChanging = (s: ThreadSnapshot): boolean => s.hasTag('changing');
