import type { Notification } from '../model/notification';

/** The first undismissed notification of type 'alert' (accounts §4). */
export const pendingAlert = <N extends Pick<Notification, 'type' | 'dismissed'>>(list: readonly N[]): N | undefined =>
  list.find((n) => n.type === 'alert' && !n.dismissed);

/**
 * The customer alert route: the alert screen shows when an undismissed alert exists, otherwise the
 * user goes to /dashboard. (The public reviews route always shows.)
 */
export const alertRouteTarget = (list: readonly Pick<Notification, 'type' | 'dismissed'>[]): 'show' | '/dashboard' =>
  pendingAlert(list) ? 'show' : '/dashboard';
