/**
 * Organizations as the admin area sees them (listAdminOrganizations, getAdminOrganization) and their approval:
 * super approves or rejects a pending organization through the organization-approval chart (the transition
 * service writes meta.approval_status and meta.isApproved with an audit row), then the organization gets a
 * notification and an e-mail in its language (server/services/recipient-texts.ts; accounts §4: an approved
 * organization's /organization/pending-approval moves on).
 *
 * The wire `Organization` is also what the organization's own team calls answer (server/services/team.ts).
 */
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { components, operations } from '../../src/adapters/http/openapi.gen';
import { organizationApprovalStatusOf } from '../../src/core/rules/organization-approval';
import { TEAM_SEARCH_MIN } from '../../src/core/rules/team';
import type { AuthContext } from '../auth/context';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { accounts, users, vendorOrganizations } from '../db/schema';
import { notFound } from '../errors';
import type { NotificationService } from './notifications';
import type { OutboxService } from './outbox';
import { languageOfSettings, recipientTexts } from './recipient-texts';
import type { OrganizationAccountRow, TransitionService } from './transitions';

export type OrganizationWire = components['schemas']['Organization'];
type ListQuery = NonNullable<operations['listAdminOrganizations']['parameters']['query']>;
type DecisionBody = components['schemas']['ApproveOrganizationRequest'];

/** `%words%` for ILIKE, with the pattern characters escaped. */
export const likeOf = (words: string): string => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface OrganizationService {
  list(query: ListQuery): Promise<{ items: OrganizationWire[]; total: number }>;
  get(id: string): Promise<OrganizationWire>;
  decide(auth: AuthContext, id: string, decision: 'approve' | 'reject', body: DecisionBody, requestId: string | null): Promise<OrganizationWire>;
  /** The organization's wire record (for its own calls); 404 when there is no such organization. */
  wireOf(id: string): Promise<OrganizationWire>;
}

const NOT_FOUND = 'Organization not found';

export const createOrganizationService = ({
  db,
  config,
  transitions,
  notifications,
  outbox,
}: {
  db: Db;
  config: ServerConfig;
  transitions: TransitionService;
  notifications: NotificationService;
  outbox: OutboxService;
}): OrganizationService => {
  const columns = {
    account: accounts,
    userStatus: users.status,
    lastName: users.lastName,
    vendorCount: sql<number>`(select count(*)::int from ${vendorOrganizations} where ${vendorOrganizations.organizationAccountId} = ${accounts.id})`,
  };
  type Row = { account: OrganizationAccountRow; userStatus: string; lastName: string | null; vendorCount: number };

  const wire = ({ account, userStatus, lastName, vendorCount }: Row): OrganizationWire => {
    const status = organizationApprovalStatusOf(account.meta);
    return {
      _id: account.id,
      type: 'organization',
      status: userStatus === 'inactive' ? 'inactive' : 'active',
      company_name: account.firstName ?? '',
      first_name: account.firstName ?? '',
      last_name: lastName ?? '',
      primary_email: account.primaryEmail,
      vendor_count: Number(vendorCount),
      max_vendors: account.meta.max_vendors ?? config.maxVendorsPerOrganization,
      meta: { initialSetup: account.meta.initialSetup, isApproved: status === 'approved', approval_status: status },
      settings: { stripe_id: account.settings.stripe_id, language_preference: account.settings.language_preference },
      created: account.createdAt.toISOString(),
    };
  };

  const wireOf = async (id: string): Promise<OrganizationWire> => {
    const [row] = await db
      .select(columns)
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(accounts.id, id), eq(accounts.type, 'organization')));
    if (!row) throw notFound(NOT_FOUND);
    return wire(row);
  };

  /** The approval filter in SQL, matching organizationApprovalStatusOf. */
  const approvalIs = (approval: NonNullable<ListQuery['approval']>): SQL => {
    const stored = sql`${accounts.meta}->>'approval_status'`;
    const approved = sql`coalesce((${accounts.meta}->>'isApproved')::boolean, false)`;
    if (approval === 'rejected') return sql`${stored} = 'rejected'`;
    if (approval === 'approved') return sql`(${stored} = 'approved' or (${stored} is null and ${approved}))`;
    return sql`(${stored} = 'pending' or (${stored} is null and not ${approved}))`;
  };

  /** Tells the organization of the decision in its language: a notification and an e-mail. */
  const tell = async (row: OrganizationAccountRow, decision: 'approve' | 'reject', note: string | undefined) => {
    const approved = decision === 'approve';
    const name = row.firstName ?? row.primaryEmail;
    const { organization: texts } = recipientTexts(languageOfSettings(row.settings));
    const title = approved ? texts.approvedTitle : texts.rejectedTitle;
    const body = approved ? texts.approvedBody(name) : texts.rejectedBody(name, note);
    await notifications.notify({ accountId: row.id, type: 'alert', title, body, link: approved ? '/organization' : '/organization/pending-approval' });
    await outbox.send({
      channel: 'email',
      to: row.primaryEmail,
      subject: approved ? texts.approvedSubject : texts.rejectedSubject,
      body: approved ? `${body} ${texts.signIn}` : body,
      link: `${config.publicUrl}${approved ? '/organization' : '/organization/pending-approval'}`,
    });
  };

  return {
    async list(query) {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 10;
      const words = (query.search ?? '').trim();
      if (words !== '' && words.length < TEAM_SEARCH_MIN) return { items: [], total: 0 };
      const like = likeOf(words);
      const where = and(
        eq(accounts.type, 'organization'),
        words !== '' ? or(ilike(accounts.firstName, like), ilike(accounts.primaryEmail, like)) : undefined,
        query.approval ? approvalIs(query.approval) : undefined,
        query.status === 'inactive' ? eq(users.status, 'inactive') : query.status === 'active' ? sql`${users.status} <> 'inactive'` : undefined,
      );
      const direction = query.order === 'asc' ? asc : desc;
      const order = query.sort === 'name' ? [direction(accounts.firstName), direction(accounts.id)] : [direction(accounts.createdAt), direction(accounts.id)];
      const [rows, [count]] = await Promise.all([
        db
          .select(columns)
          .from(accounts)
          .innerJoin(users, eq(users.id, accounts.userId))
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: sql<number>`count(*)::int` }).from(accounts).innerJoin(users, eq(users.id, accounts.userId)).where(where),
      ]);
      return { items: rows.map(wire), total: Number(count?.n ?? 0) };
    },

    get: wireOf,
    wireOf,

    async decide(auth, id, decision, body, requestId) {
      const { row } = await transitions.change('organizationApproval', {
        auth,
        requestId,
        target: id,
        event: { type: decision === 'approve' ? 'organization.approve' : 'organization.reject' },
      });
      await tell(row, decision, body.note?.trim() || undefined);
      return wireOf(row.id);
    },
  };
};

