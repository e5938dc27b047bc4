import { Effect } from 'effect';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { isObjectId } from '../../core/model/id-patterns';
import type { AccountId } from '../../core/model/ids';
import type { Language } from '../../core/model/language';
import type { AccountType } from '../../core/model/roles';
import type { Api } from '../../core/ports/api/registry';
import type { ClockPort } from '../../core/ports/clock';
import { Invalid } from '../../core/ports/errors';
import type { LivePort } from '../../core/ports/live';
import type { StoragePort } from '../../core/ports/storage';
import { loginMachine } from './login.machine';
import { sessionMachine, type LoadedUser, type SignedInCharts } from './session.machine';

/**
 * The real actors of the session and login charts, built from ports. The composition root (src/main.tsx)
 * calls `sessionActors(ports)` once and hands them to the chart with `sessionMachine.provide({ actors })`.
 * Each actor runs one port Effect; stopping the actor (leaving its state) interrupts it through the
 * signal. Failures reject with the port's tagged error (`ApiError`, `NetworkError`, `Unauthorized`…),
 * which the charts branch on.
 */

/**
 * The account id to switch to, checked as a record id (24 lower-case hex characters) before it is sent: the same
 * check as the `AccountId` schema, written by hand so the boot path does not load effect/Schema (docs/performance.md).
 */
export const accountIdOf = (value: string): Effect.Effect<AccountId, Invalid> =>
  isObjectId(value)
    ? Effect.succeed(value as AccountId)
    : Effect.fail(new Invalid({ message: `Invalid account id: expected a record id (24 lower-case hex characters), got ${JSON.stringify(value)}` }));

export interface SessionPorts {
  readonly api: Pick<Api, 'system' | 'auth' | 'user' | 'notifications' | 'tickets'>;
  readonly live: LivePort;
  readonly storage: StoragePort;
  readonly clock: ClockPort;
}

/** An Effect as a promise that the actor's stop interrupts. */
const run = <A, E>(effect: Effect.Effect<A, E>, signal: AbortSignal): Promise<A> => Effect.runPromise(effect, { signal });

export const loginActors = ({ api }: Pick<SessionPorts, 'api'>) => ({
  login: fromPromise(({ input, signal }: { input: { readonly username: string; readonly password: string }; signal: AbortSignal }) =>
    run(api.auth.login(input), signal),
  ),
  confirmAccount: fromPromise(({ input, signal }: { input: { readonly token: string }; signal: AbortSignal }) => run(api.auth.confirmAccount(input), signal)),
  claimAccount: fromPromise(({ input, signal }: { input: { readonly token: string }; signal: AbortSignal }) => run(api.auth.claimAccount(input), signal)),
});

export const sessionActors = ({ api, live, storage, clock }: SessionPorts) => ({
  ping: fromPromise<void>(({ signal }) => run(api.system.ping(), signal)),
  readToken: fromPromise<string | null>(({ signal }) => run(storage.get('id_token').pipe(Effect.map((token) => token ?? null)), signal)),
  storeToken: fromPromise<void, { readonly token: string }>(({ input, signal }) => run(storage.set('id_token', input.token), signal)),
  rememberSmsMarker: fromPromise<void, { readonly email: string }>(({ input, signal }) => run(storage.set('register_verify_sms', { email: input.email }), signal)),
  rememberTemporaryToken: fromPromise<void, { readonly token: string }>(({ input, signal }) =>
    run(storage.set('temporary_password_reset_token', input.token), signal),
  ),
  loginForm: loginMachine.provide({ actors: loginActors({ api }) }),
  loadUser: fromPromise<LoadedUser, { readonly token: string }>(({ signal }) =>
    run(
      Effect.all({ user: api.user.getUser(), accounts: api.user.getAccounts() }, { concurrency: 2 }),
      signal,
    ),
  ),
  /**
   * Opens the connection with the token and forwards its events; a refreshed token (`live.token`) connects again with
   * it; stopping the actor closes it.
   */
  live: fromCallback<AnyEventObject, { readonly token: string }>(({ input, sendBack, receive }) => {
    const stop = live.subscribe((event) => sendBack(event));
    Effect.runSync(live.connect(input.token));
    receive((event) => {
      if (event.type === 'live.token' && typeof event.token === 'string' && event.token) Effect.runSync(live.connect(event.token));
    });
    return () => {
      stop();
      Effect.runSync(live.disconnect());
    };
  }),
  /** Ends the session on the server (its failure does not keep anyone signed in), then clears stored data. */
  logout: fromPromise<void>(({ signal }) =>
    run(
      storage.get('id_token').pipe(
        // Without a stored token there is no server session to end.
        Effect.flatMap((token) => (token ? api.auth.logout().pipe(Effect.catch(() => Effect.void)) : Effect.void)),
        Effect.andThen(storage.clear()),
      ),
      signal,
    ),
  ),
  switchAccount: fromPromise(({ input, signal }: { input: { readonly accountId: string; readonly accountType: AccountType }; signal: AbortSignal }) =>
    run(
      accountIdOf(input.accountId).pipe(
        Effect.flatMap((account_id) => api.auth.changeAccount({ account_id, account_type: input.accountType })),
        Effect.tap((result) => storage.set('id_token', result.token)),
      ),
      signal,
    ),
  ),
  refreshToken: fromPromise<{ readonly token: string }>(({ signal }) =>
    run(
      api.auth.refreshToken().pipe(
        Effect.tap((result) => storage.set('id_token', result.token)),
        Effect.map((result) => ({ token: result.token })),
      ),
      signal,
    ),
  ),
  saveLanguage: fromPromise(({ input, signal }: { input: { readonly language: Language }; signal: AbortSignal }) =>
    run(api.user.update({ key: 'language_preference', val: input.language }), signal),
  ),
  /**
   * The account's notifications and help desk: feature charts with their own actors, one instance each per signed-in
   * session. A lazy chunk, fetched once signed in (never before /login paints).
   */
  loadSignedInCharts: fromPromise<SignedInCharts>(() => import('../features/signed-in-actors').then((module) => module.signedInCharts({ api, live, clock }))),
});

/** The session chart with its real actors. */
export const sessionMachineFrom = (ports: SessionPorts) => sessionMachine.provide({ actors: sessionActors(ports) });
