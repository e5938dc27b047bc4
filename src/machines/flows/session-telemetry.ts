import { Effect } from 'effect';
import type { ActorRefFrom, Subscription } from 'xstate';
import type { TelemetryPort } from '../../core/ports/telemetry';
import { findRoute, normalizePath } from '../../core/routes';
import { selectSignedIn, type sessionMachine } from './session.machine';

type SessionRef = Pick<ActorRefFrom<typeof sessionMachine>, 'subscribe' | 'on' | 'getSnapshot'>;

/**
 * What the telemetry port is for, read off the running session chart (wired in src/main.tsx):
 *
 * - a screen view (POST user/screen-view `{ screen, path }`) each time a signed-in person arrives at a new
 *   screen: the route's name as `screen` and the path without its query (the query may carry tokens).
 *   Redirecting routes (/, /affiliate) are not screens; nothing is posted while signed out.
 * - an error report for every failure the session announces (`notify` of kind error or warning: 'Error
 *   loading user', 'Unable to switch account', 'There was a problem loading results', …) and for the
 *   chart itself failing. Confirmations (info, success) are not errors.
 *
 * Telemetry never fails the caller: each report is run and forgotten. Returns the stop function.
 */
export function watchSession(session: SessionRef, telemetry: TelemetryPort): () => void {
  const run = (effect: Effect.Effect<void>) => void Effect.runFork(effect);
  let lastPath: string | undefined;
  const look = (snapshot: ReturnType<SessionRef['getSnapshot']>) => {
    if (!selectSignedIn(snapshot)) {
      // Signed out (or still resolving): the next signed-in screen counts, even on the same path.
      lastPath = undefined;
      return;
    }
    const path = normalizePath(snapshot.context.location);
    if (path === lastPath) return;
    lastPath = path;
    const { route } = findRoute(path);
    if (route.redirect) return;
    run(telemetry.screenView({ screen: route.name, path }));
  };
  const subscriptions: Subscription[] = [
    session.subscribe({
      next: look,
      error: (error) => run(telemetry.error({ error, context: 'session chart' })),
    }),
    session.on('notify', (event) => {
      if (event.kind === 'error' || event.kind === 'warning') run(telemetry.error({ error: event.message, context: 'session', extra: { code: event.code } }));
    }),
  ];
  look(session.getSnapshot());
  return () => subscriptions.forEach((s) => s.unsubscribe());
}
