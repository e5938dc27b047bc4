/** Notification lifecycle rules (bookings §4: "Notification: read, unread, dismissed."). */
import type { Notification } from '../model/notification';
import { statusRule, type SpecRule } from './spec-rule';

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
