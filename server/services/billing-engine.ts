/**
 * The billing engine (issue 8 "Subscriptions and billing"): charges every active or suspended subscription once
 * per cycle (a week, two weeks or a calendar month from its first charge at checkout), and keeps the visits of
 * every active subscription scheduled at least 8 weeks ahead (server/services/visit-schedule.ts). It follows `services.clock`, so in development and
 * tests moving the clock (POST /api/dev/clock, the manual clock) bills the cycles that came due.
 *
 * Exactly once per cycle, with any number of server processes on one database: a cycle is CLAIMED in a short
 * transaction that locks the subscription row (SELECT … FOR UPDATE), re-reads its `next_billing_at`, inserts the
 * claim into `billing_cycles` (primary key subscription × cycle) and moves `next_billing_at` to the next cycle —
 * a second process waits for the lock, then sees the cycle is no longer due. The charge itself happens after the
 * claim, with the ledger idempotency key `billing:<subscription>:<cycle>` (the provider gets the same key), so
 * finishing a claim left unfinished by a crashed process charges at most once too.
 *
 * One cycle's charge: the per-visit price and add-ons, less the coupon's discount while its duration lasts (once:
 * only the checkout charge; repeating: charges before the first charge + N months; forever), plus the tax of the
 * address's postal code, less the customer's credit balance (or plus what it owes). A paused subscription's
 * cycles are skipped; a canceled one is not billed again.
 *
 *  - paid → `subscription.billed` (system): a suspended subscription is restored, and its future visits with it.
 *    A restore the chart refuses is reported to the customer as 'There was an error restoring the subscription'
 *    (in Spanish to a Spanish-preferring customer, server/services/recipient-texts.ts).
 *  - declined (or no card, or the card wants authentication off-session) → `subscription.billingFailed`: an
 *    active subscription is suspended with its future visits; the customer gets an in-app notification and an
 *    e-mail in the outbox with the decline in plain words, in the customer's language.
 */
import { and, asc, eq, gte, inArray, isNull, lt, lte, max } from 'drizzle-orm';
import { MESSAGES } from '../../src/core/rules/messages';
import { couponDiscounts, quote } from '../../src/core/rules/pricing';
import { billingDueAt } from '../../src/core/rules/recurrence';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { appointments, billingCycles, coupons, ledgerEntries, pricePlans, subscriptions, taxRates } from '../db/schema';
import { HttpError } from '../errors';
import { cycleAddOns, markAddOnsCharged } from './addons';
import { couponTerms } from './catalogue';
import type { ChargeService } from './charges';
import { creditBalanceOf } from './credits';
import type { NotificationService } from './notifications';
import type { OutboxService } from './outbox';
import { type PaymentFailure, RECIPIENT_TEXTS, recipientOf } from './recipient-texts';
import type { Actor, SubscriptionRow, TransitionService } from './transitions';
import type { VisitSchedule } from './visit-schedule';

/** A claim not finished after this long was left by a process that stopped: the next run finishes it. */
const STALE_CLAIM_MS = 10 * 60_000;

export const SYSTEM_ACTOR: Actor = { userId: null, accountId: null, role: 'system' };

export interface BillingRunReport {
  readonly charged: number;
  readonly failed: number;
  readonly skipped: number;
  /** Visits added to keep the schedule 8 weeks ahead. */
  readonly scheduled: number;
}

/** What one cycle of a subscription costs (cents): the invoice's figures. */
export interface CycleAmounts {
  readonly subtotal: number;
  readonly discount: number;
  readonly tax: number;
  /** subtotal − discount + tax. */
  readonly total: number;
  /** The credit balance used (positive) or the balance owed added (negative). */
  readonly credit: number;
  /** What the card is charged: total − credit. */
  readonly due: number;
  /** Approved add-ons of the subscription and of its visits in the period (server/services/addons.ts `cycleAddOns`), in the subtotal. */
  readonly addOnLines: readonly { readonly description: string; readonly amount: number }[];
  /** The visit add-ons among them, written as charged when the cycle is paid. */
  readonly appointmentAddOnIds: readonly string[];
}

export interface BillingEngine {
  /** Bill every cycle that is due and extend the schedules; safe to run at the same time in several processes. */
  run(): Promise<BillingRunReport>;
  /** What the cycle due at `dueAt` costs (the upcoming invoice), as the engine would charge it now. */
  quoteCycle(sub: SubscriptionRow, dueAt: Date): Promise<CycleAmounts>;
}

type Claim = typeof billingCycles.$inferSelect;

export const createBillingEngine = ({
  db,
  clock,
  transitions,
  charges,
  notifications,
  outbox,
  schedule,
}: {
  db: Db;
  clock: Clock;
  transitions: TransitionService;
  charges: ChargeService;
  notifications: NotificationService;
  outbox: OutboxService;
  /** Keeps every active subscription's visits generated ahead (server/services/visit-schedule.ts). */
  schedule: VisitSchedule;
}): BillingEngine => {
  /** Claims the subscription's due cycle, or answers undefined when it is not due (any more). */
  const claim = (subscriptionId: string): Promise<{ claim: Claim; sub: SubscriptionRow } | undefined> =>
    db.transaction(async (tx) => {
      const now = clock.now();
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
      if (!sub?.nextBillingAt || sub.nextBillingAt > now) return undefined;
      const [last] = await tx.select({ cycle: max(billingCycles.cycle) }).from(billingCycles).where(eq(billingCycles.subscriptionId, sub.id));
      const cycle = (last?.cycle ?? 0) + 1;
      const billed = sub.status === 'active' || sub.status === 'suspended';
      const next = sub.status === 'canceled' ? null : new Date(billingDueAt(sub.nextBillingAt.getTime(), sub.frequency, 1));
      const [row] = await tx
        .insert(billingCycles)
        .values({
          id: newId(),
          subscriptionId: sub.id,
          cycle,
          dueAt: sub.nextBillingAt,
          claimedAt: now,
          ...(billed ? {} : { outcome: 'skipped' as const, finishedAt: now }),
        })
        .returning();
      await tx.update(subscriptions).set({ nextBillingAt: next }).where(eq(subscriptions.id, sub.id));
      return billed ? { claim: row!, sub } : undefined;
    });

  /** What the cycle costs: price and add-ons, the coupon while it lasts, tax, and the credit balance. */
  const amountsOf = async (sub: SubscriptionRow, dueAt: Date): Promise<CycleAmounts> => {
    // The plan's price now (a frequency or plan change moves it), else the price booked.
    const [plan] = await db.select({ value: pricePlans.value }).from(pricePlans).where(eq(pricePlans.planId, sub.planId));
    const extra = await cycleAddOns(db, sub, dueAt);
    const subtotal = (plan?.value ?? sub.price ?? 0) + sub.addOns.reduce((sum, a) => sum + a.value, 0) + extra.lines.reduce((sum, l) => sum + l.amount, 0);
    let discount = 0;
    if (sub.couponId && sub.billingAnchorAt) {
      const [coupon] = await db.select().from(coupons).where(eq(coupons.id, sub.couponId));
      if (coupon) {
        discount = couponDiscounts(couponTerms(coupon), [
          { at: sub.billingAnchorAt.toISOString(), amount: subtotal },
          { at: dueAt.toISOString(), amount: subtotal },
        ])[1]!;
      }
    }
    const postal = sub.addressData?.postal_code?.slice(0, 5) ?? '';
    const [tax] = postal ? await db.select().from(taxRates).where(eq(taxRates.postalCode, postal)) : [];
    const price = quote(subtotal, discount, tax?.rateBasisPoints ?? 0);
    const balance = await creditBalanceOf(db, sub.customerAccountId);
    // Credit pays part of the total; a balance owed is added to it.
    const credit = balance > 0 ? Math.min(balance, price.total) : balance;
    return { ...price, credit, due: price.total - credit, addOnLines: extra.lines, appointmentAddOnIds: extra.appointmentAddOnIds };
  };

  /** The future visits of a subscription follow it (suspend / restore), each through its own chart. */
  const cascade = async (tx: Db, sub: SubscriptionRow, event: 'appointment.suspend' | 'appointment.restore', requestId: string) => {
    const future = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.subscriptionId, sub.id), gte(appointments.startTime, clock.now())))
      .orderBy(asc(appointments.startTime));
    for (const visit of future) {
      try {
        await transitions.change('appointment', { auth: SYSTEM_ACTOR, requestId, target: { id: visit.id, visible: undefined }, event: { type: event }, tx });
      } catch (error) {
        if (!(error instanceof HttpError && error.status < 500)) throw error;
      }
    }
  };

  const outcome = async (sub: SubscriptionRow, paid: boolean, requestId: string) => {
    const wasSuspended = sub.status === 'suspended';
    try {
      await db.transaction(async (tx) => {
        const { row, written } = await transitions.change('subscription', {
          auth: SYSTEM_ACTOR,
          requestId,
          target: { id: sub.id, visible: undefined },
          event: { type: paid ? 'subscription.billed' : 'subscription.billingFailed' },
          tx,
        });
        if (written && row.status !== sub.status) await cascade(tx, row, paid ? 'appointment.restore' : 'appointment.suspend', requestId);
      });
    } catch (error) {
      if (!(error instanceof HttpError && error.status < 500)) throw error;
      if (paid && wasSuspended) {
        const customer = await recipientOf(db, sub.customerAccountId);
        const text = (customer?.texts ?? RECIPIENT_TEXTS.en).payment.restoreError;
        await notifications.notify({
          accountId: sub.customerAccountId,
          type: 'alert',
          title: text,
          body: `${sub.serviceData.name}: ${text}`,
          link: `/subscriptions/${sub.id}`,
        });
      }
    }
  };

  /** Charges a claimed cycle and records what came of it. */
  const bill = async ({ claim: c, sub }: { claim: Claim; sub: SubscriptionRow }): Promise<'paid' | 'failed'> => {
    const requestId = `billing:${sub.id}:${c.cycle}`;
    const amounts = await amountsOf(sub, c.dueAt);
    const key = `billing:${sub.id}:${c.cycle}`;
    let entryId: string | null = null;
    let failure: PaymentFailure | null = null;
    if (amounts.due > 0) {
      try {
        const result = await charges.charge({
          customerId: sub.customerAccountId,
          amountCents: amounts.due,
          description: `${sub.serviceData.name} — ${sub.frequency === 'month' ? 'monthly' : sub.frequency === 'week' ? 'weekly' : 'biweekly'} billing`,
          idempotencyKey: key,
          reference: sub.id,
        });
        if (result.outcome === 'succeeded') entryId = result.entry.id;
        else
          failure =
            result.outcome === 'declined'
              ? { kind: 'declined', code: result.declineCode, message: result.message }
              : { kind: 'action', message: MESSAGES.payment_requires_action };
      } catch (error) {
        if (!(error instanceof HttpError && error.status < 500)) throw error;
        failure = { kind: 'error', message: error.message };
      }
    }
    const paid = failure === null;
    const now = clock.now();
    if (paid && amounts.credit !== 0) {
      // The balance used (or settled) by this charge, as its own ledger row: the balance stays the ledger's sum.
      await db
        .insert(ledgerEntries)
        .values({
          id: newId(),
          kind: amounts.credit > 0 ? 'debit' : 'credit',
          accountId: sub.customerAccountId,
          amount: Math.abs(amounts.credit),
          currency: 'usd',
          description: amounts.credit > 0 ? `Credit applied to ${sub.serviceData.name}` : `Balance settled with ${sub.serviceData.name}`,
          reference: sub.id,
          idempotencyKey: `balance:${key}`,
          createdAt: now,
        })
        .onConflictDoNothing({ target: ledgerEntries.idempotencyKey });
    }
    await db
      .update(billingCycles)
      .set({
        outcome: paid ? 'paid' : 'failed',
        subtotal: amounts.subtotal,
        discount: amounts.discount,
        credit: amounts.credit,
        tax: amounts.tax,
        total: amounts.due,
        ledgerEntryId: entryId,
        declineMessage: failure?.message ?? null,
        finishedAt: now,
      })
      .where(and(eq(billingCycles.subscriptionId, sub.id), eq(billingCycles.cycle, c.cycle)));
    if (paid && c.id) await markAddOnsCharged(db, amounts.appointmentAddOnIds, c.id);
    await outcome(sub, paid, requestId);
    if (failure) {
      const customer = await recipientOf(db, sub.customerAccountId);
      const texts = (customer?.texts ?? RECIPIENT_TEXTS.en).payment;
      const text = texts.failedBody(sub.serviceData.name, failure);
      await notifications.notify({ accountId: sub.customerAccountId, type: 'alert', title: texts.failedTitle, body: text, link: `/subscriptions/${sub.id}` });
      if (customer) await outbox.send({ channel: 'email', to: customer.email, subject: texts.failedSubject, body: text, link: '/billing' });
    }
    return paid ? 'paid' : 'failed';
  };

  /** Claims left unfinished by a process that stopped: charged again with the same key (so at most once). */
  const staleClaims = async () => {
    const cutoff = new Date(clock.now().getTime() - STALE_CLAIM_MS);
    const rows = await db
      .select()
      .from(billingCycles)
      .where(and(isNull(billingCycles.outcome), lt(billingCycles.claimedAt, cutoff)));
    const out: { claim: Claim; sub: SubscriptionRow }[] = [];
    for (const row of rows) {
      // Take it over only if nobody else did in the meantime.
      const [taken] = await db
        .update(billingCycles)
        .set({ claimedAt: clock.now() })
        .where(and(eq(billingCycles.subscriptionId, row.subscriptionId), eq(billingCycles.cycle, row.cycle), eq(billingCycles.claimedAt, row.claimedAt), isNull(billingCycles.outcome)))
        .returning();
      const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.subscriptionId));
      if (taken && sub) out.push({ claim: taken, sub });
    }
    return out;
  };

  return {
    quoteCycle: amountsOf,
    async run() {
      let charged = 0;
      let failed = 0;
      let skipped = 0;
      const count = (result: 'paid' | 'failed') => {
        if (result === 'paid') charged++;
        else failed++;
      };
      for (const stale of await staleClaims()) count(await bill(stale));
      // Cycles come due one by one: a subscription several cycles behind (the clock moved a month) is billed for each.
      for (;;) {
        const due = await db
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(and(lte(subscriptions.nextBillingAt, clock.now()), inArray(subscriptions.status, ['active', 'suspended', 'paused', 'canceled'])))
          .orderBy(asc(subscriptions.nextBillingAt))
          .limit(100);
        if (!due.length) break;
        for (const { id } of due) {
          const claimed = await claim(id);
          if (!claimed) {
            skipped++;
            continue;
          }
          count(await bill(claimed));
        }
      }
      const scheduled = await schedule.extendAll();
      return { charged, failed, skipped, scheduled };
    },
  };
};
