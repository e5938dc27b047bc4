/**
 * The notifications feature chart's model for xstate/graph (see session.model.ts for the conventions): the
 * list arrives with notifications, with only dismissed ones, or fails; commands on a listed notification
 * and on a dismissed one; live updates of a notification and of something else; changes accepted and refused.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { NotificationId } from '../../../src/core/model/ids';
import type { Notification } from '../../../src/core/model/notification';
import { notificationsMachine } from '../../../src/machines/features/notifications.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { failures, notification } from './session.fixtures';
import { done, fail, initialSnapshot } from './session.model';

export const dismissedOne: Notification = { ...notification, _id: 'd0000000000000000000000e' as NotificationId, dismissed: true };
/** 409 from PUT notification/{id}/read after a dismiss elsewhere. */
export const refused = { _tag: 'ApiError', status: 409, message: 'Notification is dismissed', code: 'conflict' };

const NOTIFICATION_UPDATE = { type: 'live.resourceUpdated', update: { reason: 'updated', resourceType: 'notification', resourceId: notification._id } };
const OTHER_UPDATE = { type: 'live.resourceUpdated', update: { reason: 'updated', resourceType: 'appointment', resourceId: 'b0000000000000000000000b' } };

export function notificationsEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  const lists = (id: string) => [done(id, [notification, dismissedOne]), done(id, [dismissedOne])];
  if (s.matches('loading')) return [...lists('load'), fail('load', failures.server)];
  if (s.matches('failed')) return [{ type: 'notifications.retry' }, NOTIFICATION_UPDATE, OTHER_UPDATE];
  if (s.matches({ empty: 'refreshing' }) || s.matches({ ready: 'refreshing' })) return [...lists('refresh'), fail('refresh', failures.server)];
  if (s.matches({ ready: 'changing' })) {
    return [done('changeNotification', { ...notification, has_read: true }), done('changeNotification', { ...notification, dismissed: true }), fail('changeNotification', refused)];
  }
  if (s.matches({ ready: 'idle' })) {
    return [
      { type: 'notifications.read', id: notification._id },
      { type: 'notifications.unread', id: notification._id },
      { type: 'notifications.dismiss', id: notification._id },
      { type: 'notifications.dismiss', id: dismissedOne._id },
      NOTIFICATION_UPDATE,
      OTHER_UPDATE,
    ];
  }
  if (s.matches({ empty: 'idle' })) return [NOTIFICATION_UPDATE, OTHER_UPDATE];
  return [];
}

export const model: ChartModel = { machine: notificationsMachine, events: notificationsEvents, starts: () => [initialSnapshot(notificationsMachine)] };
