/**
 * One customer (GET customers/{id}): name, e-mail, saved addresses, the default card, the onboarding meta and
 * the credit balance. A customer reads only itself (another id is 404); super and admin read any customer.
 */
import { and, eq } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/client';
import { accounts, paymentMethods, users } from '../db/schema';
import { notFound } from '../errors';
import type { AddressService } from './addresses';
import { CUSTOMER_NOT_FOUND } from './payment-customers';

export type CustomerWire = components['schemas']['Customer'];

export interface CustomerService {
  get(auth: AuthContext, id: string): Promise<CustomerWire>;
}

export const createCustomerService = ({
  db,
  addresses,
  creditBalance,
}: {
  db: Db;
  addresses: AddressService;
  /** Cents the customer has as credit (positive), from the ledger. */
  creditBalance: (accountId: string) => Promise<number>;
}): CustomerService => ({
  async get(auth, id) {
    if (auth.role === 'customer' && auth.accountId !== id) throw notFound(CUSTOMER_NOT_FOUND);
    const [row] = await db
      .select({ account: accounts, lastName: users.lastName })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(accounts.id, id), eq(accounts.type, 'customer')));
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    const [card] = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.accountId, id), eq(paymentMethods.isDefault, true)));
    const credit = await creditBalance(id);
    return {
      _id: id,
      type: 'customer',
      first_name: row.account.firstName ?? '',
      last_name: row.lastName ?? '',
      primary_email: row.account.primaryEmail,
      address: await addresses.list(id),
      payment_info: { has_card: card !== undefined, default_source_id: card?.providerPaymentMethodId ?? null, brand: card?.brand ?? null, last4: card?.last4 ?? null },
      referred_by: row.account.referredBy,
      // The wire's sign: positive is owed by the customer, negative is credit.
      credit_balance: -credit,
      meta: { initialSetup: row.account.meta.initialSetup, skipOnboarding: row.account.meta.skipOnboarding },
      settings: { language_preference: row.account.settings.language_preference },
    };
  },
});
