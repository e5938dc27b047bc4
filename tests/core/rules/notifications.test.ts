import { describe, expect, it } from 'vitest';
import { notificationScopes, notificationStatus } from '../../../src/core/rules/notifications';

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
});
