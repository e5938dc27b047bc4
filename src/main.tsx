/**
 * The composition root (docs/design.md#boundaries): the ONLY place that builds adapters. It builds the HTTP API, the
 * live connection and the browser storage, hands them to the charts as actors (`provide`), starts the
 * session chart and renders the app.
 */
import { Effect } from 'effect';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { createLazyHttpApi } from './adapters/http/lazy-api';
import { createLiveAdapter } from './adapters/live/socket';
import { createBrowserStorage } from './adapters/storage/browser';
import { createConsoleTelemetry } from './adapters/telemetry/console';
import type { ClockPort } from './core/ports/clock';
import { findRoute, normalizePath } from './core/routes';
import { sessionMachineFrom } from './machines/flows/session-actors';
import { selectLanguage } from './machines/flows/session.machine';
import { watchSession } from './machines/flows/session-telemetry';
import { App } from './ui/app/App';
import { preloadScreen } from './ui/app/lazy-screen';
import { APP_SCREEN_LOADERS } from './ui/app/screen-registry';
import type { SessionActor } from './ui/app/session-context';
import { loadCatalogue } from './ui/i18n/messages';
import { AppointmentsProvider } from './ui/shared/Appointments';
import { AuthFlowsProvider } from './ui/shared/AuthFlows';
import { BillingProvider } from './ui/shared/Billing';
import { HelpDeskProvider } from './ui/shared/HelpDesk';
import { VendorCalendarProvider } from './ui/shared/VendorCalendar';
import { TeamProvider } from './ui/shared/Team';
import { PayoutOnboardingProvider } from './ui/shared/PayoutOnboarding';
import { MoneyProvider } from './ui/shared/Money';
import { ShopProvider } from './ui/shared/Shop';

const clock: ClockPort = { now: () => new Date() };
const storage = createBrowserStorage({ now: clock.now });

// The session chart is created below; the API reports 401s to it through this reference.
const sessionRef: { current?: SessionActor } = {};

// The stored login token (id_token), read on every request: a new login or switch takes effect at once.
const token = () => Effect.runPromise(storage.get('id_token'));
// The HTTP adapters and openapi-fetch load with the first call (not before /login paints).
const api = createLazyHttpApi({
  token,
  appVersion: __APP_VERSION__,
  onUnauthorized: () => sessionRef.current?.send({ type: 'api.unauthorized' }),
});
// Telemetry: screen views over HTTP while signed in, errors to the console (and a reporter in production/staging).
// Its client reports no 401 to the session: a screen view still in flight with the token an account switch has
// just replaced answers 401, and that must not sign the person out (only the session's own calls decide that).
const telemetry = createConsoleTelemetry({
  user: createLazyHttpApi({ token, appVersion: __APP_VERSION__ }).user,
  signedIn: () => sessionRef.current?.getSnapshot().hasTag('signedIn') ?? false,
  releaseStage: import.meta.env.MODE,
});
const live = createLiveAdapter({ report: (report) => void Effect.runFork(telemetry.error(report)) });

const session: SessionActor = createActor(sessionMachineFrom({ api, live, storage, clock }), {
  input: { browserLanguage: navigator.language },
});
sessionRef.current = session;
watchSession(session, telemetry);
window.addEventListener('error', (event) => void Effect.runFork(telemetry.error({ error: event.error ?? event.message, context: 'window' })));
window.addEventListener('unhandledrejection', (event) => void Effect.runFork(telemetry.error({ error: event.reason, context: 'unhandled rejection' })));

// The registration, password, phone and onboarding charts: loaded with the first screen that runs one of them
// (the login form itself is the session's child chart; the password forms it switches to load on demand).
const flows = () =>
  import('./machines/flows/auth-actors').then((module) => ({
    ...module.authFlowMachines({ auth: api.auth, user: api.user, account: api.account, customers: api.customers, storage }),
    signIn: (token: string, redirectTo?: string) => session.send({ type: 'session.tokenReceived', token, redirectTo }),
  }));

// The help desk's per-screen charts (thread, composer): each screen creates its own from these.
// The help-desk screens' charts load with the first of those screens, not with the app (tools/budgets.ts).
const helpDesk = () => import('./machines/features/helpdesk-actors').then((module) => module.helpDeskMachines({ api, live, storage, clock }));

// The shop's per-screen charts (checkout, order success) and the payments adapter: loaded with the first shop
// screen. Stripe Elements when a publishable key is configured (Stripe.js itself loads only when the order
// screen mounts the card field), the sandbox card form otherwise.
const shop = () =>
  import('./shop-root').then((root) =>
    root.buildShop({
      api,
      storage,
      clock,
      token,
      appVersion: __APP_VERSION__,
      publishableKey: import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY || undefined,
      onUnauthorized: () => sessionRef.current?.send({ type: 'api.unauthorized' }),
    }),
  );

// The appointment screens' charts (one appointment, a list, the vendor's day): each listens to the live
// connection while its screen is open, so an appointment 'updated' event reloads what is on screen.
const appointments = () =>
  Promise.all([import('./machines/features/appointments-actors'), import('./adapters/geolocation/browser')]).then(([module, geo]) =>
    module.appointmentMachines({ api, live, clock, geolocation: geo.createBrowserGeolocation() }),
  );
// The billing screens' per-screen charts (cards, one subscription, the read-only screens) and the payments adapter:
// loaded with the first billing screen. Stripe Elements only when a publishable key is configured
// (VITE_STRIPE_PUBLISHABLE_KEY); the sandbox card form otherwise. Stripe.js itself loads when its card field mounts.
const billing = () =>
  Promise.all([import('./machines/features/billing-actors'), import('./adapters/payments/choose'), import('./adapters/http/client')]).then(
    ([actors, payments, http]) =>
      actors.billingMachines({
        api,
        clock,
        payments: payments.createPayments({
          http: http.createHttpClient({ token, appVersion: __APP_VERSION__, onUnauthorized: () => sessionRef.current?.send({ type: 'api.unauthorized' }) }),
          publishableKey: import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY || undefined,
        }),
      }),
  );
// The vendor availability screen's chart, loaded with that screen.
const vendorCalendar = () => import('./machines/features/vendor-availability-actors').then((module) => module.vendorCalendarMachines({ api, clock }));
// The approval and team screens' charts (super's organization review; the organization's vendors), loaded with them.
const team = () => import('./machines/features/team-actors').then((module) => module.teamMachines({ api }));
// The payout-onboarding screens' chart (organization and vendor onboarding), loaded with them.
const payoutOnboarding = () => import('./machines/flows/payout-setup-actors').then((module) => module.payoutSetupMachines({ api }));
// The organization's money reports' chart (transfers and payouts), loaded with those screens.
const money = () => import('./machines/features/money-actors').then((module) => module.moneyMachines({ api }));

session.start();

// The screen of the address being opened starts loading now, beside the rest of the boot, rather than once the
// router first renders it (one round trip less before /login paints; the router's lazy screen then finds it loaded).
// eslint-disable-next-line no-restricted-syntax -- reads the address being opened (no navigation), as wouter does at start
const firstLoader = APP_SCREEN_LOADERS[findRoute(normalizePath(window.location.pathname)).route.name];
const firstScreen = firstLoader ? preloadScreen(firstLoader) : undefined;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AuthFlowsProvider value={flows}>
        <HelpDeskProvider value={helpDesk}>
          <AppointmentsProvider value={appointments}>
            <BillingProvider value={billing}>
              <VendorCalendarProvider value={vendorCalendar}>
                <ShopProvider value={shop}>
                  <TeamProvider value={team}>
                    <MoneyProvider value={money}>
                      <PayoutOnboardingProvider value={payoutOnboarding}>
                        <App session={session} version={__APP_VERSION__} supportPhone={import.meta.env.VITE_SUPPORT_PHONE || undefined} />
                      </PayoutOnboardingProvider>
                    </MoneyProvider>
                  </TeamProvider>
                </ShopProvider>
              </VendorCalendarProvider>
            </BillingProvider>
          </AppointmentsProvider>
        </HelpDeskProvider>
      </AuthFlowsProvider>
    </StrictMode>,
  );

// The first render waits for the catalogue of the session's language (Spanish is a chunk of its own; English is
// in the app), so a Spanish visitor never sees English first, and for the screen's code, so no 'Loading…' flashes
// before it; index.html's language-neutral header shows meanwhile. A failed load renders anyway (English, or the
// screen's own retry). It renders in a transition: on React that yields to the browser while it renders the first
// screen, instead of one long task (Lighthouse's total blocking time, docs/performance.md); Preact, which renders the
// shipped build (tools/renderer.ts), renders at once, and its whole render is shorter than React's yielding one.
void Promise.all([loadCatalogue(selectLanguage(session.getSnapshot())).catch(() => undefined), firstScreen]).then(() => startTransition(render));
