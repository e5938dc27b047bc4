import { assign, fromPromise, setup } from 'xstate';
import type { Confirmation } from '../../core/ports/api/types';
import { phoneRules, resendPhoneOf, type PhoneTarget } from '../../core/rules/auth-flows';
import { sanitizeCode } from '../../core/rules/code';
import { INVALID_PHONE_MESSAGE, typedPhoneOf } from '../../core/rules/phone';
import type { FieldErrors } from '../../core/rules/registration';
import { LOGIN_PATH } from '../../core/routes';
import { errorOf, failureOf, notProvided, withRule, type AuthHandoff, type FlowMessage } from './auth-flow-support';

/**
 * Confirming a phone with a texted 4-digit code (accounts §2, §4, §5, §8).
 *
 * - `registration` (/register/verify/sms): the register_verify_sms marker says who waits for the code
 *   (no marker → /login). The code is confirmed with auth/confirm-account-code, which signs the person
 *   in; the marker is then forgotten and the session takes the token.
 * - `profile` (a profile page): the phone to verify is given (or, for an account without one, the
 *   person's e-mail, and the phone is typed); the code is sent and confirmed with the account calls
 *   (account/verify-phone, account/confirm-phone).
 *
 * The code submits itself when the fourth digit arrives (core `isCompleteCode`); a refused code shows the
 * server's message (prefixed with its reason, 'Code verification failed: …') and clears the field. A
 * resend needs a phone of exactly 12 characters ('+1' and ten digits), else 'Invalid phone number format'.
 */

export type PhonePurpose = 'registration' | 'profile';

export interface PhoneInput {
  readonly purpose: PhonePurpose;
  /** The phone to verify (profile), in any form the person typed. */
  readonly phone?: string | undefined;
  /** profile: the signed-in person's e-mail, so an account without a phone can still add one (it names the target). */
  readonly email?: string | undefined;
}

export interface PhoneContext {
  readonly purpose: PhonePurpose;
  /** profile: the signed-in person's e-mail (PhoneInput). */
  readonly email: string | undefined;
  readonly target: PhoneTarget | null;
  /** The code as typed (digits only, at most 4). */
  readonly code: string;
  /** The phone a resend goes to, as typed. */
  readonly phone: string;
  readonly fieldErrors: FieldErrors<'phone' | 'code'>;
  readonly error: FlowMessage | null;
  readonly notice: FlowMessage | null;
  readonly handoff: AuthHandoff | null;
}

export type PhoneEvent =
  | { readonly type: 'phone.codeChanged'; readonly code: string }
  | { readonly type: 'phone.phoneChanged'; readonly phone: string }
  | { readonly type: 'phone.resend' };

export interface ConfirmCodeInput extends PhoneTarget {
  readonly verification_code: string;
}
export interface ConfirmCodeOutput {
  readonly message?: string | undefined;
  /** Present when confirming signs the person in (registration). */
  readonly token?: string | undefined;
}

export const ROLE_HOME_PATH = '/';

export const phoneMachine = setup({
  types: {
    context: {} as PhoneContext,
    events: {} as PhoneEvent,
    input: {} as PhoneInput,
    output: {} as AuthHandoff | null,
  },
  actors: {
    /** registration: reads the register_verify_sms marker; profile: the given phone. */
    loadTarget: fromPromise<PhoneTarget | null, PhoneInput>(notProvided('loadTarget')),
    /** registration: PUT auth/confirm-account-code (signs in); profile: PUT account/confirm-phone. */
    confirmCode: fromPromise<ConfirmCodeOutput, ConfirmCodeInput>(notProvided('confirmCode')),
    /** registration: PUT auth/resend-phone-confirm-account-code { phone }; profile: PUT account/verify-phone { phone }. */
    sendCode: fromPromise<Confirmation, { readonly phone: string }>(notProvided('sendCode')),
    /** registration: removes the register_verify_sms marker; profile: nothing to forget. */
    forgetTarget: fromPromise<void, { readonly purpose: PhonePurpose }>(notProvided('forgetTarget')),
  },
  guards: {
    hasTarget: withRule(phoneRules.hasTarget, (_: unknown, target: PhoneTarget | null) => phoneRules.hasTarget.test({ target })),
    completesCode: withRule(phoneRules.codeComplete, ({ event }: { event: PhoneEvent }) =>
      event.type === 'phone.codeChanged' && phoneRules.codeComplete.test({ code: event.code }),
    ),
    isResendPhoneValid: withRule(phoneRules.resendPhoneValid, ({ context }: { context: PhoneContext }) => phoneRules.resendPhoneValid.test(context)),
    signsIn: withRule(phoneRules.signsIn, (_: unknown, result: ConfirmCodeOutput) => phoneRules.signsIn.test({ token: result.token })),
  },
  actions: {
    // The field shows a stored number masked as typed ('555-555-0101'); the code still goes to '+1…' (resendPhoneOf).
    keepTarget: assign(({ context }, target: PhoneTarget | null) => ({ target, phone: target?.phone ? typedPhoneOf(target.phone) : context.phone })),
    setCode: assign(({ event }) => (event.type === 'phone.codeChanged' ? { code: sanitizeCode(event.code), error: null, fieldErrors: {} } : {})),
    setPhone: assign(({ event }) => (event.type === 'phone.phoneChanged' ? { phone: event.phone, fieldErrors: {}, error: null } : {})),
    startRequest: assign({ error: null, notice: null, fieldErrors: {} }),
    refuseCode: assign((_, error: unknown) => ({ error: failureOf(error), code: '' })),
    showFailure: assign((_, error: unknown) => ({ error: failureOf(error) })),
    showInvalidPhone: assign({
      fieldErrors: { phone: 'phone' },
      error: { message: INVALID_PHONE_MESSAGE, code: 'invalid_phone' },
      notice: null,
    }),
    confirmSent: assign(({ context }, result: Confirmation) => ({
      notice: { message: result.message, code: 'code_sent' },
      // The code now goes to this phone: confirm against it.
      target: { ...context.target, phone: resendPhoneOf(context.phone) },
    })),
    keepSession: assign((_, result: ConfirmCodeOutput) => ({
      handoff: { type: 'signedIn' as const, token: result.token ?? '', redirectTo: ROLE_HOME_PATH },
      notice: result.message ? { message: result.message, code: 'account_confirmed' } : null,
    })),
    confirmPhone: assign((_, result: ConfirmCodeOutput) => ({
      handoff: { type: 'confirmed' as const },
      notice: { message: result.message ?? '', code: 'phone_confirmed' },
      code: '',
    })),
    backToLogin: assign({ handoff: { type: 'navigate', to: LOGIN_PATH } }),
  },
}).createMachine({
  id: 'phone',
  description: 'Confirming a phone with the texted code: auto-submit at 4 digits, resend to a 12-character phone.',
  context: ({ input }) => ({
    purpose: input.purpose,
    email: input.email,
    target: null,
    code: '',
    phone: typedPhoneOf(input.phone ?? ''),
    fieldErrors: {},
    error: null,
    notice: null,
    handoff: null,
  }),
  output: ({ context }) => context.handoff,
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadTarget',
        src: 'loadTarget',
        input: ({ context }) => ({ purpose: context.purpose, phone: context.phone || undefined, email: context.email }),
        onDone: [
          {
            guard: { type: 'hasTarget', params: ({ event }) => event.output },
            target: 'entering',
            actions: { type: 'keepTarget', params: ({ event }) => event.output },
          },
          { target: 'missing', actions: 'backToLogin' },
        ],
        onError: { target: 'missing', actions: 'backToLogin' },
      },
    },
    entering: {
      on: {
        'phone.codeChanged': [{ guard: 'completesCode', target: 'confirming', actions: 'setCode' }, { actions: 'setCode' }],
        'phone.phoneChanged': { actions: 'setPhone' },
        'phone.resend': [{ guard: 'isResendPhoneValid', target: 'sending', actions: 'startRequest' }, { actions: 'showInvalidPhone' }],
      },
    },
    confirming: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ context }) => ({ verification_code: context.code, ...context.target }),
        onDone: [
          {
            guard: { type: 'signsIn', params: ({ event }) => event.output },
            target: 'forgetting',
            actions: { type: 'keepSession', params: ({ event }) => event.output },
          },
          { target: 'forgetting', actions: { type: 'confirmPhone', params: ({ event }) => event.output } },
        ],
        onError: { target: 'entering', actions: { type: 'refuseCode', params: errorOf } },
      },
    },
    sending: {
      tags: ['busy', 'sending'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ phone: resendPhoneOf(context.phone) }),
        onDone: { target: 'entering', actions: { type: 'confirmSent', params: ({ event }) => event.output } },
        onError: { target: 'entering', actions: { type: 'showFailure', params: errorOf } },
      },
    },
    forgetting: {
      tags: ['busy', 'confirming'],
      description: 'The marker is kept until the code is confirmed; now it goes.',
      invoke: {
        id: 'forgetTarget',
        src: 'forgetTarget',
        input: ({ context }) => ({ purpose: context.purpose }),
        onDone: { target: 'confirmed' },
        onError: { target: 'confirmed' },
      },
    },
    confirmed: { type: 'final' },
    missing: { type: 'final', description: 'No registration marker: /login.' },
  },
});

export type PhoneMachine = typeof phoneMachine;
