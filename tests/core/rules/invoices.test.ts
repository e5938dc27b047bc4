import { describe, expect, it } from 'vitest';
import { invoiceRules, invoiceScopes, isValidAmountCents, NO_CARD_MESSAGE } from '../../../src/core/rules/invoices';
import { ActorRoles } from '../../../src/core/rules/spec-rule';

const now = '2030-01-01T00:00:00.000Z';

describe('invoice rules (bookings §4)', () => {
  it('pay and decline are by the customer only', () => {
    expect(ActorRoles.filter((role) => invoiceRules.payer.test({ role }))).toEqual(['customer']);
  });
  it('the organization or an admin issues, updates and deletes', () => {
    expect(ActorRoles.filter((role) => invoiceRules.issuer.test({ role }))).toEqual(['super', 'admin', 'organization']);
  });
  it.each([
    [5000, true],
    [1, true],
    [0, false],
    [-100, false],
    [12.5, false],
    ['5000', false],
    [Number.MAX_SAFE_INTEGER + 1, false],
  ])('amount %j cents → %s', (cents, expected) => {
    expect(isValidAmountCents(cents)).toBe(expected);
  });
  it('paying needs a card on file', () => {
    expect(invoiceRules.cardOnFile.test({ role: 'customer', now, hasCard: true })).toBe(true);
    expect(invoiceRules.cardOnFile.test({ role: 'customer', now, hasCard: false })).toBe(false);
    expect(invoiceRules.cardOnFile.test({ role: 'customer', now })).toBe(false);
    expect(invoiceRules.cardOnFile.message).toBe(NO_CARD_MESSAGE);
  });
  it('a paid invoice is neither updated nor deleted', () => {
    expect(invoiceScopes.unpaid.test({ status: 'paid' })).toBe(false);
    expect(invoiceScopes.unpaid.test({ status: 'declined' })).toBe(true);
  });
});
