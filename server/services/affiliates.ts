/**
 * Affiliates as the contract shows them (bookings §3 Affiliate; openapi/schemas/affiliates.yaml#/Affiliate). Only
 * what payout onboarding answers needs today (affiliate/{id}/init, finish_setup); referral ids, reports and
 * broadcast e-mails arrive with the rest of the affiliate area.
 *
 * Until referral ids are stored, an affiliate's `affiliate_id` is its account id (docs/decisions.md,
 * "Payout onboarding"): the contract requires one, and the account id is unique, stable and matches ReferralId.
 */
import { and, eq } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { Db } from '../db/client';
import { accounts, users } from '../db/schema';
import { notFound } from '../errors';

export type AffiliateWire = components['schemas']['Affiliate'];

export const AFFILIATE_NOT_FOUND = 'Affiliate not found';

export interface AffiliateService {
  /** The affiliate account `id` as the contract shows it; 404 'Affiliate not found' when it is not an affiliate. */
  wireOf(id: string): Promise<AffiliateWire>;
}

export const createAffiliateService = ({ db }: { db: Db }): AffiliateService => ({
  async wireOf(id) {
    const [row] = await db
      .select({ account: accounts, userStatus: users.status, userFirstName: users.firstName, lastName: users.lastName })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(accounts.id, id), eq(accounts.type, 'affiliate')));
    if (!row) throw notFound(AFFILIATE_NOT_FOUND);
    const { account } = row;
    const firstName = account.firstName ?? row.userFirstName ?? '';
    const lastName = row.lastName ?? '';
    return {
      _id: account.id,
      type: 'affiliate',
      status: row.userStatus === 'inactive' ? 'inactive' : 'active',
      first_name: firstName,
      last_name: lastName,
      name: [firstName, lastName].filter(Boolean).join(' ') || account.primaryEmail,
      primary_email: account.primaryEmail,
      affiliate_id: account.id,
      meta: { initialSetup: account.meta.initialSetup === true, skipOnboarding: account.meta.skipOnboarding === true },
      settings: { stripe_id: account.settings.stripe_id, language_preference: account.settings.language_preference },
      created: account.createdAt.toISOString(),
    };
  },
});
