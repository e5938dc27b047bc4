/**
 * The database schema (drizzle, PostgreSQL dialect; the same on PGlite and PostgreSQL).
 * `npm run db:generate` writes the migrations into server/db/migrations from this file.
 *
 * Conventions: ids are text (24 lower-case hex characters, `newId()`); times are `timestamptz` written
 * from the injected clock (no database defaults, so tests control time); emails are stored lower-cased.
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UserStatus as CoreUserStatus } from '../../src/core/model/user';
import type { ConfirmationMethod as CoreConfirmationMethod } from '../../src/core/model/registration';
import type { AccountType, Role } from '../../src/core/model/roles';
import type { LanguagePreference } from '../../src/core/model/language';
import type { AddOnStatus, AppointmentStatus } from '../../src/core/model/appointment';
import type { ApprovalStatus, ApprovalType } from '../../src/core/model/approval';
import type { SubscriptionStatus } from '../../src/core/model/subscription';
import type { DiscountDuration, Frequency, HomeSize, OrderType } from '../../src/core/model/service';
import type { TicketPriority, TicketSenderType, TicketStatus, TicketType } from '../../src/core/model/ticket';
import type { DayOfWeek } from '../../src/core/model/common';
import type { TimeOffStatus } from '../../src/core/rules/time-off';
import type { OrganizationApprovalState } from '../../src/core/model/organization';
import type { InvoiceStatus as InvoiceChartStatus } from '../../src/core/rules/invoices';
import type { PayoutStatus as PayoutChartStatus, TransferStatus as TransferChartStatus } from '../../src/core/rules/payouts';

// Column types come from the core's unions (src/core/model): a status is defined once, and the database,
// the server and the SPA read the same definition. `$type<…>()` changes the TypeScript type only, not the SQL.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type UserRole = 'super' | 'user';
export type UserStatus = CoreUserStatus;
export type ConfirmationMethod = CoreConfirmationMethod;
export type AccountTypeValue = AccountType;

export interface AccountMetaValue {
  initialSetup: boolean;
  skipOnboarding: boolean;
  isApproved: boolean;
  /** The id of the account the user was last active as (the one a login picks). */
  last_active_account: string | null;
  /** An organization's approval as its chart last wrote it (server/services/records/organization-approval.ts); absent: read isApproved. */
  approval_status?: OrganizationApprovalState;
  /** An organization's own maximum vendor count; absent: the server's default (config.maxVendorsPerOrganization). */
  max_vendors?: number;
}

export interface AccountSettingsValue {
  language_preference: LanguagePreference;
  stripe_id: string | null;
}

/** A person who signs in. Their role is 'super' or 'user'; what a 'user' may do comes from the active account. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Lower-cased and trimmed before it is stored. */
    email: text('email').notNull(),
    role: text('role').$type<UserRole>().notNull().default('user'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** scrypt (server/auth/passwords.ts); null until the user chooses one (quick, social or claimed signups). */
    passwordHash: text('password_hash'),
    status: text('status').$type<UserStatus>().notNull(),
    /** The password was set by someone else and must be replaced at the next sign-in. */
    temporaryPassword: boolean('temporary_password').notNull().default(false),
    registerVersion: text('register_version'),
    /** '+1' and ten digits. Unique among users, so a texted code identifies one user. */
    phone: text('phone'),
    phoneConfirmed: boolean('phone_confirmed').notNull().default(false),
    /** How the account is confirmed; with 'sms' a sign-in waits until the phone is confirmed. */
    confirmationMethod: text('confirmation_method').$type<ConfirmationMethod>().notNull().default('email'),
    /**
     * Every token carries the version it was issued under; raising it voids the e-mailed reset, confirm and claim
     * links issued before (a password reset or change). Sessions are ended by the two columns below.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Raising the token version also ends every session signed in under an older one (a password change or reset,
     * issue 21), except the one named here: the session that changed the password.
     */
    keptSessionId: text('kept_session_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_phone_unique').on(t.phone)],
);

/** A customer, vendor, organization or affiliate account; a user may hold several. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<AccountTypeValue>().notNull(),
    primaryEmail: text('primary_email').notNull(),
    firstName: text('first_name'),
    meta: jsonb('meta').$type<AccountMetaValue>().notNull(),
    settings: jsonb('settings').$type<AccountSettingsValue>().notNull(),
    integrations: jsonb('integrations').$type<Record<string, unknown>>().notNull().default({}),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    /** The referral id of the affiliate who referred this account. */
    referredBy: text('referred_by'),
    /** The one-line address given at registration (the account-details area keeps addresses proper). */
    registrationAddress: text('registration_address'),
    /** An organization's business phone, E.164 (+15551234567); its people sign in with their own (users.phone). */
    businessPhone: text('business_phone'),
    /** What a vendor tells about itself and its work (its profile, vendors/{id}/update); null: not written yet. */
    bio: text('bio'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/** Tokens revoked before their expiry (logout, account switch, single-use reset/confirm/claim tokens). */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/** 'confirm_phone': a signed-in person's new number, which waits in `phone` until its code comes back. */
export type CodePurpose = 'confirm_account' | 'reset_password' | 'confirm_phone';

/** 4-digit codes sent by email or text message; only a keyed hash is stored. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    channel: text('channel').$type<CoreConfirmationMethod>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** The number a 'confirm_phone' code was texted to: not the user's until the code is confirmed. */
    phone: text('phone'),
    expiresAt: at('expires_at').notNull(),
    /** Wrong tries so far; at 5 the code is spent. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Fixed-window attempt counters for rate limits, keyed e.g. 'login:<email>'. */
export const attempts = pgTable('attempts', {
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Every email and text message sent (development shows them at /dev/outbox). */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    /** Insertion order (several messages may share a timestamp). */
    seq: serial('seq').notNull(),
    channel: text('channel').$type<CoreConfirmationMethod>().notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    code: text('code'),
    link: text('link'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('outbox_to_idx').on(t.to)],
);

/** In-app notifications of an account. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    hasRead: boolean('has_read').notNull().default(false),
    dismissed: boolean('dismissed').notNull().default(false),
    created: at('created').notNull(),
  },
  (t) => [index('notifications_account_created_idx').on(t.accountId, t.created)],
);

/** Push-notification tokens of a user's devices. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    platform: text('platform'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('device_tokens_user_token_unique').on(t.userId, t.token)],
);

/** Screens a user viewed (product analytics). */
export const screenViews = pgTable(
  'screen_views',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id'),
    screen: text('screen').notNull(),
    path: text('path'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('screen_views_user_idx').on(t.userId)],
);

/** Social sign-in identities connected to a user; one identity belongs to one user. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('social_identities_provider_subject_unique').on(t.provider, t.subject), index('social_identities_user_idx').on(t.userId)],
);

/** Passwords generated on a client and saved for signing in from it (auth/generate-app-password). */
export const appPasswords = pgTable(
  'app_passwords',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    /** What the person called it (optional), to recognise it in the profile's list. */
    name: text('name'),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
    /** Revoked from the profile, or by a password change or reset: it signs in no more, and its sessions end. */
    revokedAt: at('revoked_at'),
  },
  (t) => [index('app_passwords_user_idx').on(t.userId)],
);

/**
 * Every state change: who (user, account, role), which chart, event, from, to, when. Append-only: a
 * trigger (migration 0001) refuses UPDATE and DELETE. No foreign keys, so the trail outlives its records.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: at('at').notNull(),
    userId: text('user_id'),
    accountId: text('account_id'),
    role: text('role'),
    chart: text('chart').notNull(),
    event: text('event').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_record_idx').on(t.recordType, t.recordId), index('audit_log_at_idx').on(t.at)],
);

// ── bookings: subscriptions and appointments (bookings §3, §4) ──────────────────────────────────────
// Their `status` is a state of a lifecycle chart (src/machines/lifecycles) and changes only through the
// transition service (server/services/transitions.ts), which writes an audit row in the same transaction.

export type SubscriptionStatusValue = SubscriptionStatus;
export type AppointmentStatusValue = AppointmentStatus;
export type FrequencyValue = Frequency;
export type OrderTypeValue = OrderType;

/** service_data: a copy of the service as booked. */
export interface ServiceDataValue {
  _id?: string;
  name: string;
  description?: string;
  category?: { name?: string };
  prices?: { plan_id: string; label: string; value: number; frequency?: FrequencyValue | null }[];
}

/** address_data: a copy of the address as booked. */
export interface AddressDataValue {
  _id?: string;
  address_formatted: string;
  street_number?: string;
  street: string;
  unit?: string | null;
  city: string;
  state: string;
  postal_code: string;
  address_meta?: { additional_details?: string | null; home_size?: HomeSize };
}

/** An add-on bought with a subscription: the add-on service, its plan id (`addon-<id>`), name and cents per visit. */
export interface AddOnLineValue {
  service_id: string;
  plan_id: string;
  name: string;
  value: number;
}

/** A custom request: a description and a price in cents. */
export interface CustomValue {
  description: string;
  value: number;
}

/** Facts of the appointment chart that have no column of their own. */
export interface AppointmentFactsValue {
  /** Types of approval requests still pending ('home_size', 'start_time'). */
  pendingApprovals: ApprovalType[];
}

/** A customer's recurring order. The chart's facts are the columns frequency, plan_id and resume_at. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    /** The order that created it; a subscription is identified by its id or its order id. */
    orderId: text('order_id').notNull(),
    status: text('status').$type<SubscriptionStatusValue>().notNull(),
    customerAccountId: text('customer_account_id')
      .notNull()
      .references(() => accounts.id),
    vendorAccountId: text('vendor_account_id').references(() => accounts.id),
    organizationAccountId: text('organization_account_id').references(() => accounts.id),
    serviceId: text('service_id').notNull(),
    planId: text('plan_id').notNull(),
    frequency: text('frequency').$type<FrequencyValue>().notNull(),
    serviceData: jsonb('service_data').$type<ServiceDataValue>().notNull(),
    addressData: jsonb('address_data').$type<AddressDataValue>(),
    /** Cents per visit. */
    price: integer('price'),
    /** The id at the payment provider. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** The customer's saved address it serves (one live subscription per address); null for old rows. */
    addressId: text('address_id'),
    /** The coupon applied at checkout (its duration counts from the first charge). */
    couponId: text('coupon_id'),
    /** Months (6, 12, 24, 128), as chosen at checkout. */
    contractLength: integer('contract_length'),
    /** Add-ons billed with every visit. */
    addOns: jsonb('add_ons').$type<AddOnLineValue[]>().notNull().default([]),
    /** When the first charge was made (checkout): cycles and the coupon's duration count from it. */
    billingAnchorAt: at('billing_anchor_at'),
    /** When the billing engine charges next (null: not billed by the engine). */
    nextBillingAt: at('next_billing_at'),
    /** When the current pause ends (chart fact `resumeAt`); null when not paused or open-ended. */
    resumeAt: at('resume_at'),
    pausedAt: at('paused_at'),
    canceledAt: at('canceled_at'),
    /**
     * The visit series (issue 9): occurrence `schedule_anchor_n` is at `schedule_anchor_at`, occurrence n is the
     * frequency's n − anchor steps from it at the same wall-clock time in `time_zone` (src/core/rules/recurrence.ts).
     * A plan change or "this and all later visits" re-anchors it. Null for rows older than the rolling schedule
     * (the visit schedule adopts them from their last visit).
     */
    scheduleAnchorAt: at('schedule_anchor_at'),
    scheduleAnchorN: integer('schedule_anchor_n').notNull().default(0),
    /** The service address's IANA time zone (from the service area), which keeps the visits' wall-clock time. */
    timeZone: text('time_zone'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscriptions_order_unique').on(t.orderId),
    // One live subscription per address: 'Selected Address is already attached to a different subscription'.
    uniqueIndex('subscriptions_live_address_unique')
      .on(t.addressId)
      .where(sql`${t.status} <> 'canceled'`),
    index('subscriptions_next_billing_idx').on(t.nextBillingAt),
    index('subscriptions_customer_idx').on(t.customerAccountId),
    index('subscriptions_vendor_idx').on(t.vendorAccountId),
    index('subscriptions_organization_idx').on(t.organizationAccountId),
  ],
);

/** One visit. The chart's facts are start_time, order_type, payment_intent_id and `facts`. */
export const appointments = pgTable(
  'appointments',
  {
    id: text('id').primaryKey(),
    status: text('status').$type<AppointmentStatusValue>().notNull(),
    startTime: at('start_time').notNull(),
    /** Minutes. */
    duration: integer('duration').notNull().default(60),
    customerAccountId: text('customer_account_id')
      .notNull()
      .references(() => accounts.id),
    vendorAccountId: text('vendor_account_id').references(() => accounts.id),
    organizationAccountId: text('organization_account_id').references(() => accounts.id),
    subscriptionId: text('subscription_id').references(() => subscriptions.id),
    orderType: text('order_type').$type<OrderTypeValue>().notNull(),
    planId: text('plan_id'),
    paymentIntentId: text('payment_intent_id'),
    serviceData: jsonb('service_data').$type<ServiceDataValue>().notNull(),
    addressData: jsonb('address_data').$type<AddressDataValue>().notNull(),
    custom: jsonb('custom').$type<CustomValue>(),
    /** Cents. */
    price: integer('price'),
    /** The last note (exception, cancel, rain delay, complete). */
    note: text('note'),
    facts: jsonb('facts').$type<AppointmentFactsValue>().notNull().default({ pendingApprovals: [] }),
    completedAt: at('completed_at'),
    /**
     * Which visit of its subscription's series this is (0, 1, 2 …; null for one-time visits and visits older than
     * the rolling schedule). Unique per subscription: a retried or concurrent schedule run never writes a visit twice.
     */
    occurrence: integer('occurrence'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('appointments_subscription_occurrence_unique').on(t.subscriptionId, t.occurrence),
    index('appointments_customer_start_idx').on(t.customerAccountId, t.startTime),
    index('appointments_vendor_start_idx').on(t.vendorAccountId, t.startTime),
    index('appointments_organization_start_idx').on(t.organizationAccountId, t.startTime),
    index('appointments_subscription_idx').on(t.subscriptionId),
  ],
);

// ── add-ons and approvals on appointments (bookings §3, §4; issue 9) ──────────────────────────────────

export type AddOnStatusValue = AddOnStatus;
export type ApprovalStatusValue = ApprovalStatus;

/**
 * An add-on on one appointment (appointment_id) or on a subscription (subscription_id): a catalogue add-on
 * (service_id, plan_id `addon-<id>`, service_data) or a custom request (custom). Its status is the add-on
 * chart's (src/machines/lifecycles/addon.machine.ts). The owner columns are copied from the appointment or
 * subscription, so ownership reads like the appointment's.
 */
export const appointmentAddOns = pgTable(
  'appointment_add_ons',
  {
    id: text('id').primaryKey(),
    status: text('status').$type<AddOnStatusValue>().notNull(),
    appointmentId: text('appointment_id').references(() => appointments.id),
    subscriptionId: text('subscription_id').references(() => subscriptions.id),
    customerAccountId: text('customer_account_id')
      .notNull()
      .references(() => accounts.id),
    vendorAccountId: text('vendor_account_id').references(() => accounts.id),
    organizationAccountId: text('organization_account_id').references(() => accounts.id),
    serviceId: text('service_id'),
    planId: text('plan_id'),
    serviceData: jsonb('service_data').$type<ServiceDataValue>(),
    custom: jsonb('custom').$type<CustomValue>(),
    /** Cents (per visit, for a subscription's add-on). */
    price: integer('price').notNull(),
    requestedByAccountId: text('requested_by_account_id'),
    requestedByRole: text('requested_by_role').$type<Role>(),
    /** The billing cycle that charged an appointment's add-on (charged once); null until then. */
    billedCycleId: text('billed_cycle_id'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('appointment_add_ons_appointment_idx').on(t.appointmentId), index('appointment_add_ons_subscription_idx').on(t.subscriptionId)],
);

/** A change request (home_size or start_time) about an appointment, decided by its customer (the approval chart). */
export const approvals = pgTable(
  'approvals',
  {
    id: text('id').primaryKey(),
    status: text('status').$type<ApprovalStatusValue>().notNull(),
    type: text('type').$type<ApprovalType>().notNull(),
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id),
    subscriptionId: text('subscription_id').references(() => subscriptions.id),
    customerAccountId: text('customer_account_id')
      .notNull()
      .references(() => accounts.id),
    vendorAccountId: text('vendor_account_id').references(() => accounts.id),
    organizationAccountId: text('organization_account_id').references(() => accounts.id),
    /** The asked change: { homeSize } or { startTime }. */
    data: jsonb('data').$type<{ homeSize?: HomeSize; startTime?: string }>().notNull(),
    note: text('note').notNull(),
    requestedByAccountId: text('requested_by_account_id'),
    requestedByRole: text('requested_by_role').$type<Role>(),
    decidedByAccountId: text('decided_by_account_id'),
    decisionNote: text('decision_note'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('approvals_appointment_idx').on(t.appointmentId), index('approvals_customer_idx').on(t.customerAccountId)],
);

// ── catalogue: services, price plans, add-ons, coupons, taxes and the service area (bookings §2, §3, §7, §9) ──

/** A group of services in the shop (bookings §3 service_data.category.name). */
export const serviceCategories = pgTable('service_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The order the shop lists categories in. */
  position: integer('position').notNull().default(0),
});

/** A service of the catalogue. Its prices are rows of `price_plans`. */
export const services = pgTable(
  'services',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: text('category_id')
      .notNull()
      .references(() => serviceCategories.id),
    /** 'subscription' (recurring, priced per visit by home size × frequency) or 'onetime' (priced by home size). */
    orderType: text('order_type').$type<Extract<OrderTypeValue, 'subscription' | 'onetime'>>().notNull(),
    /** Typical visit length in minutes. */
    durationMinutes: integer('duration_minutes').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('services_category_idx').on(t.categoryId)],
);

/**
 * One price of a service (bookings §3 "Service price plan"). `value` is cents per visit; the plan is chosen
 * when the address's home size and the chosen frequency match `priceAutoSelectRules` (frequency null: one-time).
 */
export const pricePlans = pgTable(
  'price_plans',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id),
    planId: text('plan_id').notNull(),
    label: text('label').notNull(),
    value: integer('value').notNull(),
    preferenceMatchSize: text('preference_match_size').$type<HomeSize>(),
    priceAutoSelectRules: jsonb('price_auto_select_rules').$type<{ home_size?: HomeSize; frequency?: FrequencyValue }>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('price_plans_plan_id_unique').on(t.planId), index('price_plans_service_idx').on(t.serviceId)],
);

/** An extra a customer may add to a visit or a subscription (bookings §3 "Add-on service: name, description"). */
export const addOnServices = pgTable('add_on_services', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Cents per visit it is added to. */
  price: integer('price').notNull(),
  durationMinutes: integer('duration_minutes').notNull().default(15),
  active: boolean('active').notNull().default(true),
});

/**
 * A discount code (bookings §3 Coupon, §9 discount durations). Exactly one of percent_off / amount_off is
 * set; duration 'repeating' carries duration_in_months. `serviceIds` empty: every service.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    duration: text('duration').$type<DiscountDuration>().notNull(),
    durationInMonths: integer('duration_in_months'),
    expiresAt: at('expires_at'),
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    serviceIds: jsonb('service_ids').$type<string[]>().notNull().default([]),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('coupons_code_unique').on(t.code)],
);

/** Sales tax of a postal code, in basis points (825 = 8.25 %); tax is rounded half-up to the cent. */
export const taxRates = pgTable('tax_rates', {
  postalCode: text('postal_code').primaryKey(),
  state: text('state').notNull(),
  rateBasisPoints: integer('rate_basis_points').notNull(),
});

/** A ZIP code of the service area, with the IANA time zone its visits are scheduled in. */
export const serviceAreaZipCodes = pgTable(
  'service_area_zip_codes',
  {
    zipCode: text('zip_code').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    /** IANA name, e.g. America/Chicago. */
    timeZone: text('time_zone').notNull(),
    active: boolean('active').notNull().default(true),
    /** The ZIP code's centre (degrees), which an organization's service-area radius is measured from; null: unknown. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
  },
  (t) => [index('service_area_zip_codes_state_idx').on(t.state)],
);

/**
 * An organization's service area (issue 11; src/core/rules/service-areas.ts): circles of a radius in miles
 * around a ZIP code's centre (`organization_service_areas`) and ZIP codes listed one by one
 * (`organization_zip_codes`). Its vendors serve the platform's ZIP codes these cover.
 */
export const organizationServiceAreas = pgTable(
  'organization_service_areas',
  {
    id: text('id').primaryKey(),
    organizationAccountId: text('organization_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    label: text('label'),
    postalCode: text('postal_code').notNull(),
    radiusMiles: doublePrecision('radius_miles').notNull(),
    /** The order the organization gave them. */
    position: integer('position').notNull(),
  },
  (t) => [index('organization_service_areas_organization_idx').on(t.organizationAccountId)],
);

/** The people to contact at an organization (bookings §7 update-contact, delete-contact), in the order added. */
export const organizationContacts = pgTable(
  'organization_contacts',
  {
    id: text('id').primaryKey(),
    organizationAccountId: text('organization_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    title: text('title'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('organization_contacts_organization_idx').on(t.organizationAccountId)],
);

export const organizationZipCodes = pgTable(
  'organization_zip_codes',
  {
    organizationAccountId: text('organization_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    zipCode: text('zip_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationAccountId, t.zipCode] }), index('organization_zip_codes_zip_idx').on(t.zipCode)],
);

// ── payments: saved cards, the ledger, the sandbox provider (bookings §3 billing source, §5 money; docs/design.md#money) ──
// The ledger is append-only by convention: a movement of money is a new row, never an edit. Each row carries an
// idempotency key under a unique constraint, so a retried request or a replayed webhook writes once.

export type LedgerKind = 'charge' | 'refund' | 'credit' | 'debit';
export type PaymentProviderName = 'sandbox' | 'stripe';

/** The customer at the payment provider (Stripe's Customer, or the sandbox's), one per account and provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('payment_customers_account_provider_unique').on(t.accountId, t.provider)],
);

/** The app's view of a customer's saved cards (the spec's billing source); the card itself lives at the provider. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** pm_… at Stripe, pm_sandbox_… in the sandbox: the wire's stripe_src_id. */
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_id_unique').on(t.provider, t.providerPaymentMethodId),
    index('payment_methods_account_idx').on(t.accountId),
  ],
);

/** Every movement of money, in cents (always positive; `kind` says the direction). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull(),
    /** What it is for: an order, an invoice, the charge a refund refunds. */
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    provider: text('provider').$type<PaymentProviderName>(),
    providerPaymentIntentId: text('provider_payment_intent_id'),
    providerRefundId: text('provider_refund_id'),
    /** The card charged (provider id, brand and last four digits as they were at the time). */
    providerPaymentMethodId: text('provider_payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_unique').on(t.idempotencyKey),
    index('ledger_entries_account_created_idx').on(t.accountId, t.createdAt),
    index('ledger_entries_payment_intent_idx').on(t.providerPaymentIntentId),
  ],
);

/** Webhook events already handled (Stripe retries and replays them), by the provider's event id. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull(),
});

// The sandbox provider's own tables: they stand in for Stripe's servers (test mode), not for Tendwell records.

/** A card the sandbox knows: from a pm_card_* test id or a test number typed into the sandbox form. */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** How the card behaves when charged: ok, a decline code, or 'authentication_required'. */
  behaviour: text('behaviour').notNull(),
  customerId: text('customer_id'),
  createdAt: at('created_at').notNull(),
});

export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  paymentMethodId: text('payment_method_id'),
  succeededAt: at('succeeded_at'),
  createdAt: at('created_at').notNull(),
});

/** A charge attempt at the sandbox: decided when created (declined, needs authentication, or succeeded). */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description'),
    clientSecret: text('client_secret').notNull(),
    declineCode: text('decline_code'),
    /** Set when the payment needed 3-D Secure; the intent succeeds once `authenticatedAt` is set. */
    needsAuthentication: boolean('needs_authentication').notNull().default(false),
    authenticatedAt: at('authenticated_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('sandbox_payment_intents_idempotency_unique').on(t.idempotencyKey)],
);

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amount: integer('amount').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('sandbox_refunds_idempotency_unique').on(t.idempotencyKey)],
);

// ── help desk: tickets, comments, drafts, saved responses, media, assistant (bookings §3, §4, §5, §7) ─────
// A ticket's `status` is a state of the ticket chart (src/machines/lifecycles/ticket.machine.ts) and changes
// only through the transition service, with an audit row.

export type TicketStatusValue = TicketStatus;
export type TicketPriorityValue = TicketPriority;
export type TicketTypeValue = TicketType;
export type TicketSenderTypeValue = TicketSenderType;

/** A help-desk ticket. `number` is the human number (ticket_id on the wire). */
export const tickets = pgTable(
  'tickets',
  {
    id: text('id').primaryKey(),
    number: serial('number').notNull(),
    /** The account the ticket is about (the opener, or the account super opened it for). */
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    accountType: text('account_type').$type<AccountTypeValue>().notNull(),
    /** The organization that also sees it: a vendor's organization (from its bookings); null otherwise. */
    organizationAccountId: text('organization_account_id').references(() => accounts.id),
    /** The user who wrote it (a draft is private to its author). */
    authorUserId: text('author_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<TicketStatusValue>().notNull(),
    priority: text('priority').$type<TicketPriorityValue>().notNull(),
    type: text('type').$type<TicketTypeValue>().notNull(),
    subject: text('subject').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    appointmentId: text('appointment_id').references(() => appointments.id),
    subscriptionId: text('subscription_id').references(() => subscriptions.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    closedAt: at('closed_at'),
  },
  (t) => [
    uniqueIndex('tickets_number_unique').on(t.number),
    index('tickets_account_idx').on(t.accountId),
    index('tickets_organization_idx').on(t.organizationAccountId),
    index('tickets_status_idx').on(t.status, t.closedAt),
  ],
);

/** One comment of a ticket. For super, sender_id is the user id; otherwise the sending account. */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: text('id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').notNull(),
    senderAccountType: text('sender_account_type').$type<TicketSenderTypeValue>().notNull(),
    senderName: text('sender_name'),
    body: text('body').notNull(),
    /** Media ids. */
    media: jsonb('media').$type<string[]>().notNull().default([]),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** The comment a person is typing on a ticket, saved as they type (one per ticket and author). */
export const ticketCommentDrafts = pgTable(
  'ticket_comment_drafts',
  {
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    media: jsonb('media').$type<string[]>().notNull().default([]),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('ticket_comment_drafts_unique').on(t.ticketId, t.userId)],
);

/** Saved replies staff answer tickets with. */
export const ticketResponses = pgTable('ticket_responses', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  type: text('type').$type<TicketTypeValue>(),
  createdAt: at('created_at').notNull(),
});

/** A stored file (bytes in the media port: a directory under DATA_DIR by default). */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    purpose: text('purpose').notNull(),
    ownerAccountId: text('owner_account_id').references(() => accounts.id),
    uploaderUserId: text('uploader_user_id')
      .notNull()
      .references(() => users.id),
    /** The ticket it is attached to, once a comment or ticket refers to it. */
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('media_key_unique').on(t.key), index('media_ticket_idx').on(t.ticketId)],
);

/**
 * A conversation with the assistant (bot task). It has no lifecycle chart (the spec shows none): the wire
 * status is derived from its facts (canceled_at, ticket_id, prompt) — see docs/decisions.md.
 */
export const botTasks = pgTable(
  'bot_tasks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** The conversation: who said what. */
    messages: jsonb('messages').$type<{ from: 'person' | 'bot'; text: string; at: string }[]>().notNull().default([]),
    reply: text('reply'),
    /** What the assistant asks the person to confirm ('open_ticket'), or null. */
    prompt: text('prompt'),
    /** The ticket the conversation was handed over to (then the task is done). */
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    /** When the person ended the conversation (then the task is canceled). */
    canceledAt: at('canceled_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('bot_tasks_user_idx').on(t.userId)],
);

// ── checkout and billing: addresses, orders, billing cycles (issue 8) ──

/** A customer's saved address (address_data is a copy of it on subscriptions and appointments). */
export const addresses = pgTable(
  'addresses',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    streetNumber: text('street_number').notNull(),
    street: text('street').notNull(),
    unit: text('unit'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    additionalDetails: text('additional_details'),
    homeSize: text('home_size').$type<HomeSize>(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('addresses_account_idx').on(t.accountId)],
);

/**
 * What a customer bought in one checkout. Written only after the first charge succeeded, in the transaction
 * that creates the subscription and its first appointments; `idempotency_key` (the checkout's) is unique,
 * so a retry or a second tab finds the order the first one made.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    type: text('type').$type<OrderTypeValue>().notNull(),
    customerAccountId: text('customer_account_id')
      .notNull()
      .references(() => accounts.id),
    serviceId: text('service_id').notNull(),
    planId: text('plan_id').notNull(),
    serviceData: jsonb('service_data').$type<ServiceDataValue>().notNull(),
    subscriptionId: text('subscription_id'),
    appointmentIds: jsonb('appointment_ids').$type<string[]>().notNull().default([]),
    addressId: text('address_id'),
    addOns: jsonb('add_ons').$type<AddOnLineValue[]>().notNull().default([]),
    /** Cents of the first charge. */
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    promoCode: text('promo_code'),
    /** The ledger row of the first charge. */
    ledgerEntryId: text('ledger_entry_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Who checked out (the customer, or super for them). */
    createdByUserId: text('created_by_user_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('orders_idempotency_unique').on(t.idempotencyKey), index('orders_customer_idx').on(t.customerAccountId)],
);

/**
 * One billing cycle of a subscription, claimed by the engine run that charges it: the primary key
 * (subscription, cycle) lets exactly one run — of any process on the database — insert the claim, so a cycle is
 * charged once. `outcome` is null while the claim is being charged, then 'paid', 'failed' or 'skipped' (nothing
 * to charge).
 */
export const billingCycles = pgTable(
  'billing_cycles',
  {
    /** The cycle's invoice id (GET invoice/{id}); its human number is `number` (TW-000123). */
    id: text('id'),
    number: serial('number'),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    cycle: integer('cycle').notNull(),
    dueAt: at('due_at').notNull(),
    claimedAt: at('claimed_at').notNull(),
    outcome: text('outcome').$type<'paid' | 'failed' | 'skipped'>(),
    subtotal: integer('subtotal'),
    discount: integer('discount'),
    credit: integer('credit'),
    tax: integer('tax'),
    total: integer('total'),
    ledgerEntryId: text('ledger_entry_id'),
    declineMessage: text('decline_message'),
    finishedAt: at('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.cycle] }), uniqueIndex('billing_cycles_id_unique').on(t.id)],
);

export type InvoiceStatusValue = InvoiceChartStatus;

/** One line of a manual invoice, in cents (amount = quantity × unit_amount). */
export interface InvoiceLineValue {
  description: string;
  quantity: number;
  unit_amount: number;
  amount: number;
}

/**
 * A manual invoice (bookings §3, §4, §7): written by an organization to a customer it serves, or by super to any
 * customer. Its status is the invoice chart's; the amounts are computed by `invoiceTotals` (src/core/rules/invoices.ts)
 * and stored as they were sent. `number` is its human number (INV-000001).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    number: serial('number').notNull(),
    customerAccountId: text('customer_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The issuing organization; null for an invoice super wrote without one. */
    organizationAccountId: text('organization_account_id').references(() => accounts.id),
    status: text('status').$type<InvoiceStatusValue>().notNull(),
    lines: jsonb('lines').$type<InvoiceLineValue[]>().notNull(),
    /** Basis points (825 = 8.25 %). */
    taxRateBps: integer('tax_rate_bps').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    /** YYYY-MM-DD. */
    dueDate: text('due_date'),
    note: text('note'),
    declineReason: text('decline_reason'),
    /** The ledger row of the payment (ledger_entries, kind charge). */
    ledgerEntryId: text('ledger_entry_id'),
    paymentIntentId: text('payment_intent_id'),
    createdByUserId: text('created_by_user_id').notNull(),
    sentAt: at('sent_at'),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('invoices_customer_idx').on(t.customerAccountId),
    index('invoices_organization_idx').on(t.organizationAccountId),
    uniqueIndex('invoices_number_unique').on(t.number),
  ],
);

/**
 * A checkout whose first charge asked for authentication (`requires_action`), by its idempotency key: the
 * browser confirms the payment and sends the same request again, which then confirms the payment intent instead
 * of charging anew. Not an order: nothing is bought until the payment succeeds.
 */
export const checkoutAttempts = pgTable('checkout_attempts', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  paymentIntentId: text('payment_intent_id').notNull(),
  amount: integer('amount').notNull(),
  createdAt: at('created_at').notNull(),
});

// ── the vendor's day (bookings §3 vendor today note) ──

/** The note a vendor keeps for one working day (one per vendor and day). */
/**
 * A vendor's last known position (POST location/ping while it works, with the browser's permission): one row per
 * vendor, replaced on each ping. Not a lifecycle record (nothing is decided on it) and not audited per ping.
 */
export const vendorLocations = pgTable('vendor_locations', {
  vendorAccountId: text('vendor_account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  /** Meters, as the browser reported it. */
  accuracy: doublePrecision('accuracy'),
  /** The visit the vendor was working on, when it named one. */
  appointmentId: text('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
  /** When the server received the position (the browser's own time is not trusted). */
  at: at('at').notNull(),
});

export const vendorTodayNotes = pgTable(
  'vendor_today_notes',
  {
    vendorAccountId: text('vendor_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD, the vendor's working day. */
    date: text('date').notNull(),
    note: text('note').notNull(),
    /** The wire's status: 'done' when true, 'open' otherwise (a checkbox, not a lifecycle). */
    done: boolean('done').notNull().default(false),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('vendor_today_notes_vendor_date_unique').on(t.vendorAccountId, t.date)],
);

// ── calendar: vendors' organizations, weekly working hours and time off (bookings §3 vendor schedule, §4, §5, §9) ──

/**
 * Which organization a vendor works for (bookings §3 "Vendor: is_part_of_org"). One row per vendor that is
 * part of an organization; an independent vendor has none (its time off is decided by super).
 */
export const vendorOrganizations = pgTable(
  'vendor_organizations',
  {
    vendorAccountId: text('vendor_account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizationAccountId: text('organization_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('vendor_organizations_organization_idx').on(t.organizationAccountId)],
);

/** One weekly working window of a vendor: a day of the week, HHMM to HHMM (15-minute slots inside 0800–2000). */
export const vendorAvailability = pgTable(
  'vendor_availability',
  {
    id: text('id').primaryKey(),
    vendorAccountId: text('vendor_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dayOfWeek: text('day_of_week').$type<DayOfWeek>().notNull(),
    /** Minutes since local midnight. */
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [index('vendor_availability_vendor_idx').on(t.vendorAccountId)],
);

export type TimeOffStatusValue = TimeOffStatus;

/** A vendor's time-off request (the wire's VendorSchedule); its status is the time-off chart's. */
export const vendorTimeOff = pgTable(
  'vendor_time_off',
  {
    id: text('id').primaryKey(),
    vendorAccountId: text('vendor_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The vendor's organization when asked (who decides); null for an independent vendor (super decides). */
    organizationAccountId: text('organization_account_id').references(() => accounts.id),
    status: text('status').$type<TimeOffStatusValue>().notNull(),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    note: text('note'),
    decisionNote: text('decision_note'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('vendor_time_off_vendor_idx').on(t.vendorAccountId, t.startTime),
    index('vendor_time_off_organization_idx').on(t.organizationAccountId),
  ],
);

/** The newest sequence number of each live stream (a room: `user:…`, `account:…`, `role:super`). */
export const liveStreams = pgTable('live_streams', {
  stream: text('stream').primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});

/**
 * Every live event pushed, numbered per stream, so a client that reconnects (to this process, to another
 * one, or after a restart) gets what it missed. Pruned after `LIVE_RETENTION_MS` (src/core/rules/live.ts).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    stream: text('stream').notNull(),
    seq: integer('seq').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stream, t.seq] }), index('live_events_created_idx').on(t.createdAt)],
);

// ── give-back and earnings (bookings §1, §3 affiliates, §9; issue 9 "Give-back and earnings ledgers") ──

/**
 * The affiliates a customer supports and the percentage of its give-back each receives (bookings §3
 * Customer.affiliates; the percentages total under 100%, §5). A customer with no row supports none.
 */
export const customerContributions = pgTable(
  'customer_contributions',
  {
    customerAccountId: text('customer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    affiliateAccountId: text('affiliate_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Whole percent, 1 to 99. */
    percentage: integer('percentage').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerAccountId, t.affiliateAccountId] }), index('customer_contributions_affiliate_idx').on(t.affiliateAccountId)],
);

export type VisitLedgerKind = 'vendor_earning' | 'give_back';

/**
 * What a serviced visit earns: one 'vendor_earning' row (the visit's price, to its vendor — or to its
 * organization when no vendor is assigned) and, when the customer supports affiliates, 'give_back' rows
 * ($1 split by the contribution percentages). Written once per visit, in the completing transaction: the
 * unique indexes are the guarantee (a second completion, a retried request or a race inserts nothing).
 * Later issues turn these rows into payouts and affiliate reports.
 */
export const visitLedger = pgTable(
  'visit_ledger',
  {
    id: text('id').primaryKey(),
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id),
    kind: text('kind').$type<VisitLedgerKind>().notNull(),
    /** Who earns: the vendor (or organization) for an earning, the affiliate for give-back. */
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    customerAccountId: text('customer_account_id')
      .notNull()
      .references(() => accounts.id),
    /** Cents. */
    amount: integer('amount').notNull(),
    /** The contribution percentage a give-back row was split by (null for an earning). */
    percentage: integer('percentage'),
    requestId: text('request_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('visit_ledger_earning_once').on(t.appointmentId).where(sql`kind = 'vendor_earning'`),
    uniqueIndex('visit_ledger_give_back_once').on(t.appointmentId, t.accountId).where(sql`kind = 'give_back'`),
    index('visit_ledger_account_idx').on(t.accountId, t.createdAt),
  ],
);

// ── a completed visit's photos and review (bookings §2 "photos after the visit", §7 POST review) ──

/** A photo of a completed visit: a media row (purpose 'appointment') attached when the visit is completed. */
export const appointmentImages = pgTable(
  'appointment_images',
  {
    mediaId: text('media_id')
      .primaryKey()
      .references(() => media.id, { onDelete: 'cascade' }),
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** The order the vendor attached them in. */
    position: integer('position').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('appointment_images_appointment_idx').on(t.appointmentId, t.position), index('appointment_images_created_idx').on(t.createdAt)],
);

/** The customer's review of a completed visit: one per visit. */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    customerAccountId: text('customer_account_id')
      .notNull()
      .references(() => accounts.id),
    vendorAccountId: text('vendor_account_id').references(() => accounts.id),
    /** 1 to 5. */
    rating: integer('rating').notNull(),
    comment: text('comment'),
    /** The customer allows showing it publicly. */
    public: boolean('public').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('reviews_appointment_unique').on(t.appointmentId), index('reviews_vendor_idx').on(t.vendorAccountId)],
);

// ── payout onboarding (issue 11: vendors, organizations and affiliates reach payouts) ────────────────

/** The payout-onboarding chart's statuses (src/core/rules/payout-onboarding.ts). */
export type PayoutOnboardingStatusValue = 'not_started' | 'linking' | 'connected' | 'finished';

export interface PayoutBankAccountValue {
  account_holder_name: string;
  account_holder_type: 'individual' | 'company';
  routing_number: string;
  last4: string;
  bank_name: string;
  status: 'new' | 'verified' | 'errored';
}

export interface PayoutDocumentValue {
  document_type: 'insurance' | 'identity';
  media_id: string;
  back_media_id: string | null;
  valid_from: string;
  valid_until: string;
  status: 'pending' | 'verified' | 'rejected' | 'expired';
}

export interface PayoutChecklistEntryValue {
  done: boolean;
  media_id: string | null;
  valid_until: string | null;
}

/**
 * One account's payout onboarding (organization, vendor or affiliate): the payout-onboarding chart's status, the
 * pending link to the provider's onboarding (state key and a hash of the one-time code), and what the steps
 * gathered. Tax ids are never stored whole: their kind and last four digits only. An account without a row has
 * not started (or, seeded, is read from its settings.stripe_id and meta.initialSetup).
 */
export const payoutOnboardings = pgTable('payout_onboardings', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  status: text('status').$type<PayoutOnboardingStatusValue>().notNull(),
  /** The provider's connected account made at the first authorize (settings.stripe_id once the code is exchanged). */
  connectedAccountId: text('connected_account_id'),
  stateKey: text('state_key'),
  codeHash: text('code_hash'),
  linkExpiresAt: at('link_expires_at'),
  businessType: text('business_type').$type<'individual' | 'company'>(),
  entityType: text('entity_type').$type<'sole_proprietorship' | 'single_member_llc'>(),
  taxIdKind: text('tax_id_kind').$type<'ssn' | 'ein'>(),
  taxIdLast4: text('tax_id_last4'),
  bankAccount: jsonb('bank_account').$type<PayoutBankAccountValue>(),
  verificationDocument: jsonb('verification_document').$type<PayoutDocumentValue>(),
  agreementVersion: text('agreement_version'),
  agreementAcceptedAt: at('agreement_accepted_at'),
  surveyStatus: text('survey_status').$type<'draft' | 'open' | 'closed'>().notNull().default('draft'),
  surveyAnswers: jsonb('survey_answers').$type<{ question: string; answer: string }[]>().notNull().default([]),
  surveyUpdatedAt: at('survey_updated_at'),
  /** A vendor's checklist ticks, by item id. */
  checklist: jsonb('checklist').$type<Record<string, PayoutChecklistEntryValue>>().notNull().default({}),
  updatedAt: at('updated_at').notNull(),
});

/** The sandbox provider's connected accounts (Stripe Connect's accounts, in the sandbox) and their one onboarding link. */
export const sandboxConnectedAccounts = pgTable('sandbox_connected_accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  linkId: text('link_id'),
  returnUrl: text('return_url'),
  refreshUrl: text('refresh_url'),
  linkExpiresAt: at('link_expires_at'),
  bankLast4: text('bank_last4'),
  createdAt: at('created_at').notNull(),
});
// ── transfers and payouts (issue 11 "Money"; docs/design.md#money): once per earner and period ─────────────
// A transfer's and a payout's `status` are states of their charts (src/machines/lifecycles/transfer.machine.ts,
// payout.machine.ts) and change only through the transition service, with an audit row.

export type TransferStatusValue = TransferChartStatus;
export type PayoutStatusValue = PayoutChartStatus;

/**
 * Money moved from the platform to an earner's connected account (its settings.stripe_id) for one period (a week,
 * src/core/rules/payouts.ts). The unique index on (account, period) is the once-per-period guarantee: the job's
 * claim is an insert that a second process (or a second run) cannot repeat.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: text('id').primaryKey(),
    /** Who is paid: an organization, or an independent vendor. */
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The period's Monday (YYYY-MM-DD, UTC); the period ends 7 days later. */
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    /** Cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').$type<TransferStatusValue>().notNull(),
    /** The connected account it was sent to. */
    destination: text('destination').notNull(),
    /** The provider's idempotency key: `transfer:<account>:<period>`. */
    idempotencyKey: text('idempotency_key').notNull(),
    providerTransferId: text('provider_transfer_id'),
    failureMessage: text('failure_message'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('transfers_account_period_unique').on(t.accountId, t.periodStart),
    uniqueIndex('transfers_idempotency_unique').on(t.idempotencyKey),
    index('transfers_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/** Which ledger earnings a transfer paid: each earning is transferred at most once (its primary key). */
export const transferItems = pgTable(
  'transfer_items',
  {
    ledgerId: text('ledger_id')
      .primaryKey()
      .references(() => visitLedger.id),
    transferId: text('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('transfer_items_transfer_idx').on(t.transferId)],
);

/** Money paid from a connected account to its bank: one per paid transfer (unique), so once per period too. */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    transferId: text('transfer_id')
      .notNull()
      .references(() => transfers.id),
    periodStart: text('period_start').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').$type<PayoutStatusValue>().notNull(),
    /** The connected account it is paid from. */
    source: text('source').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    providerPayoutId: text('provider_payout_id'),
    /** The day the bank should have it (YYYY-MM-DD), once sent. */
    arrivalDate: text('arrival_date'),
    bankLast4: text('bank_last4'),
    failureMessage: text('failure_message'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payouts_transfer_unique').on(t.transferId),
    uniqueIndex('payouts_account_period_unique').on(t.accountId, t.periodStart),
    uniqueIndex('payouts_idempotency_unique').on(t.idempotencyKey),
    index('payouts_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/** The sandbox provider's transfers and payouts (Stripe's servers in the embedded default), one per idempotency key. */
export const sandboxMoneyMovements = pgTable(
  'sandbox_money_movements',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'transfer' | 'payout'>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The connected account: the destination of a transfer, the source of a payout. */
    account: text('account').notNull(),
    amount: integer('amount').notNull(),
    /** A payout's arrival day (YYYY-MM-DD); it has arrived once the clock reaches that day. */
    arrivalDate: text('arrival_date'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('sandbox_money_movements_idempotency_unique').on(t.idempotencyKey)],
);
