/**
 * One customer (GET customers/{id}): name, e-mail, saved addresses, the default card, the onboarding meta and
 * the credit balance. A customer reads only itself (another id is 404); super and admin read any customer.
 */
import { and, eq } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/client';
import { accounts, paymentMethods, users } from '../db/schema';
import { forbidden, notFound } from '../errors';
import type { AddressService } from './addresses';
import { CUSTOMER_NOT_FOUND } from './payment-customers';

export type CustomerWire = components['schemas']['Customer'];
type UpdateCustomerBody = components['schemas']['UpdateCustomerRequest'];

export interface CustomerService {
  get(auth: AuthContext, id: string): Promise<CustomerWire>;
  /**
   * PUT customers/update/{id}: the name, the onboarding flags (a customer who skips the set-up is onboarded:
   * issue 8), the address checklist and the language. A customer changes only itself; `status` is staff only.
   */
  update(auth: AuthContext, id: string, body: UpdateCustomerBody): Promise<CustomerWire>;
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
  async update(auth, id, body) {
    if (auth.role === 'customer' && auth.accountId !== id) throw notFound(CUSTOMER_NOT_FOUND);
    if (body.status !== undefined) {
      // An account's status has no lifecycle chart yet (users have one); until it does, nobody changes it here.
      throw forbidden(auth.role === 'customer' ? 'Only staff may change a customer’s status.' : 'Changing a customer’s status is not available yet.');
    }
    await db.transaction(async (tx) => {
      const [account] = await tx.select().from(accounts).where(and(eq(accounts.id, id), eq(accounts.type, 'customer')));
      if (!account) throw notFound(CUSTOMER_NOT_FOUND);
      const meta = body.meta ? { ...account.meta, ...body.meta } : account.meta;
      const settings = body.language_preference ? { ...account.settings, language_preference: body.language_preference } : account.settings;
      const preferences = body.address_checklist ? { ...account.preferences, address_checklist: body.address_checklist } : account.preferences;
      await tx
        .update(accounts)
        .set({ meta, settings, preferences, ...(body.first_name ? { firstName: body.first_name.trim() } : {}) })
        .where(eq(accounts.id, id));
      if (body.last_name) await tx.update(users).set({ lastName: body.last_name.trim() }).where(eq(users.id, account.userId));
    });
    return this.get(auth, id);
  },
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
