import { and, assign, fromPromise, setup } from 'xstate';
import type { TokenResult, TokenType, ValidateTokenResult } from '../../core/model/auth';
import type { Confirmation } from '../../core/ports/api/types';
import {
  emptyPasswordDraft,
  passwordFieldErrors,
  passwordRules,
  type PasswordDraft,
  type PasswordField,
  type PasswordMode,
} from '../../core/rules/auth-flows';
import { RESET_MESSAGE_MS } from '../../core/rules/constants';
import { MESSAGES } from '../../core/rules/messages';
import type { FieldErrors } from '../../core/rules/registration';
import { LOGIN_PATH } from '../../core/routes';
import { errorOf, failureOf, notProvided, withRule, type AuthHandoff, type FlowMessage } from './auth-flow-support';

/**
 * Passwords (accounts §4, §5, §7, §8, §9), one chart with the four modes the person meets:
 *
 * - `request` — lost password: auth/lost-password { username } → 'Check your email for a link to reset your password'.
 * - `action` — the e-mailed link (/login?password_reset=<token>): the token is kept under reset_token and
 *   checked (auth/validate-token), the new password is set (auth/reset-password-action with the
 *   x-password-reset-token header) → 'New password successfully set', then back to /login.
 * - `temporary` — a login whose temporary password must be replaced first: auth/reset-new-password
 *   { password, oldPassword } with the x-temporary-token header signs the person in.
 * - `change` — in settings: users/password/update { password, oldPassword } → 'Password updated!'.
 *
 * Confirmation messages vanish after 4 s (`resetMessage`). Drafts live in the context, so a refused
 * submit keeps them; field problems come from core `passwordFieldErrors`.
 */

export interface PasswordInput {
  readonly mode: PasswordMode;
  /** The reset token of the e-mailed link (action) or the login's temporary token (temporary); else read from storage. */
  readonly token?: string | undefined;
  /** Prefills the lost-password username. */
  readonly username?: string | undefined;
  /** The temporary password the person just signed in with, when the login form hands it over. */
  readonly oldPassword?: string | undefined;
}

export interface PasswordContext {
  readonly mode: PasswordMode;
  readonly token: string | undefined;
  /** Whose password the e-mailed link resets (auth/validate-token). */
  readonly email: string | undefined;
  readonly draft: PasswordDraft;
  readonly fieldErrors: FieldErrors<PasswordField>;
  readonly error: FlowMessage | null;
  readonly notice: FlowMessage | null;
  readonly handoff: AuthHandoff | null;
}

export type PasswordEvent =
  | { readonly type: 'password.change'; readonly values: Partial<PasswordDraft> }
  | { readonly type: 'password.submit' }
  /** Leave now instead of waiting for the confirmation to vanish. */
  | { readonly type: 'password.dismiss' }
  /** From an expired or invalid link: ask for a new one. */
  | { readonly type: 'password.requestLink' };

export interface LoadTokenInput {
  readonly mode: 'action' | 'temporary';
  readonly token?: string | undefined;
}

const notice = (result: { readonly message?: string | undefined }, code: 'password_reset_link_sent' | 'new_password_set' | 'password_updated'): FlowMessage => ({
  message: result.message || MESSAGES[code],
  code,
});

export const passwordMachine = setup({
  types: {
    context: {} as PasswordContext,
    events: {} as PasswordEvent,
    input: {} as PasswordInput,
    output: {} as AuthHandoff | null,
  },
  actors: {
    /** POST auth/lost-password { username }. */
    lostPassword: fromPromise<Confirmation, { readonly username: string }>(notProvided('lostPassword')),
    /** Keeps a given token under its storage key (reset_token / temporary_password_reset_token), or reads the stored one. */
    loadToken: fromPromise<{ readonly token?: string | undefined }, LoadTokenInput>(notProvided('loadToken')),
    /** POST auth/validate-token { tokenType } with the token. */
    validateToken: fromPromise<ValidateTokenResult, { readonly tokenType: TokenType; readonly token: string }>(notProvided('validateToken')),
    /** POST auth/reset-password-action { password, platform } with the x-password-reset-token header. */
    resetPasswordAction: fromPromise<Confirmation, { readonly password: string; readonly resetToken: string }>(notProvided('resetPasswordAction')),
    /** POST auth/reset-new-password { password, oldPassword } with the x-temporary-token header → a session token. */
    resetNewPassword: fromPromise<TokenResult, { readonly password: string; readonly oldPassword: string; readonly temporaryToken: string }>(
      notProvided('resetNewPassword'),
    ),
    /** PUT users/password/update { password, oldPassword }. */
    changePassword: fromPromise<Confirmation, { readonly password: string; readonly oldPassword: string }>(notProvided('changePassword')),
    /** Removes the spent token from storage. */
    forgetToken: fromPromise<void, { readonly mode: 'action' | 'temporary' }>(notProvided('forgetToken')),
  },
  delays: {
    /** accounts §9: reset messages vanish after 4 s. */
    resetMessage: RESET_MESSAGE_MS,
  },
  guards: {
    isRequestMode: withRule(passwordRules.requestMode, ({ context }: { context: PasswordContext }) => passwordRules.requestMode.test(context)),
    isActionMode: withRule(passwordRules.actionMode, ({ context }: { context: PasswordContext }) => passwordRules.actionMode.test(context)),
    isTemporaryMode: withRule(passwordRules.temporaryMode, ({ context }: { context: PasswordContext }) => passwordRules.temporaryMode.test(context)),
    hasToken: withRule(passwordRules.hasToken, (_: unknown, found: { readonly token?: string | undefined }) => passwordRules.hasToken.test({ token: found.token })),
    hasUsername: withRule(passwordRules.hasUsername, ({ context }: { context: PasswordContext }) => passwordRules.hasUsername.test(context.draft)),
    isNewPasswordValid: withRule(passwordRules.newPasswordValid, ({ context }: { context: PasswordContext }) => passwordRules.newPasswordValid.test(context.draft)),
    hasCurrentPassword: withRule(passwordRules.hasCurrentPassword, ({ context }: { context: PasswordContext }) =>
      passwordRules.hasCurrentPassword.test(context.draft),
    ),
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'password.change') return {};
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([field]) => !(field in event.values)));
      return { draft: { ...context.draft, ...event.values }, fieldErrors, error: null };
    }),
    showFieldErrors: assign(({ context }) => ({ fieldErrors: passwordFieldErrors(context.mode, context.draft), error: null })),
    startSubmit: assign({ fieldErrors: {}, error: null, notice: null }),
    showFailure: assign((_, error: unknown) => ({ error: failureOf(error) })),
    keepToken: assign((_, found: { readonly token?: string | undefined }) => ({ token: found.token })),
    keepEmail: assign((_, result: ValidateTokenResult) => ({ email: result.email })),
    confirmLinkSent: assign((_, result: Confirmation) => ({ notice: notice(result, 'password_reset_link_sent') })),
    confirmNewPassword: assign(({ context }, result: { readonly message?: string | undefined }) => ({
      notice: notice(result, 'new_password_set'),
      draft: emptyPasswordDraft(context.draft.username),
    })),
    confirmUpdated: assign((_, result: Confirmation) => ({ notice: notice(result, 'password_updated'), draft: emptyPasswordDraft() })),
    clearNotice: assign({ notice: null }),
    keepSession: assign((_, result: TokenResult) => ({ handoff: { type: 'signedIn' as const, token: result.token } })),
    backToLogin: assign({ handoff: { type: 'navigate', to: LOGIN_PATH } }),
  },
}).createMachine({
  id: 'password',
  description: 'Lost password, the e-mailed reset link, the temporary-password reset at login, and the change in settings.',
  context: ({ input }) => ({
    mode: input.mode,
    token: input.token || undefined,
    email: undefined,
    draft: emptyPasswordDraft(input.username ?? '', input.oldPassword ?? ''),
    fieldErrors: {},
    error: null,
    notice: null,
    handoff: null,
  }),
  output: ({ context }) => context.handoff,
  initial: 'choosing',
  states: {
    choosing: {
      always: [
        { guard: 'isRequestMode', target: 'request' },
        { guard: 'isActionMode', target: 'action' },
        { guard: 'isTemporaryMode', target: 'temporary' },
        { target: 'change' },
      ],
    },

    request: {
      tags: ['request'],
      initial: 'editing',
      on: {
        'password.change': { actions: 'edit' },
      },
      states: {
        editing: {
          on: {
            'password.submit': [{ guard: 'hasUsername', target: 'sending', actions: 'startSubmit' }, { actions: 'showFieldErrors' }],
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'lostPassword',
            src: 'lostPassword',
            input: ({ context }) => ({ username: context.draft.username.trim() }),
            onDone: { target: 'sent', actions: { type: 'confirmLinkSent', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
          },
        },
        sent: {
          tags: ['notice'],
          description: "'Check your email for a link to reset your password', for 4 s.",
          after: { resetMessage: { target: 'editing', actions: 'clearNotice' } },
          on: {
            'password.submit': [{ guard: 'hasUsername', target: 'sending', actions: 'startSubmit' }, { actions: 'showFieldErrors' }],
          },
        },
      },
    },

    action: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy', 'checking'],
          invoke: {
            id: 'loadResetToken',
            src: 'loadToken',
            input: ({ context }) => ({ mode: 'action' as const, token: context.token }),
            onDone: [
              {
                guard: { type: 'hasToken', params: ({ event }) => event.output },
                target: 'validating',
                actions: { type: 'keepToken', params: ({ event }) => event.output },
              },
              { target: 'invalid' },
            ],
            onError: { target: 'invalid', actions: { type: 'showFailure', params: errorOf } },
          },
        },
        validating: {
          tags: ['busy', 'checking'],
          invoke: {
            id: 'validateResetToken',
            src: 'validateToken',
            input: ({ context }) => ({ tokenType: 'reset' as const, token: context.token ?? '' }),
            onDone: { target: 'editing', actions: { type: 'keepEmail', params: ({ event }) => event.output } },
            onError: { target: 'invalid', actions: { type: 'showFailure', params: errorOf } },
          },
        },
        editing: {
          on: {
            'password.change': { actions: 'edit' },
            'password.submit': [{ guard: 'isNewPasswordValid', target: 'saving', actions: 'startSubmit' }, { actions: 'showFieldErrors' }],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'resetPasswordAction',
            src: 'resetPasswordAction',
            input: ({ context }) => ({ password: context.draft.password, resetToken: context.token ?? '' }),
            onDone: { target: 'forgetting', actions: { type: 'confirmNewPassword', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
          },
        },
        forgetting: {
          tags: ['busy', 'notice', 'saved'],
          invoke: {
            id: 'forgetResetToken',
            src: 'forgetToken',
            input: { mode: 'action' as const },
            onDone: { target: 'saved' },
            onError: { target: 'saved' },
          },
        },
        saved: {
          tags: ['notice', 'saved'],
          description: "'New password successfully set' for 4 s, then /login.",
          after: { resetMessage: { target: '#password.finished', actions: 'backToLogin' } },
          on: { 'password.dismiss': { target: '#password.finished', actions: 'backToLogin' } },
        },
        invalid: {
          tags: ['invalid'],
          description: 'The link is missing, expired or not valid.',
          on: {
            'password.requestLink': { target: '#password.request' },
            'password.dismiss': { target: '#password.finished', actions: 'backToLogin' },
          },
        },
      },
    },

    temporary: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy', 'checking'],
          invoke: {
            id: 'loadTemporaryToken',
            src: 'loadToken',
            input: ({ context }) => ({ mode: 'temporary' as const, token: context.token }),
            onDone: [
              {
                guard: { type: 'hasToken', params: ({ event }) => event.output },
                target: 'editing',
                actions: { type: 'keepToken', params: ({ event }) => event.output },
              },
              { target: 'invalid' },
            ],
            onError: { target: 'invalid', actions: { type: 'showFailure', params: errorOf } },
          },
        },
        editing: {
          on: {
            'password.change': { actions: 'edit' },
            'password.submit': [
              { guard: and(['isNewPasswordValid', 'hasCurrentPassword']), target: 'saving', actions: 'startSubmit' },
              { actions: 'showFieldErrors' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'resetNewPassword',
            src: 'resetNewPassword',
            input: ({ context }) => ({ password: context.draft.password, oldPassword: context.draft.oldPassword, temporaryToken: context.token ?? '' }),
            onDone: {
              target: 'forgetting',
              actions: [
                { type: 'confirmNewPassword', params: ({ event }) => event.output },
                { type: 'keepSession', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
          },
        },
        forgetting: {
          tags: ['busy', 'notice'],
          invoke: {
            id: 'forgetTemporaryToken',
            src: 'forgetToken',
            input: { mode: 'temporary' as const },
            onDone: { target: '#password.finished' },
            onError: { target: '#password.finished' },
          },
        },
        invalid: {
          tags: ['invalid'],
          description: 'No temporary token: sign in again.',
          on: { 'password.dismiss': { target: '#password.finished', actions: 'backToLogin' } },
        },
      },
    },

    change: {
      initial: 'editing',
      on: {
        'password.change': { actions: 'edit' },
      },
      states: {
        editing: {
          on: {
            'password.submit': [
              { guard: and(['isNewPasswordValid', 'hasCurrentPassword']), target: 'saving', actions: 'startSubmit' },
              { actions: 'showFieldErrors' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => ({ password: context.draft.password, oldPassword: context.draft.oldPassword }),
            onDone: { target: 'saved', actions: { type: 'confirmUpdated', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
          },
        },
        saved: {
          tags: ['notice'],
          description: "'Password updated!' for 4 s.",
          after: { resetMessage: { target: 'editing', actions: 'clearNotice' } },
          on: {
            'password.submit': [
              { guard: and(['isNewPasswordValid', 'hasCurrentPassword']), target: 'saving', actions: 'startSubmit' },
              { actions: 'showFieldErrors' },
            ],
          },
        },
      },
    },

    finished: { type: 'final' },
  },
});

export type PasswordMachine = typeof passwordMachine;
