import { useCallback, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { AuthHandoff, FlowMessage } from '../../machines/flows/auth-flow-support';
import type { OnboardingMachine } from '../../machines/flows/onboarding.machine';
import type { PasswordMachine } from '../../machines/flows/password.machine';
import type { PhoneMachine } from '../../machines/flows/phone.machine';
import type { RegistrationMachine } from '../../machines/flows/registration.machine';
import { messageForError } from '../i18n/errors';
import { featureSource } from './feature-source';

/**
 * The registration, password, phone and onboarding charts with their real actors, as the composition
 * root builds them (`authFlowMachines(ports)` in src/machines/flows/auth-actors.ts), plus how a flow hands
 * a session token to the session chart (`session.tokenReceived`). Tests provide charts with fake actors.
 */
export interface AuthFlows {
  readonly registration: RegistrationMachine;
  readonly password: PasswordMachine;
  /** /register/verify/sms: the registration marker, auth/confirm-account-code. */
  readonly phone: PhoneMachine;
  /** Settings pages: account/verify-phone and account/confirm-phone. */
  readonly profilePhone: PhoneMachine;
  readonly onboarding: OnboardingMachine;
  /** Hands a token to the session (main.tsx: `session.send({ type: 'session.tokenReceived', token, redirectTo })`). */
  readonly signIn: (token: string, redirectTo?: string) => void;
}

/**
 * The flows, or (the composition root) a loader of them: the four charts and their actors travel in a lazy
 * chunk that the first screen using a flow waits for (its lazy-screen loading state), so /login's first paint
 * does not carry them (tools/budgets.ts). Tests pass the flows themselves.
 */
const source = featureSource<AuthFlows>({ hook: 'useAuthFlows', provider: 'AuthFlowsProvider' });

export const AuthFlowsProvider = source.Provider;
export const useAuthFlows: () => AuthFlows = source.useMachines;

/**
 * Follows a finished flow's output once: a token goes to the session, a route change to the router.
 * `onConfirmed` is called for flows that end without leaving (a profile phone confirmed).
 */
export function useHandoff(output: AuthHandoff | null | undefined, finished: boolean, onConfirmed?: () => void): void {
  const { signIn } = useAuthFlows();
  const [, navigate] = useLocation();
  const followed = useRef(false);
  const confirmedRef = useRef(onConfirmed);
  useEffect(() => {
    confirmedRef.current = onConfirmed;
  });
  useEffect(() => {
    if (!finished || !output || followed.current) return;
    followed.current = true;
    if (output.type === 'signedIn') signIn(output.token, output.redirectTo);
    else if (output.type === 'navigate') navigate(output.to, { replace: true });
    else confirmedRef.current?.();
  }, [finished, output, signIn, navigate]);
}

/**
 * The text of a flow's message in the current language: the translation of its code when the catalogue
 * has one, else the server's message (docs/design.md#errors). Code failures show the server's reason-prefixed message
 * ('Code verification failed: …') in English, where it says more than the fixed text.
 */
export function useFlowMessage(): (message: FlowMessage) => string {
  const intl = useIntl();
  return useCallback(
    (message: FlowMessage) => {
      if (message.code === 'code_verification_failed' && intl.locale.startsWith('en') && message.message) return message.message;
      return messageForError(message, intl);
    },
    [intl],
  );
}
