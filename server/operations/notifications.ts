import { defineOperation, type OperationModule } from './define';

/**
 * Notifications of the active account. Any signed-in role may call these; ownership is checked in the
 * service (another account's notification is 404).
 */
export const operations: OperationModule = [
  defineOperation('listNotifications', {
    access: 'signed-in',
    handler: async ({ auth, query, services }) => services.notifications.list(auth, query),
  }),
  defineOperation('getNotification', {
    access: 'signed-in',
    handler: async ({ auth, params, services }) => services.notifications.get(auth, params.id),
  }),
  defineOperation('readNotification', {
    access: 'signed-in',
    handler: async ({ auth, params, services, requestId }) => services.notifications.change(auth, params.id, 'read', requestId),
  }),
  defineOperation('unreadNotification', {
    access: 'signed-in',
    handler: async ({ auth, params, services, requestId }) => services.notifications.change(auth, params.id, 'unread', requestId),
  }),
  defineOperation('dismissNotification', {
    access: 'signed-in',
    handler: async ({ auth, params, services, requestId }) => services.notifications.change(auth, params.id, 'dismiss', requestId),
  }),
  defineOperation('listNotificationAlerts', {
    access: 'signed-in',
    handler: async ({ auth, services }) => services.notifications.alerts(auth),
  }),
];
