/**
 * The assistant on the real server: it answers "when is my next visit?" from the customer's own
 * appointments, explains pausing, offers a ticket with the conversation attached when it cannot help, keeps
 * each conversation to its user, nests its error text (bookings §8); super's review requests go to the outbox.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, appointments, outbox } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { DEMO_TODAY } from '../../server/db/seed-visits';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
const LOGINS = ['super', 'customer', 'newcustomer', 'affiliate'] as const;
const tokens = {} as Record<(typeof LOGINS)[number], string>;

beforeAll(async () => {
  server = await startTestServer();
  for (const key of LOGINS) tokens[key] = await login(server.app, `${key}@tendwell.test`);
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
  const res = await server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: bearer(token) });
  return { status: res.statusCode, body: res.json() as Json };
};

describe('the assistant', () => {
  it("answers 'when is my next visit?' with the customer's next appointment", async () => {
    const res = await call('POST', '/bot/reply-to-bot', tokens.customer, { message: 'When is my next visit?' });
    expect(res.status).toBe(200);
    // vendor@'s visit today (10:00 in Springfield, three hours after the epoch) is the earliest future active one.
    const [today] = await server.db.select().from(appointments).where(eq(appointments.id, demoId(`appointment:${DEMO_TODAY.key}`)));
    expect(today!.startTime.getTime()).toBeGreaterThan(server.clock.now().getTime());
    const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(today!.startTime);
    expect(res.body).toMatchObject({ status: 'waiting_for_reply', prompt: null });
    expect(res.body.reply).toContain('Your next visit is Lawn mowing');
    expect(res.body.reply).toContain(day);
    expect(res.body.reply).toContain('12 Elm Street');
  });

  it('a customer without visits hears so; Spanish works too', async () => {
    const res = await call('POST', '/bot/reply-to-bot', tokens.newcustomer, { message: '¿Cuándo es mi próxima visita?' });
    expect(res.body.reply).toBe('You have no upcoming visit scheduled.');
  });

  it('answers in Spanish, offers the ticket and hands over in Spanish, to an account whose language is es', async () => {
    const [account] = await server.db.select().from(accounts).where(eq(accounts.primaryEmail, 'newcustomer@tendwell.test'));
    await server.db.update(accounts).set({ settings: { ...account!.settings, language_preference: 'es' } }).where(eq(accounts.id, account!.id));
    try {
      const first = await call('POST', '/bot/reply-to-bot', tokens.newcustomer, { message: '¿Cuándo es mi próxima visita?' });
      expect(first.body.reply).toBe('No tienes ninguna visita programada.');
      const unknown = await call('POST', '/bot/reply-to-bot', tokens.newcustomer, { taskId: first.body.taskId, message: '¿Pueden pintar mi cerca?' });
      expect(unknown.body).toMatchObject({ prompt: 'open_ticket', reply: expect.stringContaining('¿Abro un ticket') });
      const handed = await call('POST', '/bot/prompt-conversation-response', tokens.newcustomer, { taskId: first.body.taskId, response: 'sí' });
      expect(handed.body).toMatchObject({ status: 'done', ticket_id: expect.any(String), reply: expect.stringMatching(/^Abrí el ticket n\.º \d+ con nuestra conversación adjunta/) });
    } finally {
      await server.db.update(accounts).set({ settings: account!.settings }).where(eq(accounts.id, account!.id));
    }
  });

  it('hands over to a ticket with the conversation attached when it cannot help', async () => {
    const first = await call('POST', '/bot/reply-to-bot', tokens.customer, { message: 'How do I pause while on vacation?' });
    expect(first.body.reply).toContain('Subscriptions');
    const taskId = first.body.taskId as string;
    const lost = await call('POST', '/bot/reply-to-bot', tokens.customer, { taskId, message: 'My neighbour’s dog keeps digging up the lawn' });
    expect(lost.body).toMatchObject({ prompt: 'open_ticket', status: 'waiting_for_reply' });
    const yes = await call('POST', '/bot/prompt-conversation-response', tokens.customer, { taskId, response: 'yes please' });
    expect(yes.body).toMatchObject({ status: 'done', prompt: null, ticket_id: expect.any(String) });
    const ticket = await call('GET', `/tickets/${yes.body.ticket_id}`, tokens.customer);
    expect(ticket.body).toMatchObject({ status: 'open', subject: 'My neighbour’s dog keeps digging up the lawn' });
    expect(ticket.body.comments[0].comment).toContain('Me: How do I pause while on vacation?');
    expect(ticket.body.comments[0].comment).toContain('Assistant: I could not find an answer');
    // Nothing is waiting any more: a second answer is refused with the nested error text.
    const again = await call('POST', '/bot/prompt-conversation-response', tokens.customer, { taskId, response: 'yes' });
    expect(again).toMatchObject({ status: 409, body: { message: 'The assistant is not waiting for an answer', error: { message: 'The assistant is not waiting for an answer' } } });
  });

  it("keeps a conversation to its user; an ended one takes no message", async () => {
    const mine = await call('POST', '/bot/reply-to-bot', tokens.customer, { message: 'hello' });
    const taskId = mine.body.taskId as string;
    expect(await call('GET', `/bot/conversation-status?taskId=${taskId}`, tokens.newcustomer)).toMatchObject({ status: 404, body: { error: { message: 'Conversation not found' } } });
    expect((await call('POST', '/bot/cancel-conversation', tokens.customer, { taskId })).body.status).toBe('canceled');
    expect((await call('POST', '/bot/reply-to-bot', tokens.customer, { taskId, message: 'hi' })).status).toBe(409);
    expect((await call('GET', `/bot/conversation-status?taskId=${taskId}`, tokens.customer)).body.status).toBe('canceled');
  });

  it('admins have no chat help (403); an affiliate is not offered a ticket', async () => {
    expect((await call('POST', '/bot/reply-to-bot', tokens.super, { message: 'hi' })).status).toBe(403);
    const res = await call('POST', '/bot/reply-to-bot', tokens.affiliate, { message: 'Something odd' });
    expect(res.body).toMatchObject({ prompt: null });
  });
});

describe('generate-reviews', () => {
  it('super asks recently served customers for a review through the outbox', async () => {
    const before = (await server.db.select().from(outbox).where(eq(outbox.to, 'customer@tendwell.test'))).length;
    const res = await call('PUT', '/bot/call/generate-reviews', tokens.super, {});
    expect(res).toMatchObject({ status: 200, body: { status: 'done', reply: 'Asked 1 customer for a review.' } });
    const mail = await server.db.select().from(outbox).where(eq(outbox.to, 'customer@tendwell.test'));
    expect(mail).toHaveLength(before + 1);
    expect(mail.at(-1)!.subject).toBe('How was your visit?');
    expect((await call('PUT', '/bot/call/generate-reviews', tokens.customer, {})).status).toBe(403);
  });
});
