import { type VisitSchedule, createVisitSchedule } from './visit-schedule';
import type { LiveHub } from '../adapters/live';
import type { PaymentProvider } from '../adapters/payments/port';
import { createPayoutOnboardingService, type PayoutOnboardingService } from './payout-onboarding';
import { type SandboxProvider, createSandboxProvider } from '../adapters/payments/sandbox';
import { createStripeProvider } from '../adapters/payments/stripe';
import { type TokenService, createTokenService } from '../auth/tokens';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { type AccountService, createAccountService } from './account';
import { type AddOnService, createAddOnService } from './addons';
import { type AppointmentService, createAppointmentService } from './appointments';
import { type VisitLedgerService, createVisitLedgerService } from './visit-ledger';
import { type VisitPhotoService, createVisitPhotoService } from './visit-photos';
import { type ReviewService, createReviewService } from './reviews';
import { type AuditQueryService, createAuditQueryService } from './audit-query';
import { type AuthService, createAuthService } from './auth';
import { type CalendarService, createCalendarService } from './calendar';
import { type VendorAssignmentService, createVendorAssignmentService } from './vendor-assignment';
import { type VendorLocationService, createVendorLocationService } from './vendor-location';
import { type AppointmentBooking, createAppointmentBooking } from './appointment-booking';
import { type CatalogueService, createCatalogueService } from './catalogue';
import { type BillingService, createBillingService } from './billing';
import { type ChargeService, createChargeService } from './charges';
import { type CheckoutService, createCheckoutService } from './checkout';
import { type BillingEngine, createBillingEngine } from './billing-engine';
import { type InvoiceService, createInvoiceService } from './invoices';
import { createManualInvoiceService } from './manual-invoices';
import { type AddressService, createAddressService } from './addresses';
import { type CustomerService, createCustomerService } from './customers';
import { type CreditService, createCreditService, creditBalanceOf } from './credits';
import { type NotificationService, createNotificationService } from './notifications';
import { type OutboxService, createOutbox } from './outbox';
import { type OrganizationService, createOrganizationService } from './organizations';
import { type AffiliateService, createAffiliateService } from './affiliates';
import { type TeamService, createTeamService } from './team';
import { type ServiceAreaService, createServiceAreaService } from './service-areas';
import { type OrganizationHomeService, createOrganizationHomeService } from './organization-home';
import { type PayoutService, createPayoutService } from './payouts';
import { createPaymentCustomers } from './payment-customers';
import { type RateLimiter, createRateLimiter } from './rate-limit';
import { type SocialIdentityProvider, devSocialProvider, noSocialProvider } from './social';
import { type SubscriptionService, createSubscriptionService } from './subscriptions';
import { type MediaService, createMediaService } from './media';
import { type BotService, createBotService } from './bot';
import { type Assistant, embeddedAssistant } from '../adapters/bot/assistant';
import { type TicketService, createTicketService } from './tickets';
import { type MediaStore, createDiskMediaStore } from '../adapters/media/store';
import { createS3MediaStore } from '../adapters/media/s3';
import { type TransitionService, createTransitionService } from './transitions';
import { type VendorProfileService, createVendorProfileService } from './vendor-profile';
import { type UserService, createUserService } from './users';

/** Everything a handler may use, built once per app. */
export interface Services {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: ServerConfig;
  readonly outbox: OutboxService;
  readonly live: LiveHub;
  readonly tokens: TokenService;
  readonly auth: AuthService;
  readonly users: UserService;
  /** The signed-in person's own phone: texted code and confirmation. */
  readonly account: AccountService;
  readonly notifications: NotificationService;
  readonly social: SocialIdentityProvider;
  readonly rateLimit: RateLimiter;
  /** The one way any record's status changes (chart + audit row, one transaction); see transitions.ts. */
  readonly transitions: TransitionService;
  readonly appointments: AppointmentService;
  /** Add-ons and approval requests on appointments (server/services/addons.ts). */
  readonly addOns: AddOnService;
  /** The give-back and earnings ledgers of serviced visits. */
  readonly visitLedger: VisitLedgerService;
  /** Photos of completed visits. */
  readonly visitPhotos: VisitPhotoService;
  /** Customers' reviews of completed visits. */
  readonly reviews: ReviewService;
  readonly subscriptions: SubscriptionService;
  /** Vendors' working hours, time off and free start times. */
  readonly calendar: CalendarService;
  /** Vendor lists, reassigning a visit and moving a vendor's visits (server/services/vendor-assignment.ts). */
  readonly vendorAssignment: VendorAssignmentService;
  /** A vendor's last known position (POST location/ping; server/services/vendor-location.ts). */
  readonly vendorLocation: VendorLocationService;
  /** POST appointments: a visit booked directly (server/services/appointment-booking.ts). */
  readonly appointmentBooking: AppointmentBooking;
  readonly audit: AuditQueryService;
  /** Services, price plans, add-ons, coupons, tax rates and the service area. */
  readonly catalogue: CatalogueService;
  /** The payment provider chosen by configuration; `sandbox` is set when it is the sandbox (its card form). */
  readonly payments: { readonly provider: PaymentProvider; readonly sandbox: SandboxProvider | undefined };
  /** The one way a feature takes money (ledger row once per idempotency key); see charges.ts. */
  readonly charges: ChargeService;
  readonly billing: BillingService;
  /** Checkout: the first charge, then the order, subscription and first visits (server/services/checkout.ts). */
  readonly checkout: CheckoutService;
  /** Saved addresses of an account (checkout subscribes one). */
  readonly addresses: AddressService;
  readonly customers: CustomerService;
  /** A customer's credit balance and super's adjustments (ledger rows credit/debit). */
  readonly credits: CreditService;
  /** Bills every due cycle and keeps schedules 8 weeks ahead (server/services/billing-engine.ts). */
  readonly billingEngine: BillingEngine;
  /** Keeps subscriptions' visits generated ahead, and moves them with their subscription (issue 9). */
  readonly schedule: VisitSchedule;
  /** Invoices: each billed cycle and the upcoming one, and the manual invoices (server/services/invoices.ts, manual-invoices.ts). */
  readonly invoices: InvoiceService;
  readonly tickets: TicketService;
  readonly media: MediaService;
  readonly bot: BotService;
  /** Organizations for the admin area, and their approval (server/services/organizations.ts). */
  readonly organizations: OrganizationService;
  /** An organization's vendors: the list, inviting one, removing one (server/services/team.ts). */
  readonly team: TeamService;
  /** Payout onboarding of organizations, vendors and affiliates: the provider's connected account and the set-up steps. */
  readonly payoutOnboarding: PayoutOnboardingService;
  /** Affiliates as the contract shows them (server/services/affiliates.ts). */
  readonly affiliates: AffiliateService;
  /** Organizations' service areas and ZIP codes, and who serves a ZIP code (server/services/service-areas.ts). */
  readonly serviceAreas: ServiceAreaService;
  /** The organization's dashboard, profile and customers (server/services/organization-home.ts). */
  readonly organizationHome: OrganizationHomeService;
  /** Transfers and payouts once per period, and the organization's money reports (server/services/payouts.ts). */
  readonly payouts: PayoutService;
  /** A vendor's profile: name, bio, status through the user chart (server/services/vendor-profile.ts). */
  readonly vendorProfile: VendorProfileService;
}

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the embedded sandbox, which answers like Stripe's test mode. */
export const paymentsFor = (config: ServerConfig, db: Db, clock: Clock): Services['payments'] => {
  if (config.stripeSecretKey) return { provider: createStripeProvider({ secretKey: config.stripeSecretKey }), sandbox: undefined };
  const sandbox = createSandboxProvider({ db, clock });
  return { provider: sandbox, sandbox };
};

export interface ServiceOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: ServerConfig;
  readonly live: LiveHub;
  /**
   * Whether the change feed is live (server/db/changes.ts): only then are session records (TokenService) and day
   * answers (AppointmentService) remembered. Default: never, every request reads them from the database.
   */
  readonly changesKnown?: () => boolean;
  /**
   * The social-identity provider. Default: the sandbox provider (`dev:<email>:<name>` tokens) when the sandbox
   * sign-in convenience is on (server/config.ts); otherwise nothing verifies until a real provider is configured.
   */
  readonly social?: SocialIdentityProvider;
  /** The payment provider; default by configuration (`paymentsFor`). Tests pass a Stripe provider over a stubbed HTTP layer. */
  readonly payments?: Services['payments'];
  /** The media port; default: S3-compatible storage when config.s3 is set, else the directory config.mediaDir. */
  readonly mediaStore?: MediaStore;
  /** The bot port; default: the embedded assistant. */
  readonly assistant?: Assistant;
}

export const createServices = ({ db, clock, config, live, changesKnown, social, payments: chosenPayments, mediaStore, assistant }: ServiceOptions): Services => {
  const socialProvider = social ?? (config.conveniences.sandboxSignIn ? devSocialProvider : noSocialProvider);
  const outbox = createOutbox({ db, clock });
  const rateLimit = createRateLimiter({ db, clock });
  const tokens = createTokenService({ db, clock, config, ...(changesKnown ? { sessionsKnown: changesKnown } : {}) });
  const users = createUserService({ db, clock, rateLimit, live });
  const transitions = createTransitionService({ db, clock });
  const auth = createAuthService({ db, clock, config, tokens, outbox, rateLimit, users, social: socialProvider, transitions, live });
  const account = createAccountService({ db, clock, config, outbox, rateLimit, transitions });
  const notifications = createNotificationService({ db, clock, live, transitions });
  const visitLedger = createVisitLedgerService({ db, clock });
  const visitPhotos = createVisitPhotoService({ db, clock });
  const reviews = createReviewService({ db, clock });
  const addOns = createAddOnService({ db, transitions, clock, live });
  const schedule = createVisitSchedule({ db, clock, transitions });
  const subscriptions = createSubscriptionService({ db, clock, transitions, schedule });
  const appointments = createAppointmentService({
    db,
    transitions,
    clock,
    live,
    visitLedger,
    schedule,
    visitPhotos,
    dayViewCacheSize: config.dayViewCacheSize,
    ...(changesKnown ? { daysKnown: changesKnown } : {}),
  });
  const calendar = createCalendarService({ db, clock, live, transitions });
  const appointmentBooking = createAppointmentBooking({ db, clock, live, transitions, calendar });
  const vendorAssignment = createVendorAssignmentService({ db, clock, live, transitions });
  const vendorLocation = createVendorLocationService({ db, clock });
  const audit = createAuditQueryService({ db });
  const catalogue = createCatalogueService({ db, clock, rateLimit });
  const payments = chosenPayments ?? paymentsFor(config, db, clock);
  const paymentCustomers = createPaymentCustomers({ db, clock, provider: payments.provider });
  const charges = createChargeService({ db, clock, provider: payments.provider, customers: paymentCustomers });
  const billing = createBillingService({ db, clock, provider: payments.provider, customers: paymentCustomers });
  const checkout = createCheckoutService({ db, clock, transitions, charges, schedule });
  const addresses = createAddressService({ db, clock });
  const credits = createCreditService({ db, clock, customers: paymentCustomers });
  const billingEngine = createBillingEngine({ db, clock, transitions, charges, notifications, outbox, schedule });
  const manualInvoices = createManualInvoiceService({ db, clock, transitions, charges, providerName: payments.provider.name, notifications, outbox, publicUrl: config.publicUrl });
  const invoices = createInvoiceService({ db, engine: billingEngine, manual: manualInvoices });
  const customers = createCustomerService({ db, addresses, creditBalance: (id) => creditBalanceOf(db, id) });
  const tickets = createTicketService({ db, clock, live, transitions, notifications, outbox });
  const media = createMediaService({ db, clock, store: mediaStore ?? (config.s3 ? createS3MediaStore(config.s3) : createDiskMediaStore(config.mediaDir)), secret: config.tokenSecret, tickets, visitPhotos });
  const bot = createBotService({ db, clock, assistant: assistant ?? embeddedAssistant, tickets, outbox });
  const organizations = createOrganizationService({ db, config, transitions, notifications, outbox });
  const affiliates = createAffiliateService({ db });
  const payoutOnboarding = createPayoutOnboardingService({ db, clock, config, transitions, provider: payments.provider, organizations, affiliates });
  const payouts = createPayoutService({ db, clock, provider: payments.provider, transitions });
  const team = createTeamService({ db, clock, config, transitions, inviteToClaim: (userId) => auth.inviteToClaim(userId) });
  const serviceAreas = createServiceAreaService({ db });
  const organizationHome = createOrganizationHomeService({ db, clock, organizations, vendorAssignment, calendar, addressBook: addresses });
  const vendorProfile = createVendorProfileService({ db, transitions, calendar, live });
  return {
    db,
    clock,
    config,
    outbox,
    live,
    tokens,
    auth,
    users,
    account,
    notifications,
    social: socialProvider,
    rateLimit,
    transitions,
    appointments,
    addOns,
    visitLedger,
    visitPhotos,
    reviews,
    subscriptions,
    calendar,
    vendorAssignment,
    vendorLocation,
    appointmentBooking,
    audit,
    catalogue,
    payments,
    charges,
    billing,
    checkout,
    addresses,
    customers,
    credits,
    billingEngine,
    schedule,
    invoices,
    tickets,
    media,
    bot,
    organizations,
    team,
    payoutOnboarding,
    affiliates,
    serviceAreas,
    organizationHome,
    payouts,
    vendorProfile,
  };
};
