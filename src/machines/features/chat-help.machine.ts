import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { BotMessage, BotTask } from '../../core/model/bot';
import { specRule } from '../../core/rules/spec-rule';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';

/**
 * The chat-help widget (accounts §1, issue 10): a conversation with the assistant behind the bot port.
 * One per signed-in session of a customer, vendor, organization or affiliate (never admins), created by the
 * widget, which loads after sign-in.
 *
 * - `idle` (tag `empty`): `chat.send {message}` starts a conversation (reply-to-bot without a task id).
 * - `sending` (tag `busy`) → `settling` (eventless) decides by the task: a queued or running task is
 *   `thinking` (asks conversation-status again after a pause), a task handed over to a ticket is
 *   `handedOver`, a canceled one goes back to `idle`, anything else is `conversing`.
 * - `conversing` (tag `conversation`): more `chat.send`; `chat.end` (cancel-conversation) ends it; when the
 *   assistant offers a ticket (prompt `open_ticket`), `chat.acceptTicket` answers yes
 *   (prompt-conversation-response: the server opens a ticket with the conversation attached) and
 *   `chat.declineTicket` withdraws the offer (cancel-conversation-task).
 * - Every failure keeps what was said and shows the error text: the response's nested error message, or the
 *   unknown-error message (bookings §8; the bot adapter picks the text).
 */

export interface ChatContext {
  readonly taskId: string | null;
  readonly messages: readonly BotMessage[];
  /** The person's message while it is on its way. */
  readonly pending: string | null;
  readonly prompt: BotTask['prompt'];
  readonly ticketId: string | null;
  readonly error: string | null;
  /** The task as last answered (settling reads it). */
  readonly task: BotTask | null;
}

export type ChatEvent =
  | { readonly type: 'chat.send'; readonly message: string }
  | { readonly type: 'chat.acceptTicket' }
  | { readonly type: 'chat.declineTicket' }
  | { readonly type: 'chat.end' }
  | { readonly type: 'chat.restart' };

export const chatRules = {
  hasText: specRule<{ readonly message: string }>({
    id: 'chat.hasText',
    spec: 'A message to the assistant has text.',
    source: 'bookings §7',
    test: ({ message }) => message.trim() !== '',
  }),
  offering: specRule<{ readonly prompt: BotTask['prompt'] }>({
    id: 'chat.offering',
    spec: 'When the assistant cannot help it offers to open a ticket with the conversation attached; the person says yes or no.',
    source: 'issue 10',
    test: ({ prompt }) => prompt === 'open_ticket',
  }),
  working: specRule<{ readonly task: BotTask | null }>({
    id: 'chat.working',
    spec: 'A queued or running task has not answered yet: ask conversation-status again.',
    source: 'bookings §7',
    test: ({ task }) => task?.status === 'queued' || task?.status === 'running',
  }),
  handedOver: specRule<{ readonly task: BotTask | null }>({
    id: 'chat.handedOver',
    spec: 'A conversation handed over to a ticket is done; the widget links the ticket.',
    source: 'issue 10',
    test: ({ task }) => Boolean(task?.ticket_id),
  }),
  canceled: specRule<{ readonly task: BotTask | null }>({
    id: 'chat.canceled',
    spec: 'A canceled conversation is over; the widget starts afresh.',
    source: 'bookings §7',
    test: ({ task }) => task?.status === 'canceled',
  }),
  started: specRule<{ readonly taskId: string | null }>({
    id: 'chat.started',
    spec: 'A failure after the conversation started keeps it; a failed first message leaves the widget empty.',
    source: 'bookings §8',
    test: ({ taskId }) => taskId !== null,
  }),
} as const;

const EMPTY: ChatContext = { taskId: null, messages: [], pending: null, prompt: null, ticketId: null, error: null, task: null };
const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;

export const chatHelpMachine = setup({
  types: { context: {} as ChatContext, events: {} as ChatEvent },
  actors: {
    /** reply-to-bot: continue taskId's conversation, or start one. */
    reply: fromPromise<BotTask, { readonly taskId: string | null; readonly message: string }>(notProvided('reply')),
    /** conversation-status. */
    status: fromPromise<BotTask, { readonly taskId: string }>(notProvided('status')),
    /** prompt-conversation-response with the answer to the offer. */
    respond: fromPromise<BotTask, { readonly taskId: string; readonly prompt: string }>(notProvided('respond')),
    /** cancel-conversation-task: withdraw the pending offer. */
    cancelTask: fromPromise<BotTask, { readonly taskId: string }>(notProvided('cancelTask')),
    /** cancel-conversation. */
    cancel: fromPromise<BotTask, { readonly taskId: string }>(notProvided('cancel')),
  },
  delays: { poll: 1000 },
  guards: {
    hasText: withRule(chatRules.hasText, (_: unknown, message: string) => chatRules.hasText.test({ message })),
    offering: withRule(chatRules.offering, ({ context }: { context: ChatContext }) => chatRules.offering.test({ prompt: context.prompt })),
    working: withRule(chatRules.working, ({ context }: { context: ChatContext }) => chatRules.working.test({ task: context.task })),
    handedOver: withRule(chatRules.handedOver, ({ context }: { context: ChatContext }) => chatRules.handedOver.test({ task: context.task })),
    canceled: withRule(chatRules.canceled, ({ context }: { context: ChatContext }) => chatRules.canceled.test({ task: context.task })),
    started: withRule(chatRules.started, ({ context }: { context: ChatContext }) => chatRules.started.test({ taskId: context.taskId })),
  },
  actions: {
    say: assign((_, message: string) => ({ pending: message.trim(), error: null })),
    /** The task's own transcript when it has one; else the person's message and the reply are added here. */
    takeTask: assign(({ context }, task: BotTask) => {
      const told: BotMessage[] = [];
      if (context.pending) told.push({ from: 'person', text: context.pending, at: task.updated ?? '' });
      if (task.reply) told.push({ from: 'bot', text: task.reply, at: task.updated ?? '' });
      return {
        task,
        taskId: task.taskId,
        messages: task.messages ?? [...context.messages, ...told],
        pending: null,
        prompt: task.prompt ?? null,
        ticketId: task.ticket_id ?? null,
        error: null,
      };
    }),
    failed: assign((_, error: unknown) => ({ error: failureOf(error).message, pending: null })),
    reset: assign(() => EMPTY),
  },
}).createMachine({
  id: 'chatHelp',
  description: 'The chat-help widget: a conversation with the assistant, its offer of a ticket, errors with the nested text.',
  context: EMPTY,
  initial: 'idle',
  states: {
    idle: {
      tags: ['empty'],
      on: { 'chat.send': { guard: { type: 'hasText', params: ({ event }) => event.message }, target: 'sending', actions: { type: 'say', params: ({ event }) => event.message } } },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'reply',
        src: 'reply',
        input: ({ context }) => ({ taskId: context.taskId, message: context.pending ?? '' }),
        onDone: { target: 'settling', actions: { type: 'takeTask', params: outputOf } },
        onError: [
          { guard: 'started', target: 'conversing', actions: { type: 'failed', params: errorOf } },
          { target: 'idle', actions: { type: 'failed', params: errorOf } },
        ],
      },
    },
    settling: {
      always: [
        { guard: 'working', target: 'thinking' },
        { guard: 'handedOver', target: 'handedOver' },
        { guard: 'canceled', target: 'idle', actions: 'reset' },
        { target: 'conversing' },
      ],
    },
    thinking: {
      tags: ['busy'],
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'asking' } },
        asking: {
          invoke: {
            id: 'status',
            src: 'status',
            input: ({ context }) => ({ taskId: context.taskId ?? '' }),
            onDone: { target: '#chatHelp.settling', actions: { type: 'takeTask', params: outputOf } },
            onError: { target: '#chatHelp.conversing', actions: { type: 'failed', params: errorOf } },
          },
        },
      },
    },
    conversing: {
      tags: ['conversation'],
      on: {
        'chat.send': { guard: { type: 'hasText', params: ({ event }) => event.message }, target: 'sending', actions: { type: 'say', params: ({ event }) => event.message } },
        'chat.acceptTicket': { guard: 'offering', target: 'responding' },
        'chat.declineTicket': { guard: 'offering', target: 'declining' },
        'chat.end': { target: 'ending' },
      },
    },
    responding: {
      tags: ['busy', 'conversation'],
      invoke: {
        id: 'respond',
        src: 'respond',
        input: ({ context }) => ({ taskId: context.taskId ?? '', prompt: 'yes' }),
        onDone: { target: 'settling', actions: { type: 'takeTask', params: outputOf } },
        onError: { target: 'conversing', actions: { type: 'failed', params: errorOf } },
      },
    },
    declining: {
      tags: ['busy', 'conversation'],
      invoke: {
        id: 'cancelTask',
        src: 'cancelTask',
        input: ({ context }) => ({ taskId: context.taskId ?? '' }),
        onDone: { target: 'settling', actions: { type: 'takeTask', params: outputOf } },
        onError: { target: 'conversing', actions: { type: 'failed', params: errorOf } },
      },
    },
    ending: {
      tags: ['busy', 'conversation'],
      invoke: {
        id: 'cancel',
        src: 'cancel',
        input: ({ context }) => ({ taskId: context.taskId ?? '' }),
        onDone: { target: 'idle', actions: 'reset' },
        onError: { target: 'conversing', actions: { type: 'failed', params: errorOf } },
      },
    },
    handedOver: {
      tags: ['handedOver'],
      on: { 'chat.restart': { target: 'idle', actions: 'reset' } },
    },
  },
});

// ── selectors ──

export type ChatHelpActor = ActorRefFrom<typeof chatHelpMachine>;
export type ChatHelpSnapshot = SnapshotFrom<typeof chatHelpMachine>;

export const selectChatMessages = (s: ChatHelpSnapshot): readonly BotMessage[] => s.context.messages;
export const selectChatPending = (s: ChatHelpSnapshot): string | null => s.context.pending;
export const selectChatError = (s: ChatHelpSnapshot): string | null => s.context.error;
export const selectChatTicketId = (s: ChatHelpSnapshot): string | null => s.context.ticketId;
export const selectChatBusy = (s: ChatHelpSnapshot): boolean => s.hasTag('busy');
export const selectChatHandedOver = (s: ChatHelpSnapshot): boolean => s.hasTag('handedOver');
export const selectChatCanSend = (s: ChatHelpSnapshot): boolean => s.can({ type: 'chat.send', message: 'x' });
export const selectChatOffering = (s: ChatHelpSnapshot): boolean => s.can({ type: 'chat.acceptTicket' });
export const selectChatCanEnd = (s: ChatHelpSnapshot): boolean => s.can({ type: 'chat.end' });
