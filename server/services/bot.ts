/**
 * The assistant's conversations (bot tasks) and the review requests (bookings §7, issue 10).
 *
 * A task belongs to the user who started it, in the account they were active as; another user's task is
 * 404. The assistant (the bot port, embedded by default) answers at once, so a task is never queued or
 * running: it waits for the person's next message (waiting_for_reply), is done once handed over to a ticket,
 * or canceled. Its wire status is derived from those facts (docs/decisions.md: no chart for a conversation).
 * Errors also carry `{error: {message}}` (bookings §8: the SPA shows the nested error text).
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { ASSISTANT_TEXTS, assistantTexts, isYes, type AssistantLanguage } from '../../src/core/rules/assistant';
import { ticketRules } from '../../src/core/rules/tickets';
import type { Assistant, AssistantData } from '../adapters/bot/assistant';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { accounts, appointments, botTasks, subscriptions } from '../db/schema';
import { HttpError } from '../errors';
import type { OutboxService } from './outbox';
import { languageOfSettings, recipientTexts } from './recipient-texts';
import type { TicketService } from './tickets';

type BotTaskWire = components['schemas']['BotTask'];
type TaskRow = typeof botTasks.$inferSelect;
type Message = TaskRow['messages'][number];

const DAY = 24 * 60 * 60 * 1000;
export const BOT_TASK_NOT_FOUND = 'Conversation not found';
/** How far back generate-reviews looks by default. */
export const REVIEW_WINDOW_DAYS = 14;

/** An error of a bot call: `{message, code, error: {message}}`. */
export const botError = (status: number, message: string, code: string) => new HttpError(status, message, code, {}, { error: { message } });

export interface BotService {
  reply(auth: AuthContext, body: { taskId?: string; message: string }): Promise<BotTaskWire>;
  status(auth: AuthContext, taskId: string): Promise<BotTaskWire>;
  cancel(auth: AuthContext, taskId: string): Promise<BotTaskWire>;
  cancelTask(auth: AuthContext, taskId: string): Promise<BotTaskWire>;
  respond(auth: AuthContext, body: { taskId: string; response: string }, requestId: string): Promise<BotTaskWire>;
  generateReviews(auth: AuthContext, body: { customer_ids?: string[]; since?: string }): Promise<BotTaskWire>;
}

/** Canceled by the person; done once handed over to a ticket (or a job with no person in it, like review requests); else waiting. */
const statusOf = (row: TaskRow): BotTaskWire['status'] =>
  row.canceledAt ? 'canceled' : row.ticketId || row.messages.every((m) => m.from === 'bot') ? 'done' : 'waiting_for_reply';

export const botTaskWire = (row: TaskRow): BotTaskWire => ({
  taskId: row.id,
  status: statusOf(row),
  conversation_id: row.id,
  reply: row.reply,
  updated: row.updatedAt.toISOString(),
  prompt: row.prompt === 'open_ticket' ? 'open_ticket' : null,
  ticket_id: row.ticketId,
  messages: row.messages,
});

export const createBotService = ({
  db,
  clock,
  assistant,
  tickets,
  outbox,
}: {
  db: Db;
  clock: Clock;
  assistant: Assistant;
  tickets: TicketService;
  outbox: OutboxService;
}): BotService => {
  /** What the assistant may look up: the caller's own bookings, by the role of the active account. */
  const dataFor = (auth: AuthContext): AssistantData => {
    const accountId = auth.accountId ?? '';
    const ownAppointment =
      auth.role === 'vendor' ? eq(appointments.vendorAccountId, accountId) : auth.role === 'organization' ? eq(appointments.organizationAccountId, accountId) : eq(appointments.customerAccountId, accountId);
    const ownSubscription =
      auth.role === 'vendor' ? eq(subscriptions.vendorAccountId, accountId) : auth.role === 'organization' ? eq(subscriptions.organizationAccountId, accountId) : eq(subscriptions.customerAccountId, accountId);
    return {
      async nextVisit() {
        const [next] = await db
          .select()
          .from(appointments)
          .where(and(ownAppointment, inArray(appointments.status, ['active', 'pending']), gte(appointments.startTime, clock.now())))
          .orderBy(asc(appointments.startTime))
          .limit(1);
        return next ? { start: next.startTime, service: next.serviceData.name ?? 'your service', address: next.addressData.address_formatted ?? null } : null;
      },
      async plans() {
        const rows = await db.select().from(subscriptions).where(ownSubscription).orderBy(desc(subscriptions.createdAt));
        return rows.map((s) => ({ service: s.serviceData.name ?? 'Service', price: s.price, frequency: s.frequency, status: s.status }));
      },
    };
  };

  const own = async (auth: AuthContext, taskId: string): Promise<TaskRow> => {
    const [row] = await db.select().from(botTasks).where(and(eq(botTasks.id, taskId), eq(botTasks.userId, auth.userId)));
    if (!row) throw botError(404, BOT_TASK_NOT_FOUND, 'not_found');
    return row;
  };
  const open = async (auth: AuthContext, taskId: string) => {
    const row = await own(auth, taskId);
    if (row.canceledAt) throw botError(409, ASSISTANT_TEXTS.canceled, 'conflict');
    return row;
  };
  const said = (from: Message['from'], text: string): Message => ({ from, text, at: clock.now().toISOString() });
  /** The assistant speaks Spanish to an account whose language preference is es; English otherwise. */
  const languageOf = async (auth: AuthContext): Promise<AssistantLanguage> => {
    if (!auth.accountId) return 'en';
    const [row] = await db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, auth.accountId));
    return languageOfSettings(row?.settings);
  };

  const save = async (id: string, changes: Partial<TaskRow>) => {
    const [row] = await db
      .update(botTasks)
      .set({ ...changes, updatedAt: clock.now() })
      .where(eq(botTasks.id, id))
      .returning();
    return botTaskWire(row!);
  };

  return {
    async reply(auth, { taskId, message }) {
      const data = dataFor(auth);
      const language = await languageOf(auth);
      const answered = await assistant.answer(message, data, language);
      // Only roles with a help desk (the ticket chart's participants) are offered a ticket.
      const canOpenTicket = (ticketRules.participant.roles as readonly string[]).includes(auth.role);
      const answer = answered.unanswered && !canOpenTicket ? { ...answered, text: assistantTexts(language).noHelpDesk } : answered;
      const prompt = answered.unanswered && canOpenTicket ? 'open_ticket' : null;
      if (taskId === undefined) {
        const now = clock.now();
        const [row] = await db
          .insert(botTasks)
          .values({ id: newId(), userId: auth.userId, accountId: auth.accountId, messages: [said('person', message), said('bot', answer.text)], reply: answer.text, prompt, createdAt: now, updatedAt: now })
          .returning();
        return botTaskWire(row!);
      }
      const row = await open(auth, taskId);
      return save(row.id, { messages: [...row.messages, said('person', message), said('bot', answer.text)], reply: answer.text, prompt });
    },

    status: async (auth, taskId) => botTaskWire(await own(auth, taskId)),

    async cancel(auth, taskId) {
      const row = await open(auth, taskId);
      return save(row.id, { canceledAt: clock.now(), prompt: null });
    },

    async cancelTask(auth, taskId) {
      const row = await open(auth, taskId);
      if (!row.prompt) throw botError(409, ASSISTANT_TEXTS.notWaiting, 'conflict');
      const declined = assistantTexts(await languageOf(auth)).declined;
      return save(row.id, { prompt: null, reply: declined, messages: [...row.messages, said('bot', declined)] });
    },

    async respond(auth, { taskId, response }, requestId) {
      const row = await open(auth, taskId);
      if (row.prompt !== 'open_ticket') throw botError(409, ASSISTANT_TEXTS.notWaiting, 'conflict');
      const messages = [...row.messages, said('person', response)];
      const language = await languageOf(auth);
      if (!isYes(response)) {
        const declined = assistantTexts(language).declined;
        return save(row.id, { prompt: null, reply: declined, messages: [...messages, said('bot', declined)] });
      }
      const question = [...row.messages].reverse().find((m) => m.from === 'person')?.text ?? 'A question for support';
      const transcript = row.messages.map((m) => `${m.from === 'person' ? 'Me' : 'Assistant'}: ${m.text}`).join('\n');
      const ticket = await tickets.create(
        auth,
        { subject: question.slice(0, 200), comment: `Conversation with the assistant:\n${transcript}`.slice(0, 5000), type: 'general', priority: 'normal', status: 'open' },
        requestId,
      );
      const text =
        language === 'es'
          ? `Abrí el ticket n.º ${ticket.ticket_id} con nuestra conversación adjunta. Soporte te responderá allí.`
          : `I opened ticket #${ticket.ticket_id} with our conversation attached. Support will answer there.`;
      return save(row.id, { prompt: null, ticketId: ticket._id, reply: text, messages: [...messages, said('bot', text)] });
    },

    async generateReviews(auth, { customer_ids, since }) {
      const now = clock.now();
      const from = since ? new Date(since) : new Date(now.getTime() - REVIEW_WINDOW_DAYS * DAY);
      if (Number.isNaN(from.getTime()) || from > now) throw botError(400, "'since' must be a past date-time", 'invalid_request');
      const served = await db
        .selectDistinct({ id: accounts.id, email: accounts.primaryEmail, name: accounts.firstName, settings: accounts.settings })
        .from(appointments)
        .innerJoin(accounts, eq(accounts.id, appointments.customerAccountId))
        .where(
          and(
            eq(appointments.status, 'complete'),
            isNotNull(appointments.completedAt),
            gte(appointments.completedAt, from),
            lte(appointments.completedAt, now),
            customer_ids?.length ? inArray(appointments.customerAccountId, customer_ids) : undefined,
          ),
        );
      for (const c of served) {
        const { review } = recipientTexts(languageOfSettings(c.settings));
        await outbox.send({ channel: 'email', to: c.email, subject: review.subject, body: review.body(c.name), link: '/appointments' });
      }
      const text = served.length === 1 ? 'Asked 1 customer for a review.' : `Asked ${served.length} customers for a review.`;
      const [row] = await db
        .insert(botTasks)
        .values({ id: newId(), userId: auth.userId, accountId: auth.accountId, messages: [said('bot', text)], reply: text, prompt: null, createdAt: now, updatedAt: now, canceledAt: null })
        .returning();
      return botTaskWire(row!);
    },
  };
};

