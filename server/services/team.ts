/**
 * An organization's team (issue 11 "Team"; bookings §2 organization vendors, §8 organization errors): inviting a
 * vendor by e-mail, and removing one (the paged list with search is server/services/vendor-assignment.ts's).
 *
 * - Inviting creates the vendor's user through the user chart's `user.invite` (status claim_account, with its
 *   audit row), its vendor account and its membership (`vendor_organizations`) in one transaction that holds the
 *   organization's row locked, so two invitations at once cannot pass the maximum vendor count together
 *   (src/core/rules/team.ts: the organization's own `meta.max_vendors`, else config.maxVendorsPerOrganization,
 *   default 25). The claim link is then e-mailed (the outbox).
 * - Removing ends the membership (the vendor keeps its own account); refused while the vendor has visits to come
 *   for this organization. A vendor of another organization is 'Vendor not found or not part of this organization'.
 * - Ownership: an organization acts on its own id only (another organization's id is 404, as its vendor list);
 *   super and admin on any.
 */
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { MESSAGES } from '../../src/core/rules/messages';
import { hasRoomForVendor } from '../../src/core/rules/team';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { accounts, appointments, users, vendorOrganizations, type AccountMetaValue } from '../db/schema';
import { conflict, HttpError, notFound } from '../errors';
import type { TransitionService } from './transitions';

type Schemas = components['schemas'];
export type VendorWire = Schemas['Vendor'];
type NewVendorBody = Schemas['NewVendorRequest'];
type Caller = Pick<AuthContext, 'userId' | 'accountId' | 'role'>;

export interface TeamService {
  invite(auth: Caller, organizationId: string, body: NewVendorBody, requestId: string | null): Promise<VendorWire>;
  remove(auth: Caller, organizationId: string, vendorId: string): Promise<{ success: true }>;
}

const notInOrganization = () => notFound(MESSAGES.vendor_not_in_organization, 'vendor_not_in_organization');
/** Visits that still hold the vendor's time. */
const UPCOMING = ['pending', 'active'] as const;

export const createTeamService = ({
  db,
  clock,
  config,
  transitions,
  inviteToClaim,
}: {
  db: Db;
  clock: Clock;
  config: ServerConfig;
  transitions: TransitionService;
  /** E-mails the claim link of a user created for someone (server/services/auth/confirmation.ts). */
  inviteToClaim: (userId: string) => Promise<void>;
}): TeamService => {
  /** The organization the caller may act for: its own, or any for staff; 404 when there is no such organization. */
  const organizationFor = async (auth: Caller, organizationId: string, tx: Db = db, lock = false) => {
    // another organization's team is not there for the caller (as in its vendor list, vendor-assignment.ts)
    if (auth.role === 'organization' && auth.accountId !== organizationId) throw notFound('Organization not found');
    const query = tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, organizationId), eq(accounts.type, 'organization')));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('Organization not found');
    return row;
  };

  const columns = {
    id: accounts.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: accounts.primaryEmail,
    userStatus: users.status,
    meta: accounts.meta,
    settings: accounts.settings,
    createdAt: accounts.createdAt,
    organizationId: vendorOrganizations.organizationAccountId,
  };
  type Row = { id: string; firstName: string | null; lastName: string | null; email: string; userStatus: string; meta: AccountMetaValue; settings: { stripe_id: string | null; language_preference: 'en' | 'es' | 'default' }; createdAt: Date; organizationId: string };

  const wire = (row: Row): VendorWire => ({
    _id: row.id,
    type: 'vendor',
    status: row.userStatus === 'inactive' ? 'inactive' : 'active',
    first_name: row.firstName ?? '',
    last_name: row.lastName ?? '',
    primary_email: row.email,
    is_part_of_org: true,
    organization_id: row.organizationId,
    invitation_pending: row.userStatus === 'claim_account',
    meta: { initialSetup: row.meta.initialSetup },
    settings: { stripe_id: row.settings.stripe_id, language_preference: row.settings.language_preference },
    created: row.createdAt.toISOString(),
  });

  const maxOf = (meta: AccountMetaValue) => meta.max_vendors ?? config.maxVendorsPerOrganization;

  return {
    async invite(auth, organizationId, body, requestId) {
      const email = body.email.trim().toLowerCase();
      const userId = newId();
      const accountId = newId();
      const created = await db.transaction(async (tx) => {
        const organization = await organizationFor(auth, organizationId, tx, true);
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(vendorOrganizations).where(eq(vendorOrganizations.organizationAccountId, organizationId));
        if (!hasRoomForVendor({ count: Number(n), max: maxOf(organization.meta) })) throw conflict(MESSAGES.max_vendors_reached, 'max_vendors_reached');
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (taken) throw conflict(MESSAGES.email_exists, 'email_exists');
        const now = clock.now();
        const { row: user } = await transitions.create('user', {
          tx,
          auth,
          requestId,
          event: { type: 'user.invite' },
          values: {
            id: userId,
            email,
            role: 'user',
            firstName: body.first_name.trim(),
            lastName: body.last_name.trim(),
            passwordHash: null,
            phone: body.phone ?? null,
            confirmationMethod: 'email',
          },
        });
        await tx.insert(accounts).values({
          id: accountId,
          userId,
          type: 'vendor',
          primaryEmail: email,
          firstName: body.first_name.trim(),
          meta: { initialSetup: false, skipOnboarding: false, isApproved: true, last_active_account: accountId },
          settings: { language_preference: organization.settings.language_preference, stripe_id: null },
          createdAt: now,
        });
        await tx.insert(vendorOrganizations).values({ vendorAccountId: accountId, organizationAccountId: organizationId, createdAt: now });
        return user;
      }).catch((error: unknown) => {
        // two invitations of one address at once: the unique e-mail index answers for the second
        if (!(error instanceof HttpError) && /users_email_unique/.test(String((error as { message?: unknown })?.message ?? error))) throw conflict(MESSAGES.email_exists, 'email_exists');
        throw error;
      });
      await inviteToClaim(created.id);
      const [row] = await db
        .select(columns)
        .from(vendorOrganizations)
        .innerJoin(accounts, eq(accounts.id, vendorOrganizations.vendorAccountId))
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(eq(accounts.id, accountId));
      return wire(row as Row);
    },

    async remove(auth, organizationId, vendorId) {
      await organizationFor(auth, organizationId);
      return db.transaction(async (tx) => {
        const [member] = await tx
          .select()
          .from(vendorOrganizations)
          .where(and(eq(vendorOrganizations.vendorAccountId, vendorId), eq(vendorOrganizations.organizationAccountId, organizationId)))
          .for('update');
        if (!member) throw notInOrganization();
        const [upcoming] = await tx
          .select({ n: count() })
          .from(appointments)
          .where(
            and(
              eq(appointments.vendorAccountId, vendorId),
              eq(appointments.organizationAccountId, organizationId),
              inArray(appointments.status, [...UPCOMING]),
              gt(appointments.startTime, clock.now()),
            ),
          );
        if (Number(upcoming?.n ?? 0) > 0) throw conflict('The vendor has appointments to come: move them to another vendor first', 'vendor_has_appointments');
        await tx.delete(vendorOrganizations).where(eq(vendorOrganizations.vendorAccountId, vendorId));
        return { success: true as const };
      });
    },
  };
};

