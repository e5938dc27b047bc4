/**
 * The provider's customer of an account (Stripe's Customer, or the sandbox's), created on first need and
 * kept in payment_customers; and the customer account itself, for the billing calls' 404.
 */
import { and, eq } from 'drizzle-orm';
import type { PaymentProvider } from '../adapters/payments/port';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { accounts, paymentCustomers } from '../db/schema';
import { notFound } from '../errors';

export const CUSTOMER_NOT_FOUND = 'Customer not found';

export interface PaymentCustomers {
  /** The customer account (404 'Customer not found' when there is none with this id). */
  account(accountId: string): Promise<{ readonly id: string; readonly email: string; readonly firstName: string | null }>;
  /** The provider's customer id of the account, created at the provider the first time. */
  providerCustomerId(accountId: string): Promise<string>;
}

export const createPaymentCustomers = ({ db, clock, provider }: { db: Db; clock: Clock; provider: PaymentProvider }): PaymentCustomers => {
  const account: PaymentCustomers['account'] = async (accountId) => {
    const [row] = await db
      .select({ id: accounts.id, email: accounts.primaryEmail, firstName: accounts.firstName })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), eq(accounts.type, 'customer')));
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return row;
  };

  const stored = async (accountId: string) =>
    (
      await db
        .select({ id: paymentCustomers.providerCustomerId })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.accountId, accountId), eq(paymentCustomers.provider, provider.name)))
    )[0]?.id;

  return {
    account,
    async providerCustomerId(accountId) {
      const known = await stored(accountId);
      if (known) return known;
      const owner = await account(accountId);
      const created = await provider.createCustomer({ accountId, email: owner.email, ...(owner.firstName ? { name: owner.firstName } : {}) });
      // Two first requests at once: the first insert wins and both use its customer.
      await db
        .insert(paymentCustomers)
        .values({ accountId, provider: provider.name, providerCustomerId: created.id, createdAt: clock.now() })
        .onConflictDoNothing();
      return (await stored(accountId))!;
    },
  };
};
