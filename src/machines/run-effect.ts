import { Effect } from 'effect';

/**
 * Runs an actor's read or command to its end, and deliberately ignores the actor's abort signal.
 *
 * A screen's chart lives in React (`useActorRef`). React's strict effects stop it and revive it from its
 * snapshot (@xstate/react `stopRootWithRehydration`); a call cut short by the stop would then reach the revived
 * chart as a failure ('All fibers interrupted without error') and the screen would show an error it never had.
 * Running to the end costs one answer nobody reads when a screen is left early; the server's idempotency keys
 * and the charts' own states make a finished command harmless. The session chart, which React never stops, keeps
 * its abortable runner.
 */
export const runToEnd = <A, E>(effect: Effect.Effect<A, E>, _signal?: AbortSignal): Promise<A> => Effect.runPromise(effect);
