import { describe, expect, it } from 'vitest';
import { ActorRoles, hasText, instant, isBefore, roleRule, ruleKind, specRule, statusRule } from '../../../src/core/rules/spec-rule';
import { Roles } from '../../../src/core/model/roles';

describe('spec rules', () => {
  it('status, role and fact rules are told apart', () => {
    expect(ruleKind(statusRule('x.s', 'S.', 'decision', ['a']))).toBe('status');
    expect(ruleKind(roleRule('x.r', 'R.', 'decision', ['super']))).toBe('role');
    expect(ruleKind(specRule({ id: 'x.f', spec: 'F.', source: 'decision', test: () => true }))).toBe('fact');
  });
  it('a status rule is membership in its list', () => {
    const rule = statusRule('x.s', 'S.', 'decision', ['a', 'b']);
    expect(rule.test({ status: 'a' })).toBe(true);
    expect(rule.test({ status: 'c' as 'a' })).toBe(false);
  });
  it('actor roles are the account roles plus the server itself', () => {
    expect(ActorRoles).toEqual([...Roles, 'system']);
  });
  it('date helpers fail closed', () => {
    expect(Number.isNaN(instant(undefined))).toBe(true);
    expect(isBefore('2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z')).toBe(true);
    expect(isBefore('x', '2030-01-02T00:00:00Z')).toBe(false);
    expect(hasText(' \n')).toBe(false);
  });
});
