/**
 * The composition root (docs/design.md#boundaries): the ONLY place that builds adapters. It builds the HTTP API, the
 * live connection and the browser storage, hands them to the charts as actors (`provide`), starts the
 * session chart and renders the app.
 */
import { Effect } from 'effect';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createActor, waitFor } from 'xstate';
import { createLazyHttpApi } from './adapters/http/lazy-api';
import { createLazyLiveAdapter } from './adapters/live/lazy';
import { createBrowserStorage } from './adapters/storage/browser';
import { createConsoleTelemetry } from './adapters/telemetry/console';
import type { ClockPort } from './core/ports/clock';
import { pageVariant } from './core/rules/prerender';
import { findRoute, normalizePath } from './core/routes';
import { sessionMachineFrom } from './machines/flows/session-actors';
import { selectLanguage } from './machines/flows/session.machine';
import { watchSession } from './machines/flows/session-telemetry';
import { featureSources } from './features-root';
import { App } from './ui/app/App';
import { FeatureProviders } from './ui/app/FeatureProviders';
import { preloadScreen } from './ui/app/lazy-screen';
import { decideRoute } from './ui/app/router';
import { APP_SCREEN_LOADERS } from './ui/app/screen-registry';
import type { SessionActor } from './ui/app/session-context';
import { loadCatalogue } from './ui/i18n/messages';

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
// The live connection's adapter loads with the session's first connect (signed in): src/adapters/live/lazy.ts.
const live = createLazyLiveAdapter({ report: (report) => void Effect.runFork(telemetry.error(report)) });

const session: SessionActor = createActor(sessionMachineFrom({ api, live, storage, clock }), {
  input: { browserLanguage: navigator.language },
});
sessionRef.current = session;
watchSession(session, telemetry);
window.addEventListener('error', (event) => void Effect.runFork(telemetry.error({ error: event.error ?? event.message, context: 'window' })));
window.addEventListener('unhandledrejection', (event) => void Effect.runFork(telemetry.error({ error: event.reason, context: 'unhandled rejection' })));

// Each feature's charts with their real actors, loaded with the first screen that uses them (src/features-root.ts).
const features = featureSources({
  api,
  live,
  storage,
  clock,
  token,
  appVersion: __APP_VERSION__,
  publishableKey: import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY || undefined,
  onUnauthorized: () => sessionRef.current?.send({ type: 'api.unauthorized' }),
  signIn: (token, redirectTo) => session.send({ type: 'session.tokenReceived', token, redirectTo }),
});

session.start();

// The screen of the address being opened starts loading now, beside the rest of the boot, rather than once the
// router first renders it (one round trip less before /login paints; the router's lazy screen then finds it loaded).
// eslint-disable-next-line no-restricted-syntax -- reads the address being opened (no navigation), as wouter does at start
const firstLoader = APP_SCREEN_LOADERS[findRoute(normalizePath(window.location.pathname)).route.name];
const firstScreen = firstLoader ? preloadScreen(firstLoader) : undefined;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <FeatureProviders sources={features}>
      <App session={session} version={__APP_VERSION__} supportPhone={import.meta.env.VITE_SUPPORT_PHONE || undefined} />
    </FeatureProviders>
  </StrictMode>
);

/**
 * A public page arrives rendered (server/app-pages.ts serves the build's render of it, src/prerender.tsx): its form
 * is on screen before any script runs. React takes it over as it is (hydrateRoot) once the session has settled
 * signed out, the state it was rendered in, when the page and the language are the ones rendered. Where the route
 * sends a visitor elsewhere first (`/` goes to /login, accounts §5) that happens before, so the page rendered for
 * the destination is taken over. Anything else (a stored login, another language) renders afresh over what was
 * served, as every signed-in page does over its frame. `data-app` on the root says which happened.
 */
const start = async () => {
  const [page, language] = (root.dataset.prerendered ?? '').split(':');
  const settled = page ? await waitFor(session, (s) => !s.hasTag('resolving')).catch(() => undefined) : undefined;
  if (settled?.hasTag('signedOut')) {
    // eslint-disable-next-line no-restricted-syntax -- the address being opened, before the router starts
    const { pathname, search } = window.location;
    const decision = decideRoute(findRoute(normalizePath(pathname)), `${pathname}${search}`, { resolving: false, signedIn: false, role: 'none', account: null }, { development: import.meta.env.DEV });
    // The router's own first redirect, made before it starts.
    if (decision.kind === 'redirect') window.history.replaceState(window.history.state, '', decision.to);
  }
  // The catalogue of the session's language (Spanish is a chunk of its own; English is in the app), so a Spanish
  // visitor never sees English first, and the screen's code, so no 'Loading…' flashes before it. A failed load
  // renders anyway (English, or the screen's own retry).
  // eslint-disable-next-line no-restricted-syntax -- the address being opened, before the router starts
  const screen = APP_SCREEN_LOADERS[findRoute(normalizePath(window.location.pathname)).route.name];
  await Promise.all([loadCatalogue(selectLanguage(session.getSnapshot())).catch(() => undefined), firstScreen, screen ? preloadScreen(screen) : undefined]);
  const same =
    settled?.hasTag('signedOut') === true &&
    selectLanguage(session.getSnapshot()) === language &&
    // eslint-disable-next-line no-restricted-syntax -- the address being opened, before the router starts
    pageVariant(`${window.location.pathname}${window.location.search}`) === page;
  root.dataset.app = same ? 'hydrated' : 'rendered';
  // In a transition: React yields to the browser while it hydrates or renders the first screen, instead of one long
  // task (Lighthouse's total blocking time, docs/performance.md). A hydration started outside one is not time-sliced.
  startTransition(() => {
    if (same) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
};
void start();
