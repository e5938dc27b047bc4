import { describe, expect, it } from 'vitest';
import { appointmentRoles } from '../../../src/core/rules/appointments';
import { approvalRequesters, approvalRules, type ApprovalFacts } from '../../../src/core/rules/approvals';
import { ActorRoles } from '../../../src/core/rules/spec-rule';

const facts = (over: Partial<ApprovalFacts>): ApprovalFacts => ({ role: 'vendor', now: '2030-01-01T00:00:00.000Z', approvalType: 'home_size', note: 'Bigger lawn', ...over });

describe('approval request rules (bookings §3, §4)', () => {
  it('who may ask comes from the appointment rules', () => {
    expect(approvalRequesters.home_size).toBe(appointmentRoles.homeSize.roles);
    expect(approvalRequesters.start_time).toBe(appointmentRoles.startTimeApproval.roles);
  });

  it('home_size: organization or vendor; start_time: nobody', () => {
    const askers = (approvalType: string) => ActorRoles.filter((role) => approvalRules.requesterMayAsk.test(facts({ role, approvalType })));
    expect(askers('home_size')).toEqual(['vendor', 'organization']);
    expect(askers('start_time')).toEqual([]);
    expect(askers('colour')).toEqual([]);
  });

  it('the type is home_size or start_time', () => {
    expect(approvalRules.typeKnown.test(facts({ approvalType: 'start_time' }))).toBe(true);
    expect(approvalRules.typeKnown.test(facts({ approvalType: null }))).toBe(false);
  });

  it('a note is required', () => {
    expect(approvalRules.noteGiven.test(facts({ note: '' }))).toBe(false);
    expect(approvalRules.noteGiven.test(facts({}))).toBe(true);
    expect(approvalRules.noteGiven.message).toBe('Note is required!');
  });

  it('the customer or an admin decides', () => {
    expect(ActorRoles.filter((role) => approvalRules.decider.test({ role }))).toEqual(['super', 'admin', 'customer']);
  });
});
