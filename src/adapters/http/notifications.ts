import * as Schema from 'effect/Schema';
import type { NotificationsApi } from '../../core/ports/api/notifications';
import { Notification } from '../../core/model/notification';
import { body, call } from './call';
import type { HttpClient } from './client';

const NotificationList = Schema.Array(Notification);

/** The notifications tag: list by date range, read one, mark read/unread/dismissed, the undismissed alerts. */
export const notificationsApi = ({ client }: HttpClient): NotificationsApi => ({
  list: (range) => call((signal) => client.GET('/notification', { params: { query: { from: range.from, to: range.to } }, signal }), body(NotificationList)),
  get: (id) => call((signal) => client.GET('/notification/{id}', { params: { path: { id } }, signal }), body(Notification)),
  read: (id) => call((signal) => client.PUT('/notification/{id}/read', { params: { path: { id } }, signal }), body(Notification)),
  unread: (id) => call((signal) => client.PUT('/notification/{id}/unread', { params: { path: { id } }, signal }), body(Notification)),
  dismiss: (id) => call((signal) => client.PUT('/notification/{id}/dismiss', { params: { path: { id } }, signal }), body(Notification)),
  alerts: () => call((signal) => client.GET('/notification-alerts', { signal }), body(NotificationList)),
});
