/** Notification lifecycle rules (bookings §4: "Notification: read, unread, dismissed."). */
import type { ResourceUpdate } from '../model/live';
import type { Notification } from '../model/notification';
import { specRule, statusRule, type SpecRule } from './spec-rule';
import { isResync } from './live';

export const NotificationStatuses = ['unread', 'read', 'dismissed'] as const;
export type NotificationStatus = (typeof NotificationStatuses)[number];

/** The chart status of a notification record (model: has_read, dismissed). Dismissed wins. */
export const notificationStatus = (n: Pick<Notification, 'has_read' | 'dismissed'>): NotificationStatus =>
  n.dismissed ? 'dismissed' : n.has_read ? 'read' : 'unread';

export const notificationScopes = {
  notDismissed: statusRule<NotificationStatus>(
    'notification.notDismissed',
    'Notification: read, unread, dismissed. Dismissed is final: a dismissed notification is not read, unread or dismissed again; read and unread may be repeated.',
    'bookings §4 + decision',
    ['unread', 'read'],
  ),
} as const;

export const notificationRuleList: readonly SpecRule<never>[] = Object.values(notificationScopes);

/** The notifications a list shows: every one that is not dismissed (the server keeps dismissed ones). */
export const visibleNotifications = <N extends Pick<Notification, 'dismissed'>>(list: readonly N[]): N[] => list.filter((n) => !n.dismissed);

/** The unread count of the header's notifications button: not dismissed and not read. */
export const unreadCount = (list: readonly Pick<Notification, 'dismissed' | 'has_read'>[]): number =>
  list.filter((n) => notificationStatus(n) === 'unread').length;

/** What a person can do to one notification of a list (PUT notification/{id}/read|unread|dismiss). */
export type NotificationChange = 'read' | 'unread' | 'dismiss';

/**
 * The rules behind the guards of the notifications feature chart (src/machines/features/notifications.machine.ts).
 * Each quotes its sentence so the machine catalogue can print it.
 */
export const notificationListRules = {
  hasVisible: specRule<{ readonly list: readonly Pick<Notification, 'dismissed'>[] }>({
    id: 'notifications.hasVisible',
    spec: 'The notifications of the last 30 days that are not dismissed are listed; with none, the list says so.',
    source: 'accounts §9, decision',
    test: ({ list }) => visibleNotifications(list).length > 0,
  }),
  changeable: specRule<{ readonly list: readonly (Pick<Notification, 'dismissed' | 'has_read'> & { readonly _id: string })[]; readonly id: string }>({
    id: 'notifications.changeable',
    spec: notificationScopes.notDismissed.spec,
    source: notificationScopes.notDismissed.source,
    test: ({ list, id }) => {
      const found = list.find((n) => n._id === id);
      return found !== undefined && notificationScopes.notDismissed.test({ status: notificationStatus(found) });
    },
  }),
  updated: specRule<{ readonly update: Pick<ResourceUpdate, 'reason' | 'resourceType'> }>({
    id: 'notifications.updated',
    spec: 'A live resource update for a notification reloads the notifications list (decision).',
    source: 'accounts §7, decision',
    test: ({ update }) => isResync(update) || update.resourceType === 'notification',
  }),
} as const;
