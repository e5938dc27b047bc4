import { describe, expect, it } from 'vitest';
import { messagePushTitle, receivesMessagePush, shouldReloadAppointment } from '../../../src/core/rules/live';

describe('live updates', () => {
  it("reloads an appointment on reason 'updated' for that appointment only", () => {
    expect(shouldReloadAppointment({ reason: 'updated', resourceType: 'appointment', resourceId: 'a1' }, 'a1')).toBe(true);
    expect(shouldReloadAppointment({ reason: 'created', resourceType: 'appointment', resourceId: 'a1' }, 'a1')).toBe(false);
    expect(shouldReloadAppointment({ reason: 'updated', resourceType: 'ticket', resourceId: 'a1' }, 'a1')).toBe(false);
    expect(shouldReloadAppointment({ reason: 'updated', resourceType: 'appointment', resourceId: 'a2' }, 'a1')).toBe(false);
  });
  it('only admins get message pushes, titled New {connectType} Message from {fromAddress}', () => {
    expect(receivesMessagePush('super')).toBe(true);
    expect(receivesMessagePush('customer')).toBe(false);
    expect(messagePushTitle({ connectType: 'SMS', fromAddress: '+15551234567' })).toBe('New SMS Message from +15551234567');
  });
});
