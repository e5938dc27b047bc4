import { Effect } from 'effect';
import { fromPromise } from 'xstate';
import type { AccountApi } from '../../core/ports/api/account';
import type { AuthApi } from '../../core/ports/api/auth';
import type { CustomersApi } from '../../core/ports/api/customers';
import type { UserApi } from '../../core/ports/api/user';
import type { StoragePort } from '../../core/ports/storage';
import type { PhoneTarget } from '../../core/rules/auth-flows';
import { affiliateCookie } from '../../core/rules/signup';
import { COOKIE_NAMES } from '../../core/model/storage';
import { hasValues } from '../../core/rules/registration';
import type { ConfirmCodeInput, ConfirmCodeOutput, PhoneInput, PhonePurpose } from './phone.machine';
import { phoneMachine } from './phone.machine';
import { onboardingMachine, type OnboardingInput, type OnboardingProfile } from './onboarding.machine';
import { passwordMachine, type LoadTokenInput } from './password.machine';
import { registrationMachine, type RememberSignupInput, type RememberSignupOutput, type SocialRegisterInput } from './registration.machine';
import { runToEnd as run } from '../run-effect';

/**
 * The real actors of the registration, password, phone and onboarding charts, built from ports. The
 * composition root (src/main.tsx) calls `authFlowMachines(ports)` once and hands the provided charts to
 * the views (src/ui/shared/AuthFlows.tsx). Each actor runs one port Effect; stopping the actor
 * (leaving the state) interrupts it through the signal. Failures reject with the port's tagged error
 * (`ApiError`, `NetworkError`, …), which the charts show as `{message, code}`.
 */

export interface AuthFlowPorts {
  readonly auth: AuthApi;
  readonly user: UserApi;
  readonly account: AccountApi;
  readonly storage: StoragePort;
  /** The customer's flags (onboarding's finish); absent, finishing set-up fails with a message. */
  readonly customers?: Pick<CustomersApi, 'update'> | undefined;
}

/** An Effect as a promise that the actor's stop interrupts. */

export const registrationActors = ({ auth, storage }: AuthFlowPorts) => ({
  rememberSignup: fromPromise<RememberSignupOutput, RememberSignupInput>(({ input, signal }) =>
    run(
      Effect.gen(function* () {
        if (input.affiliateId) {
          const cookie = affiliateCookie(input.affiliateId);
          yield* storage.setCookie(COOKIE_NAMES.affiliateReferral, cookie.value, { days: cookie.days, sameSite: cookie.sameSite });
        }
        if (hasValues(input.quote)) {
          const stored = yield* storage.get('quote');
          yield* storage.set('quote', { ...stored, ...input.quote });
        }
        if (hasValues(input.setDefault)) {
          const stored = yield* storage.get('set_default');
          yield* storage.set('set_default', { ...stored, ...input.setDefault });
        }
        const referredBy = input.affiliateId ?? (yield* storage.getCookie(COOKIE_NAMES.affiliateReferral));
        return { referredBy };
      }),
      signal,
    ),
  ),
  register: fromPromise(({ input, signal }: { input: Parameters<AuthApi['register']>[0]; signal: AbortSignal }) => run(auth.register(input), signal)),
  registerQuick: fromPromise(({ input, signal }: { input: Parameters<AuthApi['registerQuick']>[0]; signal: AbortSignal }) =>
    run(auth.registerQuick(input), signal),
  ),
  socialRegister: fromPromise(({ input, signal }: { input: SocialRegisterInput; signal: AbortSignal }) => {
    const { quick, ...registration } = input;
    return run(
      quick
        ? auth.altRegisterQuick(registration)
        : auth.altRegister(registration).pipe(Effect.map((result) => ({ token: result.id_token, message: result.message }))),
      signal,
    );
  }),
  keepSmsMarker: fromPromise<void, { readonly email?: string | undefined; readonly phone_number?: string | undefined }>(({ input, signal }) =>
    run(storage.set('register_verify_sms', input), signal),
  ),
  keepResetToken: fromPromise<void, { readonly resetToken: string }>(({ input, signal }) => run(storage.set('reset_token', input.resetToken), signal)),
});

const TOKEN_KEYS = { action: 'reset_token', temporary: 'temporary_password_reset_token' } as const;

export const passwordActors = ({ auth, user, storage }: AuthFlowPorts) => ({
  lostPassword: fromPromise(({ input, signal }: { input: { readonly username: string }; signal: AbortSignal }) => run(auth.lostPassword(input), signal)),
  loadToken: fromPromise<{ readonly token?: string | undefined }, LoadTokenInput>(({ input, signal }) =>
    run(
      Effect.gen(function* () {
        const key = TOKEN_KEYS[input.mode];
        if (input.token) {
          yield* storage.set(key, input.token);
          return { token: input.token };
        }
        return { token: yield* storage.get(key) };
      }),
      signal,
    ),
  ),
  validateToken: fromPromise(({ input, signal }: { input: Parameters<AuthApi['validateToken']>[0]; signal: AbortSignal }) => run(auth.validateToken(input), signal)),
  resetPasswordAction: fromPromise(({ input, signal }: { input: Parameters<AuthApi['resetPasswordAction']>[0]; signal: AbortSignal }) =>
    run(auth.resetPasswordAction(input), signal),
  ),
  resetNewPassword: fromPromise(({ input, signal }: { input: Parameters<AuthApi['resetNewPassword']>[0]; signal: AbortSignal }) =>
    run(auth.resetNewPassword(input), signal),
  ),
  changePassword: fromPromise(({ input, signal }: { input: { readonly password: string; readonly oldPassword: string }; signal: AbortSignal }) =>
    run(user.updatePassword(input), signal),
  ),
  forgetToken: fromPromise<void, { readonly mode: 'action' | 'temporary' }>(({ input, signal }) => run(storage.remove(TOKEN_KEYS[input.mode]), signal)),
});

export const phoneActors = ({ auth, account, storage }: AuthFlowPorts, purpose: PhonePurpose) => ({
  loadTarget: fromPromise<PhoneTarget | null, PhoneInput>(({ input, signal }) =>
    purpose === 'profile'
      ? // The signed-in account is the target: its phone, or (none yet) its e-mail while a phone is typed.
        Promise.resolve(input.phone || input.email ? { ...(input.phone ? { phone: input.phone } : {}), ...(input.email ? { email: input.email } : {}) } : null)
      : run(
          storage.get('register_verify_sms').pipe(
            Effect.map((marker) => (marker ? { email: marker.email, phone: marker.phone_number } : null)),
          ),
          signal,
        ),
  ),
  confirmCode: fromPromise<ConfirmCodeOutput, ConfirmCodeInput>(({ input, signal }) => {
    if (purpose === 'profile') {
      return run(account.confirmPhone({ phone: input.phone ?? '', verification_code: input.verification_code }), signal);
    }
    const target = input.email ? { email: input.email } : input.phone ? { phone: input.phone } : {};
    return run(auth.confirmAccountCode({ verification_code: input.verification_code, ...target }), signal);
  }),
  sendCode: fromPromise(({ input, signal }: { input: { readonly phone: string }; signal: AbortSignal }) =>
    run(purpose === 'profile' ? account.verifyPhone(input) : auth.resendPhoneConfirmAccountCode(input), signal),
  ),
  forgetTarget: fromPromise<void, { readonly purpose: PhonePurpose }>(({ signal }) =>
    purpose === 'profile' ? Promise.resolve() : run(storage.remove('register_verify_sms'), signal),
  ),
});

export const onboardingActors = ({ user, storage, customers }: AuthFlowPorts) => ({
  finishSetup: fromPromise<void, OnboardingInput>(({ signal }) =>
    run(
      Effect.gen(function* () {
        const info = yield* user.getUser();
        const accountId = info.account?._id;
        if (!customers || !accountId) return yield* Effect.fail(new Error('Set-up could not be finished: no customer account.'));
        yield* customers.update(accountId, { meta: { initialSetup: true, skipOnboarding: true } });
      }),
      signal,
    ),
  ),
  loadOnboarding: fromPromise<OnboardingProfile, OnboardingInput>(({ signal }) =>
    run(
      Effect.gen(function* () {
        const info = yield* user.getUser();
        const resetToken = yield* storage.get('reset_token');
        return {
          first_name: info.first_name,
          last_name: info.last_name,
          language_preference: info.account?.settings.language_preference,
          needsPassword: typeof resetToken === 'string' && resetToken !== '',
        };
      }),
      signal,
    ),
  ),
  saveProfile: fromPromise(({ input, signal }: { input: { readonly first_name: string; readonly last_name?: string }; signal: AbortSignal }) =>
    run(user.update(input), signal),
  ),
  saveLanguage: fromPromise(({ input, signal }: { input: { readonly language: 'en' | 'es' }; signal: AbortSignal }) =>
    run(user.update({ language_preference: input.language }), signal),
  ),
  setPassword: fromPromise(({ input, signal }: { input: { readonly password: string }; signal: AbortSignal }) => run(user.updatePassword(input), signal)),
  forgetResetToken: fromPromise<void, void>(({ signal }) => run(storage.remove('reset_token'), signal)),
});

/** The four flow charts with their real actors. */
export const authFlowMachines = (ports: AuthFlowPorts) => ({
  registration: registrationMachine.provide({ actors: registrationActors(ports) }),
  password: passwordMachine.provide({ actors: passwordActors(ports) }),
  phone: phoneMachine.provide({ actors: phoneActors(ports, 'registration') }),
  profilePhone: phoneMachine.provide({ actors: phoneActors(ports, 'profile') }),
  onboarding: onboardingMachine.provide({ actors: onboardingActors(ports) }),
});

export type AuthFlowMachines = ReturnType<typeof authFlowMachines>;
