import type { LoginResult } from '../model/auth';
import type { LanguagePreference } from '../model/language';
import type { Role } from '../model/roles';
import type { UserInfo } from '../model/user';
import { LOGIN_PATH, normalizePath } from '../routes';
import { activeRole, loginRedirect, shouldLogOut } from './access';
import { languageToSave } from './language';
import { receivesMessagePush } from './live';
import { canSubmitLogin, loginOutcome, type LoginOutcome } from './login';
import { specRule } from './spec-rule';

/**
 * The rules behind the guards of the session and login charts (src/machines/flows/session.machine.ts,
 * login.machine.ts). Each quotes its sentence so the machine catalogue can print it; each `test` calls
 * the rule function that lives in its topic file (access.ts, login.ts, language.ts, live.ts).
 */

export const loginRules = {
  canSubmit: specRule<{ readonly username: string; readonly password: string }>({
    id: 'login.canSubmit',
    spec: 'Login needs a username.',
    source: 'accounts §5',
    test: ({ username, password }) => canSubmitLogin(username, password),
  }),
  refused: specRule<{ readonly result: LoginResult }>({
    id: 'login.refused',
    spec: 'Login failure: loggedIn false plus the server message and code (or the status text).',
    source: 'accounts §8',
    test: ({ result }) => loginOutcome(result).type === 'error',
  }),
} as const;

/** The users the session chart compares: a user info, or none yet. */
type MaybeUser = Pick<UserInfo, 'role' | 'accounts' | 'account'> | null;

export const sessionRules = {
  hasStoredToken: specRule<{ readonly token: string | null | undefined }>({
    id: 'session.hasStoredToken',
    spec: 'Session: logged out until a token is stored.',
    source: 'accounts §4',
    test: ({ token }) => typeof token === 'string' && token !== '',
  }),
  smsConfirmation: specRule<{ readonly outcome: Pick<LoginOutcome, 'type'> }>({
    id: 'session.smsConfirmation',
    spec: 'SMS confirmation needed (code AccountRequiresSMSConfirmation: a code is resent and the user goes to /register/verify/sms).',
    source: 'accounts §4',
    test: ({ outcome }) => outcome.type === 'smsConfirmation',
  }),
  temporaryPassword: specRule<{ readonly outcome: Pick<LoginOutcome, 'type'> }>({
    id: 'session.temporaryPassword',
    spec: 'Temporary password must be reset (result carries a temporary reset token).',
    source: 'accounts §4',
    test: ({ outcome }) => outcome.type === 'temporaryPasswordReset',
  }),
  noAccess: specRule<{ readonly user: NonNullable<MaybeUser> }>({
    id: 'session.noAccess',
    spec: 'A user with role none, or a non-super user with no accounts, is logged out.',
    source: 'accounts §4',
    test: ({ user }) => shouldLogOut(user, activeRole(user, user.account ?? null)),
  }),
  tokenRejected: specRule<{ readonly error: unknown }>({
    id: 'session.tokenRejected',
    spec: "401 with message 'User token authentication failed': redirect to /login unless already there.",
    source: 'accounts §8',
    test: ({ error }) => typeof error === 'object' && error !== null && (error as { _tag?: unknown })._tag === 'Unauthorized',
  }),
  atLogin: specRule<{ readonly location: string }>({
    id: 'session.atLogin',
    spec: "401 with message 'User token authentication failed': redirect to /login unless already there.",
    source: 'accounts §8',
    test: ({ location }) => normalizePath(location) === LOGIN_PATH,
  }),
  activeAccount: specRule<{ readonly user: MaybeUser; readonly accountId: string }>({
    id: 'session.activeAccount',
    spec: 'Switching to the account already in use changes nothing: the user goes home (decision).',
    source: 'decision',
    test: ({ user, accountId }) => user?.account?._id === accountId,
  }),
  ownsAccount: specRule<{ readonly user: MaybeUser; readonly accountId: string }>({
    id: 'session.ownsAccount',
    spec: 'User info: accounts (list of {id, type}); POST auth/change-account account_id, account_type.',
    source: 'accounts §3, §7',
    test: ({ user, accountId }) => user?.accounts.some((a) => a.id === accountId && a.type !== 'user') ?? false,
  }),
  hasAccount: specRule<{ readonly user: MaybeUser }>({
    id: 'session.hasAccount',
    spec: 'The language is saved to the account settings (language_preference); a super user without an account keeps it in the browser (decision).',
    source: 'accounts §3, decision',
    test: ({ user }) => (user?.account ?? null) !== null,
  }),
  defaultLanguage: specRule<{ readonly preference: LanguagePreference | null | undefined; readonly browserLanguage: string }>({
    id: 'session.defaultLanguage',
    spec: "If the locale preference is 'default', the browser language is saved to the account settings.",
    source: 'accounts §4',
    test: ({ preference, browserLanguage }) => languageToSave(preference, browserLanguage) !== undefined,
  }),
  messagePush: specRule<{ readonly role: Role }>({
    id: 'session.messagePush',
    spec: "Only admins receive push notifications for new inbound messages, titled 'New {connectType} Message from {fromAddress}'.",
    source: 'accounts §6',
    test: ({ role }) => receivesMessagePush(role),
  }),
} as const;

/**
 * accounts §8: a 401 (or a failed auth check) sends the user to /login with a redirectFrom query, unless
 * already there (then nowhere: null).
 */
export const loginExit = (location: string): string | null => (sessionRules.atLogin.test({ location }) ? null : loginRedirect(location));

/** A route the router has just entered (the `route.entered` event of the session and feature charts). */
export interface RouteVisit {
  /** The route's name in src/core/routes.ts (`logout`, `switchAccount`, `login`, `customer.dashboard`…). */
  readonly name: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
}

/** A non-empty query value of a visit to the named route, else null. */
export const visitQuery = (visit: RouteVisit | null | undefined, route: string, key: string): string | null => {
  const value = visit?.name === route ? visit.query[key] : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The account a visit to /auth/switch-account/{account_id} asks for, else null. */
export const visitedAccount = (visit: RouteVisit | null | undefined): string | null =>
  visit?.name === 'switchAccount' && typeof visit.params.account_id === 'string' ? visit.params.account_id : null;

/** What the session and login charts do on entering a route (accounts §2, §4): the links that act on arrival. */
export const visitRules = {
  logout: specRule<{ readonly visit: RouteVisit | null }>({
    id: 'visit.logout',
    spec: '/logout: the session ends (the connection closes, the server session ends, stored data is cleared) and, 200 ms later, the app goes to /.',
    source: 'accounts §4',
    test: ({ visit }) => visit?.name === 'logout',
  }),
  switchAccount: specRule<{ readonly visit: RouteVisit | null }>({
    id: 'visit.switchAccount',
    spec: '/auth/switch-account/{account_id}: switch to that account (POST auth/change-account); signed out, log in first.',
    source: 'accounts §4',
    test: ({ visit }) => visitedAccount(visit) !== null,
  }),
  idToken: specRule<{ readonly visit: RouteVisit | null }>({
    id: 'visit.idToken',
    spec: '/login?id_token=<token>: the token of a quick registration (or a social login) signs the person in.',
    source: 'accounts §2',
    test: ({ visit }) => visitQuery(visit, 'login', 'id_token') !== null,
  }),
  confirmAccount: specRule<{ readonly visit: RouteVisit | null }>({
    id: 'visit.confirmAccount',
    spec: '/login?confirm_account=<token>: the e-mailed link confirms the account (POST auth/confirm-account) and the form says so.',
    source: 'accounts §2',
    test: ({ visit }) => visitQuery(visit, 'login', 'confirm_account') !== null,
  }),
  claimAccount: specRule<{ readonly visit: RouteVisit | null }>({
    id: 'visit.claimAccount',
    spec: '/login?claim_account=<token>: the e-mailed link claims the account (POST auth/claim-account), then a password is chosen.',
    source: 'accounts §2',
    test: ({ visit }) => visitQuery(visit, 'login', 'claim_account') !== null,
  }),
} as const;
