/**
 * Saved addresses of an account (bookings §3 address, §7 account tag) — what checkout subscribes. A person
 * changes only the addresses of its own accounts; super and admin any. A customer's address must be in the
 * service area; an address a live subscription serves cannot be deleted. The first address, or one saved with
 * `is_default`, is the default; exactly one is.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { MESSAGES } from '../../src/core/rules/messages';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { servedZip } from './service-areas';
import { newId } from '../db/ids';
import { accounts, addresses, subscriptions } from '../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import { addressData } from './checkout';

type Schemas = components['schemas'];
export type AddressWire = Schemas['Address'];

export interface AddressService {
  list(accountId: string): Promise<AddressWire[]>;
  update(auth: AuthContext, accountId: string, body: Schemas['UpdateAddressRequest']): Promise<Schemas['AddressList']>;
  remove(auth: AuthContext, accountId: string, body: Schemas['DeleteAddressRequest']): Promise<Schemas['AddressList']>;
}

export const createAddressService = ({ db, clock }: { db: Db; clock: Clock }): AddressService => {
  const list = async (accountId: string): Promise<AddressWire[]> =>
    (await db.select().from(addresses).where(eq(addresses.accountId, accountId)).orderBy(asc(addresses.createdAt))).map((a) => ({
      ...addressData(a),
      is_default: a.isDefault,
    }));

  /** The account, when the caller may change it (its own, or any for staff); 404 otherwise. */
  const ownAccount = async (auth: AuthContext, accountId: string) => {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    const staff = auth.role === 'super' || auth.role === 'admin';
    if (!account || (!staff && account.userId !== auth.userId)) throw notFound('Account not found');
    return account;
  };

  return {
    list,

    async update(auth, accountId, { address_id, address, is_default }) {
      const account = await ownAccount(auth, accountId);
      const zip = address.postal_code.slice(0, 5);
      if (account.type === 'customer') {
        const area = await servedZip(db, zip);
        if (!area) throw new HttpError(400, MESSAGES.address_not_in_service_area, 'address_not_in_service_area');
        if (area.state !== address.state) throw badRequest(`Invalid state for ZIP code ${zip}`);
      }
      const fields = {
        streetNumber: address.street_number.trim(),
        street: address.street.trim(),
        unit: address.unit?.trim() || null,
        city: address.city.trim(),
        state: address.state,
        postalCode: address.postal_code,
        additionalDetails: address.address_meta?.additional_details ?? null,
        homeSize: address.address_meta?.home_size ?? null,
      };
      await db.transaction(async (tx) => {
        const existing = await tx.select().from(addresses).where(eq(addresses.accountId, accountId)).for('update');
        const makeDefault = is_default === true || existing.length === 0 || (existing.length === 1 && existing[0]!.id === address_id);
        let id = address_id;
        if (id) {
          if (!existing.some((a) => a.id === id)) throw notFound(MESSAGES.address_not_found, 'address_not_found');
          await tx.update(addresses).set(fields).where(eq(addresses.id, id));
        } else {
          id = newId();
          await tx.insert(addresses).values({ id, accountId, ...fields, createdAt: clock.now() });
        }
        if (makeDefault) {
          await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.accountId, accountId), ne(addresses.id, id)));
          await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
        }
      });
      return { address: await list(accountId) };
    },

    async remove(auth, accountId, { address_id }) {
      await ownAccount(auth, accountId);
      const [row] = await db.select().from(addresses).where(and(eq(addresses.id, address_id), eq(addresses.accountId, accountId)));
      if (!row) throw notFound(MESSAGES.address_not_found, 'address_not_found');
      const [served] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.addressId, address_id), ne(subscriptions.status, 'canceled')));
      if (served) throw conflict(MESSAGES.address_attached, 'address_attached');
      await db.transaction(async (tx) => {
        await tx.delete(addresses).where(eq(addresses.id, address_id));
        if (row.isDefault) {
          const [next] = await tx.select().from(addresses).where(eq(addresses.accountId, accountId)).orderBy(asc(addresses.createdAt)).limit(1);
          if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
        }
      });
      return { address: await list(accountId) };
    },
  };
};
