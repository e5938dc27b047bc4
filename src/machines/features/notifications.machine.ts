import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { NotificationId } from '../../core/model/ids';
import type { ResourceUpdate } from '../../core/model/live';
import type { Notification } from '../../core/model/notification';
import { MESSAGES } from '../../core/rules/messages';
import { notificationListRules, unreadCount, visibleNotifications, type NotificationChange } from '../../core/rules/notifications';
import { errorOf, failureOf, notProvided, withRule } from '../flows/auth-flow-support';

/**
 * The notifications of the signed-in account (accounts §2, §9): the list of the last 30 days that the
 * header's notifications menu, the dashboards and the customer alert route all read — one instance per
 * signed-in session (the session chart invokes it as its `notifications` child while it is `ready`), so a
 * read or a dismiss made in one place shows everywhere at once.
 *
 * - `loading` (tag `loading`) fetches the list; a failure is `failed` (tag `error`, with a warning toast)
 *   until `notifications.retry` or a live update.
 * - A loaded list is `ready` (tag `ready`) when it has a notification that is not dismissed, else `empty`
 *   (tag `empty`). The view picks its mode from these tags.
 * - In `ready`, `notifications.read|unread|dismiss {id}` change one notification (`changing`, tag
 *   `changing`); the server's answer replaces it in the list. A refused change (e.g. 409 after a dismiss in
 *   another tab) is an error toast, and the list is fetched again so it matches the server.
 * - The chart listens to the live connection itself (`liveUpdates`): a resource update of a notification
 *   fetches the list again (`refreshing`), keeping what is shown meanwhile.
 *
 * Every actor is a typed placeholder; src/main.tsx supplies the real ones (from the API and live ports)
 * with `provide({ actors })` — see `notificationsActors` in notifications-actors.ts.
 */

export interface NotificationsContext {
  /** The notifications of the last 30 days, dismissed ones included (views show `visibleNotifications`). */
  readonly notifications: readonly Notification[];
}

export type NotificationsEvent =
  | { readonly type: 'notifications.read'; readonly id: NotificationId }
  | { readonly type: 'notifications.unread'; readonly id: NotificationId }
  | { readonly type: 'notifications.dismiss'; readonly id: NotificationId }
  | { readonly type: 'notifications.retry' }
  /** From the live connection (the `liveUpdates` actor). */
  | { readonly type: 'live.resourceUpdated'; readonly update: ResourceUpdate };

export type NotificationsEmitted = {
  readonly type: 'notify';
  readonly kind: 'warning' | 'error';
  /** The server's code (translated when the catalogue knows it), e.g. `conflict`, `results_error`. */
  readonly code: string;
  readonly message: string;
};

/** The change a `notifications.*` command asks for. */
const changeOf = (event: NotificationsEvent): { readonly id: NotificationId; readonly change: NotificationChange } => {
  switch (event.type) {
    case 'notifications.read':
      return { id: event.id, change: 'read' };
    case 'notifications.unread':
      return { id: event.id, change: 'unread' };
    case 'notifications.dismiss':
      return { id: event.id, change: 'dismiss' };
    default:
      return { id: '' as NotificationId, change: 'read' };
  }
};

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;
const idOf = ({ event }: { readonly event: { readonly id: NotificationId } }): NotificationId => event.id;

/** Fetches the list again; leaving the state (e.g. on another live update) interrupts the call. */
const refresh = {
  id: 'refresh',
  src: 'loadNotifications',
  onDone: { target: '#notifications.sorting', actions: { type: 'takeList', params: outputOf } },
  onError: { target: '#notifications.sorting', actions: 'notifyLoadFailed' },
} as const;

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    emitted: {} as NotificationsEmitted,
  },
  actors: {
    /** GET notification for the last 30 days (accounts §9). */
    loadNotifications: fromPromise<readonly Notification[]>(notProvided('loadNotifications')),
    /** PUT notification/{id}/read|unread|dismiss: the notification after the change. */
    changeNotification: fromPromise<Notification, { readonly id: NotificationId; readonly change: NotificationChange }>(notProvided('changeNotification')),
    /** Listens to the live connection (opened by the session) and sends back its `live.resourceUpdated` events. */
    liveUpdates: fromCallback(() => () => {}),
  },
  guards: {
    hasVisible: withRule(notificationListRules.hasVisible, ({ context }: { context: NotificationsContext }) =>
      notificationListRules.hasVisible.test({ list: context.notifications }),
    ),
    isChangeable: withRule(notificationListRules.changeable, ({ context }: { context: NotificationsContext }, id: NotificationId) =>
      notificationListRules.changeable.test({ list: context.notifications, id }),
    ),
    isNotificationUpdate: withRule(notificationListRules.updated, (_: unknown, update: ResourceUpdate) => notificationListRules.updated.test({ update })),
  },
  actions: {
    takeList: assign((_, notifications: readonly Notification[]) => ({ notifications })),
    /** Puts the changed notification in the list (a dismissed one stays, marked: views hide it). */
    takeNotification: assign(({ context }, changed: Notification) => ({
      notifications: context.notifications.map((n) => (n._id === changed._id ? changed : n)),
    })),
    notifyLoadFailed: emit(() => ({ type: 'notify' as const, kind: 'warning' as const, code: 'results_error', message: MESSAGES.results_error })),
    notifyChangeRefused: emit((_, error: unknown) => {
      const failure = failureOf(error);
      return { type: 'notify' as const, kind: 'error' as const, code: failure.code ?? 'error', message: failure.message };
    }),
  },
}).createMachine({
  id: 'notifications',
  description: 'The notifications of the signed-in account (last 30 days): loading, empty, ready, error; read / unread / dismiss; live updates reload.',
  context: { notifications: [] },
  invoke: { id: 'liveUpdates', src: 'liveUpdates' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadNotifications',
        onDone: { target: 'sorting', actions: { type: 'takeList', params: outputOf } },
        onError: { target: 'failed', actions: 'notifyLoadFailed' },
      },
    },
    failed: {
      description: 'The list could not be loaded: the view says so and offers to try again.',
      tags: ['error'],
      on: {
        'notifications.retry': 'loading',
        'live.resourceUpdated': { guard: { type: 'isNotificationUpdate', params: ({ event }) => event.update }, target: 'loading' },
      },
    },
    sorting: {
      description: 'A list just arrived or changed: with a notification that is not dismissed it is ready, else empty.',
      always: [{ guard: 'hasVisible', target: 'ready' }, { target: 'empty' }],
    },
    empty: {
      tags: ['empty'],
      initial: 'idle',
      on: { 'live.resourceUpdated': { guard: { type: 'isNotificationUpdate', params: ({ event }) => event.update }, target: '.refreshing' } },
      states: {
        idle: {},
        refreshing: { tags: ['refreshing'], invoke: refresh },
      },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: { 'live.resourceUpdated': { guard: { type: 'isNotificationUpdate', params: ({ event }) => event.update }, target: '.refreshing' } },
      states: {
        idle: {
          on: {
            'notifications.read': { guard: { type: 'isChangeable', params: idOf }, target: 'changing' },
            'notifications.unread': { guard: { type: 'isChangeable', params: idOf }, target: 'changing' },
            'notifications.dismiss': { guard: { type: 'isChangeable', params: idOf }, target: 'changing' },
          },
        },
        changing: {
          tags: ['changing'],
          invoke: {
            id: 'changeNotification',
            src: 'changeNotification',
            input: ({ event }) => changeOf(event),
            onDone: { target: '#notifications.sorting', actions: { type: 'takeNotification', params: outputOf } },
            onError: { target: 'refreshing', actions: { type: 'notifyChangeRefused', params: errorOf } },
          },
        },
        refreshing: { tags: ['refreshing'], invoke: refresh },
      },
    },
  },
});

// ── selectors (one value each, for useSelector) ──

export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;
export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

/** The notifications a view lists: not dismissed, newest first as the server sends them. */
export const selectVisibleNotifications = (s: NotificationsSnapshot): readonly Notification[] => visibleNotifications(s.context.notifications);
/** Every notification of the last 30 days, dismissed ones included (the alert route needs them). */
export const selectAllNotifications = (s: NotificationsSnapshot): readonly Notification[] => s.context.notifications;
/** The unread count of the header's button (core rule `unreadCount`). */
export const selectUnreadCount = (s: NotificationsSnapshot): number => unreadCount(s.context.notifications);
/** What a view shows, from the tags: `loading`, `error`, `empty` or `ready` (a refresh keeps the list shown). */
export const selectNotificationsMode = (s: NotificationsSnapshot): 'loading' | 'error' | 'empty' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('empty') ? 'empty' : 'ready';
/** The ids of the notifications the chart accepts a change of now (`can`: listed, not dismissed, nothing in flight). */
export const selectChangeableIds = (s: NotificationsSnapshot): readonly NotificationId[] =>
  s.context.notifications.filter((n) => s.can({ type: 'notifications.dismiss', id: n._id })).map((n) => n._id);
