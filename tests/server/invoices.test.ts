/**
 * Manual invoices (issue 11) through the real server and database: every transition of the invoice chart is
 * reachable through the calls and leaves its audit row; every other (status, event) the caller may see is 409;
 * an organization writes only to customers it serves and sees only its own; a customer pays or declines only its
 * own; the card is charged through the payments port (the sandbox, the seeded Visa 4242) once per key.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, ledgerEntries, notifications, outbox } from '../../server/db/schema';
import { demoId } from '../../server/db/seed';
import { declaredTransitions } from '../../src/machines/lifecycles/lifecycle';
import { invoiceMachine } from '../../src/machines/lifecycles/invoice.machine';
import { approvePendingOrganization, bearer, login, startTestServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Headers = Record<string, string>;

let server: TestServer;
const as: Record<string, Headers> = {};
const CUSTOMER = demoId('account:customer');
const NEWCUSTOMER = demoId('account:newcustomer');
const ORGANIZATION = demoId('account:organization');

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers | undefined, payload?: object) => {
  // A second between calls, so the audit rows of one invoice are ordered by their time.
  server.clock.advance(1000);
  const res = await server.app.inject({ method, url: `/api${url}`, headers: headers ?? {}, ...(payload !== undefined ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as Json };
};

const day = (days: number) => new Date(server.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
const pruning = { description: 'Tree pruning', quantity: 1, unit_amount: 6000 };

/** A new invoice from `who` (organization@ by default) to customer@, sent or kept a draft. */
const invoice = async (send: boolean, who = as.organization!, customer = CUSTOMER): Promise<Json> => {
  const res = await call('POST', '/invoice/new', who, { customer_id: customer, lines: [pruning], tax_rate_bps: 825, due_date: day(14), send });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
let payments = 0;
const pay = (id: string, who = as.customer!) => call('PUT', `/customer/pay/invoice/${id}`, { ...who, 'idempotency-key': `test-pay-${++payments}` }, {});
const decline = (id: string, who = as.customer!) => call('PUT', `/customer/decline/invoice/${id}`, who, { reason: 'Not what we agreed' });
const update = (id: string, body: object, who = as.organization!) => call('PUT', `/update/invoice/${id}`, who, body);
const remove = (id: string, who = as.organization!) => call('PUT', `/invoice/delete/${id}`, who);
const send = (id: string, who = as.organization!) => update(id, { send: true }, who);

const trail = async (id: string) =>
  (await server.db.select().from(auditLog).where(and(eq(auditLog.recordId, id), eq(auditLog.recordType, 'invoice'))).orderBy(asc(auditLog.at))).map(
    (r) => `${r.event} ${r.fromState}→${r.toState}`,
  );

beforeAll(async () => {
  server = await startTestServer();
  // pending-organization@ is "another organization" here: approved, so its calls reach the ownership checks.
  await approvePendingOrganization(server.app);
  for (const [key, email] of Object.entries({
    organization: 'organization@tendwell.test',
    pending: 'pending-organization@tendwell.test',
    customer: 'customer@tendwell.test',
    newcustomer: 'newcustomer@tendwell.test',
    vendor: 'vendor@tendwell.test',
    super: 'super@tendwell.test',
  })) {
    as[key] = bearer(await login(server.app, email));
  }
});
afterAll(async () => server?.close());

describe('an invoice through its chart', () => {
  it('is written as a draft with lines in cents and tax, which only its issuer sees', async () => {
    const draft = await invoice(false);
    expect(draft).toMatchObject({
      invoice_id: expect.stringMatching(/^INV-\d{6}$/),
      kind: 'manual',
      status: 'draft',
      customer_id: CUSTOMER,
      organization_id: ORGANIZATION,
      lines: [{ description: 'Tree pruning', quantity: 1, unit_amount: 6000, amount: 6000 }],
      subtotal: 6000,
      tax_rate_bps: 825,
      tax: 495,
      total: 6495,
      amount_due: 6495,
      due_date: day(14),
    });
    expect((await call('GET', `/invoice/${draft._id}`, as.organization)).body.status).toBe('draft');
    expect((await call('GET', `/invoice/${draft._id}`, as.customer)).status).toBe(404);
    expect((await call('GET', '/invoices?kind=manual', as.customer)).body.items.map((i: Json) => i._id)).not.toContain(draft._id);
    expect((await call('GET', '/invoices', as.organization)).body.items.map((i: Json) => i._id)).toContain(draft._id);
  });

  it('is sent, paid with the saved Visa 4242 through the payments port, once per key; each step has its audit row', async () => {
    const sent = await invoice(true);
    expect(sent.status).toBe('open');
    expect((await call('GET', `/invoice/${sent._id}`, as.customer)).body).toMatchObject({ status: 'open', organization_data: { _id: ORGANIZATION } });
    const key = { ...as.customer!, 'idempotency-key': `pay-once-${sent._id}` };
    const paid = await call('PUT', `/customer/pay/invoice/${sent._id}`, key, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', amount_paid: 6495, amount_due: 0, paymentIntentId: expect.any(String), paid_at: expect.any(String) });
    // The same attempt again (a double click): the paid invoice, and still one charge.
    const again = await call('PUT', `/customer/pay/invoice/${sent._id}`, key, {});
    expect(again.status).toBe(200);
    const charged = await server.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, sent._id));
    expect(charged.map((e) => ({ kind: e.kind, amount: e.amount, account: e.accountId, card: e.cardLast4 }))).toEqual([
      { kind: 'charge', amount: 6495, account: CUSTOMER, card: '4242' },
    ]);
    expect(await trail(sent._id)).toEqual(['invoice.create new→draft', 'invoice.send draft→open', 'invoice.pay open→paid']);
    expect((await call('GET', `/invoice/${sent._id}`, as.organization)).body.status).toBe('paid');
  });

  it('every declared transition is reachable through the calls and leaves its audit row', async () => {
    const seen = new Set<string>();
    const note = async (id: string) => (await trail(id)).forEach((t) => seen.add(t));

    const a = await invoice(false);
    expect((await update(a._id, { lines: [pruning, { description: 'Haul away', quantity: 2, unit_amount: 1500 }] })).body).toMatchObject({
      status: 'draft',
      subtotal: 9000,
      tax: 743,
      total: 9743,
    });
    expect((await send(a._id)).body.status).toBe('open');
    expect((await update(a._id, { tax_rate_bps: 0 })).body).toMatchObject({ status: 'open', total: 9000 });
    expect((await decline(a._id)).body).toMatchObject({ status: 'declined', decline_reason: 'Not what we agreed' });
    expect((await update(a._id, { lines: [pruning] })).body).toMatchObject({ status: 'open', total: 6000, decline_reason: null });
    expect((await remove(a._id)).body.status).toBe('deleted');
    await note(a._id);

    const b = await invoice(false);
    expect((await remove(b._id)).body.status).toBe('deleted');
    await note(b._id);
    const c = await invoice(true);
    expect((await decline(c._id)).body.status).toBe('declined');
    expect((await remove(c._id)).body.status).toBe('deleted');
    await note(c._id);
    const d = await invoice(true);
    expect((await pay(d._id)).body.status).toBe('paid');
    await note(d._id);

    const declared = new Set<string>();
    for (const [status, node] of Object.entries(invoiceMachine.root.states)) {
      for (const t of declaredTransitions(node)) declared.add(`${t.eventType} ${status}→${t.target?.[0]?.key ?? status}`);
    }
    for (const t of declaredTransitions(invoiceMachine.root)) declared.add(`${t.eventType} new→${t.target?.[0]?.key}`);
    expect([...seen].sort()).toEqual([...declared].sort());
  });
});

describe('sending tells the customer', () => {
  const told = async (invoiceId: string) => ({
    notes: await server.db.select().from(notifications).where(and(eq(notifications.accountId, CUSTOMER), eq(notifications.link, `/customer/view-invoice/${invoiceId}`))),
    mails: (await server.db.select().from(outbox).where(eq(outbox.to, 'customer@tendwell.test'))).filter((m) => m.link?.endsWith(`/customer/view-invoice/${invoiceId}`)),
  });

  it('a draft tells nothing; sending it writes one notification and one e-mail to the customer, with number and total', async () => {
    const draft = await invoice(false);
    expect(await told(draft._id)).toEqual({ notes: [], mails: [] });
    expect((await send(draft._id)).status).toBe(200);
    const { notes, mails } = await told(draft._id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'invoice', title: `New invoice ${draft.invoice_id}`, hasRead: false });
    expect(notes[0]!.body).toContain('$64.95');
    expect(notes[0]!.body).toContain('Greenway Lawn Co.');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', subject: `Tendwell: new invoice ${draft.invoice_id}` });
    expect(mails[0]!.body).toContain('$64.95');
    // the customer finds it in its notifications
    const listed = (await call('GET', '/notification', as.customer)).body as Json[];
    expect(listed.some((n) => n.link === `/customer/view-invoice/${draft._id}`)).toBe(true);
  });

  it('created and sent at once tells once; sending again tells nothing more', async () => {
    const sent = await invoice(true);
    expect((await told(sent._id)).notes).toHaveLength(1);
    expect((await send(sent._id)).status).toBe(409);
    const { notes, mails } = await told(sent._id);
    expect([notes.length, mails.length]).toEqual([1, 1]);
  });

  it("in the customer's language: Spanish for a customer who prefers it", async () => {
    const [row] = await server.db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, CUSTOMER));
    await server.db.update(accounts).set({ settings: { ...row!.settings, language_preference: 'es' } }).where(eq(accounts.id, CUSTOMER));
    try {
      const sent = await invoice(true);
      const { notes, mails } = await told(sent._id);
      expect(notes[0]!.title).toBe(`Nueva factura ${sent.invoice_id}`);
      expect(mails[0]!.subject).toBe(`Tendwell: nueva factura ${sent.invoice_id}`);
      expect(mails[0]!.body).toMatch(/le envió una factura/);
    } finally {
      await server.db.update(accounts).set({ settings: row!.settings }).where(eq(accounts.id, CUSTOMER));
    }
  });
});

describe('an illegal change is 409 and changes nothing', () => {
  /** An invoice of customer@ by organization@ in `status`. */
  const inStatus = async (status: 'draft' | 'open' | 'declined' | 'paid' | 'deleted'): Promise<string> => {
    const made = await invoice(status !== 'draft');
    if (status === 'declined') await decline(made._id);
    if (status === 'paid') expect((await pay(made._id)).status).toBe(200);
    if (status === 'deleted') await remove(made._id);
    return made._id;
  };

  const issuerEvents = {
    update: (id: string) => update(id, { note: 'Changed' }),
    send: (id: string) => send(id),
    delete: (id: string) => remove(id),
  };
  const customerEvents = { pay: (id: string) => pay(id), decline: (id: string) => decline(id) };
  const ILLEGAL: readonly (readonly ['draft' | 'open' | 'declined' | 'paid' | 'deleted', string, (id: string) => Promise<{ status: number; body: Json }>])[] = [
    ['open', 'send', issuerEvents.send],
    ['declined', 'send', issuerEvents.send],
    ['declined', 'pay', customerEvents.pay],
    ['declined', 'decline', customerEvents.decline],
    ['paid', 'update', issuerEvents.update],
    ['paid', 'send', issuerEvents.send],
    ['paid', 'delete', issuerEvents.delete],
    ['paid', 'pay', customerEvents.pay],
    ['paid', 'decline', customerEvents.decline],
    ['deleted', 'update', issuerEvents.update],
    ['deleted', 'send', issuerEvents.send],
    ['deleted', 'delete', issuerEvents.delete],
    ['deleted', 'pay', customerEvents.pay],
    ['deleted', 'decline', customerEvents.decline],
  ];

  for (const [status, event, run] of ILLEGAL) {
    it(`${event} on a ${status} invoice`, async () => {
      const id = await inStatus(status);
      const before = { row: (await call('GET', `/invoice/${id}`, as.organization)).body, trail: await trail(id) };
      const res = await run(id);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: 'illegal_transition' });
      expect(res.body.message).toContain(`'invoice.${event}' is not allowed in status '${status}'`);
      expect({ row: (await call('GET', `/invoice/${id}`, as.organization)).body, trail: await trail(id) }).toEqual(before);
    });
  }

  it('a draft is not there for the customer: paying or declining it is 404, and nothing is charged', async () => {
    const id = await inStatus('draft');
    expect(await pay(id)).toMatchObject({ status: 404, body: { message: 'Invoice not found' } });
    expect(await decline(id)).toMatchObject({ status: 404, body: { message: 'Invoice not found' } });
    expect(await server.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, id))).toEqual([]);
  });
});

describe('role and ownership', () => {
  it('an organization writes only to customers it serves; super writes to any customer', async () => {
    const res = await call('POST', '/invoice/new', as.organization, { customer_id: NEWCUSTOMER, lines: [pruning], send: true });
    expect(res).toMatchObject({ status: 404, body: { message: 'Customer not found' } });
    const notCustomer = await call('POST', '/invoice/new', as.super, { customer_id: ORGANIZATION, lines: [pruning] });
    expect(notCustomer).toMatchObject({ status: 404, body: { message: 'Customer not found' } });
    const bySuper = await invoice(true, as.super, NEWCUSTOMER);
    expect(bySuper).toMatchObject({ status: 'open', customer_id: NEWCUSTOMER, organization_id: null });
    expect((await call('GET', `/invoice/${bySuper._id}`, as.organization)).status).toBe(404);
  });

  it('another organization neither sees nor changes the invoice', async () => {
    const id = (await invoice(true))._id as string;
    expect((await call('GET', `/invoice/${id}`, as.pending)).status).toBe(404);
    expect((await update(id, { note: 'mine now' }, as.pending)).status).toBe(404);
    expect((await remove(id, as.pending)).status).toBe(404);
    expect((await call('GET', '/invoices', as.pending)).body.items.map((i: Json) => i._id)).not.toContain(id);
  });

  it('another customer neither sees, pays nor declines it; the customer only pays or declines', async () => {
    const id = (await invoice(true))._id as string;
    expect((await call('GET', `/invoice/${id}`, as.newcustomer)).status).toBe(404);
    expect((await pay(id, as.newcustomer)).status).toBe(404);
    expect((await decline(id, as.newcustomer)).status).toBe(404);
    expect((await update(id, { note: 'x' }, as.customer)).status).toBe(403);
    expect((await remove(id, as.customer)).status).toBe(403);
    expect((await call('POST', '/invoice/new', as.customer, { customer_id: CUSTOMER, lines: [pruning] })).status).toBe(403);
    expect((await pay(id, as.organization)).status).toBe(403);
    expect((await decline(id, as.vendor)).status).toBe(403);
    expect((await call('GET', `/invoice/${id}`, as.vendor)).status).toBe(403);
    expect((await call('GET', `/invoice/${id}`, as.customer)).body.status).toBe('open');
  });
});

describe('bad input is 400 with the message', () => {
  const create = (body: object) => call('POST', '/invoice/new', as.organization, { customer_id: CUSTOMER, ...body });
  it('blank lines, a zero total, a past due date, a missing card', async () => {
    expect(await create({ lines: [{ description: '   ', quantity: 1, unit_amount: 100 }] })).toMatchObject({ status: 400, body: { message: 'All fields are required' } });
    expect(await create({ lines: [{ description: 'Free visit', quantity: 1, unit_amount: 0 }] })).toMatchObject({ status: 400, body: { message: 'Invalid amount' } });
    expect(await create({ lines: [pruning], due_date: day(-1) })).toMatchObject({ status: 400, body: { message: 'Invalid due date' } });
    expect((await create({ lines: [pruning], tax_rate_bps: 10_001 })).status).toBe(400);
    const id = (await invoice(true))._id as string;
    expect(await update(id, { lines: [{ description: 'Nothing', quantity: 1, unit_amount: 0 }] })).toMatchObject({ status: 400, body: { message: 'Invalid amount' } });
    // newcustomer@ has no card: 'Customer does not have a card attached.' and nothing changes.
    const unpaid = (await invoice(true, as.super, NEWCUSTOMER))._id as string;
    expect(await pay(unpaid, as.newcustomer)).toMatchObject({ status: 400, body: { message: 'Customer does not have a card attached.' } });
    expect((await call('GET', `/invoice/${unpaid}`, as.newcustomer)).body.status).toBe('open');
  });
});

describe('a card that asks for authentication (3-D Secure)', () => {
  it('answers the client secret first; the same attempt after the browser confirmed pays once', async () => {
    const saved = await call('POST', `/customer/${NEWCUSTOMER}/billing/update`, as.newcustomer, { stripe_src: 'pm_card_authenticationRequired', customer_id: NEWCUSTOMER, make_default: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const sent = await invoice(true, as.super!, NEWCUSTOMER);
    const charges = async () => (await server.db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, `invoice:${sent._id}:pay-3ds-${sent._id}`))).length;
    const key = { ...as.newcustomer!, 'idempotency-key': `pay-3ds-${sent._id}` };
    const first = await call('PUT', `/customer/pay/invoice/${sent._id}`, key, {});
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ code: 'payment_requires_action', message: 'Your bank asks you to confirm this payment.', client_secret: expect.stringContaining('_secret_') });
    expect((await call('GET', `/invoice/${sent._id}`, as.newcustomer)).body.status).toBe('open');
    expect(await charges()).toBe(0);
    // The browser confirms with the client secret (the sandbox needs no browser step), then sends the attempt again.
    const second = await call('PUT', `/customer/pay/invoice/${sent._id}`, key, {});
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ status: 'paid', amount_due: 0 });
    expect(await charges()).toBe(1);
    expect(await trail(sent._id)).toContain('invoice.pay open→paid');
  });
});
