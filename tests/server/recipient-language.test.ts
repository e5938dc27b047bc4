/**
 * The server writes to each person in that person's language (server/services/recipient-texts.ts): the account's
 * language preference, saved the way the SPA saves it (PUT /users/update) or set in the database; English when it
 * is en or 'default'. One change can reach two parties in two languages. Covered: ticket notifications and the
 * staff-reply e-mail, organization approval and rejection, a failed payment, the texted phone code, the review request, the password reset e-mail.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINE_MESSAGES } from '../../server/adapters/payments/port';
import { newId } from '../../server/db/ids';
import { accounts, addresses, notifications, outbox } from '../../server/db/schema';
import { DEMO_BOOKINGS, demoId } from '../../server/db/seed';
import { DECLINE_REASONS_ES, RECIPIENT_TEXTS } from '../../server/services/recipient-texts';
import es from '../../src/ui/i18n/es.json';
import { bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY = 86_400_000;
const LOGINS = ['super', 'customer', 'newcustomer', 'vendor', 'organization'] as const;
let server: TestServer;
const tokens = {} as Record<(typeof LOGINS)[number], string>;
const relogin = async () => {
  for (const who of LOGINS) tokens[who] = await login(server.app, `${who}@tendwell.test`);
};

beforeAll(async () => {
  server = await startTestServer();
  await relogin();
});
afterAll(() => server?.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: object, headers: Record<string, string> = {}) => {
  server.clock.advance(1000);
  const res = await server.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: { ...(token ? bearer(token) : {}), ...headers } });
  return { status: res.statusCode, body: (res.body ? res.json() : {}) as Json };
};

/** The language preference set in the database (for accounts whose user cannot save it in a test). */
const prefer = async (accountId: string, language: 'en' | 'es' | 'default') => {
  const [row] = await server.db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, accountId));
  await server.db.update(accounts).set({ settings: { ...row!.settings, language_preference: language } }).where(eq(accounts.id, accountId));
};
/** The account's notifications, as it lists them (GET /notification), newest first. */
const notesOf = async (token: string) => (await call('GET', '/notification', token)).body as unknown as Json[];
const mailTo = async (to: string) => server.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.seq);

describe('the Spanish texts', () => {
  it('say what the SPA says where both say it, and translate every decline the payment port names', () => {
    expect(RECIPIENT_TEXTS.es.payment.restoreError).toBe(es['error.code.subscription_restore_error']);
    expect(Object.keys(DECLINE_REASONS_ES).sort()).toEqual(Object.keys(DECLINE_MESSAGES).sort());
  });
});

describe('tickets', () => {
  it('a staff reply to a Spanish-preferring customer: the notification and the e-mail are in Spanish', async () => {
    const saved = await call('PUT', '/users/update', tokens.customer, { language_preference: 'es' });
    expect(saved.status).toBe(200);
    const ticket = demoId('ticket:customer-open');
    const replied = await call('PUT', '/tickets/comment', tokens.super, { ticket_id: ticket, comment: 'Mañana pasa el equipo.' });
    expect(replied.status).toBe(200);
    const note = (await notesOf(tokens.customer)).find((n) => n.link === `/help-desk/ticket/${ticket}`);
    expect(note).toMatchObject({ title: 'Nueva respuesta en su ticket', body: expect.stringMatching(/^Ticket #1001: /) });
    const mail = (await mailTo('customer@tendwell.test')).at(-1)!;
    expect(mail.subject).toBe('Soporte respondió al ticket #1001');
    expect(mail.body).toMatch(/^Soporte respondió a su ticket “.+”\. Lea la respuesta en el centro de ayuda\.$/);
  });

  it('one reply, two parties, two languages: the Spanish organization and the English vendor', async () => {
    await prefer(DEMO_BOOKINGS.organization, 'es');
    await prefer(DEMO_BOOKINGS.vendor, 'default');
    try {
      const ticket = demoId('ticket:vendor-open');
      const since = server.clock.now().toISOString();
      expect((await call('PUT', '/tickets/comment', tokens.super, { ticket_id: ticket, comment: 'Checking.' })).status).toBe(200);
      const ofTicket = (list: Json[]) => list.filter((n) => String(n.link).endsWith(ticket) && n.created >= since);
      const organization = ofTicket(await notesOf(tokens.organization)).map((n) => n.title);
      const vendor = ofTicket(await notesOf(tokens.vendor)).map((n) => n.title);
      expect(organization).toContain('Nueva respuesta en su ticket');
      expect(organization).not.toContain('New reply on your ticket');
      expect(vendor).toContain('New reply on your ticket');
      expect(vendor).not.toContain('Nueva respuesta en su ticket');
    } finally {
      await prefer(DEMO_BOOKINGS.organization, 'en');
    }
  });
});

describe('the texted phone code', () => {
  it("is in the signed-in account's language", async () => {
    // customer@ chose Spanish above
    expect((await call('PUT', '/account/verify-phone', tokens.customer, { phone: '+15555550177' })).status).toBe(200);
    const [text] = await server.db.select().from(outbox).where(and(eq(outbox.to, '+15555550177'), eq(outbox.channel, 'sms')));
    expect(text!.body).toMatch(/^Su código de Tendwell es \d{4}\. Es válido por 30 minutos\.$/);
    expect((await call('PUT', '/account/verify-phone', tokens.newcustomer, { phone: '+15555550178' })).status).toBe(200);
    const [english] = await server.db.select().from(outbox).where(eq(outbox.to, '+15555550178'));
    expect(english!.body).toMatch(/^Your Tendwell code is \d{4}\. It is valid for 30 minutes\.$/);
  });
});

describe('the review request', () => {
  it("is in the served customer's language", async () => {
    // customer@ chose Spanish above
    expect((await call('PUT', '/bot/call/generate-reviews', tokens.super, {})).status).toBe(200);
    const mail = (await mailTo('customer@tendwell.test')).at(-1)!;
    expect(mail.subject).toBe('¿Cómo estuvo su visita?');
    expect(mail.body).toMatch(/^Hola .+, gracias por elegir Tendwell\. .+ Deje una reseña desde sus citas\.$/);
  });
});

describe('the password reset e-mail', () => {
  it("is in the language of the user's account", async () => {
    // customer@ chose Spanish above; vendor@'s account is 'default'
    expect((await call('POST', '/auth/lost-password', undefined, { username: 'customer@tendwell.test' })).status).toBe(200);
    const spanish = (await mailTo('customer@tendwell.test')).at(-1)!;
    expect(spanish.subject).toBe('Restablezca su contraseña de Tendwell');
    expect(spanish.body).toMatch(/^Hola .+:\n\nRestablezca su contraseña abriendo este enlace/);
    expect((await call('POST', '/auth/lost-password', undefined, { username: 'vendor@tendwell.test' })).status).toBe(200);
    expect((await mailTo('vendor@tendwell.test')).at(-1)!.subject).toBe('Reset your Tendwell password');
  });
});

describe('organization approval', () => {
  const pendingId = demoId('account:pending-organization');
  const EMAIL = 'pending-organization@tendwell.test';

  it('a Spanish-preferring organization is told of the rejection, then the approval, in Spanish', async () => {
    await prefer(pendingId, 'es');
    const admin = tokens.super;
    expect((await call('PUT', `/admin/organizations/${pendingId}/reject`, admin, { note: 'Falta el seguro.' })).status).toBe(200);
    const [rejected] = await server.db.select().from(notifications).where(eq(notifications.accountId, pendingId));
    expect(rejected).toMatchObject({ title: 'Su organización no fue aprobada' });
    expect(rejected!.body).toBe('Fresh Cut Partners no fue aprobada. Falta el seguro. Responda este mensaje o abra un ticket para hablar con nosotros.');
    expect((await mailTo(EMAIL)).at(-1)!.subject).toBe('Tendwell: su organización no fue aprobada');

    expect((await call('PUT', `/admin/organizations/${pendingId}/approve`, admin, {})).status).toBe(200);
    const titles = (await server.db.select().from(notifications).where(eq(notifications.accountId, pendingId))).map((n) => n.title);
    expect(titles).toContain('Su organización está aprobada');
    expect(titles.some((t) => /organization/i.test(t))).toBe(false);
    const mail = (await mailTo(EMAIL)).at(-1)!;
    expect(mail).toMatchObject({ subject: 'Tendwell: su organización está aprobada' });
    expect(mail.body).toMatch(/^Fresh Cut Partners está aprobada: .+ Inicie sesión para comenzar\.$/);
  });
});

describe('a failed payment', () => {
  const newcustomer = demoId('account:newcustomer');

  it('a Spanish-preferring customer is told in Spanish, with the decline in Spanish', async () => {
    expect((await call('PUT', '/users/update', tokens.newcustomer, { language_preference: 'es' })).status).toBe(200);
    await prefer(DEMO_BOOKINGS.customer, 'en'); // Spanish since the ticket test; the other customers of the run speak English
    const save = (stripe_src: string) =>
      call('POST', `/customer/${newcustomer}/billing/update`, tokens.newcustomer, { stripe_src, customer_id: newcustomer, make_default: true });
    expect((await save('pm_card_visa')).status).toBe(200);
    const addressId = newId();
    await server.db.insert(addresses).values({ id: addressId, accountId: newcustomer, streetNumber: '9', street: 'Billing Road', city: 'Austin', state: 'TX', postalCode: '78704', homeSize: 'medium', createdAt: server.clock.now() });
    const start = `${new Date(server.clock.now().getTime() + 3 * DAY).toISOString().slice(0, 10)}T14:00:00.000Z`;
    const subscribed = await call(
      'POST',
      '/subscriptions/new',
      tokens.newcustomer,
      { service_id: demoId('service:mowing'), plan_id: 'mowing-medium-week', frequency: 'week', home_size: 'medium', address_id: addressId, start_time: start },
      { 'idempotency-key': 'recipient-language-1' },
    );
    expect(subscribed.status).toBe(201);
    expect((await save('pm_card_chargeDeclinedInsufficientFunds')).status).toBe(200);
    server.clock.advance(7 * DAY);
    await relogin();
    expect((await server.services.billingEngine.run()).failed).toBeGreaterThanOrEqual(1);

    const note = (await notesOf(tokens.newcustomer)).find((n) => n.link === `/subscriptions/${subscribed.body.subscription._id}`);
    expect(note).toMatchObject({ title: 'Pago fallido' });
    expect(note!.body).toMatch(/^No pudimos cobrar .+ a su tarjeta: Su tarjeta no tiene fondos suficientes\. Sus visitas quedan en pausa/);
    const mail = (await mailTo('newcustomer@tendwell.test')).find((m) => m.subject === 'Tendwell: su pago no se pudo realizar');
    expect(mail?.body).toBe(note!.body);
    // The English-speaking customers of the same run were not told in Spanish.
    const spanishElsewhere = await server.db.select().from(notifications).where(eq(notifications.title, 'Pago fallido'));
    expect([...new Set(spanishElsewhere.map((n) => n.accountId))]).toEqual([newcustomer]);
  });
});
