import { describe, expect, it } from 'vitest';
import { notificationListRules, notificationScopes, notificationStatus, unreadCount, visibleNotifications } from '../../../src/core/rules/notifications';

describe('notification rules (bookings §4)', () => {
  it.each([
    [{ has_read: false, dismissed: false }, 'unread'],
    [{ has_read: true, dismissed: false }, 'read'],
    [{ has_read: false, dismissed: true }, 'dismissed'],
    [{ has_read: true, dismissed: true }, 'dismissed'],
  ])('the record %j is %s', (record, status) => {
    expect(notificationStatus(record)).toBe(status);
  });

  it('dismissed is final', () => {
    expect(notificationScopes.notDismissed.test({ status: 'dismissed' })).toBe(false);
    expect(notificationScopes.notDismissed.test({ status: 'read' })).toBe(true);
    expect(notificationScopes.notDismissed.test({ status: 'unread' })).toBe(true);
  });

  it('counts the unread notifications that are not dismissed', () => {
    const list = [
      { _id: 'a', has_read: false, dismissed: false },
      { _id: 'b', has_read: true, dismissed: false },
      { _id: 'c', has_read: false, dismissed: true },
    ];
    expect(unreadCount(list)).toBe(1);
    expect(unreadCount([])).toBe(0);
    expect(visibleNotifications(list).map((n) => n._id)).toEqual(['a', 'b']);
    expect(notificationListRules.hasVisible.test({ list })).toBe(true);
    expect(notificationListRules.hasVisible.test({ list: [list[2]!] })).toBe(false);
  });

  it('changes only a listed notification that is not dismissed', () => {
    const list = [
      { _id: 'a', has_read: false, dismissed: false },
      { _id: 'c', has_read: false, dismissed: true },
    ];
    expect(notificationListRules.changeable.test({ list, id: 'a' })).toBe(true);
    expect(notificationListRules.changeable.test({ list, id: 'c' })).toBe(false);
    expect(notificationListRules.changeable.test({ list, id: 'z' })).toBe(false);
  });

  it('reloads on a live update of a notification only', () => {
    expect(notificationListRules.updated.test({ update: { reason: 'updated', resourceType: 'notification' } })).toBe(true);
    expect(notificationListRules.updated.test({ update: { reason: 'updated', resourceType: 'appointment' } })).toBe(false);
    expect(notificationListRules.updated.test({ update: { reason: 'resync', resourceType: '*' } }), 'a reconnection that missed too much').toBe(true);
  });
});
