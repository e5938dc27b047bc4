import { assign, fromPromise, setup } from 'xstate';
import type { LoginResult } from '../../core/model/auth';
import { loginOutcome, type LoginOutcome } from '../../core/rules/login';
import { MESSAGES } from '../../core/rules/messages';
import { loginRules } from '../../core/rules/session';
import { errorOf, failureOf, notProvided, withRule, type FlowMessage } from './auth-flow-support';

/**
 * The sign-in form of /login (accounts §4, §5, §8): a username is required; while the call runs the form
 * is `submitting`; a refused login comes back to `editing` with the server's message (core
 * `loginOutcome`); the three other outcomes end the chart and its output tells the session chart what
 * to do (SMS confirmation, temporary password, logged in).
 *
 * It also confirms an account from the e-mailed link (`/login?confirm_account=<token>`): the form shows
 * the server's confirmation above the fields; and claims an account (`/login?claim_account=<token>`):
 * the reset token it returns is what the password chart (action mode) sets the password with.
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
}

export type LoginField = 'username' | 'password';

export type LoginFormEvent =
  | { readonly type: 'login.change'; readonly field: LoginField; readonly value: string }
  | { readonly type: 'login.submit' }
  | { readonly type: 'login.confirmAccount'; readonly token: string }
  | { readonly type: 'login.claimAccount'; readonly token: string };

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
  context: ({ input }) => ({ username: input?.username ?? '', password: '', error: null, notice: null, outcome: null, resetToken: null }),
  initial: 'editing',
  output: ({ context }) => {
    const outcome = context.outcome as LoginSuccess;
    const temporary = outcome.type === 'temporaryPasswordReset' ? { temporaryPassword: context.password } : {};
    return { ...outcome, username: context.username.trim(), ...temporary };
  },
  states: {
    editing: {
      on: {
        'login.change': { actions: 'setField' },
        'login.submit': [{ guard: 'canSubmit', target: 'submitting', actions: 'startSubmit' }, { actions: 'explainIncomplete' }],
        'login.confirmAccount': { target: 'confirmingAccount', actions: 'startSubmit' },
        'login.claimAccount': { target: 'claimingAccount', actions: 'startSubmit' },
      },
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
        input: ({ event }) => ({ token: event.type === 'login.confirmAccount' ? event.token : '' }),
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
        input: ({ event }) => ({ token: event.type === 'login.claimAccount' ? event.token : '' }),
        onDone: { target: 'editing', actions: { type: 'keepResetToken', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    done: { type: 'final' },
  },
});
