import { describe, expect, it } from 'vitest';
import { addOnRules, isDescribedAddOn } from '../../../src/core/rules/addons';
import { ActorRoles } from '../../../src/core/rules/spec-rule';

describe('add-on rules (bookings §3, §4)', () => {
  it.each([
    [{ serviceId: 'svc_1' }, true],
    [{ description: 'Edge trim', valueCents: 1200 }, true],
    [{ description: 'Edge trim', valueCents: 0 }, false],
    [{ description: 'Edge trim', valueCents: 12.5 }, false],
    [{ description: ' ', valueCents: 1200 }, false],
    [{ serviceId: '' }, false],
    [{}, false],
  ])('an add-on names a service or a custom request %j → %s', (terms, expected) => {
    expect(isDescribedAddOn(terms)).toBe(expected);
    expect(addOnRules.described.test(terms)).toBe(expected);
  });

  it('customer side and provider side do not overlap; the customer decides', () => {
    const customerSide = ActorRoles.filter((role) => addOnRules.customerSide.test({ role }));
    const providerSide = ActorRoles.filter((role) => addOnRules.providerSide.test({ role }));
    expect(customerSide.filter((r) => providerSide.includes(r))).toEqual([]);
    expect(providerSide).toEqual(['vendor', 'organization']);
    expect(addOnRules.decider.test({ role: 'customer' })).toBe(true);
    expect(addOnRules.decider.test({ role: 'vendor' })).toBe(false);
  });
});
