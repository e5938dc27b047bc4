/**
 * The notifications feature chart, driven with fake actors supplied through `provide` (its model-based
 * coverage runs in session.test.ts with the session and login charts): what the header and the dashboards
 * show, and what a person's commands do to the list.
 */
import { Effect } from 'effect';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { NotificationId } from '../../src/core/model/ids';
import type { LiveEvent } from '../../src/core/ports/live';
import type { Notification } from '../../src/core/model/notification';
import type { NotificationChange } from '../../src/core/rules/notifications';
import {
  notificationsMachine,
  selectChangeableIds,
  selectNotificationsMode,
  selectUnreadCount,
  selectVisibleNotifications,
  type NotificationsEmitted,
} from '../../src/machines/features/notifications.machine';
import { notificationsMachineFrom, type NotificationsPorts } from '../../src/machines/features/notifications-actors';
import { failures, notification } from './models/session.fixtures';
import { refused } from './models/notifications.model';

const second: Notification = { ...notification, _id: 'd0000000000000000000000b' as NotificationId, title: 'Your lawn was serviced', has_read: true };

interface Fakes {
  load?: () => Promise<readonly Notification[]>;
  change?: (input: { id: NotificationId; change: NotificationChange }) => Promise<Notification>;
}

function start(fakes: Fakes = {}) {
  let server: readonly Notification[] = [notification, second];
  const loads: number[] = [];
  const changes: { id: NotificationId; change: NotificationChange }[] = [];
  const live: { send?: (event: LiveEvent) => void; stopped: number } = { stopped: 0 };
  const actor = createActor(
    notificationsMachine.provide({
      actors: {
        loadNotifications: fromPromise(async () => {
          loads.push(loads.length + 1);
          return (fakes.load ?? (async () => server))();
        }),
        changeNotification: fromPromise(async ({ input }) => {
          changes.push(input);
          if (fakes.change) return fakes.change(input);
          const found = server.find((n) => n._id === input.id)!;
          const changed = { ...found, ...(input.change === 'dismiss' ? { dismissed: true } : { has_read: input.change === 'read' }) };
          server = server.map((n) => (n._id === input.id ? changed : n));
          return changed;
        }),
        liveUpdates: fromCallback(({ sendBack }) => {
          live.send = sendBack as (event: LiveEvent) => void;
          return () => {
            live.stopped += 1;
          };
        }),
      },
    }),
  );
  const notices: NotificationsEmitted[] = [];
  actor.on('notify', (e) => notices.push(e));
  actor.start();
  return { actor, loads, changes, live, notices, setServer: (list: readonly Notification[]) => (server = list) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the notifications chart', () => {
  it('loads, then is ready with the visible notifications and the unread count', async () => {
    const h = start();
    expect(selectNotificationsMode(h.actor.getSnapshot())).toBe('loading');
    await settle();
    const s = h.actor.getSnapshot();
    expect(selectNotificationsMode(s)).toBe('ready');
    expect(selectVisibleNotifications(s)).toEqual([notification, second]);
    expect(selectUnreadCount(s)).toBe(1);
  });

  it('is empty when every notification is dismissed, and becomes empty when the last one is dismissed', async () => {
    const a = start({ load: async () => [{ ...notification, dismissed: true }] });
    await settle();
    expect(selectNotificationsMode(a.actor.getSnapshot())).toBe('empty');
    expect(selectUnreadCount(a.actor.getSnapshot())).toBe(0);

    const b = start({ load: async () => [notification] });
    await settle();
    b.actor.send({ type: 'notifications.dismiss', id: notification._id });
    await settle();
    expect(selectNotificationsMode(b.actor.getSnapshot())).toBe('empty');
  });

  it('read, unread and dismiss update the list; one change at a time, never on a dismissed notification', async () => {
    const h = start();
    await settle();
    h.actor.send({ type: 'notifications.read', id: notification._id });
    expect(h.actor.getSnapshot().hasTag('changing')).toBe(true);
    expect(selectChangeableIds(h.actor.getSnapshot())).toEqual([]);
    await settle();
    expect(selectUnreadCount(h.actor.getSnapshot())).toBe(0);
    h.actor.send({ type: 'notifications.unread', id: notification._id });
    await settle();
    expect(selectUnreadCount(h.actor.getSnapshot())).toBe(1);
    h.actor.send({ type: 'notifications.dismiss', id: second._id });
    await settle();
    expect(selectVisibleNotifications(h.actor.getSnapshot())).toEqual([notification]);
    expect(h.actor.getSnapshot().can({ type: 'notifications.read', id: second._id })).toBe(false);
    expect(selectChangeableIds(h.actor.getSnapshot())).toEqual([notification._id]);
    expect(h.changes).toEqual([
      { id: notification._id, change: 'read' },
      { id: notification._id, change: 'unread' },
      { id: second._id, change: 'dismiss' },
    ]);
    expect(h.notices).toEqual([]);
  });

  it('a refused change (409 after a dismiss elsewhere) is an error toast, and the list is fetched again to match the server', async () => {
    const h = start({ change: async () => Promise.reject(refused) });
    await settle();
    h.setServer([{ ...notification, dismissed: true }, second]);
    h.actor.send({ type: 'notifications.read', id: notification._id });
    await settle();
    expect(h.notices).toEqual([{ type: 'notify', kind: 'error', code: 'conflict', message: 'Notification is dismissed' }]);
    expect(h.loads).toHaveLength(2);
    expect(selectVisibleNotifications(h.actor.getSnapshot())).toEqual([second]);
    expect(selectNotificationsMode(h.actor.getSnapshot())).toBe('ready');
  });

  it('a failed load is the error mode with a warning; trying again loads', async () => {
    let fail = true;
    const h = start({ load: async () => (fail ? Promise.reject(failures.server) : [notification]) });
    await settle();
    expect(selectNotificationsMode(h.actor.getSnapshot())).toBe('error');
    expect(h.notices).toEqual([{ type: 'notify', kind: 'warning', code: 'results_error', message: 'There was a problem loading results' }]);
    fail = false;
    h.actor.send({ type: 'notifications.retry' });
    await settle();
    expect(selectNotificationsMode(h.actor.getSnapshot())).toBe('ready');
  });

  it('a live update of a notification fetches the list again, keeping it shown meanwhile; other updates do not', async () => {
    const h = start();
    await settle();
    h.live.send!({ type: 'live.resourceUpdated', update: { reason: 'updated', resourceType: 'ticket', resourceId: 't1' } });
    await settle();
    expect(h.loads).toHaveLength(1);
    h.setServer([notification, second, { ...notification, _id: 'd0000000000000000000000f' as NotificationId, title: 'New' }]);
    h.live.send!({ type: 'live.resourceUpdated', update: { reason: 'created', resourceType: 'notification', resourceId: 'd0000000000000000000000f' } });
    expect(selectNotificationsMode(h.actor.getSnapshot())).toBe('ready');
    await settle();
    expect(h.loads).toHaveLength(2);
    expect(selectVisibleNotifications(h.actor.getSnapshot())).toHaveLength(3);
    expect(selectUnreadCount(h.actor.getSnapshot())).toBe(2);
  });

  it('stops listening to the live connection when it stops', async () => {
    const h = start();
    await settle();
    h.actor.stop();
    expect(h.live.stopped).toBe(1);
  });
});

describe('the notifications chart with its real actors (notificationsMachineFrom) over fake ports', () => {
  it('lists the last 30 days, changes through PUT read/unread/dismiss, and reloads on a live notification update only', async () => {
    const listeners = new Set<(event: LiveEvent) => void>();
    const ranges: { from: string; to: string }[] = [];
    const puts: string[] = [];
    const put = (change: string) => (id: NotificationId) => {
      puts.push(`${change} ${id}`);
      return Effect.succeed({ ...notification, has_read: change === 'read' });
    };
    const api = {
      notifications: {
        list: (range: { from: string; to: string }) => {
          ranges.push(range);
          return Effect.succeed([notification]);
        },
        read: put('read'),
        unread: put('unread'),
        dismiss: put('dismiss'),
      },
    } as unknown as NotificationsPorts['api'];
    const live = {
      subscribe: (listener: (event: LiveEvent) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const clock = { now: () => new Date('2030-06-15T09:00:00.000Z') };
    const actor = createActor(notificationsMachineFrom({ api, live, clock })).start();
    await settle();
    expect(ranges).toEqual([{ from: '2030-05-16T09:00:00.000Z', to: '2030-06-15T09:00:00.000Z' }]);
    actor.send({ type: 'notifications.read', id: notification._id });
    await settle();
    expect(puts).toEqual([`read ${notification._id}`]);
    expect(selectUnreadCount(actor.getSnapshot())).toBe(0);

    listeners.forEach((l) => l({ type: 'live.message', message: { accountId: 'a', accountType: 'customer', connectType: 'SMS', preview: 'hi', fromAddress: '+1' } } as LiveEvent));
    listeners.forEach((l) => l({ type: 'live.resourceUpdated', update: { reason: 'updated', resourceType: 'notification', resourceId: notification._id } }));
    await settle();
    expect(ranges).toHaveLength(2);
    actor.stop();
    expect(listeners.size).toBe(0);
  });
});
