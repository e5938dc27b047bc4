/**
 * Manual invoices (issue 11, bookings §2, §3, §4, §7): an organization writes an invoice to a customer it serves,
 * super (or admin) to any customer; the customer pays it by card (the payments port) or declines it. Every status
 * change is an event of the invoice chart (src/machines/lifecycles/invoice.machine.ts) written with its audit row
 * by the transition service; the amounts come from `invoiceTotals` (src/core/rules/invoices.ts), the same function
 * the create screen shows.
 *
 * Who sees what: super and admin every invoice; an organization the invoices it issued; a customer its own,
 * except drafts (a draft is not sent yet). A record the caller cannot see is 404 'Invoice not found'.
 * "A customer it serves": a customer with a subscription or an appointment of the organization.
 *
 * Sending (`send` on create or update, or a declined invoice re-issued with changes) tells the customer once the
 * change is committed: a notification (link /customer/view-invoice/{id}) and an e-mail, in the customer's
 * language (server/services/recipient-texts.ts), through the notification service and the outbox.
 *
 * Paying: the chart is asked first (so a paid, declined or deleted invoice is 409 before any money moves), then
 * the card is charged under the key `invoice:<id>:<Idempotency-Key>`, then the pay event is written. If the event
 * is refused after the charge (a second tab paid first), the charge is refunded.
 */
import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import { INVOICE_MESSAGES, invoiceTotals, isValidDueDate } from '../../src/core/rules/invoices';
import { MESSAGES } from '../../src/core/rules/messages';
import { decide } from '../../src/machines/lifecycles/lifecycle';
import { invoiceMachine } from '../../src/machines/lifecycles/invoice.machine';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { type PaymentProviderName, accounts, appointments, checkoutAttempts, invoices, ledgerEntries, paymentMethods, subscriptions } from '../db/schema';
import { HttpError, badRequest, notFound } from '../errors';
import { peopleById } from './appointments';
import type { ChargeService } from './charges';
import type { NotificationService } from './notifications';
import type { OutboxService } from './outbox';
import { recipientMoney, recipientOf } from './recipient-texts';
import type { InvoiceChanges, InvoiceRow } from './records/invoice';
import { type TransitionService, refusalError } from './transitions';

type Schemas = components['schemas'];
type InvoiceWire = Schemas['Invoice'];
type CreateBody = Schemas['CreateInvoiceRequest'];
type UpdateBody = Schemas['UpdateInvoiceRequest'];
type ListQuery = NonNullable<operations['listInvoices']['parameters']['query']>;

export const manualInvoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

export interface ManualInvoiceService {
  /** The invoice if the caller may see it; undefined otherwise. */
  find(auth: AuthContext, id: string): Promise<InvoiceWire | undefined>;
  /** The newest `limit` invoices the caller sees that match the query, and how many there are. */
  list(auth: AuthContext, query: ListQuery, limit: number, offset: number): Promise<{ items: InvoiceWire[]; total: number }>;
  create(auth: AuthContext, body: CreateBody, requestId: string | null): Promise<InvoiceWire>;
  update(auth: AuthContext, id: string, body: UpdateBody, requestId: string | null): Promise<InvoiceWire>;
  remove(auth: AuthContext, id: string, requestId: string | null): Promise<InvoiceWire>;
  pay(auth: AuthContext, id: string, body: Schemas['PayInvoiceRequest'], key: string, requestId: string | null): Promise<InvoiceWire>;
  decline(auth: AuthContext, id: string, body: Schemas['DeclineInvoiceRequest'], requestId: string | null): Promise<InvoiceWire>;
}

interface Deps {
  readonly db: Db;
  readonly clock: Clock;
  readonly transitions: TransitionService;
  readonly charges: ChargeService;
  /** The payment provider's name (the cards on file are the ones saved with it). */
  readonly providerName: PaymentProviderName;
  /** Telling the customer of a sent invoice. */
  readonly notifications: Pick<NotificationService, 'notify'>;
  readonly outbox: Pick<OutboxService, 'send'>;
  /** Where the e-mail's link points (config.publicUrl). */
  readonly publicUrl: string;
}

/** The invoices the caller may see (see the file comment). */
export const manualInvoicesVisibleTo = (auth: Pick<AuthContext, 'role' | 'accountId'>): SQL | undefined => {
  if (auth.role === 'super' || auth.role === 'admin') return undefined;
  if (!auth.accountId) return sql`false`;
  if (auth.role === 'organization') return eq(invoices.organizationAccountId, auth.accountId);
  if (auth.role === 'customer') return and(eq(invoices.customerAccountId, auth.accountId), ne(invoices.status, 'draft'));
  return sql`false`;
};

export const createManualInvoiceService = ({ db, clock, transitions, charges, providerName, notifications, outbox, publicUrl }: Deps): ManualInvoiceService => {
  const wires = async (rows: readonly InvoiceRow[]): Promise<InvoiceWire[]> => {
    const people = await peopleById(db, rows.flatMap((r) => [r.customerAccountId, r.organizationAccountId]));
    return rows.map((r) => {
      const paid = r.status === 'paid';
      const customer = people.get(r.customerAccountId);
      const organization = r.organizationAccountId ? people.get(r.organizationAccountId) : undefined;
      return {
        _id: r.id,
        invoice_id: manualInvoiceNumber(r.number),
        kind: 'manual',
        status: r.status,
        customer_id: r.customerAccountId,
        ...(customer ? { customer_data: customer } : {}),
        organization_id: r.organizationAccountId,
        ...(organization ? { organization_data: organization } : {}),
        subscription_id: null,
        lines: r.lines,
        subtotal: r.subtotal,
        discount: 0,
        tax: r.tax,
        tax_rate_bps: r.taxRateBps,
        total: r.total,
        amount_paid: paid ? r.total : 0,
        amount_due: paid || r.status === 'deleted' ? 0 : r.total,
        currency: 'usd',
        note: r.note,
        decline_reason: r.declineReason,
        due_date: r.dueDate,
        period_start: null,
        period_end: null,
        paymentIntentId: r.paymentIntentId,
        paid_at: r.paidAt?.toISOString() ?? null,
        created: r.createdAt.toISOString(),
      };
    });
  };
  const wire = async (row: InvoiceRow) => (await wires([row]))[0]!;

  const today = () => clock.now().toISOString().slice(0, 10);

  /** Lines, tax and due date checked (bookings §8 messages), and the amounts they make. */
  const amounts = (lines: CreateBody['lines'], taxRateBps: number) => {
    if (lines.some((l) => l.description.trim() === '')) throw badRequest(INVOICE_MESSAGES.fields, 'missing_fields');
    const totals = invoiceTotals(
      lines.map((l) => ({ ...l, description: l.description.trim() })),
      taxRateBps,
    );
    if (totals.total <= 0 || !Number.isSafeInteger(totals.total)) throw badRequest(INVOICE_MESSAGES.amount);
    return { lines: [...totals.lines], taxRateBps, subtotal: totals.subtotal, tax: totals.tax, total: totals.total };
  };
  const dueDate = (day: string | undefined): string | undefined => {
    if (day !== undefined && !isValidDueDate(day, today())) throw badRequest(INVOICE_MESSAGES.dueDate);
    return day;
  };

  /** A customer account the caller may invoice: any for staff; for an organization, one it serves. */
  const invoiceable = async (auth: AuthContext, customerId: string): Promise<void> => {
    const [customer] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, customerId), eq(accounts.type, 'customer')));
    if (!customer) throw notFound(INVOICE_MESSAGES.customer);
    if (auth.role !== 'organization') return;
    const org = auth.accountId ?? '';
    const [served] = await db
      .select({ n: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.customerAccountId, customerId), eq(subscriptions.organizationAccountId, org)));
    if ((served?.n ?? 0) > 0) return;
    const [visited] = await db
      .select({ n: count() })
      .from(appointments)
      .where(and(eq(appointments.customerAccountId, customerId), eq(appointments.organizationAccountId, org)));
    if ((visited?.n ?? 0) === 0) throw notFound(INVOICE_MESSAGES.customer);
  };

  /** The issuing organization: the caller's own for an organization; for staff, the one named (an organization account) or none. */
  const issuerOf = async (auth: AuthContext, named: string | undefined): Promise<string | null> => {
    if (auth.role === 'organization') return auth.accountId;
    if (named === undefined) return null;
    const [org] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, named), eq(accounts.type, 'organization')));
    if (!org) throw badRequest('Invalid organization');
    return org.id;
  };

  const visibleRow = async (auth: AuthContext, id: string, tx: Db = db): Promise<InvoiceRow> => {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), manualInvoicesVisibleTo(auth)));
    if (!row) throw notFound(INVOICE_MESSAGES.notFound);
    return row;
  };

  const target = (auth: AuthContext, id: string) => ({ id, visible: manualInvoicesVisibleTo(auth) });

  /** Tells the customer of an invoice now open to it: a notification and an e-mail in its language. */
  const tellSent = async (row: InvoiceRow): Promise<void> => {
    const customer = await recipientOf(db, row.customerAccountId);
    if (!customer) return;
    const texts = customer.texts.invoice;
    const people = await peopleById(db, row.organizationAccountId ? [row.organizationAccountId] : []);
    const issuer = row.organizationAccountId ? people.get(row.organizationAccountId) : undefined;
    const from = (issuer ? [issuer.first_name, issuer.last_name].filter(Boolean).join(' ') : '') || 'Tendwell';
    const number = manualInvoiceNumber(row.number);
    const body = texts.body(from, recipientMoney(customer.texts, row.total), row.dueDate);
    const link = `/customer/view-invoice/${row.id}`;
    await notifications.notify({ accountId: row.customerAccountId, type: 'invoice', title: texts.title(number), body, link });
    await outbox.send({ channel: 'email', to: customer.email, subject: texts.subject(number), body, link: `${publicUrl}${link}` });
  };

  return {
    async find(auth, id) {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), manualInvoicesVisibleTo(auth)));
      return row ? wire(row) : undefined;
    },

    async list(auth, query, limit, offset) {
      const status: SQL | undefined = query.status ? eq(invoices.status, query.status) : ne(invoices.status, 'deleted');
      const where = and(
        manualInvoicesVisibleTo(auth),
        status,
        query.customer_id ? eq(invoices.customerAccountId, query.customer_id) : undefined,
        query.organization_id ? eq(invoices.organizationAccountId, query.organization_id) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(invoices).where(where);
      const rows = await db.select().from(invoices).where(where).orderBy(desc(invoices.createdAt), desc(invoices.number)).limit(limit).offset(offset);
      return { items: await wires(rows), total: total?.n ?? 0 };
    },

    async create(auth, body, requestId) {
      const a = amounts(body.lines, body.tax_rate_bps ?? 0);
      const due = dueDate(body.due_date);
      await invoiceable(auth, body.customer_id);
      const organizationId = await issuerOf(auth, body.organization_id);
      const row = await db.transaction(async (tx) => {
        const { row: created } = await transitions.create('invoice', {
          auth,
          requestId,
          event: { type: 'invoice.create', amountCents: a.total },
          values: {
            id: newId(),
            customerAccountId: body.customer_id,
            organizationAccountId: organizationId,
            ...a,
            dueDate: due ?? null,
            note: body.note?.trim() || null,
            createdByUserId: auth.userId,
          },
          tx,
        });
        if (!body.send) return created;
        const { row: sent } = await transitions.change('invoice', {
          auth,
          requestId,
          target: { id: created.id, visible: undefined },
          event: { type: 'invoice.send' },
          changes: { sentAt: clock.now() },
          tx,
        });
        return sent;
      });
      if (row.status === 'open') await tellSent(row);
      return wire(row);
    },

    async update(auth, id, body, requestId) {
      const changing = body.lines !== undefined || body.tax_rate_bps !== undefined || body.due_date !== undefined || body.note !== undefined;
      let opened = false;
      const row = await db.transaction(async (tx) => {
        const before = await visibleRow(auth, id, tx);
        let after = before;
        if (changing) {
          const a = amounts(body.lines ?? before.lines, body.tax_rate_bps ?? before.taxRateBps);
          const changes: InvoiceChanges = {
            ...a,
            ...(body.due_date !== undefined ? { dueDate: dueDate(body.due_date)! } : {}),
            ...(body.note !== undefined ? { note: body.note.trim() || null } : {}),
            ...(before.status === 'declined' ? { declineReason: null, sentAt: clock.now() } : {}),
          };
          ({ row: after } = await transitions.change('invoice', {
            auth,
            requestId,
            target: target(auth, id),
            event: { type: 'invoice.update', amountCents: a.total },
            changes,
            tx,
          }));
        }
        // Sending: a draft is sent; `send` on an invoice already open after the update (a re-issued one) adds nothing.
        if (body.send && (after.status === 'draft' || !changing)) {
          ({ row: after } = await transitions.change('invoice', {
            auth,
            requestId,
            target: target(auth, id),
            event: { type: 'invoice.send' },
            changes: { sentAt: clock.now() },
            tx,
          }));
        }
        opened = before.status !== 'open' && after.status === 'open';
        return after;
      });
      if (opened) await tellSent(row);
      return wire(row);
    },

    async remove(auth, id, requestId) {
      const { row } = await transitions.change('invoice', { auth, requestId, target: target(auth, id), event: { type: 'invoice.delete' } });
      return wire(row);
    },

    async decline(auth, id, body, requestId) {
      const { row } = await transitions.change('invoice', {
        auth,
        requestId,
        target: target(auth, id),
        event: { type: 'invoice.decline' },
        changes: { declineReason: body.reason?.trim() || null },
      });
      return wire(row);
    },

    async pay(auth, id, body, key, requestId) {
      if (!key) throw badRequest('An idempotency key is required.');
      const chargeKey = `invoice:${id}:${key}`;
      const row = await visibleRow(auth, id);
      // A retry of a payment that went through answers the paid invoice.
      const [earlier] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, chargeKey));
      if (earlier && row.ledgerEntryId === earlier.id) return wire(row);

      const [cards] = await db
        .select({ n: count() })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.accountId, row.customerAccountId), eq(paymentMethods.provider, providerName)));
      const hasCard = (cards?.n ?? 0) > 0;
      // The chart first: nothing is charged for an invoice it would not let be paid.
      const asked = decide(invoiceMachine, row.status, { amountCents: row.total }, {
        type: 'invoice.pay',
        hasCard,
        actor: { role: auth.role },
        now: clock.now().toISOString(),
      });
      if (!asked.ok) throw refusalError(asked);

      const number = manualInvoiceNumber(row.number);
      const description = `Invoice ${number}`;
      // The attempt asked for authentication before: the browser has confirmed it, so the same payment is confirmed
      // (a new charge would ask again, for ever). The amount must be the one the bank was asked about.
      const [attempt] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, chargeKey));
      if (attempt && (attempt.accountId !== row.customerAccountId || attempt.amount !== row.total)) {
        throw new HttpError(409, 'This idempotency key was used for a different payment.', 'idempotency_key_in_use');
      }
      const paid = attempt
        ? await charges.confirm({ customerId: row.customerAccountId, paymentIntentId: attempt.paymentIntentId, idempotencyKey: chargeKey, description, reference: row.id })
        : await charges.charge({
            customerId: row.customerAccountId,
            amountCents: row.total,
            description,
            idempotencyKey: chargeKey,
            ...(body.stripe_src_id ? { paymentMethodId: body.stripe_src_id } : {}),
            reference: row.id,
          });
      if (paid.outcome === 'declined') throw new HttpError(400, paid.message, 'card_declined', {}, { decline_code: paid.declineCode });
      if (paid.outcome === 'requires_action') {
        await db
          .insert(checkoutAttempts)
          .values({ idempotencyKey: chargeKey, accountId: row.customerAccountId, paymentIntentId: paid.paymentIntentId, amount: row.total, createdAt: clock.now() })
          .onConflictDoNothing();
        throw new HttpError(400, MESSAGES.payment_requires_action, 'payment_requires_action', {}, { payment_intent_id: paid.paymentIntentId, client_secret: paid.clientSecret });
      }
      const entry = paid.entry;
      try {
        const { row: after } = await transitions.change('invoice', {
          auth,
          requestId,
          target: target(auth, id),
          event: { type: 'invoice.pay', hasCard: true },
          changes: { ledgerEntryId: entry.id, paymentIntentId: entry.providerPaymentIntentId, paidAt: clock.now() },
        });
        return await wire(after);
      } catch (error) {
        const [now] = await db.select().from(invoices).where(eq(invoices.id, id));
        if (now?.ledgerEntryId === entry.id) return wire(now);
        // Paid some other way meanwhile (another tab, another key): this charge is given back.
        await charges.refund({ chargeEntryId: entry.id, idempotencyKey: `refund:${chargeKey}`, description: `Refund: ${number} was not payable` });
        throw error;
      }
    },
  };
};
