import { assign, emit, enqueueActions, fromCallback, fromPromise, sendTo, setup, stopChild, type ActorRefFrom, type AnyActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import type { ChangeAccountResult } from '../../core/model/auth';
import { DEFAULT_LANGUAGE, type Language } from '../../core/model/language-codes';
import type { LiveMessage, ResourceUpdate } from '../../core/model/live';
import { isAccountType, type AccountType, type Role } from '../../core/model/role-names';
import type { Account, UserInfo } from '../../core/model/user';
import { activeRole, loginRedirect, postLoginPath } from '../../core/rules/access';
import { LOGOUT_DELAY_MS } from '../../core/rules/constants';
import { messagePushTitle } from '../../core/rules/live';
import { languageFromBrowser, resolveLanguage } from '../../core/rules/language';
import { SMS_VERIFY_PATH } from '../../core/rules/login';
import { MESSAGES, type MessageCode } from '../../core/rules/messages';
import { loginExit, sessionRules, visitedAccount, visitQuery, visitRules, type RouteVisit } from '../../core/rules/session';
import { normalizePath } from '../../core/routes';
import { errorOf, notProvided, withRule } from './auth-flow-support';
import type { NotificationsActor, notificationsMachine } from '../features/notifications.machine';
import type { TicketsActor, ticketsMachine } from '../features/tickets.machine';
import { loginMachine, type LoginFormOutput } from './login.machine';

/** The running sign-in form (the session's `loginForm` child). */
export type LoginFormActor = ActorRefFrom<typeof loginMachine>;

/**
 * The session of accounts §4: who is signed in, with which account, and where the app must go.
 *
 * - `booting` pings the API (HEAD ping; a failure is 'Network Error' → /error-network), then `restoring`
 *   reads the stored token: with one the session is `signedIn`, otherwise `signedOut`.
 * - `signedOut` runs the sign-in form (the `login` chart, invoked as `loginForm`). Its outcomes: SMS
 *   confirmation needed (the server has just texted a new code; the registration marker is stored and the
 *   user goes to /register/verify/sms), a temporary password to replace (the temporary token is stored;
 *   the login screen shows the replacement form), or logged in.
 * - `signedIn` stores a fresh token, loads the user and the accounts (`loading`); a failed set-up logs out;
 *   role none, or a non-super user with no accounts, logs out to /error-no-accounts. Then `ready`: the live
 *   connection is open, the token is refreshed periodically, a 'default' locale preference is replaced by
 *   the browser's language, and the account's notifications and help desk run as the `notifications` and
 *   `tickets` children (the feature charts src/machines/features/notifications.machine.ts and tickets.machine.ts:
 *   one instance each per signed-in session, read by the header and the dashboards). Their code is not part of
 *   the boot: `loadSignedInCharts` brings them once signed in (docs/performance.md), and a chunk that cannot be
 *   fetched is tried again after `SIGNED_IN_CHARTS_RETRY_MS`. An admin gets a `messagePush` for each inbound
 *   message (accounts §6).
 *   `user.reload` loads the user again (the pending-approval page's 'Check again'). `switching` lasts until
 *   the next login (a new token and user).
 * - The router reports every route it enters (`route.entered {name, params, query}`); the chart keeps the
 *   visit until it can act on it: /logout signs out, /auth/switch-account/{id} switches (or asks to log in
 *   first), /login?id_token= takes the token; the login form gets /login?confirm_account= and
 *   ?claim_account= visits (as its input, and forwarded while it runs).
 * - `signingOut` closes the connection (leaving `ready` stops it), ends the session on the server, clears
 *   stored data, waits 200 ms and goes to '/' (or where the reason for leaving says).
 *
 * Navigation is an output: the chart emits `navigate` events (the router follows them) and never touches
 * the browser's location. Notices are emitted as `notify` events (the shell shows them as toasts). Every
 * actor is a typed placeholder here; src/main.tsx supplies the real ones with `provide({ actors })`.
 */

// ── context, events, emitted events ──

export interface SessionContext {
  /** navigator.language at start-up; a 'default' preference and guests use it. */
  readonly browserLanguage: string;
  /** The language of a visitor (or of a super user, who has no account to save it to). */
  readonly guestLanguage: Language;
  /** The current location (path and query), reported by the router with `location.changed`. */
  readonly location: string;
  readonly token: string | null;
  readonly user: UserInfo | null;
  readonly accounts: readonly Account[];
  /** Where to go once the user is loaded (after a login, a switch, or a recovered network failure). */
  readonly destination: string | null;
  /** Where signing out ends: '/' after a logout, /error-no-accounts, /login… (null: stay). */
  readonly exitTo: string | null;
  /** The username of the last accepted login (the SMS registration marker keeps it). */
  readonly loginName: string | null;
  /** The temporary reset token of a login that must replace its temporary password. */
  readonly temporaryToken: string | null;
  /** The temporary password that login used, handed to the replacement form (forgotten when it is done). */
  readonly temporaryPassword: string | null;
  /** The last route the router entered, until the chart has acted on it (or the next one replaces it). */
  readonly visit: RouteVisit | null;
  /** The account a switch goes to (read by `switching`). */
  readonly switchTo: string | null;
}

export interface SessionInput {
  readonly browserLanguage?: string | undefined;
  readonly location?: string | undefined;
}

export type SessionEvent =
  | { readonly type: 'location.changed'; readonly location: string }
  /** A token obtained elsewhere: the /login?id_token= link, SMS confirmation, temporary-password replacement. */
  | { readonly type: 'session.tokenReceived'; readonly token: string; readonly redirectTo?: string | undefined }
  /** The router entered a route (every location it renders, once). */
  | ({ readonly type: 'route.entered' } & RouteVisit)
  | { readonly type: 'login.restart' }
  /** The HTTP adapter saw 401 'User token authentication failed'. */
  | { readonly type: 'api.unauthorized' }
  | { readonly type: 'network.retry' }
  | { readonly type: 'language.change'; readonly language: Language }
  /** Load the user and accounts again (e.g. 'Check again' on the pending-approval page). */
  | { readonly type: 'user.reload' }
  | { readonly type: 'live.connected' }
  | { readonly type: 'live.disconnected'; readonly reason: string }
  | { readonly type: 'live.resourceUpdated'; readonly update: ResourceUpdate }
  | { readonly type: 'live.message'; readonly message: LiveMessage };

export type NoticeKind = 'info' | 'success' | 'warning' | 'error';

export type SessionEmitted =
  | { readonly type: 'navigate'; readonly to: string; readonly replace: boolean }
  | { readonly type: 'notify'; readonly kind: NoticeKind; readonly code: MessageCode; readonly message: string }
  /** accounts §6: an admin's push for a new inbound message; `title` is the English 'New {connectType} Message from {fromAddress}'. */
  | { readonly type: 'messagePush'; readonly title: string; readonly message: LiveMessage };

export interface LoadedUser {
  readonly user: UserInfo;
  readonly accounts: readonly Account[];
}

/** The signed-in session's feature charts, with their real actors: loaded once signed in (`loadSignedInCharts`). */
export interface SignedInCharts {
  readonly notifications: typeof notificationsMachine;
  readonly tickets: typeof ticketsMachine;
}

/** Events the live connection actor sends back to the session. */
export type LiveBackEvent = Extract<SessionEvent, { readonly type: `live.${string}` }>;

// ── constants ──

/** accounts §9: logout delay. */
export const LOGOUT_DELAY = LOGOUT_DELAY_MS;
/** Session tokens live 7 days; the session asks for a fresh one every 6 hours while it is open (decisions.md). */
export const TOKEN_REFRESH_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** A signed-in chunk that could not be fetched (a new deployment, the network) is fetched again after 10 s. */
export const SIGNED_IN_CHARTS_RETRY_MS = 10_000;
export const NETWORK_ERROR_PATH = '/error-network';
export const NO_ACCOUNTS_PATH = '/error-no-accounts';
export const LOGOUT_PATH = '/logout';
export const HOME_PATH = '/';

// ── pure helpers (also used by the views' selectors) ──

/** The active account of a loaded user (null for a super user without accounts). */
export const activeAccountOf = (user: UserInfo | null): Account | null => user?.account ?? null;

/** The account type of one of the user's accounts (null when the user has no such account). */
export const accountTypeOf = (user: UserInfo | null, accountId: string): AccountType | null => {
  const ref = user?.accounts.find((a) => a.id === accountId);
  return ref && isAccountType(ref.type) ? ref.type : null;
};

const queryOf = (location: string): string => {
  const q = location.indexOf('?');
  if (q < 0) return '';
  const hash = location.indexOf('#', q);
  return location.slice(q + 1, hash < 0 ? undefined : hash);
};

const notice = (code: MessageCode, kind: NoticeKind = 'error'): SessionEmitted => ({ type: 'notify', kind, code, message: MESSAGES[code] });
const go = (to: string, replace = false): SessionEmitted => ({ type: 'navigate', to, replace });

/** The output of invoke events, for `params`. */
const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;

/** The visit of a `route.entered` event. */
const visitOf = (event: Extract<SessionEvent, { readonly type: 'route.entered' }>): RouteVisit => ({ name: event.name, params: event.params, query: event.query });

/** The account the kept visit asks to switch to ('' when it asks for none: no account matches). */
const visitedAccountOf = ({ context }: { readonly context: SessionContext }): string => visitedAccount(context.visit) ?? '';

// ── the chart ──

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    /** HEAD ping: fails when the API cannot be reached or answers non-200. */
    ping: fromPromise<void>(notProvided('ping')),
    /** The stored login token (storage key id_token), or null. */
    readToken: fromPromise<string | null>(notProvided('readToken')),
    /** Stores the login token under id_token. */
    storeToken: fromPromise<void, { readonly token: string }>(notProvided('storeToken')),
    /** Stores the SMS registration marker (register_verify_sms) that /register/verify/sms needs. */
    rememberSmsMarker: fromPromise<void, { readonly email: string }>(notProvided('rememberSmsMarker')),
    /** Stores the temporary reset token (temporary_password_reset_token). */
    rememberTemporaryToken: fromPromise<void, { readonly token: string }>(notProvided('rememberTemporaryToken')),
    /** The sign-in form chart; main.tsx supplies it with its own actors. */
    loginForm: loginMachine,
    /** GET user and GET user/accounts. */
    loadUser: fromPromise<LoadedUser, { readonly token: string }>(notProvided('loadUser')),
    /** The live connection: opens with the token when started, closes when stopped; sends live.* events back. */
    live: fromCallback<AnyEventObject, { readonly token: string }>(() => () => {}),
    /** POST auth/logout (a failure does not matter), then clears every stored key. */
    logout: fromPromise<void>(notProvided('logout')),
    /** POST auth/change-account { account_id, account_type } (the id is checked at the port), then stores the new token. */
    switchAccount: fromPromise<ChangeAccountResult, { readonly accountId: string; readonly accountType: AccountType }>(notProvided('switchAccount')),
    /** GET auth/refresh-token, then stores the new token. */
    refreshToken: fromPromise<{ readonly token: string }>(notProvided('refreshToken')),
    /** PUT users/update { key: language_preference, val }: the user info after the change. */
    saveLanguage: fromPromise<UserInfo, { readonly language: Language }>(notProvided('saveLanguage')),
    /**
     * The account's notifications and help desk (feature charts: the bell, the dashboards, the Help menu's
     * new-ticket count), with their own actors: a lazy chunk, fetched once signed in. Spawned as the
     * `notifications` and `tickets` children while `ready`.
     */
    loadSignedInCharts: fromPromise<SignedInCharts>(notProvided('loadSignedInCharts')),
  },
  delays: {
    logoutDelay: LOGOUT_DELAY,
    tokenRefreshInterval: TOKEN_REFRESH_INTERVAL_MS,
    signedInChartsRetry: SIGNED_IN_CHARTS_RETRY_MS,
  },
  guards: {
    hasStoredToken: withRule(sessionRules.hasStoredToken, (_: unknown, token: string | null) => sessionRules.hasStoredToken.test({ token })),
    needsSmsConfirmation: withRule(sessionRules.smsConfirmation, (_: unknown, outcome: LoginFormOutput) => sessionRules.smsConfirmation.test({ outcome })),
    mustReplaceTemporaryPassword: withRule(sessionRules.temporaryPassword, (_: unknown, outcome: LoginFormOutput) =>
      sessionRules.temporaryPassword.test({ outcome }),
    ),
    hasNoAccess: withRule(sessionRules.noAccess, (_: unknown, loaded: LoadedUser) => sessionRules.noAccess.test({ user: loaded.user })),
    isUnauthorizedError: withRule(sessionRules.tokenRejected, (_: unknown, error: unknown) => sessionRules.tokenRejected.test({ error })),
    isAtLogin: withRule(sessionRules.atLogin, ({ context }: { context: SessionContext }) => sessionRules.atLogin.test(context)),
    isActiveAccount: withRule(sessionRules.activeAccount, ({ context }: { context: SessionContext }, accountId: string) =>
      sessionRules.activeAccount.test({ user: context.user, accountId }),
    ),
    ownsAccount: withRule(sessionRules.ownsAccount, ({ context }: { context: SessionContext }, accountId: string) =>
      sessionRules.ownsAccount.test({ user: context.user, accountId }),
    ),
    hasAccount: withRule(sessionRules.hasAccount, ({ context }: { context: SessionContext }) => sessionRules.hasAccount.test(context)),
    prefersBrowserLanguage: withRule(sessionRules.defaultLanguage, ({ context }: { context: SessionContext }) =>
      sessionRules.defaultLanguage.test({
        preference: activeAccountOf(context.user)?.settings.language_preference,
        browserLanguage: context.browserLanguage,
      }),
    ),
    receivesMessagePush: withRule(sessionRules.messagePush, ({ context }: { context: SessionContext }) => sessionRules.messagePush.test({ role: sessionRole(context) })),
    visitsLogout: withRule(visitRules.logout, ({ context }: { context: SessionContext }) => visitRules.logout.test(context)),
    visitsSwitchAccount: withRule(visitRules.switchAccount, ({ context }: { context: SessionContext }) => visitRules.switchAccount.test(context)),
    visitsWithIdToken: withRule(visitRules.idToken, ({ context }: { context: SessionContext }) => visitRules.idToken.test(context)),
  },
  actions: {
    setLocation: assign((_, location: string) => ({ location })),
    keepVisit: assign((_, visit: RouteVisit) => ({ visit })),
    forgetVisit: assign({ visit: null }),
    /** Hands the visit to the running sign-in form (it confirms or claims an account on its links). */
    tellLoginForm: sendTo('loginForm', (_, visit: RouteVisit) => ({ type: 'route.entered' as const, ...visit })),
    aimSwitch: assign((_, accountId: string) => ({ switchTo: accountId })),
    takeToken: assign((_, token: string) => ({ token })),
    /** Where to go after this login: redirectTo / redirectFrom of the current location (same-origin only), else '/'. */
    aimAfterLogin: assign(({ context }, redirectTo: string | undefined) => ({
      destination: redirectTo !== undefined ? postLoginPath(new URLSearchParams({ redirectTo })) : postLoginPath(queryOf(context.location)),
    })),
    aimHome: assign({ destination: HOME_PATH }),
    aimBack: assign(({ context }) => ({ destination: normalizePath(context.location) === NETWORK_ERROR_PATH ? HOME_PATH : context.location })),
    /** Goes where the session was asked to go (if anywhere), once. */
    followDestination: enqueueActions(({ context, enqueue }) => {
      if (context.destination === null) return;
      enqueue.emit(go(context.destination, true));
      enqueue.assign({ destination: null });
    }),
    takeUser: assign((_, loaded: LoadedUser) => ({ user: loaded.user, accounts: loaded.accounts })),
    takeUserInfo: assign((_, user: UserInfo) => ({ user })),
    takeSwitchedToken: assign((_, result: ChangeAccountResult) => ({ token: result.token })),
    takeRefreshedToken: assign((_, result: { readonly token: string }) => ({ token: result.token })),
    /**
     * The live connection goes on with the refreshed token: the server ends a connection whose token has expired or
     * was replaced (issue 21), so a tab open for days would otherwise stop hearing updates.
     */
    renewLiveToken: sendTo('live', ({ context }: { context: SessionContext }) => ({ type: 'live.token', token: context.token ?? '' })),
    keepTemporaryToken: assign((_, output: LoginFormOutput) => ({
      temporaryToken: output.type === 'temporaryPasswordReset' ? output.temporaryToken : null,
      temporaryPassword: output.temporaryPassword ?? null,
    })),
    keepLoginName: assign((_, output: LoginFormOutput) => ({ loginName: output.username })),
    forgetTemporaryToken: assign({ temporaryToken: null, temporaryPassword: null }),
    takeLoginToken: assign((_, output: LoginFormOutput) => ({ token: output.type === 'loggedIn' ? output.token : null })),
    exitHome: assign({ exitTo: HOME_PATH }),
    exitToLogin: assign(({ context }) => ({ exitTo: loginExit(context.location) })),
    exitInPlace: assign({ exitTo: null }),
    exitToNoAccounts: assign({ exitTo: NO_ACCOUNTS_PATH }),
    /** On the way out: the views stop showing the user at once; the token stays for the logout call. */
    forgetUser: assign({ user: null, accounts: [], destination: null, temporaryToken: null, temporaryPassword: null, loginName: null, switchTo: null }),
    forgetToken: assign({ token: null, exitTo: null }),
    /** Goes where signing out ends (nowhere when it ends in place, e.g. a 401 at /login). */
    goToExit: enqueueActions(({ context, enqueue }) => {
      if (context.exitTo !== null) enqueue.emit(go(context.exitTo, true));
    }),
    goToNetworkError: emit(() => go(NETWORK_ERROR_PATH, true)),
    goToSmsVerify: emit(() => go(SMS_VERIFY_PATH)),
    goToLogout: emit(() => go(LOGOUT_PATH, true)),
    goHome: emit(() => go(HOME_PATH)),
    goToLogin: emit((_, accountId: string) => go(loginRedirect(`/auth/switch-account/${encodeURIComponent(accountId)}`), true)),
    chooseLanguage: assign(({ context }, language: Language) => {
      const user = context.user;
      const account = activeAccountOf(user);
      if (!user || !account) return {};
      return { user: { ...user, account: { ...account, settings: { ...account.settings, language_preference: language } } } };
    }),
    setGuestLanguage: assign((_, language: Language) => ({ guestLanguage: language })),
    announceMessagePush: emit((_, message: LiveMessage) => ({ type: 'messagePush' as const, title: messagePushTitle(message), message })),
    notifyUserLoadFailed: emit(() => notice('user_load_error')),
    notifySwitchFailed: emit(() => notice('switch_account_failed')),
    notifyRefreshFailed: emit(() => notice('refresh_token_error')),
    notifyLoginFailed: emit(() => notice('login_failed')),
    notifyLanguageFailed: emit(() => notice('results_error', 'warning')),
    notifyChartsUnavailable: emit(() => notice('network_error', 'warning')),
    /** Starts the account's notifications and help-desk charts as the `notifications` and `tickets` children. */
    startSignedInCharts: enqueueActions(({ context, enqueue }, charts: SignedInCharts) => {
      // The charts arrive as the loader's output, not as named actors of this setup: hence the untyped spawn.
      const spawn = enqueue.spawnChild as unknown as (src: AnyActorLogic, options: { readonly id: string; readonly input?: unknown }) => void;
      spawn(charts.notifications, { id: 'notifications' });
      spawn(charts.tickets, { id: 'tickets', input: { viewer: { role: sessionRole(context), accountId: activeAccountOf(context.user)?._id } } });
    }),
    stopSignedInCharts: enqueueActions(({ enqueue }) => {
      enqueue(stopChild('notifications'));
      enqueue(stopChild('tickets'));
    }),
  },
}).createMachine({
  id: 'session',
  description: 'The session of accounts §4: login outcomes, loading the user, the live connection, switching accounts, logout.',
  context: ({ input }) => ({
    browserLanguage: input?.browserLanguage ?? DEFAULT_LANGUAGE,
    guestLanguage: languageFromBrowser(input?.browserLanguage),
    location: input?.location ?? HOME_PATH,
    token: null,
    user: null,
    accounts: [],
    destination: null,
    exitTo: null,
    loginName: null,
    temporaryToken: null,
    temporaryPassword: null,
    visit: null,
    switchTo: null,
  }),
  initial: 'booting',
  on: {
    'location.changed': { actions: { type: 'setLocation', params: ({ event }) => event.location } },
    'route.entered': { actions: { type: 'keepVisit', params: ({ event }) => visitOf(event) } },
  },
  states: {
    booting: {
      description: 'HEAD ping: a failure is a network error.',
      tags: ['resolving'],
      invoke: {
        id: 'ping',
        src: 'ping',
        onDone: 'restoring',
        onError: { target: 'offline', actions: ['aimBack', 'goToNetworkError'] },
      },
    },
    offline: {
      description: 'The API could not be reached: /error-network, until the user tries again.',
      tags: ['offline'],
      on: { 'network.retry': 'booting' },
    },
    restoring: {
      description: 'Reads the stored token: logged out until a token is stored.',
      tags: ['resolving'],
      invoke: {
        id: 'readToken',
        src: 'readToken',
        onDone: [
          {
            guard: { type: 'hasStoredToken', params: outputOf },
            target: 'signedIn',
            actions: { type: 'takeToken', params: ({ event }) => event.output ?? '' },
          },
          { target: 'signedOut', actions: 'followDestination' },
        ],
        onError: { target: 'signedOut', actions: 'followDestination' },
      },
    },
    signedOut: {
      tags: ['signedOut'],
      initial: 'form',
      on: {
        'session.tokenReceived': {
          target: 'signedIn.storing',
          actions: [
            { type: 'takeToken', params: ({ event }) => event.token },
            { type: 'aimAfterLogin', params: ({ event }) => event.redirectTo },
            'forgetTemporaryToken',
            'forgetVisit',
          ],
        },
        'language.change': { actions: { type: 'setGuestLanguage', params: ({ event }) => event.language } },
      },
      always: [
        { guard: 'visitsLogout', target: 'signingOut', actions: ['forgetVisit', 'exitHome'] },
        { guard: 'visitsSwitchAccount', actions: [{ type: 'goToLogin', params: visitedAccountOf }, 'forgetVisit'] },
        {
          guard: 'visitsWithIdToken',
          target: 'signedIn.storing',
          actions: [
            { type: 'takeToken', params: ({ context }) => visitQuery(context.visit, 'login', 'id_token') ?? '' },
            { type: 'aimAfterLogin', params: () => undefined },
            'forgetTemporaryToken',
            'forgetVisit',
          ],
        },
      ],
      states: {
        form: {
          description:
            'The sign-in form runs as the loginForm child; it starts with the visit (an e-mailed link) and hears later ones. The visit is forgotten when the form ends, so a new form does not act on it again.',
          on: {
            'route.entered': { actions: [{ type: 'keepVisit', params: ({ event }) => visitOf(event) }, { type: 'tellLoginForm', params: ({ event }) => visitOf(event) }] },
          },
          invoke: {
            id: 'loginForm',
            src: 'loginForm',
            input: ({ context }) => ({ visit: context.visit }),
            onDone: [
              {
                guard: { type: 'needsSmsConfirmation', params: outputOf },
                target: 'rememberingSms',
                actions: [{ type: 'keepLoginName', params: outputOf }, 'forgetVisit'],
              },
              {
                guard: { type: 'mustReplaceTemporaryPassword', params: outputOf },
                target: 'rememberingTemporaryToken',
                actions: [{ type: 'keepTemporaryToken', params: outputOf }, 'forgetVisit'],
              },
              {
                target: '#session.signedIn.storing',
                actions: [{ type: 'takeLoginToken', params: outputOf }, { type: 'aimAfterLogin', params: () => undefined }, 'forgetVisit'],
              },
            ],
          },
        },
        rememberingSms: {
          description: 'The server has texted a new code; keep the registration marker and go to /register/verify/sms.',
          invoke: {
            id: 'rememberSmsMarker',
            src: 'rememberSmsMarker',
            input: ({ context }) => ({ email: context.loginName ?? '' }),
            onDone: { target: 'form', actions: 'goToSmsVerify' },
            onError: { target: 'form', actions: 'goToSmsVerify' },
          },
        },
        rememberingTemporaryToken: {
          invoke: {
            id: 'rememberTemporaryToken',
            src: 'rememberTemporaryToken',
            input: ({ context }) => ({ token: context.temporaryToken ?? '' }),
            onDone: 'temporaryPassword',
            onError: 'temporaryPassword',
          },
        },
        temporaryPassword: {
          description: 'The temporary password must be replaced first; the replacement form sends session.tokenReceived.',
          tags: ['temporaryPassword'],
          on: { 'login.restart': { target: 'form', actions: 'forgetTemporaryToken' } },
        },
      },
    },
    signedIn: {
      initial: 'loading',
      on: {
        'api.unauthorized': [
          { guard: 'isAtLogin', target: 'signingOut', actions: 'exitInPlace' },
          { target: 'signingOut', actions: 'exitToLogin' },
        ],
      },
      states: {
        storing: {
          description: 'A fresh login: store the token.',
          tags: ['resolving'],
          invoke: {
            id: 'storeToken',
            src: 'storeToken',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: 'loading',
            onError: { target: '#session.signingOut', actions: ['notifyLoginFailed', 'exitInPlace'] },
          },
        },
        loading: {
          description: 'Loads the user and the accounts; a failed set-up logs the user out.',
          tags: ['resolving'],
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: [
              {
                guard: { type: 'hasNoAccess', params: outputOf },
                target: '#session.signingOut',
                actions: [{ type: 'takeUser', params: outputOf }, 'exitToNoAccounts'],
              },
              { target: 'ready', actions: [{ type: 'takeUser', params: outputOf }, 'followDestination'] },
            ],
            onError: [
              { guard: { type: 'isUnauthorizedError', params: errorOf }, target: '#session.signingOut', actions: 'exitToLogin' },
              { target: '#session.signingOut', actions: ['notifyUserLoadFailed', 'exitToLogin'] },
            ],
          },
        },
        ready: {
          description: 'Signed in: the live connection is open.',
          tags: ['signedIn'],
          type: 'parallel',
          invoke: { id: 'live', src: 'live', input: ({ context }) => ({ token: context.token ?? '' }) },
          always: [
            { guard: 'visitsLogout', target: '#session.signingOut', actions: ['forgetVisit', 'exitHome'] },
            { guard: { type: 'isActiveAccount', params: visitedAccountOf }, actions: ['forgetVisit', 'goHome'] },
            { guard: { type: 'ownsAccount', params: visitedAccountOf }, target: 'switching', actions: [{ type: 'aimSwitch', params: visitedAccountOf }, 'forgetVisit'] },
            { guard: 'visitsSwitchAccount', target: '#session.signingOut', actions: ['forgetVisit', 'notifySwitchFailed', 'goToLogout', 'exitHome'] },
          ],
          on: {
            'live.message': { guard: 'receivesMessagePush', actions: { type: 'announceMessagePush', params: ({ event }) => event.message } },
          },
          states: {
            user: {
              description: 'Loads the user again on request: an organization approved meanwhile moves on (the router follows).',
              initial: 'idle',
              states: {
                idle: { on: { 'user.reload': 'reloading' } },
                reloading: {
                  tags: ['reloadingUser'],
                  invoke: {
                    id: 'reloadUser',
                    src: 'loadUser',
                    input: ({ context }) => ({ token: context.token ?? '' }),
                    onDone: { target: 'idle', actions: { type: 'takeUser', params: outputOf } },
                    onError: { target: 'idle', actions: 'notifyUserLoadFailed' },
                  },
                },
              },
            },
            charts: {
              description:
                "The account's notifications and help-desk charts: their code is fetched once signed in (never before /login paints), then they run as the notifications and tickets children until the session leaves ready.",
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'loadSignedInCharts',
                    src: 'loadSignedInCharts',
                    onDone: { target: 'running', actions: { type: 'startSignedInCharts', params: outputOf } },
                    onError: { target: 'unavailable', actions: 'notifyChartsUnavailable' },
                  },
                },
                running: { tags: ['signedInCharts'], exit: 'stopSignedInCharts' },
                unavailable: {
                  description: 'The chunk could not be fetched: tried again after a pause.',
                  after: { signedInChartsRetry: 'loading' },
                },
              },
            },
            connection: {
              initial: 'connecting',
              states: {
                connecting: { on: { 'live.connected': 'connected' } },
                connected: { tags: ['live'], on: { 'live.disconnected': 'connecting' } },
              },
            },
            token: {
              initial: 'fresh',
              states: {
                fresh: { after: { tokenRefreshInterval: 'refreshing' } },
                refreshing: {
                  invoke: {
                    id: 'refreshToken',
                    src: 'refreshToken',
                    onDone: { target: 'fresh', actions: [{ type: 'takeRefreshedToken', params: outputOf }, 'renewLiveToken'] },
                    onError: { target: 'fresh', actions: 'notifyRefreshFailed' },
                  },
                },
              },
            },
            language: {
              initial: 'checking',
              states: {
                checking: {
                  always: [
                    {
                      guard: 'prefersBrowserLanguage',
                      target: 'saving',
                      actions: { type: 'chooseLanguage', params: ({ context }) => languageFromBrowser(context.browserLanguage) },
                    },
                    { target: 'idle' },
                  ],
                },
                idle: {
                  on: {
                    'language.change': [
                      { guard: 'hasAccount', target: 'saving', actions: { type: 'chooseLanguage', params: ({ event }) => event.language } },
                      { actions: { type: 'setGuestLanguage', params: ({ event }) => event.language } },
                    ],
                  },
                },
                saving: {
                  tags: ['savingLanguage'],
                  invoke: {
                    id: 'saveLanguage',
                    src: 'saveLanguage',
                    input: ({ context }) => ({ language: sessionLanguage(context) }),
                    onDone: { target: 'idle', actions: { type: 'takeUserInfo', params: outputOf } },
                    onError: { target: 'idle', actions: 'notifyLanguageFailed' },
                  },
                },
              },
            },
          },
        },
        switching: {
          description: 'Account switching: lasts until the next login.',
          tags: ['resolving', 'switching'],
          invoke: {
            id: 'switchAccount',
            src: 'switchAccount',
            input: ({ context }) => {
              const accountId = context.switchTo ?? '';
              return { accountId, accountType: accountTypeOf(context.user, accountId) ?? 'customer' };
            },
            onDone: { target: 'loading', actions: [{ type: 'takeSwitchedToken', params: outputOf }, 'aimHome'] },
            onError: { target: '#session.signingOut', actions: ['notifySwitchFailed', 'goToLogout', 'exitHome'] },
          },
        },
      },
    },
    signingOut: {
      description: 'The connection closes, the session ends on the server, stored data is cleared, then a 200 ms pause.',
      tags: ['resolving', 'signingOut'],
      entry: 'forgetUser',
      initial: 'ending',
      states: {
        ending: { invoke: { id: 'logout', src: 'logout', onDone: 'pausing', onError: 'pausing' } },
        pausing: { after: { logoutDelay: { target: '#session.signedOut', actions: ['goToExit', 'forgetToken'] } } },
      },
    },
  },
});

// ── selectors (one value each, for useSelector) ──

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The active role: super from the user's role, else the active account's type; 'none' unless signed in. */
export function sessionRole(context: Pick<SessionContext, 'user'>): Role {
  return activeRole(context.user, activeAccountOf(context.user));
}

/** The language to show: the account's preference (the browser's for 'default'), else the guest language. */
export function sessionLanguage(context: Pick<SessionContext, 'user' | 'browserLanguage' | 'guestLanguage'>): Language {
  const account = activeAccountOf(context.user);
  return account ? resolveLanguage(account.settings.language_preference, context.browserLanguage) : context.guestLanguage;
}

export const selectSignedIn = (s: SessionSnapshot): boolean => s.hasTag('signedIn');
export const selectResolving = (s: SessionSnapshot): boolean => s.hasTag('resolving');
export const selectRole = (s: SessionSnapshot): Role => (s.hasTag('signedIn') ? sessionRole(s.context) : 'none');
export const selectUser = (s: SessionSnapshot): UserInfo | null => s.context.user;
export const selectAccount = (s: SessionSnapshot): Account | null => activeAccountOf(s.context.user);
export const selectAccounts = (s: SessionSnapshot): readonly Account[] => s.context.accounts;
export const selectLanguage = (s: SessionSnapshot): Language => sessionLanguage(s.context);
/** The account's notifications chart (the `notifications` child), while signed in. */
export const selectNotificationsActor = (s: SessionSnapshot): NotificationsActor | undefined => s.children.notifications as NotificationsActor | undefined;
/** The account's help-desk chart (the `tickets` child), while signed in. */
export const selectTicketsActor = (s: SessionSnapshot): TicketsActor | undefined => s.children.tickets as TicketsActor | undefined;
export const selectReloadingUser = (s: SessionSnapshot): boolean => s.hasTag('reloadingUser');
export const selectLoginForm = (s: SessionSnapshot): LoginFormActor | undefined => s.children.loginForm as LoginFormActor | undefined;
export const selectTemporaryToken = (s: SessionSnapshot): string | null => s.context.temporaryToken;
export const selectTemporaryPassword = (s: SessionSnapshot): string | null => s.context.temporaryPassword;
