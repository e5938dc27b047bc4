/**
 * The session chart's model for xstate/graph: in each snapshot, the events a person, the router, the
 * live connection and the invoked actors can produce there — with outputs that satisfy and that fail each
 * guard. Actor completions are the synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events,
 * delays are `xstate.after.<delay>.<state id>`.
 */
import { createActor, type AnyActorScope, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { loginOutcome } from '../../../src/core/rules/login';
import type { RouteVisit } from '../../../src/core/rules/session';
import { notificationsMachine } from '../../../src/machines/features/notifications.machine';
import { ticketsMachine } from '../../../src/machines/features/tickets.machine';
import { sessionMachine, type SignedInCharts } from '../../../src/machines/flows/session.machine';
import type { LoginFormOutput } from '../../../src/machines/flows/login.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import {
  AFFILIATE_ACCOUNT_ID,
  CUSTOMER_ACCOUNT_ID,
  TOKEN,
  UNKNOWN_ACCOUNT_ID,
  failures,
  inboundMessage,
  loaded,
  loginResults,
  multiUser,
  multiUserInSpanish,
  nobody,
  superUser,
  switched,
} from './session.fixtures';

export const done = (id: string, output?: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
export const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });
export const after = (delay: string, stateId: string): AnyEventObject => ({ type: `xstate.after.${delay}.${stateId}` });

const formOutput = (result: (typeof loginResults)[keyof typeof loginResults]): LoginFormOutput =>
  ({ ...loginOutcome(result), username: 'person@tendwell.test' }) as LoginFormOutput;

/** A `route.entered` event, as the router sends it. */
export const entered = (name: string, params: Record<string, string> = {}, query: Record<string, string> = {}): { readonly type: 'route.entered' } & RouteVisit => ({
  type: 'route.entered',
  name,
  params,
  query,
});
export const VISITS = {
  logout: entered('logout'),
  switchToCustomer: entered('switchAccount', { account_id: CUSTOMER_ACCOUNT_ID }),
  switchToAffiliate: entered('switchAccount', { account_id: AFFILIATE_ACCOUNT_ID }),
  switchToUnknown: entered('switchAccount', { account_id: UNKNOWN_ACCOUNT_ID }),
  idToken: entered('login', {}, { id_token: TOKEN }),
  confirmLink: entered('login', {}, { confirm_account: 'confirm-1' }),
} as const;
/** The app starts at /billing with a Spanish browser; the router later reports the login page. */
export const START_INPUT = { browserLanguage: 'es-MX', location: '/billing' };
const LOCATIONS = ['/login?redirectFrom=%2Fbilling'];

/** The charts the lazy chunk answers (their own placeholder actors: the graph never starts them). */
const SIGNED_IN_CHARTS: SignedInCharts = { notifications: notificationsMachine, tickets: ticketsMachine };

export function sessionEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  const at = (state: string | Record<string, unknown>) => s.matches(state as never);
  const ready = (region: string, state: string) => at({ signedIn: { ready: { [region]: state } } });
  // Inside `ready`, one region works at a time: a region's trigger is offered only while the others rest,
  // which keeps the graph small without losing a transition.
  const others = ready('token', 'fresh') && ready('language', 'idle') && ready('user', 'idle');
  const resting = others && ready('charts', 'running');
  // The router reports locations; where the chart reads them: before a network failure, on the login
  // page (redirectFrom), and while signed in (a 401 at /login stays there).
  const events: AnyEventObject[] =
    at('booting') || at({ signedOut: 'form' }) || resting ? LOCATIONS.map((location) => ({ type: 'location.changed', location })) : [];

  // A visit the chart cannot act on yet is kept until it can (here: /logout while booting).
  if (at('booting') && s.context.visit === null) events.push(VISITS.logout);
  if (at('booting')) events.push(done('ping'), fail('ping', failures.network));
  if (at('offline')) events.push({ type: 'network.retry' });
  if (at('restoring')) events.push(done('readToken', TOKEN), done('readToken', null), fail('readToken', new Error('storage')));

  if (at('signedOut')) events.push({ type: 'session.tokenReceived', token: TOKEN }, { type: 'language.change', language: 'es' });
  if (at({ signedOut: 'form' })) events.push(VISITS.logout, VISITS.switchToCustomer, VISITS.idToken, VISITS.confirmLink);
  if (at({ signedOut: 'form' })) {
    events.push(done('loginForm', formOutput(loginResults.sms)), done('loginForm', formOutput(loginResults.temporary)), done('loginForm', formOutput(loginResults.loggedIn)));
  }
  if (at({ signedOut: 'rememberingSms' })) events.push(done('rememberSmsMarker'), fail('rememberSmsMarker', new Error('storage')));
  if (at({ signedOut: 'rememberingTemporaryToken' })) events.push(done('rememberTemporaryToken'), fail('rememberTemporaryToken', new Error('storage')));
  if (at({ signedOut: 'temporaryPassword' })) events.push({ type: 'login.restart' });

  if (at({ signedIn: 'storing' }) || at({ signedIn: 'loading' }) || at({ signedIn: 'switching' }) || resting) {
    events.push({ type: 'api.unauthorized' });
  }
  if (at({ signedIn: 'storing' })) events.push(done('storeToken'), fail('storeToken', new Error('storage')));
  if (at({ signedIn: 'loading' })) {
    events.push(
      done('loadUser', loaded(multiUser)),
      done('loadUser', loaded(superUser)),
      done('loadUser', loaded(nobody)),
      fail('loadUser', failures.unauthorized),
      fail('loadUser', failures.server),
    );
  }
  if (resting) {
    events.push(
      VISITS.logout,
      VISITS.switchToCustomer,
      VISITS.switchToAffiliate,
      VISITS.switchToUnknown,
      { type: 'live.connected' },
      { type: 'live.disconnected', reason: 'transport close' },
      after('tokenRefreshInterval', 'session.signedIn.ready.token.fresh'),
      { type: 'language.change', language: 'es' },
      { type: 'user.reload' },
      { type: 'live.message', message: inboundMessage },
    );
  }
  // The signed-in charts' chunk: fetched, or not (then fetched again after a pause).
  if (others && ready('charts', 'loading')) events.push(done('loadSignedInCharts', SIGNED_IN_CHARTS), fail('loadSignedInCharts', failures.network));
  if (others && ready('charts', 'unavailable')) events.push(after('signedInChartsRetry', 'session.signedIn.ready.charts.unavailable'));
  if (ready('user', 'reloading')) events.push(done('reloadUser', loaded(multiUser)), fail('reloadUser', failures.server));
  if (ready('token', 'refreshing')) events.push(done('refreshToken', { token: TOKEN }), fail('refreshToken', failures.server));
  if (ready('language', 'saving')) events.push(done('saveLanguage', multiUserInSpanish), fail('saveLanguage', failures.server));
  if (at({ signedIn: 'switching' })) events.push(done('switchAccount', switched), fail('switchAccount', failures.switchRefused));
  if (at({ signingOut: 'ending' })) events.push(done('logout'), fail('logout', failures.network));
  if (at({ signingOut: 'pausing' })) events.push(after('logoutDelay', 'session.signingOut.pausing'));
  return events;
}

/**
 * The initial snapshot of a chart whose first state invokes an actor: resolved with an inert scope
 * (actions are not executed, children are not started), as xstate/graph's own traversal does.
 */
export function initialSnapshot(machine: AnyStateMachine, input?: unknown): AnyMachineSnapshot {
  const self = createActor(machine, { input });
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    system: self.system,
    logger: () => {},
    defer: () => {},
    emit: () => {},
    stopChild: () => {},
    actionExecutor: () => {},
  };
  return machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot;
}

export const model: ChartModel = { machine: sessionMachine, events: sessionEvents, starts: () => [initialSnapshot(sessionMachine, START_INPUT)] };
