import { assign, fromPromise, setup } from 'xstate';
import type { AccountType } from '../../core/model/roles';
import type { UserInfo } from '../../core/model/user';
import { DEFAULT_LANGUAGE, type Language, type LanguagePreference } from '../../core/model/language';
import type { Confirmation } from '../../core/ports/api/types';
import { onboardingRules } from '../../core/rules/auth-flows';
import { MESSAGES } from '../../core/rules/messages';
import { confirmPasswordError, isValidPassword } from '../../core/rules/password';
import type { FieldErrors, FieldProblem } from '../../core/rules/registration';
import { errorOf, failureOf, notProvided, withRule, type FlowMessage } from './auth-flow-support';

/**
 * The steps of the onboarding routes that the built calls support (accounts §2, §4; bookings §7):
 *
 * 1. `profile` — first and last name (PUT users/update);
 * 2. `language` — en or es (PUT users/update language_preference);
 * 3. `password` — only after a quick sign-up, which has no password yet (the reset_token it left is the
 *    sign): the first password (PUT users/password/update), then the token is forgotten;
 * 4. `remaining` — what finishing set-up needs from later areas (service address and plan, payout
 *    onboarding, the payment-provider account); the view says so plainly. Until then the onboarding gates
 *    keep the account here (core onboardingRedirect).
 */

export interface OnboardingInput {
  readonly role: AccountType;
}

export interface OnboardingDraft {
  readonly first_name: string;
  readonly last_name: string;
  readonly language: Language;
  readonly password: string;
  readonly confirmation: string;
}
export type OnboardingField = keyof OnboardingDraft;

export interface OnboardingProfile {
  readonly first_name?: string | null | undefined;
  readonly last_name?: string | null | undefined;
  readonly language_preference?: LanguagePreference | undefined;
  /** A quick sign-up left a reset token: no password yet. */
  readonly needsPassword: boolean;
}

export interface OnboardingContext {
  readonly role: AccountType;
  readonly draft: OnboardingDraft;
  readonly needsPassword: boolean;
  readonly fieldErrors: FieldErrors<OnboardingField>;
  readonly error: FlowMessage | null;
  readonly notice: FlowMessage | null;
}

export type OnboardingEvent =
  | { readonly type: 'onboarding.change'; readonly values: Partial<OnboardingDraft> }
  | { readonly type: 'onboarding.next' }
  | { readonly type: 'onboarding.back' }
  | { readonly type: 'onboarding.skip' }
  /** A customer in the last step chooses to skip booking for now: set-up is finished (meta.initialSetup). */
  | { readonly type: 'onboarding.finish' };

const emptyDraft = (): OnboardingDraft => ({ first_name: '', last_name: '', language: DEFAULT_LANGUAGE, password: '', confirmation: '' });

const passwordProblems = (draft: OnboardingDraft): FieldErrors<OnboardingField> => {
  const errors: Partial<Record<OnboardingField, FieldProblem>> = {};
  if (!isValidPassword(draft.password)) errors.password = 'password';
  else if (confirmPasswordError(draft.password, draft.confirmation) !== undefined) errors.confirmation = 'mismatch';
  return errors;
};

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
  },
  actors: {
    /** GET user (names, language) and whether a reset_token is stored. */
    loadOnboarding: fromPromise<OnboardingProfile, OnboardingInput>(notProvided('loadOnboarding')),
    /** PUT users/update { first_name, last_name? }. */
    saveProfile: fromPromise<UserInfo, { readonly first_name: string; readonly last_name?: string }>(notProvided('saveProfile')),
    /** PUT users/update { language_preference }. */
    saveLanguage: fromPromise<UserInfo, { readonly language: Language }>(notProvided('saveLanguage')),
    /** PUT users/password/update { password } — the first password of a quick sign-up. */
    setPassword: fromPromise<Confirmation, { readonly password: string }>(notProvided('setPassword')),
    /** Removes the spent reset_token. */
    forgetResetToken: fromPromise<void, void>(notProvided('forgetResetToken')),
    /** PUT customers/update/{id} { meta: { initialSetup: true, skipOnboarding: true } }: set-up finished without booking. */
    finishSetup: fromPromise<void, { readonly role: AccountType }>(notProvided('finishSetup')),
  },
  guards: {
    isProfileComplete: withRule(onboardingRules.profileComplete, ({ context }: { context: OnboardingContext }) =>
      onboardingRules.profileComplete.test(context.draft),
    ),
    needsPassword: withRule(onboardingRules.needsPassword, ({ context }: { context: OnboardingContext }) => onboardingRules.needsPassword.test(context)),
    canFinishSetup: withRule(onboardingRules.canFinishSetup, ({ context }: { context: OnboardingContext }) => onboardingRules.canFinishSetup.test(context)),
    isNewPasswordValid: withRule(onboardingRules.newPasswordValid, ({ context }: { context: OnboardingContext }) =>
      onboardingRules.newPasswordValid.test(context.draft),
    ),
  },
  actions: {
    keepProfile: assign(({ context }, profile: OnboardingProfile) => ({
      draft: {
        ...context.draft,
        first_name: profile.first_name ?? '',
        last_name: profile.last_name ?? '',
        language: profile.language_preference === 'es' || profile.language_preference === 'en' ? profile.language_preference : context.draft.language,
      },
      needsPassword: profile.needsPassword,
    })),
    edit: assign(({ context, event }) => {
      if (event.type !== 'onboarding.change') return {};
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([field]) => !(field in event.values)));
      return { draft: { ...context.draft, ...event.values }, fieldErrors, error: null };
    }),
    showProfileErrors: assign({ fieldErrors: { first_name: 'required' }, error: null }),
    showPasswordErrors: assign(({ context }) => ({ fieldErrors: passwordProblems(context.draft), error: null })),
    startSave: assign({ fieldErrors: {}, error: null, notice: null }),
    showFailure: assign((_, error: unknown) => ({ error: failureOf(error) })),
    passwordChosen: assign({ needsPassword: false }),
    confirmPassword: assign(({ context }, result: Confirmation) => ({
      notice: { message: result.message || MESSAGES.password_updated, code: 'password_updated' },
      draft: { ...context.draft, password: '', confirmation: '' },
    })),
  },
}).createMachine({
  id: 'onboarding',
  description: 'Onboarding steps the built calls support: profile, language, the first password of a quick sign-up; then what remains.',
  context: ({ input }) => ({ role: input.role, draft: emptyDraft(), needsPassword: false, fieldErrors: {}, error: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadOnboarding',
        src: 'loadOnboarding',
        input: ({ context }) => ({ role: context.role }),
        onDone: { target: 'profile', actions: { type: 'keepProfile', params: ({ event }) => event.output } },
        onError: { target: 'profile', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    profile: {
      tags: ['step', 'profileStep'],
      on: {
        'onboarding.change': { actions: 'edit' },
        'onboarding.next': [{ guard: 'isProfileComplete', target: 'savingProfile', actions: 'startSave' }, { actions: 'showProfileErrors' }],
      },
    },
    savingProfile: {
      tags: ['busy', 'profileStep'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        // users/update refuses an empty last name: a blank one is left as it is.
        input: ({ context }) => ({
          first_name: context.draft.first_name.trim(),
          ...(context.draft.last_name.trim() ? { last_name: context.draft.last_name.trim() } : {}),
        }),
        onDone: { target: 'language' },
        onError: { target: 'profile', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    language: {
      tags: ['step', 'languageStep'],
      on: {
        'onboarding.change': { actions: 'edit' },
        'onboarding.back': { target: 'profile' },
        'onboarding.next': { target: 'savingLanguage', actions: 'startSave' },
      },
    },
    savingLanguage: {
      tags: ['busy', 'languageStep'],
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ language: context.draft.language }),
        onDone: [{ guard: 'needsPassword', target: 'password' }, { target: 'remaining' }],
        onError: { target: 'language', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    password: {
      tags: ['step', 'passwordStep'],
      on: {
        'onboarding.change': { actions: 'edit' },
        'onboarding.back': { target: 'language' },
        'onboarding.skip': { target: 'remaining' },
        'onboarding.next': [{ guard: 'isNewPasswordValid', target: 'savingPassword', actions: 'startSave' }, { actions: 'showPasswordErrors' }],
      },
    },
    savingPassword: {
      tags: ['busy', 'passwordStep'],
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context }) => ({ password: context.draft.password }),
        onDone: { target: 'forgettingResetToken', actions: { type: 'confirmPassword', params: ({ event }) => event.output } },
        onError: { target: 'password', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    forgettingResetToken: {
      tags: ['busy', 'passwordStep'],
      invoke: {
        id: 'forgetResetToken',
        src: 'forgetResetToken',
        onDone: { target: 'remaining', actions: 'passwordChosen' },
        onError: { target: 'remaining', actions: 'passwordChosen' },
      },
    },
    remaining: {
      tags: ['step', 'remainingStep'],
      description: 'What finishing set-up needs: a customer books a service (the shop routes are open during set-up) or skips for now.',
      on: {
        'onboarding.back': { target: 'language' },
        'onboarding.finish': { guard: 'canFinishSetup', target: 'finishing', actions: 'startSave' },
      },
    },
    finishing: {
      tags: ['busy', 'remainingStep'],
      invoke: {
        id: 'finishSetup',
        src: 'finishSetup',
        input: ({ context }) => ({ role: context.role }),
        onDone: { target: 'finished' },
        onError: { target: 'remaining', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    finished: {
      tags: ['finished', 'remainingStep'],
      type: 'final',
      description: 'Set-up is finished on the server; the view reloads the user and goes to /dashboard.',
    },
  },
});

export type OnboardingMachine = typeof onboardingMachine;
