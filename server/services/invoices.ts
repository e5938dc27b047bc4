/**
 * Billing invoices (issue 8 billing screens): every billed cycle of a subscription (`billing_cycles`, the checkout
 * charge being cycle 0) read as an Invoice of kind `billing` — paid, or declined with the decline — and the
 * upcoming one (status `draft`: the next cycle as the engine would charge it now, with plan, add-ons, coupon, tax
 * and credit) — and the manual invoices that organizations and staff write (server/services/manual-invoices.ts).
 *
 * Ownership: a customer reads its own; super and admin any; an organization the manual invoices it issued;
 * anyone else gets 404 'Invoice not found'.
 */
import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import { formatCents } from '../../src/core/rules/money';
import { billingDueAt } from '../../src/core/rules/recurrence';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/client';
import { billingCycles, ledgerEntries, subscriptions } from '../db/schema';
import { notFound } from '../errors';
import { peopleById } from './appointments';
import type { BillingEngine, CycleAmounts } from './billing-engine';
import type { ManualInvoiceService } from './manual-invoices';
import type { SubscriptionRow } from './transitions';

type Schemas = components['schemas'];
export type InvoiceWire = Schemas['Invoice'];
type ListQuery = NonNullable<operations['listInvoices']['parameters']['query']>;
type Cycle = typeof billingCycles.$inferSelect;

export const INVOICE_NOT_FOUND = 'Invoice not found';

const invoiceNumber = (n: number) => `TW-${String(n).padStart(6, '0')}`;
/** A stable 24-hex id for the upcoming invoice of a subscription (it has no row yet). */
const upcomingId = (subscriptionId: string) => createHash('sha256').update(`upcoming:${subscriptionId}`).digest('hex').slice(0, 24);

/** The invoice's lines: the visit (what the subtotal holds besides the add-ons) and each add-on. */
const linesOf = (sub: SubscriptionRow, subtotal: number, extra: readonly { description: string; amount: number }[] = []): Schemas['InvoiceLine'][] => {
  const plan = sub.serviceData.prices?.find((p) => p.plan_id === sub.planId);
  const price = subtotal - sub.addOns.reduce((sum, a) => sum + a.value, 0) - extra.reduce((sum, l) => sum + l.amount, 0);
  return [
    { description: `${sub.serviceData.name}${plan ? ` — ${plan.label}` : ''}`, quantity: 1, unit_amount: price, amount: price },
    ...sub.addOns.map((a) => ({ description: a.name, quantity: 1, unit_amount: a.value, amount: a.value })),
    ...extra.map((l) => ({ description: l.description, quantity: 1, unit_amount: l.amount, amount: l.amount })),
  ];
};

const creditNote = (credit: number): string | null =>
  credit > 0 ? `Credit applied: ${formatCents(credit)}` : credit < 0 ? `Balance added: ${formatCents(-credit)}` : null;

export interface InvoiceService {
  /** Writing, sending, paying and declining manual invoices. */
  readonly manual: ManualInvoiceService;
  get(auth: AuthContext, id: string): Promise<InvoiceWire>;
  list(auth: AuthContext, query: ListQuery): Promise<Schemas['InvoicePage']>;
  ofSubscription(auth: AuthContext, customerId: string, subscriptionId: string): Promise<Schemas['SubscriptionInvoices']>;
}

export const createInvoiceService = ({ db, engine, manual }: { db: Db; engine: Pick<BillingEngine, 'quoteCycle'>; manual: ManualInvoiceService }): InvoiceService => {
  /** Only the caller's own subscriptions, unless staff. */
  const scope = (auth: AuthContext): SQL | undefined =>
    auth.role === 'super' || auth.role === 'admin' ? undefined : auth.role === 'customer' && auth.accountId ? eq(subscriptions.customerAccountId, auth.accountId) : eq(subscriptions.id, '');

  const wires = async (rows: readonly { cycle: Cycle; sub: SubscriptionRow }[]): Promise<InvoiceWire[]> => {
    const entryIds = rows.flatMap((r) => (r.cycle.ledgerEntryId ? [r.cycle.ledgerEntryId] : []));
    const entries = entryIds.length ? await db.select().from(ledgerEntries).where(inArray(ledgerEntries.id, entryIds)) : [];
    const people = await peopleById(db, rows.map((r) => r.sub.customerAccountId));
    return rows.map(({ cycle: c, sub }) => {
      const paid = c.outcome === 'paid';
      const total = (c.subtotal ?? 0) - (c.discount ?? 0) + (c.tax ?? 0);
      const entry = entries.find((e) => e.id === c.ledgerEntryId);
      return {
        _id: c.id!,
        invoice_id: invoiceNumber(c.number),
        kind: 'billing',
        status: paid ? 'paid' : c.outcome === 'failed' ? 'declined' : 'open',
        customer_id: sub.customerAccountId,
        ...(people.get(sub.customerAccountId) ? { customer_data: people.get(sub.customerAccountId)! } : {}),
        organization_id: sub.organizationAccountId,
        subscription_id: sub.id,
        lines: linesOf(sub, c.subtotal ?? 0),
        subtotal: c.subtotal ?? 0,
        discount: c.discount ?? 0,
        tax: c.tax ?? 0,
        total,
        amount_paid: paid ? (c.total ?? 0) : 0,
        amount_due: paid ? 0 : (c.total ?? 0),
        currency: 'usd',
        note: creditNote(c.credit ?? 0),
        decline_reason: c.declineMessage,
        due_date: c.dueAt.toISOString().slice(0, 10),
        period_start: c.dueAt.toISOString(),
        period_end: new Date(billingDueAt(c.dueAt.getTime(), sub.frequency, 1)).toISOString(),
        paymentIntentId: entry?.providerPaymentIntentId ?? null,
        paid_at: paid ? (c.finishedAt?.toISOString() ?? null) : null,
        created: c.claimedAt.toISOString(),
      };
    });
  };

  const upcoming = async (sub: SubscriptionRow): Promise<InvoiceWire | null> => {
    if (!sub.nextBillingAt || (sub.status !== 'active' && sub.status !== 'suspended')) return null;
    const a: CycleAmounts = await engine.quoteCycle(sub, sub.nextBillingAt);
    return {
      _id: upcomingId(sub.id),
      invoice_id: 'UPCOMING',
      kind: 'billing',
      status: 'draft',
      customer_id: sub.customerAccountId,
      organization_id: sub.organizationAccountId,
      subscription_id: sub.id,
      lines: linesOf(sub, a.subtotal, a.addOnLines),
      subtotal: a.subtotal,
      discount: a.discount,
      tax: a.tax,
      total: a.total,
      amount_paid: 0,
      amount_due: a.due,
      currency: 'usd',
      note: creditNote(a.credit),
      decline_reason: null,
      due_date: sub.nextBillingAt.toISOString().slice(0, 10),
      period_start: sub.nextBillingAt.toISOString(),
      period_end: new Date(billingDueAt(sub.nextBillingAt.getTime(), sub.frequency, 1)).toISOString(),
      paymentIntentId: null,
      paid_at: null,
      created: sub.nextBillingAt.toISOString(),
    };
  };

  const billed = and(isNotNull(billingCycles.outcome), ne(billingCycles.outcome, 'skipped'), isNotNull(billingCycles.id));

  const billingList = async (auth: AuthContext, query: ListQuery, limit: number, offset: number): Promise<Schemas['InvoicePage']> => {
    if (query.status && query.status !== 'paid' && query.status !== 'declined') return { items: [], total: 0 };
    const where = and(
      billed,
      scope(auth),
      query.customer_id ? eq(subscriptions.customerAccountId, query.customer_id) : undefined,
      query.organization_id ? eq(subscriptions.organizationAccountId, query.organization_id) : undefined,
      query.status ? eq(billingCycles.outcome, query.status === 'paid' ? 'paid' : 'failed') : undefined,
    );
    const [total] = await db.select({ n: count() }).from(billingCycles).innerJoin(subscriptions, eq(subscriptions.id, billingCycles.subscriptionId)).where(where);
    const rows = await db
      .select({ cycle: billingCycles, sub: subscriptions })
      .from(billingCycles)
      .innerJoin(subscriptions, eq(subscriptions.id, billingCycles.subscriptionId))
      .where(where)
      .orderBy(desc(billingCycles.dueAt), desc(billingCycles.number))
      .limit(limit)
      .offset(offset);
    return { items: await wires(rows), total: total?.n ?? 0 };
  };


  return {
    manual,

    async get(auth, id) {
      const written = await manual.find(auth, id);
      if (written) return written;
      if (auth.role === 'organization') throw notFound(INVOICE_NOT_FOUND);
      const [row] = await db
        .select({ cycle: billingCycles, sub: subscriptions })
        .from(billingCycles)
        .innerJoin(subscriptions, eq(subscriptions.id, billingCycles.subscriptionId))
        .where(and(eq(billingCycles.id, id), billed, scope(auth)));
      if (!row) throw notFound(INVOICE_NOT_FOUND);
      return (await wires([row]))[0]!;
    },

    async list(auth, query) {
      const size = query.pageSize ?? 10;
      const page = query.page ?? 1;
      // Manual invoices only: an organization's (it has no billing invoices), or when asked for.
      if (query.kind === 'manual' || auth.role === 'organization') return manual.list(auth, query, size, (page - 1) * size);
      const billing = await billingList(auth, query, query.kind === 'billing' ? size : page * size, query.kind === 'billing' ? (page - 1) * size : 0);
      if (query.kind === 'billing') return billing;
      // Both kinds, newest first: the first page × size of each, merged, then the page cut out.
      const written = await manual.list(auth, query, page * size, 0);
      const when = (i: InvoiceWire) => i.created ?? '';
      const items = [...billing.items, ...written.items].sort((a, b) => (when(a) < when(b) ? 1 : when(a) > when(b) ? -1 : 0)).slice((page - 1) * size, page * size);
      return { items, total: billing.total + written.total };
    },

    async ofSubscription(auth, customerId, subscriptionId) {
      if (auth.role === 'customer' && auth.accountId !== customerId) throw notFound('Subscription not found');
      const [sub] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerAccountId, customerId), scope(auth)));
      if (!sub) throw notFound('Subscription not found');
      const cycles = await db
        .select()
        .from(billingCycles)
        .where(and(eq(billingCycles.subscriptionId, sub.id), billed))
        .orderBy(desc(billingCycles.dueAt), desc(billingCycles.number));
      return { upcoming: await upcoming(sub), items: await wires(cycles.map((cycle) => ({ cycle, sub }))) };
    },
  };
};
