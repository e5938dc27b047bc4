import { describe, expect, it } from 'vitest';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { timeOffRules } from '../../../src/core/rules/time-off';

const now = '2030-03-01T00:00:00.000Z';

describe('vendor time-off rules (bookings §4)', () => {
  it('requested by the vendor; approved or rejected by the organization (or super)', () => {
    expect(ActorRoles.filter((role) => timeOffRules.requester.test({ role }))).toEqual(['vendor']);
    expect(ActorRoles.filter((role) => timeOffRules.decider.test({ role }))).toEqual(['super', 'organization']);
  });
  it('starts in the future, this year or next', () => {
    expect(timeOffRules.startsInFuture.test({ role: 'vendor', now, start: '2030-03-02T00:00:00.000Z' })).toBe(true);
    expect(timeOffRules.startsInFuture.test({ role: 'vendor', now, start: '2030-02-28T00:00:00.000Z' })).toBe(false);
    expect(timeOffRules.startsInFuture.test({ role: 'vendor', now, start: '2032-03-02T00:00:00.000Z' })).toBe(false);
  });
  it('ends after it starts', () => {
    const start = '2030-03-05T00:00:00.000Z';
    expect(timeOffRules.endsAfterStart.test({ role: 'vendor', now, start, end: '2030-03-06T00:00:00.000Z' })).toBe(true);
    expect(timeOffRules.endsAfterStart.test({ role: 'vendor', now, start, end: start })).toBe(false);
    expect(timeOffRules.endsAfterStart.test({ role: 'vendor', now, start })).toBe(false);
  });
});
