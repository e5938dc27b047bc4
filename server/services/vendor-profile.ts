/**
 * A vendor's profile (issue 11 "/vendor/profile"; PUT vendors/{id}/update): its name and what it tells about
 * itself and its work (`accounts.bio`). The answer is the vendor as vendor/{id}/init shows it
 * (server/services/calendar.ts), with its organization's name.
 *
 * - Ownership: a vendor changes itself only; an organization the vendors of its team; super and admin any vendor.
 *   Another organization's vendor, another vendor's id or an id that is no vendor is 404 'Vendor not found or not
 *   part of this organization' (as the team's other calls: nothing tells whether the id exists).
 * - The name is the person's (`users.first_name`, `users.last_name`, and the account's `first_name`), so every
 *   account of that person shows it.
 * - `status` (active, inactive) is the user's lifecycle: it goes through the user chart (`user.deactivate`,
 *   `user.activate`), whose role rule lets only super and admin do it (403 otherwise), with its audit row. A status
 *   equal to the current one changes nothing.
 * - Name and bio are profile fields, not states: no chart and no audit row, as updateOrganization
 *   (server/services/organization-home.ts; docs/decisions.md, "Vendor profile").
 * - `services`, `zip_codes` and `image` are not set here: a vendor serves its organization's area (service-areas.ts)
 *   and the catalogue's services; 400 names the field.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { MESSAGES } from '../../src/core/rules/messages';
import { MAX_BIO_LENGTH } from '../../src/core/rules/vendor-profile';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/client';
import type { LiveHub } from '../adapters/live';
import { accounts, users, vendorOrganizations } from '../db/schema';
import { badRequest, notFound } from '../errors';
import type { CalendarService } from './calendar';
import type { TransitionService } from './transitions';

type VendorWire = components['schemas']['Vendor'];
type UpdateBody = components['schemas']['UpdateVendorRequest'];
type Caller = Pick<AuthContext, 'userId' | 'accountId' | 'role'>;

export interface VendorProfileService {
  update(auth: Caller, vendorId: string, body: UpdateBody, requestId: string | null): Promise<VendorWire>;
}

const vendorNotFound = () => notFound(MESSAGES.vendor_not_in_organization, 'vendor_not_in_organization');

export const createVendorProfileService = ({
  db,
  transitions,
  calendar,
  live,
}: {
  db: Db;
  transitions: Pick<TransitionService, 'change'>;
  calendar: Pick<CalendarService, 'vendorInit'>;
  /** A deactivated vendor's live connections drop at once (issue 21). */
  live?: Pick<LiveHub, 'endSessions'>;
}): VendorProfileService => {
  /** The vendor's user, when the caller may change it; 404 otherwise. */
  const ownedVendor = async (auth: Caller, vendorId: string): Promise<{ userId: string; status: string }> => {
    if (auth.role === 'vendor' && auth.accountId !== vendorId) throw vendorNotFound();
    const [row] = await db
      .select({ userId: accounts.userId, status: users.status, organizationId: vendorOrganizations.organizationAccountId })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .leftJoin(vendorOrganizations, eq(vendorOrganizations.vendorAccountId, accounts.id))
      .where(and(eq(accounts.id, vendorId), eq(accounts.type, 'vendor')));
    if (!row) throw vendorNotFound();
    if (auth.role === 'organization' && row.organizationId !== auth.accountId) throw vendorNotFound();
    return { userId: row.userId, status: row.status };
  };

  return {
    async update(auth, vendorId, body, requestId) {
      const fixed = (['services', 'zip_codes', 'image'] as const).find((k) => body[k] !== undefined);
      if (fixed) throw badRequest(`${fixed}: A vendor's ${fixed === 'image' ? 'picture' : fixed === 'services' ? 'services' : 'ZIP codes'} are not changed here`);
      const firstName = body.first_name?.trim();
      const lastName = body.last_name?.trim();
      if (firstName === '') throw badRequest('first_name: Text Field is required', 'missing_required_fields');
      if (lastName === '') throw badRequest('last_name: Text Field is required', 'missing_required_fields');
      const bio = body.bio === undefined ? undefined : body.bio.trim();
      if (bio !== undefined && bio.length > MAX_BIO_LENGTH) throw badRequest(`bio: Maximum length is ${MAX_BIO_LENGTH}`);

      const vendor = await ownedVendor(auth, vendorId);
      await db.transaction(async (tx) => {
        const accountFields = {
          ...(firstName !== undefined ? { firstName } : {}),
          ...(bio !== undefined ? { bio: bio || null } : {}),
        };
        if (Object.keys(accountFields).length) await tx.update(accounts).set(accountFields).where(eq(accounts.id, vendorId));
        const userFields = { ...(firstName !== undefined ? { firstName } : {}), ...(lastName !== undefined ? { lastName } : {}) };
        if (Object.keys(userFields).length) await tx.update(users).set(userFields).where(eq(users.id, vendor.userId));
        if (body.meta?.initialSetup !== undefined)
          await tx
            .update(accounts)
            .set({ meta: sql`jsonb_set(${accounts.meta}, '{initialSetup}', ${JSON.stringify(body.meta.initialSetup)}::jsonb)` })
            .where(eq(accounts.id, vendorId));
        if (body.status !== undefined && body.status !== (vendor.status === 'inactive' ? 'inactive' : 'active'))
          await transitions.change('user', {
            auth,
            requestId,
            target: vendor.userId,
            event: { type: body.status === 'inactive' ? 'user.deactivate' : 'user.activate' },
            tx,
          });
      });
      if (body.status === 'inactive') live?.endSessions(vendor.userId);
      return (await calendar.vendorInit(auth, vendorId)).vendor;
    },
  };
};
