import { assign, fromPromise, setup } from 'xstate';
import type { LoginResult } from '../../core/model/auth';
import { loginOutcome, type LoginOutcome } from '../../core/rules/login';
import { MESSAGES } from '../../core/rules/messages';
import { loginRules, visitQuery, visitRules, type RouteVisit } from '../../core/rules/session';
import { errorOf, failureOf, notProvided, withRule, type FlowMessage } from './auth-flow-support';

/**
 * The sign-in form of /login (accounts §4, §5, §8): a username is required; while the call runs the form
 * is `submitting`; a refused login comes back to `editing` with the server's message (core
 * `loginOutcome`); the three other outcomes end the chart and its output tells the session chart what
 * to do (SMS confirmation, temporary password, logged in).
 *
 * It acts on the route it is entered with (its input `visit`, and later `route.entered` events the session
 * forwards): it confirms an account from the e-mailed link (`/login?confirm_account=<token>`): the form
 * shows the server's confirmation above the fields; and claims an account (`/login?claim_account=<token>`):
 * the reset token it returns is what the password chart (action mode) sets the password with.
 *
 * 'Forgot your password?' is the `lost` state (tag `lost`): the login screen shows the lost-password form
 * with the username carried over, until `login.back`. The form is editable in `editing` (tag `editing`).
 *
 * The session chart invokes this chart as its `loginForm` child while nobody is signed in; the view
 * reads it from `session.children.loginForm`.
 */

/** What the form shows above its fields: a failure (`{message, code}`) or a confirmation. */
export type FormMessage = FlowMessage;

export interface LoginFormContext {
  readonly username: string;
  readonly password: string;
  readonly error: FormMessage | null;
  readonly notice: FormMessage | null;
  /** The outcome of the last accepted login (the output of the final state). */
  readonly outcome: LoginOutcome | null;
  /** The reset token a claimed account chooses its password with (auth/claim-account). */
  readonly resetToken: string | null;
  /** The route the form was last entered with (its e-mailed link's token is read from it). */
  readonly visit: RouteVisit | null;
}

export type LoginField = 'username' | 'password';

export type LoginFormEvent =
  | { readonly type: 'login.change'; readonly field: LoginField; readonly value: string }
  | { readonly type: 'login.submit' }
  | { readonly type: 'login.lostPassword' }
  | { readonly type: 'login.back' }
  /** The router entered a route (forwarded by the session chart). */
  | ({ readonly type: 'route.entered' } & RouteVisit);

/** The outcomes that end the form: everything but a refusal. */
export type LoginSuccess = Exclude<LoginOutcome, { readonly type: 'error' }>;
export type LoginFormOutput = LoginSuccess & {
  readonly username: string;
  /** The temporary password just typed, handed to the replacement form (temporary outcome only). */
  readonly temporaryPassword?: string | undefined;
};

export interface LoginFormInput {
  /** Prefills the username (e.g. after registration). */
  readonly username?: string | undefined;
  /** The route the form starts on: /login?confirm_account= and ?claim_account= act at once. */
  readonly visit?: RouteVisit | null | undefined;
}

export const USERNAME_REQUIRED: FormMessage = { message: MESSAGES.username_required, code: 'username_required' };
export const PASSWORD_REQUIRED: FormMessage = { message: 'Password is required', code: 'password_required' };

export const loginMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
    input: {} as LoginFormInput,
    output: {} as LoginFormOutput,
  },
  actors: {
    /** POST auth/login: a refused login is a value (`loggedIn: false`), not a failure. Supplied by main.tsx. */
    login: fromPromise<LoginResult, { readonly username: string; readonly password: string }>(notProvided('login')),
    /** POST auth/confirm-account { token }: the confirmation text. Supplied by main.tsx. */
    confirmAccount: fromPromise<{ readonly message: string }, { readonly token: string }>(notProvided('confirmAccount')),
    /** POST auth/claim-account { token } → reset_token. Supplied by main.tsx. */
    claimAccount: fromPromise<{ readonly reset_token: string }, { readonly token: string }>(notProvided('claimAccount')),
  },
  guards: {
    canSubmit: withRule(loginRules.canSubmit, ({ context }: { context: LoginFormContext }) => loginRules.canSubmit.test(context)),
    isRefused: withRule(loginRules.refused, (_: unknown, result: LoginResult) => loginRules.refused.test({ result })),
    visitsConfirmLink: withRule(visitRules.confirmAccount, (_: unknown, visit: RouteVisit | null) => visitRules.confirmAccount.test({ visit })),
    visitsClaimLink: withRule(visitRules.claimAccount, (_: unknown, visit: RouteVisit | null) => visitRules.claimAccount.test({ visit })),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'login.change') return {};
      return { ...context, [event.field]: event.value, error: null };
    }),
    explainIncomplete: assign({
      error: ({ context }) => (context.username.trim() === '' ? USERNAME_REQUIRED : PASSWORD_REQUIRED),
    }),
    startSubmit: assign({ error: null, notice: null }),
    takeVisit: assign((_, visit: RouteVisit) => ({ visit, error: null, notice: null })),
    showRefusal: assign((_, result: LoginResult) => {
      const outcome = loginOutcome(result);
      return { error: outcome.type === 'error' ? { message: outcome.message, code: outcome.code } : null, password: '' };
    }),
    showFailure: assign((_, error: unknown) => ({ error: failureOf(error) })),
    keepOutcome: assign((_, result: LoginResult) => ({ outcome: loginOutcome(result) })),
    showConfirmation: assign((_, confirmation: { readonly message: string }) => ({
      notice: { message: confirmation.message, code: 'account_confirmed' },
      error: null,
    })),
    keepResetToken: assign((_, result: { readonly reset_token: string }) => ({ resetToken: result.reset_token })),
  },
}).createMachine({
  id: 'login',
  description: 'The sign-in form of /login: username required, submitting, the server message on a refusal.',
  context: ({ input }) => ({ username: input?.username ?? '', password: '', error: null, notice: null, outcome: null, resetToken: null, visit: input?.visit ?? null }),
  initial: 'entering',
  output: ({ context }) => {
    const outcome = context.outcome as LoginSuccess;
    const temporary = outcome.type === 'temporaryPasswordReset' ? { temporaryPassword: context.password } : {};
    return { ...outcome, username: context.username.trim(), ...temporary };
  },
  states: {
    entering: {
      description: 'The route the form starts on: an e-mailed confirm or claim link acts at once.',
      always: [
        { guard: { type: 'visitsConfirmLink', params: ({ context }) => context.visit }, target: 'confirmingAccount' },
        { guard: { type: 'visitsClaimLink', params: ({ context }) => context.visit }, target: 'claimingAccount' },
        { target: 'editing' },
      ],
    },
    editing: {
      tags: ['editing'],
      on: {
        'login.change': { actions: 'setField' },
        'login.submit': [{ guard: 'canSubmit', target: 'submitting', actions: 'startSubmit' }, { actions: 'explainIncomplete' }],
        'login.lostPassword': 'lost',
        'route.entered': [
          { guard: { type: 'visitsConfirmLink', params: ({ event }) => event }, target: 'confirmingAccount', actions: { type: 'takeVisit', params: ({ event }) => event } },
          { guard: { type: 'visitsClaimLink', params: ({ event }) => event }, target: 'claimingAccount', actions: { type: 'takeVisit', params: ({ event }) => event } },
        ],
      },
    },
    lost: {
      description: "'Forgot your password?': the lost-password form, with the username carried over.",
      tags: ['lost'],
      on: { 'login.back': 'editing' },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ username: context.username.trim(), password: context.password }),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'showRefusal', params: ({ event }) => event.output },
          },
          { target: 'done', actions: { type: 'keepOutcome', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    confirmingAccount: {
      tags: ['busy'],
      invoke: {
        id: 'confirmAccount',
        src: 'confirmAccount',
        input: ({ context }) => ({ token: visitQuery(context.visit, 'login', 'confirm_account') ?? '' }),
        onDone: { target: 'editing', actions: { type: 'showConfirmation', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    claimingAccount: {
      description: 'The e-mailed claim link (/login?claim_account=<token>): the account is claimed, then it chooses a password.',
      tags: ['busy'],
      invoke: {
        id: 'claimAccount',
        src: 'claimAccount',
        input: ({ context }) => ({ token: visitQuery(context.visit, 'login', 'claim_account') ?? '' }),
        onDone: { target: 'editing', actions: { type: 'keepResetToken', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    done: { type: 'final' },
  },
});
