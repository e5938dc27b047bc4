/**
 * The build-time composition root: renders the app's public pages and the page frames to HTML with react-dom's
 * static renderer, once per language (tools/prerender.ts runs it after `vite build`; server/app-pages.ts serves
 * the result). It builds the app as src/main.tsx does, with the ports a visitor's first render sees and no I/O:
 * the server answers the session's ping, nothing is stored, no call is made (src/adapters/http/build-time-api.ts).
 * The browser then takes a public page over (hydrateRoot) in the same state: signed out, same route, same language.
 */
import { Effect } from 'effect';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { createActor, waitFor } from 'xstate';
import { createBuildTimeApi } from './adapters/http/build-time-api';
import { createBrowserStorage, type KeyValueStore } from './adapters/storage/browser';
import type { Language } from './core/model/language';
import type { LivePort } from './core/ports/live';
import { PRERENDERED_PAGES } from './core/rules/prerender';
import { findRoute, normalizePath, ROUTES } from './core/routes';
import { featureSources } from './features-root';
import { sessionMachineFrom } from './machines/flows/session-actors';
import { App } from './ui/app/App';
import { FeatureProviders } from './ui/app/FeatureProviders';
import { preloadScreen } from './ui/app/lazy-screen';
import { APP_SCREEN_LOADERS } from './ui/app/screen-registry';
import { PageFrame } from './ui/app/shell/PageFrame';
import { ToastProvider } from './ui/components/Toasts/Toasts';
import { createToastStore } from './ui/components/Toasts/toastStore';
import { I18nProvider } from './ui/i18n/I18nProvider';
import { loadCatalogue } from './ui/i18n/messages';

export { PRERENDERED_PAGES };

const version = __APP_VERSION__;
const supportPhone = import.meta.env.VITE_SUPPORT_PHONE || undefined;

/** Nothing stored: a visitor's first visit. */
const emptyStore = (): KeyValueStore => {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value), removeItem: (key) => void values.delete(key) };
};

/** No live connection is opened while signed out. */
const noLive: LivePort = { connect: () => Effect.void, disconnect: () => Effect.void, subscribe: () => () => undefined };

const html = async (element: ReactNode): Promise<string> => {
  const { prelude } = await prerender(element);
  const reader = prelude.getReader();
  const decoder = new TextDecoder();
  let out = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out + decoder.decode();
    out += decoder.decode(value, { stream: true });
  }
};

/** The HTML of the app's root for a public page (a variant of PRERENDERED_PAGES) in a language, as a visitor first sees it. */
export const renderPage = async (variant: string, language: Language): Promise<string> => {
  const location = PRERENDERED_PAGES[variant];
  if (!location) throw new Error(`No page is rendered ahead of time for ${variant}`);
  const [path = '/', search = ''] = location.split('?');
  const clock = { now: () => new Date() };
  const storage = createBrowserStorage({ store: emptyStore(), cookies: { cookie: '' }, now: clock.now });
  const api = createBuildTimeApi();
  const session = createActor(sessionMachineFrom({ api, live: noLive, storage, clock }), { input: { browserLanguage: language } });
  session.start();
  try {
    await waitFor(session, (s) => s.hasTag('signedOut'), { timeout: 10_000 });
    const loader = APP_SCREEN_LOADERS[findRoute(normalizePath(path)).route.name];
    await Promise.all([loadCatalogue(language), loader ? preloadScreen(loader) : undefined]);
    const features = featureSources({ api, live: noLive, storage, clock, token: () => null, appVersion: version, signIn: () => undefined });
    return await html(
      <StrictMode>
        <FeatureProviders sources={features}>
          <App session={session} version={version} supportPhone={supportPhone} ssrLocation={{ path, search }} />
        </FeatureProviders>
      </StrictMode>,
    );
  } finally {
    session.stop();
  }
};

/** The layouts a route can have: what its frame depends on. */
const frameKey = (name: string): string => {
  const { meta } = ROUTES.find((route) => route.name === name) ?? ROUTES[0]!;
  return [meta.layoutTemplate, meta.maxWidthContent, meta.hideNavigation, meta.showFooter, meta.showHeaderLogoAsLink, meta.requiresAuth].join('|');
};

/** Each route's frame, by the layout it shares with other routes: `{ frames: { key: html }, routes: { name: key } }`. */
export const renderFrames = async (language: Language): Promise<{ frames: Record<string, string>; routes: Record<string, string> }> => {
  await loadCatalogue(language);
  const frames: Record<string, string> = {};
  const routes: Record<string, string> = {};
  for (const route of ROUTES) {
    const key = frameKey(route.name);
    routes[route.name] = key;
    if (frames[key] !== undefined) continue;
    frames[key] = renderToString(
      <I18nProvider locale={language}>
        <ToastProvider store={createToastStore()}>
          <Router ssrPath={route.path}>
            <PageFrame route={route} version={version} />
          </Router>
        </ToastProvider>
      </I18nProvider>,
    );
  }
  return { frames, routes };
};
