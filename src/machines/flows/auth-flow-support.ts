import type { ErrorActorEvent } from 'xstate';
import { MESSAGES, messageFor } from '../../core/rules/messages';
import type { SpecRule } from '../../core/rules/spec-rule';

const GENERIC = messageFor(null);

/**
 * Shared by the registration, password, phone and onboarding flow charts.
 *
 * How a flow hands control back: its final state's output is an `AuthHandoff`. `signedIn` carries a
 * session token for the session chart (`session.tokenReceived`, stored under id_token) and where to go
 * afterwards; `navigate` is a plain route change (e.g. to /register/verify/sms or back to /login).
 */
export type AuthHandoff =
  | { readonly type: 'signedIn'; readonly token: string; readonly redirectTo?: string | undefined }
  | { readonly type: 'navigate'; readonly to: string }
  | { readonly type: 'confirmed' };

/** What a form shows above its fields: a failure (`{message, code}`) or a confirmation. */
export interface FlowMessage {
  readonly message: string;
  readonly code?: string | undefined;
}

/** A port failure as a form shows it: `{message, code}`; a NetworkError reads 'Network Error'. */
export const failureOf = (error: unknown): FlowMessage => {
  if (typeof error === 'object' && error !== null) {
    const e = error as { _tag?: unknown; message?: unknown; code?: unknown };
    if (e._tag === 'NetworkError') return { message: MESSAGES.network_error, code: 'network_error' };
    const message = typeof e.message === 'string' && e.message !== '' ? e.message : GENERIC;
    return { message, code: typeof e.code === 'string' && e.code !== '' ? e.code : undefined };
  }
  return { message: GENERIC, code: 'error' };
};

/** The failure carried by an invoke's error event (for `params`). */
export const errorOf = ({ event }: { readonly event: ErrorActorEvent }): unknown => event.error;

/** The body of a placeholder actor: the composition root (src/main.tsx) supplies the real one with `provide`. */
export const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name}: supplied by the composition root`);
};

/**
 * A named guard that carries the spec rule it implements (`guard.rule`), as `ruleGuards` does for the
 * lifecycle charts: the machine catalogue prints the rule's sentence next to the guard.
 */
export const withRule = <G extends (...args: never[]) => boolean>(rule: SpecRule<never>, guard: G): G & { readonly rule: SpecRule<never> } =>
  Object.assign(guard, { rule });
