import { useMemo } from 'react';
import type { Notification } from '../../core/model/notification';
import {
  selectChangeableIds,
  selectNotificationsMode,
  selectUnreadCount,
  selectVisibleNotifications,
} from '../../machines/features/notifications.machine';
import { useNotificationsActor, useNotificationsSelector } from './useNotifications';
import type { NotificationsMenuProps } from './shell/NotificationsMenu';

const NONE: readonly Notification[] = [];
const NO_IDS: readonly string[] = [];
const sameIds = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The header notifications menu over the account's notifications chart (the session's `notifications`
 * child, which the dashboards read too): the list, the unread count, the mode from the chart's tags, and
 * read / unread / dismiss sent to it, enabled with `can`. The shell shows the menu only for roles whose
 * menu has one (not admins).
 */
export function useNotificationsMenu(): NotificationsMenuProps {
  const actor = useNotificationsActor();
  const notifications = useNotificationsSelector(actor, selectVisibleNotifications, NONE, sameList);
  const unreadCount = useNotificationsSelector(actor, selectUnreadCount, 0);
  const mode = useNotificationsSelector(actor, selectNotificationsMode, 'loading');
  const changeable = useNotificationsSelector(actor, selectChangeableIds, NO_IDS, sameIds);
  return useMemo(
    () => ({
      notifications,
      unreadCount,
      mode,
      canChange: (id) => changeable.includes(id),
      onRetry: () => actor?.send({ type: 'notifications.retry' }),
      onRead: (id) => actor?.send({ type: 'notifications.read', id }),
      onUnread: (id) => actor?.send({ type: 'notifications.unread', id }),
      onDismiss: (id) => actor?.send({ type: 'notifications.dismiss', id }),
    }),
    [actor, notifications, unreadCount, mode, changeable],
  );
}

function sameList(a: readonly Notification[], b: readonly Notification[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}
