/**
 * A customer's balance (issue 8 "Admin credit"; bookings §7 admin/credit): ledger rows of kind `credit` (the
 * balance falls: the customer has money to spend) and `debit` (it rises: the customer owes). On the wire the
 * balance is positive when owed and negative when it is credit. Only super adjusts it (cents, a note of at most
 * 500 characters, an Idempotency-Key); the billing engine uses it on the next charge and writes the use as a
 * ledger row too, so the balance is always the sum of the ledger.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { MESSAGES } from '../../src/core/rules/messages';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { ledgerEntries } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { peopleById } from './appointments';
import type { PaymentCustomers } from './payment-customers';

type Schemas = components['schemas'];

/** Cents of credit the customer has (positive), or owes (negative): Σ credit − Σ debit. */
export const creditBalanceOf = async (db: Db, accountId: string): Promise<number> => {
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(case when ${ledgerEntries.kind} = 'credit' then ${ledgerEntries.amount} else -${ledgerEntries.amount} end), 0)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), inArray(ledgerEntries.kind, ['credit', 'debit'])));
  return Number(row?.balance ?? 0);
};

export interface CreditService {
  ledger(accountId: string): Promise<Schemas['CreditLedger']>;
  adjust(auth: AuthContext, accountId: string, body: Schemas['CreditAdjustmentRequest'], idempotencyKey: string): Promise<Schemas['CreditResult']>;
}

type Row = typeof ledgerEntries.$inferSelect;

export const createCreditService = ({ db, clock, customers }: { db: Db; clock: Clock; customers: PaymentCustomers }): CreditService => {
  const adjustmentOf = (row: Row, people: Awaited<ReturnType<typeof peopleById>>, balanceAfter?: number): Schemas['CreditAdjustment'] => ({
    _id: row.id,
    customer_id: row.accountId,
    amount: row.kind === 'credit' ? -row.amount : row.amount,
    description: row.description,
    currency: 'usd',
    ...(row.reference && people.get(row.reference) ? { created_by: people.get(row.reference)! } : {}),
    ...(balanceAfter !== undefined ? { balance_after: balanceAfter } : {}),
    created: row.createdAt.toISOString(),
  });

  return {
    async ledger(accountId) {
      await customers.account(accountId);
      const rows = await db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.accountId, accountId), inArray(ledgerEntries.kind, ['credit', 'debit'])))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
      const people = await peopleById(db, []);
      return { customer_id: accountId, balance: -(await creditBalanceOf(db, accountId)), currency: 'usd', items: rows.map((r) => adjustmentOf(r, people)) };
    },

    async adjust(auth, accountId, { amount, description, currency }, idempotencyKey) {
      await customers.account(accountId);
      if (!Number.isInteger(amount) || amount === 0) throw badRequest(MESSAGES.credit_error, 'credit_error');
      if (description.length > 500) throw badRequest(MESSAGES.credit_note_too_long, 'credit_note_too_long');
      if (currency !== 'usd') throw badRequest('Only usd is supported', 'credit_error');
      const key = `credit:${idempotencyKey}`;
      await db
        .insert(ledgerEntries)
        .values({
          id: newId(),
          kind: amount < 0 ? 'credit' : 'debit',
          accountId,
          amount: Math.abs(amount),
          currency: 'usd',
          description,
          // Who made the adjustment (the super's account, else the user).
          reference: auth.accountId ?? auth.userId,
          idempotencyKey: key,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: ledgerEntries.idempotencyKey });
      const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key));
      const signed = row!.kind === 'credit' ? -row!.amount : row!.amount;
      if (row!.accountId !== accountId || signed !== amount) throw conflict('This idempotency key was used for a different adjustment.', 'idempotency_key_in_use');
      const balance = -(await creditBalanceOf(db, accountId));
      const people = await peopleById(db, [row!.reference]);
      return { balance, adjustment: adjustmentOf(row!, people, balance) };
    },
  };
};
