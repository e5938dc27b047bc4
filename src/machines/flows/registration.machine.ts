import { and, assign, fromPromise, setup } from 'xstate';
import type { RegisterQuickResult, RegisterResult, SocialProvider, SocialRegistration, TokenResult } from '../../core/model/auth';
import type { ReferralId } from '../../core/model/ids';
import type { RegistrationPayload, SignupVersion } from '../../core/model/registration';
import type { QuoteData, RegisterVerifySms, SetDefaultData } from '../../core/model/storage';
import { registrationRules } from '../../core/rules/auth-flows';
import { SMS_VERIFY_PATH } from '../../core/rules/login';
import { AFTER_SOCIAL_REGISTRATION_PATH, afterEmailRegistrationPath } from '../../core/rules/onboarding';
import {
  SIGNUP_KIND_TYPE,
  emptyRegistrationForm,
  isQuickSignup,
  quickRegisterWaitMs,
  registrationFieldErrors,
  registrationPayload,
  setDefaultOfForm,
  signupQueryFor,
  smsMarkerOf,
  usesCustomerTemplate,
  type FieldErrors,
  type RegistrationField,
  type RegistrationForm,
  type SignupKind,
} from '../../core/rules/registration';
import { isValidReferralId } from '../../core/rules/validators';
import type { SignupQuery } from '../../core/rules/signup';
import { errorOf, failureOf, notProvided, withRule, type AuthHandoff, type FlowMessage } from './auth-flow-support';

/**
 * Sign-up (accounts §2, §3, §4, §9) for /register, /register-customer-quick, /register-quick,
 * /register-organization and /register-affiliate.
 *
 * - On entry the page's signup query is remembered: `aff` becomes the 365-day referral cookie, the
 *   quote-set/default-set values are stored; the referral id to send (the query's, else the cookie's)
 *   comes back as `referredBy`.
 * - The draft lives in the context (`registration.change`), so a refused submit keeps it; field problems
 *   come from core `registrationFieldErrors`, server refusals ('Email already exists', …) from the call.
 * - Full sign-up (auth/register): confirmation by e-mail signs in and goes to the type's onboarding route
 *   (core `afterEmailRegistrationPath`); by SMS it stores the register_verify_sms marker and goes to
 *   /register/verify/sms.
 * - Quick sign-up (auth/register-quick): the reset token is kept (the first password is chosen at
 *   onboarding), the welcome shows for 500 ms (1000 ms on the customer template), then it signs in.
 * - Social sign-up (auth/alt-register, alt-register-quick) signs in and goes to '/'.
 *
 * The output (`AuthHandoff`) tells the view what to hand to the session or the router.
 */

export interface RegistrationInput {
  readonly kind: SignupKind;
  /** The page's query string (`?version=homeSize&aff=…`). */
  readonly search?: string | undefined;
}

export interface RegistrationContext {
  readonly kind: SignupKind;
  readonly version: SignupVersion;
  readonly query: SignupQuery;
  /** The referral id to send: the page's `aff`, else the stored referral cookie. */
  readonly referredBy: string | undefined;
  readonly form: RegistrationForm;
  readonly fieldErrors: FieldErrors<RegistrationField>;
  readonly error: FlowMessage | null;
  /** The server's welcome after a quick sign-up, shown while the page waits. */
  readonly notice: FlowMessage | null;
  readonly social: { readonly provider: SocialProvider; readonly credential: string } | null;
  /** A quick sign-up's session token, handed over when the wait is over. */
  readonly pendingToken: string | undefined;
  /** A quick sign-up's reset token, kept under reset_token for the first password. */
  readonly resetToken: string | undefined;
  readonly handoff: AuthHandoff | null;
}

export type RegistrationEvent =
  | { readonly type: 'registration.change'; readonly values: Partial<RegistrationForm> }
  | { readonly type: 'registration.submit' }
  | { readonly type: 'registration.social'; readonly provider: SocialProvider; readonly credential: string };

/** What the remember actor stores: the referral cookie and the quote/set-default values. */
export interface RememberSignupInput {
  readonly affiliateId?: string | undefined;
  readonly quote: QuoteData;
  readonly setDefault: SetDefaultData;
}
export interface RememberSignupOutput {
  /** The referral id to send with the registration (the query's, else the stored cookie's). */
  readonly referredBy?: string | undefined;
}

export type SocialRegisterInput = SocialRegistration & { readonly quick: boolean };

const signupFacts = (context: RegistrationContext) => ({ form: context.form, kind: context.kind, version: context.version });

export const payloadOf = (context: RegistrationContext): RegistrationPayload =>
  registrationPayload(context.form, { kind: context.kind, version: context.version, referredBy: context.referredBy });

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as AuthHandoff | null,
  },
  actors: {
    /** Sets the referral cookie (365 days, SameSite Lax), merges quote/set-default values into storage, reads the referral back. */
    rememberSignup: fromPromise<RememberSignupOutput, RememberSignupInput>(notProvided('rememberSignup')),
    /** POST auth/register: the registration payload with its password → userData, token (absent with SMS confirmation). */
    register: fromPromise<RegisterResult, RegistrationPayload>(notProvided('register')),
    /** POST auth/register-quick → id_token, reset_token. */
    registerQuick: fromPromise<RegisterQuickResult, RegistrationPayload>(notProvided('registerQuick')),
    /** POST auth/alt-register (→ id_token) or, for a quick page, auth/alt-register-quick (→ token); the output is the session token. */
    socialRegister: fromPromise<TokenResult, SocialRegisterInput>(notProvided('socialRegister')),
    /** Stores the register_verify_sms marker (who waits for the texted code). */
    keepSmsMarker: fromPromise<void, RegisterVerifySms>(notProvided('keepSmsMarker')),
    /** Stores the quick sign-up's reset_token (the first password is set at onboarding). */
    keepResetToken: fromPromise<void, { readonly resetToken: string }>(notProvided('keepResetToken')),
  },
  delays: {
    /** accounts §9: quick register waits 500 ms, 1000 ms for the customer template (core quickRegisterWaitMs). */
    quickRegisterWait: ({ context }) => quickRegisterWaitMs(context.kind),
  },
  guards: {
    isFormValid: withRule(registrationRules.formValid, ({ context }: { context: RegistrationContext }) => registrationRules.formValid.test(signupFacts(context))),
    keepsChoices: withRule(registrationRules.keepsChoices, ({ context }: { context: RegistrationContext }) => registrationRules.keepsChoices.test(signupFacts(context))),
    isQuickSignup: withRule(registrationRules.quick, ({ context }: { context: RegistrationContext }) => registrationRules.quick.test(context)),
    needsSmsConfirmation: withRule(registrationRules.smsConfirmation, (_: unknown, result: RegisterResult) => registrationRules.smsConfirmation.test(result)),
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'registration.change') return {};
      const form = { ...context.form, ...event.values };
      // A field the person fixes loses its problem; the others keep theirs until the next submit.
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([field]) => !(field in event.values)));
      return { form, fieldErrors, error: null };
    }),
    showFieldErrors: assign(({ context }) => ({
      fieldErrors: registrationFieldErrors(context.form, context.kind, context.version),
      error: null,
    })),
    startSubmit: assign({ fieldErrors: {}, error: null, notice: null }),
    keepReferral: assign((_, output: RememberSignupOutput) => ({
      referredBy: output.referredBy && isValidReferralId(output.referredBy) ? output.referredBy : undefined,
    })),
    keepSocial: assign(({ event }) => (event.type === 'registration.social' ? { social: { provider: event.provider, credential: event.credential }, error: null } : {})),
    showFailure: assign((_, error: unknown) => ({ error: failureOf(error), social: null })),
    handOffEmailSignIn: assign(({ context }, result: RegisterResult) => ({
      handoff: { type: 'signedIn' as const, token: result.token ?? '', redirectTo: afterEmailRegistrationPath(SIGNUP_KIND_TYPE[context.kind]) },
    })),
    handOffSmsVerification: assign({ handoff: { type: 'navigate', to: SMS_VERIFY_PATH } }),
    welcome: assign((_, result: RegisterQuickResult) => ({
      notice: { message: result.message ?? '', code: 'registered' },
      handoff: null,
      // The id_token is the session of the new user; it is handed over once the wait is over.
      pendingToken: result.id_token,
      resetToken: result.reset_token,
    })),
    handOffQuickSignIn: assign(({ context }) => ({
      handoff: { type: 'signedIn' as const, token: context.pendingToken ?? '', redirectTo: afterEmailRegistrationPath(SIGNUP_KIND_TYPE[context.kind]) },
    })),
    handOffSocialSignIn: assign((_, result: TokenResult) => ({
      handoff: { type: 'signedIn' as const, token: result.token, redirectTo: AFTER_SOCIAL_REGISTRATION_PATH },
    })),
  },
}).createMachine({
  id: 'registration',
  description: 'Sign-up on the five registration pages: e-mail, SMS, quick and social registration.',
  context: ({ input }) => {
    const query = signupQueryFor(input.kind, input.search ?? '');
    return {
      kind: input.kind,
      version: usesCustomerTemplate(input.kind) ? query.version : 'default',
      query,
      referredBy: undefined,
      form: emptyRegistrationForm(query.email ?? ''),
      fieldErrors: {},
      error: null,
      notice: null,
      social: null,
      pendingToken: undefined,
      resetToken: undefined,
      handoff: null,
    };
  },
  output: ({ context }) => context.handoff,
  initial: 'remembering',
  states: {
    remembering: {
      tags: ['busy'],
      description: 'Keeps the referral cookie and the quote/set-default values of the query; reads the referral to send.',
      invoke: {
        id: 'rememberSignup',
        src: 'rememberSignup',
        input: ({ context }) => ({ affiliateId: context.query.affiliateId, quote: context.query.quote, setDefault: context.query.setDefault }),
        onDone: { target: 'editing', actions: { type: 'keepReferral', params: ({ event }) => event.output } },
        // Storage is a convenience: a failure must not block sign-up.
        onError: { target: 'editing' },
      },
    },
    editing: {
      on: {
        'registration.change': { actions: 'edit' },
        'registration.submit': [
          { guard: and(['isFormValid', 'keepsChoices']), target: 'keepingChoices', actions: 'startSubmit' },
          { guard: 'isFormValid', target: 'submitting', actions: 'startSubmit' },
          { actions: 'showFieldErrors' },
        ],
        'registration.social': { target: 'socialRegistering', actions: 'keepSocial' },
      },
    },
    keepingChoices: {
      tags: ['busy'],
      description: "The homeSize template's choice goes under the set-default key.",
      invoke: {
        id: 'keepChoices',
        src: 'rememberSignup',
        input: ({ context }) => ({ quote: {}, setDefault: setDefaultOfForm(context.form, context.kind, context.version) }),
        onDone: { target: 'submitting' },
        onError: { target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      always: [{ guard: 'isQuickSignup', target: 'registeringQuick' }, { target: 'registering' }],
    },
    registering: {
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => payloadOf(context),
        onDone: [
          {
            guard: { type: 'needsSmsConfirmation', params: ({ event }) => event.output },
            target: 'keepingSmsMarker',
          },
          { target: 'registered', actions: { type: 'handOffEmailSignIn', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    keepingSmsMarker: {
      tags: ['busy'],
      description: 'The register_verify_sms marker is kept until the texted code is confirmed.',
      invoke: {
        id: 'keepSmsMarker',
        src: 'keepSmsMarker',
        input: ({ context }) => smsMarkerOf(payloadOf(context)),
        onDone: { target: 'verifyBySms', actions: 'handOffSmsVerification' },
        onError: { target: 'verifyBySms', actions: 'handOffSmsVerification' },
      },
    },
    registeringQuick: {
      tags: ['busy'],
      invoke: {
        id: 'registerQuick',
        src: 'registerQuick',
        input: ({ context }) => payloadOf(context),
        onDone: { target: 'keepingResetToken', actions: { type: 'welcome', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    keepingResetToken: {
      tags: ['busy', 'welcome'],
      invoke: {
        id: 'keepResetToken',
        src: 'keepResetToken',
        input: ({ context }) => ({ resetToken: context.resetToken ?? '' }),
        onDone: { target: 'welcoming' },
        onError: { target: 'welcoming' },
      },
    },
    welcoming: {
      tags: ['busy', 'welcome'],
      after: { quickRegisterWait: { target: 'registered', actions: 'handOffQuickSignIn' } },
    },
    socialRegistering: {
      tags: ['busy'],
      invoke: {
        id: 'socialRegister',
        src: 'socialRegister',
        input: ({ context }) => ({
          provider: context.social?.provider ?? 'google',
          credential: context.social?.credential ?? '',
          type: SIGNUP_KIND_TYPE[context.kind],
          ...(context.form.first_name.trim() ? { first_name: context.form.first_name.trim() } : {}),
          ...(context.form.last_name.trim() ? { last_name: context.form.last_name.trim() } : {}),
          ...(context.referredBy ? { referred_by: context.referredBy as ReferralId } : {}),
          ...(usesCustomerTemplate(context.kind) ? { version: context.version } : {}),
          quick: isQuickSignup(context.kind),
        }),
        onDone: { target: 'registered', actions: { type: 'handOffSocialSignIn', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    registered: { type: 'final', description: 'Signed in: the output hands the token to the session.' },
    verifyBySms: { type: 'final', description: 'Goes to /register/verify/sms.' },
  },
});

export type RegistrationMachine = typeof registrationMachine;
