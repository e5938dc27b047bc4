import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { hashPassword } from '../auth/passwords';
import type { Clock } from '../clock';
import type { Db } from './client';
import { seedPayments } from './seed-payments';
import { seedInvoices } from './seed-invoices';
import { seedPayouts } from './seed-payouts';
import { seedHelpDesk } from './seed-help-desk';
import { seedCalendar } from './seed-calendar';
import { seedServiceAreas } from './seed-service-areas';
import { seedVisits } from './seed-visits';
import { seedApprovals } from './seed-approvals';
import {
  type AccountMetaValue,
  type AccountSettingsValue,
  type AccountTypeValue,
  type AddressDataValue,
  type AppointmentStatusValue,
  type ServiceDataValue,
  type UserStatus,
  accounts,
  addOnServices,
  addresses,
  appointments,
  coupons,
  customerContributions,
  notifications,
  pricePlans,
  serviceAreaZipCodes,
  serviceCategories,
  services,
  subscriptions,
  taxRates,
  users,
  visitLedger,
  sandboxConnectedAccounts,
} from './schema';
import { splitGiveBack } from '../../src/core/rules/give-back';
import type { DiscountDuration, Frequency, HomeSize } from '../../src/core/model/service';

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
    key: 'vendor2',
    email: 'vendor2@tendwell.test',
    firstName: 'Rita',
    lastName: 'Rivera',
    accounts: [{ key: 'vendor2', type: 'vendor', firstName: 'Rita', meta: onboarded, settings: { stripe_id: 'acct_demo_vendor2' } }],
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
    // onboarded: its payout account at the sandbox provider (issue 11)
    accounts: [{ key: 'affiliate', type: 'affiliate', firstName: 'Ari', meta: onboarded, settings: { stripe_id: 'acct_demo_affiliate' } }],
  },
  {
    key: 'multi',
    email: 'multi@tendwell.test',
    firstName: 'Morgan',
    lastName: 'Multi',
    accounts: [
      { key: 'multi-customer', type: 'customer', firstName: 'Morgan', meta: onboarded },
      { key: 'multi-affiliate', type: 'affiliate', firstName: 'Morgan', meta: onboarded, settings: { stripe_id: 'acct_demo_multi_affiliate' } },
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
        // onboarded with the sandbox provider: its connected account is there, details submitted (issue 11)
        if (a.settings?.stripe_id) {
          await tx.insert(sandboxConnectedAccounts).values({
            id: a.settings.stripe_id,
            name: a.firstName ?? u.email,
            email: u.email,
            detailsSubmitted: true,
            bankLast4: '6789',
            createdAt: at(60),
          });
        }
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
    await seedCalendar(tx, at, demoId);
    await seedVisits(tx, at, demoId, demoAppointmentRecord);
    await seedApprovals(tx, at, demoId);
    await seedCatalogue(tx, at);
    await seedServiceAreas(tx, demoId, at(60));
    await seedPayments(tx, { customerAccountId: demoId('account:customer'), cardId: demoId('card:customer-visa') }, at(30));
    await seedHelpDesk(tx, at, demoId);
    await seedInvoices(tx, at, demoId);
    await seedPayouts(tx, clock.now(), demoId);
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
/**
 * A demo visit's start: `inDays` from the seeding day at 9:00 in Springfield (America/Chicago, customer@'s home),
 * inside the vendors' working hours whatever the hour the demo was seeded (not the seeding time of day shifted).
 */
export const demoVisitStart = (at: (daysAgo: number) => Date, inDays: number): Date =>
  DateTime.fromJSDate(at(-inDays), { zone: 'America/Chicago' }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 }).toJSDate();

export const DEMO_APPOINTMENTS: readonly (readonly [string, AppointmentStatusValue, number, string | null, string | null])[] = [
  ['customer-completed', 'complete', -7, 'Mowed and edged; clippings blown off the drive.', 'pi_demo_completed'],
  ['customer-past-2', 'complete', -14, 'Mowed; the back corner was wet, edged by hand.', 'pi_demo_past_2'],
  ['customer-past-3', 'complete', -21, 'Mowed and edged; picked up a few branches first.', 'pi_demo_past_3'],
  ['customer-past-4', 'complete', -28, 'First visit: mowed, edged and blown.', 'pi_demo_past_4'],
  ['customer-upcoming', 'active', 3, null, null],
  ['customer-canceled', 'canceled', 5, 'Away on vacation that week.', null],
  ['customer-later', 'active', 10, null, null],
  ['customer-pending', 'pending', 17, null, null],
];

/**
 * Saved addresses: customer@'s Springfield home (its default, served by the demo subscription) and an Austin
 * house no subscription serves yet (checkout demos and tests); newcustomer@'s Denver home.
 */
export const DEMO_ADDRESSES = [
  {
    id: DEMO_ADDRESS._id!,
    account: 'customer',
    streetNumber: '12',
    street: 'Elm Street',
    unit: null,
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    additionalDetails: 'Gate code 1234',
    homeSize: 'small' as HomeSize,
    isDefault: true,
  },
  {
    id: demoId('address:customer-austin'),
    account: 'customer',
    streetNumber: '500',
    street: 'Congress Avenue',
    unit: null,
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
    additionalDetails: null,
    homeSize: 'medium' as HomeSize,
    isDefault: false,
  },
  {
    id: demoId('address:newcustomer'),
    account: 'newcustomer',
    streetNumber: '1600',
    street: 'Glenarm Place',
    unit: null,
    city: 'Denver',
    state: 'CO',
    postalCode: '80202',
    additionalDetails: null,
    homeSize: 'large' as HomeSize,
    isDefault: true,
  },
] as const;

/** customer@ supports two affiliates with its give-back: [affiliate account key, percentage] (they total under 100%). */
export const DEMO_CONTRIBUTIONS: readonly (readonly [string, number])[] = [
  ['affiliate', 60],
  ['multi-affiliate', 30],
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
      addressId: DEMO_ADDRESS._id!,
      createdAt: at(40),
    }),
  );
  for (const [i, a] of DEMO_ADDRESSES.entries()) {
    await tx.insert(addresses).values({ ...a, accountId: demoId(`account:${a.account}`), isDefault: a.isDefault, createdAt: new Date(at(60).getTime() + i * 1000) });
  }
  for (const [key, status, inDays, note, paymentIntentId] of DEMO_APPOINTMENTS) {
    const start = demoVisitStart(at, inDays);
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
  for (const [affiliate, percentage] of DEMO_CONTRIBUTIONS) {
    await tx.insert(customerContributions).values({ customerAccountId: DEMO_BOOKINGS.customer, affiliateAccountId: demoId(`account:${affiliate}`), percentage, createdAt: at(50) });
  }
  // The completed visits' ledger rows, as completing them would have written them (server/services/visit-ledger.ts).
  for (const [key, status, inDays] of DEMO_APPOINTMENTS) {
    if (status !== 'complete') continue;
    const appointmentId = demoId(`appointment:${key}`);
    const base = { appointmentId, customerAccountId: DEMO_BOOKINGS.customer, requestId: null, createdAt: new Date(demoVisitStart(at, inDays).getTime() + 45 * 60_000) };
    await tx.insert(visitLedger).values({ ...base, id: demoId(`ledger:${key}:earning`), kind: 'vendor_earning', accountId: DEMO_BOOKINGS.vendor, amount: 3500, percentage: null });
    const shares = DEMO_CONTRIBUTIONS.map(([affiliate, percentage]) => ({ affiliateAccountId: demoId(`account:${affiliate}`), percentage }));
    for (const cut of splitGiveBack(shares)) {
      await tx.insert(visitLedger).values({ ...base, id: demoId(`ledger:${key}:give-back:${cut.affiliateAccountId}`), kind: 'give_back', accountId: cut.affiliateAccountId, amount: cut.cents, percentage: cut.percentage });
    }
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

// ── catalogue: a lawn business's services, prices, add-ons, coupons and service area ─────────────────

const SIZES: readonly HomeSize[] = ['small', 'medium', 'large'];
const SIZE_LABEL: Readonly<Record<HomeSize, string>> = { small: 'Small lawn', medium: 'Medium lawn', large: 'Large lawn' };
const FREQUENCY_LABEL: Readonly<Record<Frequency, string>> = { week: 'weekly', biweek: 'every two weeks', month: 'monthly' };

interface DemoService {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly orderType: 'subscription' | 'onetime';
  readonly duration: number;
  readonly active?: boolean;
  /** Recurring: cents per visit by size and frequency. One-time: cents by size. */
  readonly prices: Readonly<Record<HomeSize, number | Readonly<Record<Frequency, number>>>>;
}

/** Service categories: [key, name]. `demoId('category:<key>')` names each one. */
export const DEMO_CATEGORIES: readonly (readonly [string, string])[] = [
  ['lawn', 'Lawn care'],
  ['garden', 'Trees, hedges and beds'],
];

/**
 * The demo catalogue. Lawn mowing is priced per visit: weekly is the cheapest visit, monthly the dearest
 * (a longer lawn takes longer), and larger lawns cost more. `demoId('service:<key>')` names each one.
 */
export const DEMO_SERVICES: readonly DemoService[] = [
  {
    key: 'mowing',
    name: 'Lawn mowing',
    description: 'Mowing, edging and blowing of clippings.',
    category: 'lawn',
    orderType: 'subscription',
    duration: 45,
    prices: {
      small: { week: 3500, biweek: 4000, month: 4500 },
      medium: { week: 4600, biweek: 5200, month: 5800 },
      large: { week: 5900, biweek: 6600, month: 7400 },
    },
  },
  {
    key: 'leaf-cleanup',
    name: 'Leaf clean-up',
    description: 'Leaves raked and blown from lawn and beds, bagged and hauled away.',
    category: 'lawn',
    orderType: 'onetime',
    duration: 90,
    prices: { small: 9900, medium: 13900, large: 18900 },
  },
  {
    key: 'aeration',
    name: 'Core aeration',
    description: 'Core aeration of the whole lawn so water and nutrients reach the roots.',
    category: 'lawn',
    orderType: 'onetime',
    duration: 60,
    prices: { small: 7900, medium: 10900, large: 14900 },
  },
  {
    key: 'hedges',
    name: 'Hedge trimming',
    description: 'Hedges and shrubs shaped by hand and machine; clippings removed.',
    category: 'garden',
    orderType: 'onetime',
    duration: 60,
    prices: { small: 6900, medium: 9900, large: 12900 },
  },
  {
    key: 'snow',
    name: 'Snow removal',
    description: 'Driveway and walks cleared after each snowfall (offered in winter only).',
    category: 'lawn',
    orderType: 'onetime',
    duration: 30,
    active: false,
    prices: { small: 4500, medium: 5500, large: 6500 },
  },
];

/** Add-on services: [key, name, description, cents]. `demoId('addon:<key>')` names each one. */
export const DEMO_ADD_ONS: readonly (readonly [string, string, string, number])[] = [
  ['bag-clippings', 'Bag clippings', 'Clippings bagged and taken away instead of mulched.', 1000],
  ['weed-beds', 'Weed flower beds', 'Hand weeding of flower beds along the lawn.', 2500],
  ['gutters', 'Gutter clean-out', 'Gutters of a one-storey house cleared of leaves.', 4500],
];

interface DemoCoupon {
  readonly code: string;
  readonly percentOff?: number;
  readonly amountOff?: number;
  readonly duration: DiscountDuration;
  readonly months?: number;
  /** Days from now (negative: already expired). */
  readonly expiresInDays?: number;
  readonly maxRedemptions?: number;
  readonly timesRedeemed?: number;
  /** Service keys it is limited to. */
  readonly services?: readonly string[];
}

/** Coupons: one of each duration, plus one expired, one used up and one for a single service. */
export const DEMO_COUPONS: readonly DemoCoupon[] = [
  { code: 'WELCOME10', percentOff: 10, duration: 'once' },
  { code: 'SPRING5', amountOff: 500, duration: 'repeating', months: 3, expiresInDays: 120 },
  { code: 'LOYAL15', percentOff: 15, duration: 'forever' },
  { code: 'OLD20', percentOff: 20, duration: 'once', expiresInDays: -30 },
  { code: 'FIRST50', amountOff: 1000, duration: 'once', maxRedemptions: 50, timesRedeemed: 50 },
  { code: 'AERATE20', percentOff: 20, duration: 'once', services: ['aeration'] },
];

/** The service area: [zip, city, state, IANA time zone, sales tax in basis points]. */
export const DEMO_ZIP_CODES: readonly (readonly [string, string, string, string, number])[] = [
  ['78701', 'Austin', 'TX', 'America/Chicago', 825],
  ['78702', 'Austin', 'TX', 'America/Chicago', 825],
  ['78703', 'Austin', 'TX', 'America/Chicago', 825],
  ['78704', 'Austin', 'TX', 'America/Chicago', 825],
  ['78705', 'Austin', 'TX', 'America/Chicago', 825],
  ['78745', 'Austin', 'TX', 'America/Chicago', 825],
  ['78746', 'West Lake Hills', 'TX', 'America/Chicago', 825],
  ['62701', 'Springfield', 'IL', 'America/Chicago', 975],
  ['62702', 'Springfield', 'IL', 'America/Chicago', 975],
  ['62703', 'Springfield', 'IL', 'America/Chicago', 975],
  ['62704', 'Springfield', 'IL', 'America/Chicago', 975],
  ['80202', 'Denver', 'CO', 'America/Denver', 881],
  ['80203', 'Denver', 'CO', 'America/Denver', 881],
  ['80204', 'Denver', 'CO', 'America/Denver', 881],
  ['80205', 'Denver', 'CO', 'America/Denver', 881],
  ['80206', 'Denver', 'CO', 'America/Denver', 881],
  ['80302', 'Boulder', 'CO', 'America/Denver', 905],
  ['85003', 'Phoenix', 'AZ', 'America/Phoenix', 860],
  ['85004', 'Phoenix', 'AZ', 'America/Phoenix', 860],
  ['85006', 'Phoenix', 'AZ', 'America/Phoenix', 860],
  ['85008', 'Phoenix', 'AZ', 'America/Phoenix', 860],
];

/** The plan id of a demo service's price: 'mowing-small-week', 'aeration-large'. */
export const demoPlanId = (serviceKey: string, size: HomeSize, frequency?: Frequency): string =>
  frequency ? `${serviceKey}-${size}-${frequency}` : `${serviceKey}-${size}`;

const seedCatalogue = async (tx: SeedTx, at: (daysAgo: number) => Date): Promise<void> => {
  for (const [position, [key, name]] of DEMO_CATEGORIES.entries()) {
    await tx.insert(serviceCategories).values({ id: demoId(`category:${key}`), name, position });
  }
  for (const [position, s] of DEMO_SERVICES.entries()) {
    const serviceId = demoId(`service:${s.key}`);
    await tx.insert(services).values({
      id: serviceId,
      name: s.name,
      description: s.description,
      categoryId: demoId(`category:${s.category}`),
      orderType: s.orderType,
      durationMinutes: s.duration,
      active: s.active ?? true,
      position,
    });
    let planPosition = 0;
    for (const size of SIZES) {
      const price = s.prices[size];
      const cells: [Frequency | undefined, number][] =
        typeof price === 'number' ? [[undefined, price]] : (['week', 'biweek', 'month'] as const).map((f) => [f, price[f]]);
      for (const [frequency, value] of cells) {
        const planId = demoPlanId(s.key, size, frequency);
        await tx.insert(pricePlans).values({
          id: demoId(`plan:${planId}`),
          serviceId,
          planId,
          label: frequency ? `${SIZE_LABEL[size]}, ${FREQUENCY_LABEL[frequency]}` : SIZE_LABEL[size],
          value,
          preferenceMatchSize: size,
          priceAutoSelectRules: frequency ? { home_size: size, frequency } : { home_size: size },
          position: planPosition++,
        });
      }
    }
  }
  for (const [key, name, description, price] of DEMO_ADD_ONS) {
    await tx.insert(addOnServices).values({ id: demoId(`addon:${key}`), name, description, price });
  }
  for (const c of DEMO_COUPONS) {
    await tx.insert(coupons).values({
      id: demoId(`coupon:${c.code}`),
      code: c.code,
      percentOff: c.percentOff ?? null,
      amountOff: c.amountOff ?? null,
      duration: c.duration,
      durationInMonths: c.months ?? null,
      expiresAt: c.expiresInDays === undefined ? null : at(-c.expiresInDays),
      maxRedemptions: c.maxRedemptions ?? null,
      timesRedeemed: c.timesRedeemed ?? 0,
      serviceIds: (c.services ?? []).map((key) => demoId(`service:${key}`)),
      createdAt: at(60),
    });
  }
  for (const [zipCode, city, state, timeZone, rateBasisPoints] of DEMO_ZIP_CODES) {
    await tx.insert(serviceAreaZipCodes).values({ zipCode, city, state, timeZone });
    await tx.insert(taxRates).values({ postalCode: zipCode, state, rateBasisPoints });
  }
};
