import { useMemo } from 'react';
import { selectNotifications, selectNotificationsLoading } from '../../machines/flows/session.machine';
import { useSession, useSessionSelector } from './session-context';
import type { NotificationsMenuProps } from './shell/NotificationsMenu';

/**
 * The header notifications menu over the session chart: the list it keeps (last 30 days), and read /
 * unread / dismiss sent to it as `notifications.*` events. The shell shows the menu only for roles whose
 * menu has one (not admins).
 */
export function useNotificationsMenu(): NotificationsMenuProps {
  const session = useSession();
  const notifications = useSessionSelector(selectNotifications);
  const loading = useSessionSelector(selectNotificationsLoading);
  return useMemo(
    () => ({
      notifications,
      loading,
      onRead: (id) => session.send({ type: 'notifications.read', id }),
      onUnread: (id) => session.send({ type: 'notifications.unread', id }),
      onDismiss: (id) => session.send({ type: 'notifications.dismiss', id }),
    }),
    [session, notifications, loading],
  );
}
