import { describe, expect, it } from 'vitest';
import { organizationApprovalRules } from '../../../src/core/rules/organization-approval';
import { ActorRoles } from '../../../src/core/rules/spec-rule';

describe('organization approval', () => {
  it('only an admin approves', () => {
    expect(ActorRoles.filter((role) => organizationApprovalRules.approver.test({ role }))).toEqual(['super', 'admin']);
  });
});
