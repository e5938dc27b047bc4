/**
 * The auth flow charts with fake actors for the view tests: each actor is a `vi.fn` the test can
 * inspect or replace; `signIn` records what a flow hands to the session.
 */
import type { ReactElement } from 'react';
import { vi, type Mock } from 'vitest';
import { fromPromise } from 'xstate';
import { onboardingMachine } from '../../../src/machines/flows/onboarding.machine';
import { passwordMachine } from '../../../src/machines/flows/password.machine';
import { phoneMachine } from '../../../src/machines/flows/phone.machine';
import { registrationMachine } from '../../../src/machines/flows/registration.machine';
import { AuthFlowsProvider, type AuthFlows } from '../../../src/ui/shared/AuthFlows';
import { renderUi } from '../render';
import type { Locale } from '../../../src/ui/i18n/messages';

type Impl = (input: never) => Promise<unknown>;
type Fakes = Record<string, Mock<Impl>>;

const USER = { _id: 'u1', email: 'pat@example.com', role: 'customer', accounts: [] };

export const apiError = (message: string, code: string, status = 400) => ({ _tag: 'ApiError', message, code, status });

export const defaultFakes = () => ({
  registration: {
    rememberSignup: vi.fn<Impl>(async () => ({})),
    register: vi.fn<Impl>(async () => ({ userData: USER, token: 'session-token', confirmation: 'email', message: 'Welcome' })),
    registerQuick: vi.fn<Impl>(async () => ({ id_token: 'quick-token', reset_token: 'reset-token', message: 'Welcome' })),
    socialRegister: vi.fn<Impl>(async () => ({ token: 'social-token' })),
    keepSmsMarker: vi.fn<Impl>(async () => undefined),
    keepResetToken: vi.fn<Impl>(async () => undefined),
  },
  password: {
    lostPassword: vi.fn<Impl>(async () => ({ message: 'Check your email for a link to reset your password' })),
    loadToken: vi.fn<Impl>(async (input: { token?: string }) => ({ token: input.token })),
    validateToken: vi.fn<Impl>(async () => ({ valid: true, tokenType: 'reset', email: 'pat@example.com' })),
    resetPasswordAction: vi.fn<Impl>(async () => ({ message: 'New password successfully set' })),
    resetNewPassword: vi.fn<Impl>(async () => ({ token: 'session-token', message: 'New password successfully set' })),
    changePassword: vi.fn<Impl>(async () => ({ message: 'Password updated!' })),
    forgetToken: vi.fn<Impl>(async () => undefined),
  },
  phone: {
    loadTarget: vi.fn<Impl>(async () => ({ email: 'sms@tendwell.test', phone: '+15555550100' })),
    confirmCode: vi.fn<Impl>(async () => ({ message: 'Your account is confirmed.', token: 'session-token' })),
    sendCode: vi.fn<Impl>(async () => ({ message: 'If this number is waiting for confirmation, a new code is on its way.' })),
    forgetTarget: vi.fn<Impl>(async () => undefined),
  },
  onboarding: {
    loadOnboarding: vi.fn<Impl>(async () => ({ first_name: 'Pat', last_name: 'Doe', language_preference: 'default', needsPassword: true })),
    saveProfile: vi.fn<Impl>(async () => USER),
    saveLanguage: vi.fn<Impl>(async () => USER),
    setPassword: vi.fn<Impl>(async () => ({ message: 'Password updated!' })),
    forgetResetToken: vi.fn<Impl>(async () => undefined),
  },
});

export type FakeActors = ReturnType<typeof defaultFakes>;

const actorsOf = (fakes: Fakes) =>
  Object.fromEntries(Object.entries(fakes).map(([name, fn]) => [name, fromPromise(({ input }: { input: never }) => fn(input))]));

export function fakeFlows(fakes: FakeActors = defaultFakes()): { flows: AuthFlows; signIn: Mock<(token: string, redirectTo?: string) => void>; fakes: FakeActors } {
  const signIn = vi.fn<(token: string, redirectTo?: string) => void>();
  const flows = {
    registration: registrationMachine.provide({ actors: actorsOf(fakes.registration) as never }),
    password: passwordMachine.provide({ actors: actorsOf(fakes.password) as never }),
    phone: phoneMachine.provide({ actors: actorsOf(fakes.phone) as never }),
    profilePhone: phoneMachine.provide({ actors: actorsOf(fakes.phone) as never }),
    onboarding: onboardingMachine.provide({ actors: actorsOf(fakes.onboarding) as never }),
    signIn,
  } as AuthFlows;
  return { flows, signIn, fakes };
}

/** Renders `ui` inside the flows (fake actors), the catalogue of `locale` and a memory router at `path`. */
export function renderWithFlows(ui: ReactElement, { path = '/', locale = 'en', fakes = defaultFakes() }: { path?: string; locale?: Locale; fakes?: FakeActors } = {}) {
  const { flows, signIn } = fakeFlows(fakes);
  const rendered = renderUi(<AuthFlowsProvider value={flows}>{ui}</AuthFlowsProvider>, { path, locale });
  return { ...rendered, signIn, fakes };
}
