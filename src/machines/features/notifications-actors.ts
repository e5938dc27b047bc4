import { fromPromise } from 'xstate';
import type { NotificationId } from '../../core/model/ids';
import type { Notification } from '../../core/model/notification';
import type { Api } from '../../core/ports/api/registry';
import { lastDays, type ClockPort } from '../../core/ports/clock';
import type { LivePort } from '../../core/ports/live';
import { liveUpdatesFrom } from '../live-updates';
import { NOTIFICATION_RANGE_DAYS } from '../../core/rules/constants';
import type { NotificationChange } from '../../core/rules/notifications';
import { notificationsMachine } from './notifications.machine';
import { runToEnd as run } from '../run-effect';

/**
 * The real actors of the notifications chart, built from ports. The session's `loadSignedInCharts` loads
 * `notificationsMachineFrom(ports)` once signed in (signed-in-actors.ts) and runs it as its `notifications` child.
 */
export interface NotificationsPorts {
  readonly api: Pick<Api, 'notifications'>;
  readonly live: Pick<LivePort, 'subscribe'>;
  readonly clock: ClockPort;
}


export const notificationsActors = ({ api, live, clock }: NotificationsPorts) => ({
  loadNotifications: fromPromise<readonly Notification[]>(({ signal }) => run(api.notifications.list(lastDays(clock, NOTIFICATION_RANGE_DAYS)), signal)),
  changeNotification: fromPromise(({ input, signal }: { input: { readonly id: NotificationId; readonly change: NotificationChange }; signal: AbortSignal }) =>
    run(api.notifications[input.change](input.id), signal),
  ),
  /** Listens (the session opens and closes the connection); forwards resource updates only. */
  liveUpdates: liveUpdatesFrom(live),
});

/** The notifications chart with its real actors. */
export const notificationsMachineFrom = (ports: NotificationsPorts) => notificationsMachine.provide({ actors: notificationsActors(ports) });
