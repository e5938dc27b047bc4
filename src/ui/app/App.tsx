import { useEffect, useState } from 'react';
import { Router, useLocation, useSearch } from 'wouter';
import type { BaseLocationHook } from 'wouter';
import { CLIENT_VERSION } from '../../core/rules/constants';
import { selectLanguage, selectNotificationsActor } from '../../machines/flows/session.machine';
import { ToastProvider } from '../components/Toasts/Toasts';
import { createToastStore, type ToastStore } from '../components/Toasts/toastStore';
import { I18nProvider } from '../i18n/I18nProvider';
import { AppRouter } from './router';
import type { ScreenRegistry } from './routing';
import { APP_SCREENS } from './screen-registry';
import { SessionProvider, useSession, useSessionSelector, type SessionActor } from './session-context';

export interface AppProps {
  /** The running session chart (src/main.tsx starts it with its real actors). */
  readonly session: SessionActor;
  /** Shown in the footer as 'web version {version}'. */
  readonly version?: string;
  readonly supportPhone?: string | undefined;
  /** Screens keyed by route name; the app's own registry by default. */
  readonly screens?: ScreenRegistry;
  readonly toasts?: ToastStore;
  /** The location hook; the browser's by default (tests pass wouter's memoryLocation hook). */
  readonly locationHook?: BaseLocationHook;
  /**
   * The address a render outside the browser shows (src/prerender.tsx, at build time): wouter's browser location
   * reads it where there is no window, so the page renders the same tree the browser then takes over.
   */
  readonly ssrLocation?: { readonly path: string; readonly search: string };
}

/**
 * Follows the session chart's outputs: `navigate` moves the router, `notify` and `messagePush` show a toast (so do
 * the notifications chart's `notify`); and tells
 * the chart where the app is (`location.changed`), which it needs for redirectFrom and the 401 rule.
 */
function SessionBridge({ toasts }: { toasts: ToastStore }) {
  const session = useSession();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const location = search ? `${path}?${search}` : path;

  useEffect(() => {
    session.send({ type: 'location.changed', location });
  }, [session, location]);

  useEffect(() => {
    const navigation = session.on('navigate', (event) => navigate(event.to, { replace: event.replace }));
    const notices = session.on('notify', (event) => {
      toasts.show({ kind: event.kind, message: { error: { code: event.code, message: event.message } } });
    });
    // accounts §6: an admin's push for a new inbound message ('New {connectType} Message from {fromAddress}').
    const pushes = session.on('messagePush', (event) => {
      toasts.show({ kind: 'info', message: { id: 'push.message.title', values: { connectType: event.message.connectType, fromAddress: event.message.fromAddress } } });
    });
    return () => {
      navigation.unsubscribe();
      notices.unsubscribe();
      pushes.unsubscribe();
    };
  }, [session, navigate, toasts]);

  // The account's notifications chart (while signed in) reports a failed load or a refused change the same way.
  const notifications = useSessionSelector(selectNotificationsActor);
  useEffect(() => {
    if (!notifications) return undefined;
    const notices = notifications.on('notify', (event) => {
      toasts.show({ kind: event.kind, message: { error: { code: event.code, message: event.message } } });
    });
    return () => notices.unsubscribe();
  }, [notifications, toasts]);

  return null;
}

function LocalizedApp({ version, supportPhone, screens, toasts, locationHook, ssrLocation }: Required<Pick<AppProps, 'version' | 'screens' | 'toasts'>> & Omit<AppProps, 'session' | 'version' | 'screens' | 'toasts'>) {
  const language = useSessionSelector(selectLanguage);
  const routed = (
    <>
      <SessionBridge toasts={toasts} />
      <AppRouter screens={screens} version={version} supportPhone={supportPhone} />
    </>
  );
  return (
    <I18nProvider locale={language}>
      <ToastProvider store={toasts}>
        {locationHook ? (
          <Router hook={locationHook}>{routed}</Router>
        ) : ssrLocation ? (
          <Router ssrPath={ssrLocation.path} ssrSearch={ssrLocation.search}>
            {routed}
          </Router>
        ) : (
          <Router>{routed}</Router>
        )}
      </ToastProvider>
    </I18nProvider>
  );
}

/** The whole app: session, language, toasts, router, shell and screens. */
export function App({ session, version = CLIENT_VERSION, supportPhone, screens = APP_SCREENS, toasts, locationHook, ssrLocation }: AppProps) {
  const [store] = useState(() => toasts ?? createToastStore());
  return (
    <SessionProvider session={session}>
      <LocalizedApp version={version} supportPhone={supportPhone} screens={screens} toasts={store} locationHook={locationHook} ssrLocation={ssrLocation} />
    </SessionProvider>
  );
}
