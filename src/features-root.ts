/**
 * Part of the composition root (src/main.tsx; also src/prerender.tsx at build time): each feature's charts with their
 * real actors, as loaders. A feature's charts, actors and adapters travel in a lazy chunk that only its screens wait
 * for (tools/budgets.ts: /login), loaded once, with the first screen that asks (src/ui/shared/feature-source.tsx).
 */
import type { HttpClient, TokenSource } from './adapters/http/client';
import type { Api } from './core/ports/api/registry';
import type { ClockPort } from './core/ports/clock';
import type { LivePort } from './core/ports/live';
import type { PaymentsPort } from './core/ports/payments';
import type { StoragePort } from './core/ports/storage';
import type { FeatureSources } from './ui/app/FeatureProviders';

export interface FeaturePorts {
  readonly api: Api;
  readonly live: LivePort;
  readonly storage: StoragePort;
  readonly clock: ClockPort;
  /** The stored login token, read on every request (the payments adapter's own HTTP client). */
  readonly token: TokenSource;
  readonly appVersion: string;
  /** Stripe's publishable key: Stripe Elements when set, the sandbox's card form otherwise. */
  readonly publishableKey?: string | undefined;
  /** A 401 of the payments adapter's own client, reported to the session. */
  readonly onUnauthorized?: () => void;
  /** Hands a token a flow obtained to the session (`session.tokenReceived`). */
  readonly signIn: (token: string, redirectTo?: string) => void;
}

export const featureSources = (ports: FeaturePorts): FeatureSources => {
  const { api, live, storage, clock, token, appVersion, publishableKey, onUnauthorized } = ports;
  // The HTTP client of the calls that are not a port's (checkout's authentication answer, the sandbox's card form)
  // and the payments adapter: built once, with the first shop or billing screen, and shared by both.
  let paymentsLoad: Promise<{ readonly http: HttpClient; readonly payments: PaymentsPort }> | undefined;
  const payments = () =>
    (paymentsLoad ??= Promise.all([import('./adapters/http/client'), import('./adapters/payments/choose')]).then(([client, choose]) => {
      const http = client.createHttpClient({ token, appVersion, ...(onUnauthorized ? { onUnauthorized } : {}) });
      return { http, payments: choose.createPayments({ http, publishableKey }) };
    }));
  return {
    // The registration, password, phone and onboarding charts: loaded with the first screen that runs one of them
    // (the login form itself is the session's child chart; the password forms it switches to load on demand).
    flows: () =>
      import('./machines/flows/auth-actors').then((module) => ({
        ...module.authFlowMachines({ auth: api.auth, user: api.user, account: api.account, customers: api.customers, storage }),
        signIn: ports.signIn,
      })),
    // The help desk's per-screen charts (thread, composer): each screen creates its own from these.
    tickets: () => import('./machines/features/tickets-actors').then((module) => module.ticketsMachines({ api, live, storage, clock })),
    // The shop's per-screen charts (checkout, order success) and the payments adapter (Stripe.js itself loads only
    // when the order screen mounts the card field).
    shop: () =>
      Promise.all([import('./machines/features/shop-actors'), import('./adapters/http/checkout'), payments()]).then(([actors, checkout, paid]) =>
        actors.shopMachines({ api, checkout: checkout.checkoutApi(paid.http), storage, clock, payments: paid.payments, newKey: () => crypto.randomUUID() }),
      ),
    // The appointment screens' charts (one appointment, a list, the vendor's day): each listens to the live
    // connection while its screen is open, so an appointment 'updated' event reloads what is on screen.
    appointments: () =>
      Promise.all([import('./machines/features/appointments-actors'), import('./adapters/geolocation/browser')]).then(([module, geo]) =>
        module.appointmentMachines({ api, live, clock, geolocation: geo.createBrowserGeolocation() }),
      ),
    // The billing screens' per-screen charts (cards, one subscription, the read-only screens) and the payments adapter.
    billing: () => Promise.all([import('./machines/features/billing-actors'), payments()]).then(([actors, paid]) => actors.billingMachines({ api, clock, payments: paid.payments })),
    // The vendor availability screen's chart.
    availability: () => import('./machines/features/availability-actors').then((module) => module.availabilityMachines({ api, clock })),
    // The profile screens' chart (the vendor's own profile section).
    profile: () => import('./machines/features/profile-actors').then((module) => module.profileMachines({ api })),
    // The approval and team screens' charts (super's organization review; the organization's vendors).
    organization: () => import('./machines/features/organization-actors').then((module) => module.organizationMachines({ api })),
    // The payout-onboarding screens' chart (organization and vendor onboarding).
    onboarding: () => import('./machines/flows/onboarding-actors').then((module) => module.onboardingMachines({ api })),
    // The organization's money reports' chart (transfers and payouts).
    money: () => import('./machines/features/money-actors').then((module) => module.moneyMachines({ api })),
  };
};
