/**
 * Notification (bookings §4): read, unread, dismissed. Read and unread toggle (and repeat harmlessly);
 * dismissed is final. Ownership (only the recipient) is checked by the server, not by the chart.
 */
import { setup } from 'xstate';
import { notificationScopes as scope, type NotificationStatus } from '../../core/rules/notifications';
import { decide, lifecycleAt, scoped, type ActorEvent } from './lifecycle';

export type NotificationContext = Record<string, never>;

type Ev<T extends string> = { readonly type: T } & ActorEvent;

export type NotificationEvent = Ev<'notification.read'> | Ev<'notification.unread'> | Ev<'notification.dismiss'>;

export const emptyNotification: NotificationContext = {};

const read = { target: 'read', meta: scoped(scope.notDismissed) } as const;
const unread = { target: 'unread', meta: scoped(scope.notDismissed) } as const;
const dismiss = { target: 'dismissed', meta: scoped(scope.notDismissed) } as const;

export const notificationMachine = setup({
  types: {
    context: {} as NotificationContext,
    events: {} as NotificationEvent,
  },
}).createMachine({
  id: 'notification',
  description: 'Notification (bookings §4). Events carry { actor: { role }, now }.',
  initial: 'unread',
  context: emptyNotification,
  states: {
    unread: { on: { 'notification.read': read, 'notification.unread': unread, 'notification.dismiss': dismiss } },
    read: { on: { 'notification.read': read, 'notification.unread': unread, 'notification.dismiss': dismiss } },
    dismissed: { type: 'final' },
  },
});

export const notificationAt = (status: NotificationStatus, facts: NotificationContext = emptyNotification) =>
  lifecycleAt(notificationMachine, status, facts);

export const decideNotification = (status: string, facts: NotificationContext, event: NotificationEvent) =>
  decide(notificationMachine, status, facts, event);
