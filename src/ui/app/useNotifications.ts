import { useSelector } from '@xstate/react';
import type { NotificationsActor, NotificationsSnapshot } from '../../machines/features/notifications.machine';
import { selectNotificationsActor } from '../../machines/flows/session.machine';
import { useSessionSelector } from './session-context';

/**
 * The account's notifications chart: the session's `notifications` child (one instance per signed-in
 * session), undefined while nobody is signed in. Read it with `useNotificationsSelector`.
 */
export function useNotificationsActor(): NotificationsActor | undefined {
  return useSessionSelector(selectNotificationsActor);
}

/** One value of the notifications chart (one selector per value); `fallback` while there is no chart. */
export function useNotificationsSelector<T>(
  actor: NotificationsActor | undefined,
  selector: (snapshot: NotificationsSnapshot) => T,
  fallback: T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(actor, (s) => (s ? selector(s) : fallback), compare);
}
