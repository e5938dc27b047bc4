import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { Clock } from '../clock';
import type { Db } from './client';
import { seedHelpDesk } from './seed-help-desk';
import {
  type AccountMetaValue,
  type AccountSettingsValue,
  type AccountTypeValue,
  type AddressDataValue,
  type AppointmentStatusValue,
  type ServiceDataValue,
  type UserStatus,
  accounts,
  appointments,
  notifications,
  subscriptions,
  users,
} from './schema';

/** The password of every demo login. */
export const DEMO_PASSWORD = 'tendwell-demo';

/** A stable id for a demo record, so reseeding keeps bookmarked URLs and tests can name records. */
export const demoId = (name: string): string => createHash('sha256').update(`tendwell-demo:${name}`).digest('hex').slice(0, 24);

interface DemoAccount {
  readonly key: string;
  readonly type: AccountTypeValue;
  readonly firstName: string;
  readonly meta?: Partial<AccountMetaValue>;
  readonly settings?: Partial<AccountSettingsValue>;
}

interface DemoUser {
  readonly key: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role?: 'super' | 'user';
  readonly status?: UserStatus;
  /** false: no password (an account waiting to be claimed). */
  readonly password?: boolean;
  readonly temporaryPassword?: boolean;
  readonly phone?: string;
  readonly confirmationMethod?: 'email' | 'sms';
  readonly phoneConfirmed?: boolean;
  readonly accounts: readonly DemoAccount[];
}

const onboarded = { initialSetup: true } as const;

/** Every demo login (README): one per role and one per login outcome. */
export const DEMO_USERS: readonly DemoUser[] = [
  { key: 'super', email: 'super@tendwell.test', firstName: 'Sam', lastName: 'Super', role: 'super', accounts: [] },
  {
    key: 'customer',
    email: 'customer@tendwell.test',
    firstName: 'Casey',
    lastName: 'Customer',
    phone: '+15555550101',
    phoneConfirmed: true,
    accounts: [{ key: 'customer', type: 'customer', firstName: 'Casey', meta: onboarded, settings: { language_preference: 'en' } }],
  },
  {
    key: 'newcustomer',
    email: 'newcustomer@tendwell.test',
    firstName: 'Noa',
    lastName: 'Newcomer',
    accounts: [{ key: 'newcustomer', type: 'customer', firstName: 'Noa' }],
  },
  {
    key: 'vendor',
    email: 'vendor@tendwell.test',
    firstName: 'Vic',
    lastName: 'Vendor',
    accounts: [{ key: 'vendor', type: 'vendor', firstName: 'Vic', meta: onboarded, settings: { stripe_id: 'acct_demo_vendor' } }],
  },
  {
    key: 'organization',
    email: 'organization@tendwell.test',
    firstName: 'Greenway Lawn Co.',
    lastName: '',
    accounts: [
      {
        key: 'organization',
        type: 'organization',
        firstName: 'Greenway Lawn Co.',
        meta: { initialSetup: true, isApproved: true },
        settings: { stripe_id: 'acct_demo_organization' },
      },
    ],
  },
  {
    key: 'pending-organization',
    email: 'pending-organization@tendwell.test',
    firstName: 'Fresh Cut Partners',
    lastName: '',
    accounts: [
      {
        key: 'pending-organization',
        type: 'organization',
        firstName: 'Fresh Cut Partners',
        meta: { initialSetup: true, isApproved: false },
        settings: { stripe_id: 'acct_demo_pending_organization' },
      },
    ],
  },
  {
    key: 'affiliate',
    email: 'affiliate@tendwell.test',
    firstName: 'Ari',
    lastName: 'Affiliate',
    accounts: [{ key: 'affiliate', type: 'affiliate', firstName: 'Ari', meta: onboarded }],
  },
  {
    key: 'multi',
    email: 'multi@tendwell.test',
    firstName: 'Morgan',
    lastName: 'Multi',
    accounts: [
      { key: 'multi-customer', type: 'customer', firstName: 'Morgan', meta: onboarded },
      { key: 'multi-affiliate', type: 'affiliate', firstName: 'Morgan', meta: onboarded },
    ],
  },
  {
    key: 'sms',
    email: 'sms@tendwell.test',
    firstName: 'Sky',
    lastName: 'Texter',
    phone: '+15555550100',
    confirmationMethod: 'sms',
    phoneConfirmed: false,
    accounts: [{ key: 'sms', type: 'customer', firstName: 'Sky', meta: onboarded }],
  },
  {
    key: 'temporary',
    email: 'temporary@tendwell.test',
    firstName: 'Tem',
    lastName: 'Porary',
    temporaryPassword: true,
    accounts: [{ key: 'temporary', type: 'customer', firstName: 'Tem', meta: onboarded }],
  },
  {
    key: 'claim',
    email: 'claim@tendwell.test',
    firstName: 'Clem',
    lastName: 'Claimer',
    status: 'claim_account',
    password: false,
    accounts: [{ key: 'claim', type: 'customer', firstName: 'Clem' }],
  },
  {
    key: 'inactive',
    email: 'inactive@tendwell.test',
    firstName: 'Ina',
    lastName: 'Active',
    status: 'inactive',
    accounts: [{ key: 'inactive', type: 'customer', firstName: 'Ina', meta: onboarded }],
  },
];

const DAY = 24 * 60 * 60 * 1000;

/** Demo notifications: [account key, type, title, body, days ago, read, dismissed, link]. */
const DEMO_NOTIFICATIONS: readonly (readonly [string, string, string, string, number, boolean, boolean, string | null])[] = [
  ['customer', 'alert', 'Your card was declined', 'Update your card to keep your lawn service on schedule.', 1, false, false, '/billing'],
  ['customer', 'appointment', 'Mowing is scheduled', 'Your next mowing is on Friday between 8 AM and noon.', 2, false, false, '/appointments'],
  ['customer', 'info', 'Welcome to Tendwell', 'Thanks for joining. Your first service is being arranged.', 10, true, false, null],
  ['customer', 'alert', 'Storm delay', 'Yesterday’s visit moved because of rain.', 12, true, true, null],
  ['customer', 'promo', 'Spring aeration', 'Add aeration to your next visit for 20% off.', 45, false, false, null],
  ['vendor', 'appointment', 'New appointment', 'A customer booked a weekly mowing.', 3, false, false, null],
  ['multi-customer', 'info', 'Two accounts, one login', 'Switch between your customer and affiliate accounts from the menu.', 5, false, false, null],
];

/** True when the demo users are already in the database. */
const isSeeded = async (db: Db): Promise<boolean> =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS[0]!.email))).length > 0;

/**
 * Seeds the demo marketplace (password 'tendwell-demo' for every login). Idempotent: when the demo users
 * exist nothing changes (use `wipeDatabase` first to reset). Times are relative to `clock`.
 */
export const seedDemo = async (db: Db, clock: Clock): Promise<void> => {
  if (await isSeeded(db)) return;
  const now = clock.now().getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  // One hash per user (each with its own salt), computed before the transaction.
  const hashes = await Promise.all(DEMO_USERS.map((u) => (u.password === false ? null : hashPassword(DEMO_PASSWORD))));

  await db.transaction(async (tx) => {
    for (const [i, u] of DEMO_USERS.entries()) {
      const userId = demoId(`user:${u.key}`);
      await tx.insert(users).values({
        id: userId,
        email: u.email,
        role: u.role ?? 'user',
        firstName: u.firstName,
        lastName: u.lastName || null,
        passwordHash: hashes[i] ?? null,
        status: u.status ?? 'active',
        temporaryPassword: u.temporaryPassword ?? false,
        registerVersion: 'default',
        phone: u.phone ?? null,
        phoneConfirmed: u.phoneConfirmed ?? false,
        confirmationMethod: u.confirmationMethod ?? 'email',
        createdAt: at(60),
      });
      const firstAccountId = u.accounts[0] ? demoId(`account:${u.accounts[0].key}`) : null;
      for (const [j, a] of u.accounts.entries()) {
        await tx.insert(accounts).values({
          id: demoId(`account:${a.key}`),
          userId,
          type: a.type,
          primaryEmail: u.email,
          firstName: a.firstName,
          meta: {
            initialSetup: false,
            skipOnboarding: false,
            isApproved: true,
            last_active_account: firstAccountId,
            ...a.meta,
          },
          settings: { language_preference: 'default', stripe_id: null, ...a.settings },
          createdAt: new Date(at(60).getTime() + j * 1000),
        });
      }
    }
    for (const [i, [account, type, title, body, daysAgo, read, dismissed, link]] of DEMO_NOTIFICATIONS.entries()) {
      await tx.insert(notifications).values({
        id: demoId(`notification:${i}`),
        accountId: demoId(`account:${account}`),
        type,
        title,
        body,
        link,
        hasRead: read,
        dismissed,
        created: at(daysAgo),
      });
    }
    await seedBookings(tx, at);
    await seedHelpDesk(tx, at, demoId);
  });
};

// ── bookings: customer@'s weekly mowing, served by vendor@ of organization@ ──────────────────────────

const DEMO_SERVICE: ServiceDataValue = {
  _id: demoId('service:mowing'),
  name: 'Lawn mowing',
  description: 'Mowing, edging and blowing of clippings.',
  category: { name: 'Lawn care' },
  prices: [
    { plan_id: 'mowing-small-week', label: 'Small lawn, weekly', value: 3500, frequency: 'week' },
    { plan_id: 'mowing-small-biweek', label: 'Small lawn, every two weeks', value: 4000, frequency: 'biweek' },
    { plan_id: 'mowing-small-month', label: 'Small lawn, monthly', value: 4500, frequency: 'month' },
  ],
};

const DEMO_ADDRESS: AddressDataValue = {
  _id: demoId('address:customer'),
  address_formatted: '12 Elm Street, Springfield, IL 62701',
  street_number: '12',
  street: 'Elm Street',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  address_meta: { additional_details: 'Gate code 1234', home_size: 'small' },
};

/**
 * customer@'s appointments: [key, status, days from now (negative: past), note, paymentIntentId].
 * `demoId('appointment:<key>')` names each one (tests use them).
 */
export const DEMO_APPOINTMENTS: readonly (readonly [string, AppointmentStatusValue, number, string | null, string | null])[] = [
  ['customer-completed', 'complete', -7, 'Mowed and edged; clippings blown off the drive.', 'pi_demo_completed'],
  ['customer-upcoming', 'active', 3, null, null],
  ['customer-canceled', 'canceled', 5, 'Away on vacation that week.', null],
  ['customer-later', 'active', 10, null, null],
  ['customer-pending', 'pending', 17, null, null],
];

/** The seeded subscription, appointments and the accounts they belong to (tests name them). */
export const DEMO_BOOKINGS = {
  subscription: demoId('subscription:customer-mowing'),
  order: demoId('order:customer-mowing'),
  customer: demoId('account:customer'),
  vendor: demoId('account:vendor'),
  organization: demoId('account:organization'),
} as const;

type NewSubscription = typeof subscriptions.$inferInsert;
type NewAppointment = typeof appointments.$inferInsert;

/**
 * A subscription record like the demo one (customer@'s weekly mowing by vendor@ of organization@), with
 * `fields` replacing any column. Used by the seed and by tests that write records directly.
 */
export const demoSubscriptionRecord = (fields: Partial<NewSubscription> & Pick<NewSubscription, 'id' | 'createdAt'>): NewSubscription => ({
  orderId: demoId(`order:${fields.id}`),
  status: 'active',
  customerAccountId: DEMO_BOOKINGS.customer,
  vendorAccountId: DEMO_BOOKINGS.vendor,
  organizationAccountId: DEMO_BOOKINGS.organization,
  serviceId: DEMO_SERVICE._id!,
  planId: 'mowing-small-week',
  frequency: 'week',
  serviceData: DEMO_SERVICE,
  addressData: DEMO_ADDRESS,
  price: 3500,
  updatedAt: fields.createdAt,
  ...fields,
});

/** An appointment record like the demo ones (a visit of customer@'s subscription), with `fields` replacing any column. */
export const demoAppointmentRecord = (
  fields: Partial<NewAppointment> & Pick<NewAppointment, 'id' | 'status' | 'startTime' | 'createdAt'>,
): NewAppointment => ({
  duration: 45,
  customerAccountId: DEMO_BOOKINGS.customer,
  vendorAccountId: DEMO_BOOKINGS.vendor,
  organizationAccountId: DEMO_BOOKINGS.organization,
  subscriptionId: DEMO_BOOKINGS.subscription,
  orderType: 'subscription',
  planId: 'mowing-small-week',
  paymentIntentId: null,
  serviceData: DEMO_SERVICE,
  addressData: DEMO_ADDRESS,
  price: 3500,
  note: null,
  facts: { pendingApprovals: [] },
  updatedAt: fields.createdAt,
  ...fields,
});

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

const seedBookings = async (tx: SeedTx, at: (daysAgo: number) => Date): Promise<void> => {
  await tx.insert(subscriptions).values(
    demoSubscriptionRecord({
      id: DEMO_BOOKINGS.subscription,
      orderId: DEMO_BOOKINGS.order,
      providerSubscriptionId: 'sub_demo_customer_mowing',
      createdAt: at(40),
    }),
  );
  for (const [key, status, inDays, note, paymentIntentId] of DEMO_APPOINTMENTS) {
    const start = at(-inDays);
    const completedAt = status === 'complete' ? new Date(start.getTime() + 45 * 60_000) : null;
    await tx.insert(appointments).values(
      demoAppointmentRecord({
        id: demoId(`appointment:${key}`),
        status,
        startTime: start,
        paymentIntentId,
        note,
        completedAt,
        createdAt: at(40),
        // The completed visit changed when it was done; the canceled one two days ago.
        updatedAt: completedAt ?? (status === 'canceled' ? at(2) : at(40)),
      }),
    );
  }
};

/**
 * Empties every table of the public schema (the migrations' own table lives in the drizzle schema and
 * stays). TRUNCATE is not stopped by the audit log's append-only trigger; only the reseed uses this.
 */
export const wipeDatabase = async (db: Db): Promise<void> => {
  type Row = { tablename: string };
  // PGlite and node-postgres both answer `{ rows }`; the shared drizzle type does not say so.
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows?: Row[] } | Row[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  if (!rows.length) return;
  const names = rows.map((r) => `"public"."${r.tablename.replace(/"/g, '""')}"`).join(', ');
  await db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
};
