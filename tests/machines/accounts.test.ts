/** The user account chart (users.status) and the phone confirmation chart (users.phone_confirmed). */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { UserStatuses } from '../../src/core/model/user';
import type { ActorRole } from '../../src/core/rules/spec-rule';
import { statusesOf } from '../../src/machines/lifecycles/lifecycle';
import { decidePhoneConfirmation, phoneConfirmationAt } from '../../src/machines/lifecycles/phone-confirmation.machine';
import { decideUser, userAt, userMachine } from '../../src/machines/lifecycles/user.machine';
import { userEvents } from './models/user.model';

const NOW = '2030-06-15T09:00:00.000Z';
const as = (role: ActorRole) => ({ actor: { role }, now: NOW });

describe('user account', () => {
  it('has the statuses users.status stores, plus new', () => {
    expect([...statusesOf(userMachine)].sort()).toEqual(['new', ...UserStatuses].sort());
    const paths = getSimplePaths(userMachine as AnyStateMachine, { events: userEvents });
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['new', ...UserStatuses]));
  });

  it('registration by email waits for the address; by SMS or a verified social sign-up it is active at once', () => {
    expect(decideUser('new', {}, { type: 'user.register', method: 'email', verifiedEmail: false, ...as('customer') })).toMatchObject({ ok: true, to: 'pending_email' });
    expect(decideUser('new', {}, { type: 'user.register', method: 'sms', verifiedEmail: false, ...as('organization') })).toMatchObject({ ok: true, to: 'active' });
    expect(decideUser('new', {}, { type: 'user.register', method: 'email', verifiedEmail: true, ...as('affiliate') })).toMatchObject({ ok: true, to: 'active' });
    const vendor = decideUser('new', {}, { type: 'user.register', method: 'email', verifiedEmail: false, ...as('vendor') });
    expect(vendor).toMatchObject({ ok: false, code: 'blocked_by_guard' });
    if (!vendor.ok) expect(vendor.blockedBy.map((r) => r.rule?.kind)).toContain('role');
  });

  it('confirm and claim activate; only an admin deactivates, reactivates or invites', () => {
    expect(decideUser('pending_email', {}, { type: 'user.confirm', ...as('none') })).toMatchObject({ ok: true, to: 'active' });
    expect(decideUser('claim_account', {}, { type: 'user.claim', ...as('none') })).toMatchObject({ ok: true, to: 'active' });
    expect(decideUser('active', {}, { type: 'user.confirm', ...as('none') })).toMatchObject({ ok: false, code: 'not_allowed_in_status' });
    expect(decideUser('active', {}, { type: 'user.deactivate', ...as('super') })).toMatchObject({ ok: true, to: 'inactive' });
    expect(decideUser('active', {}, { type: 'user.deactivate', ...as('customer') })).toMatchObject({ ok: false, code: 'blocked_by_guard' });
    expect(decideUser('inactive', {}, { type: 'user.activate', ...as('super') })).toMatchObject({ ok: true, to: 'active' });
    expect(decideUser('new', {}, { type: 'user.invite', ...as('super') })).toMatchObject({ ok: true, to: 'claim_account' });
    // an organization invites the vendors of its team; a customer or a vendor invites nobody
    expect(decideUser('new', {}, { type: 'user.invite', ...as('organization') })).toMatchObject({ ok: true, to: 'claim_account' });
    expect(decideUser('new', {}, { type: 'user.invite', ...as('vendor') })).toMatchObject({ ok: false, code: 'blocked_by_guard' });
    expect(decideUser('new', {}, { type: 'user.invite', ...as('customer') }).ok).toBe(false);
    expect(userAt('inactive').can({ type: 'user.claim', ...as('none') })).toBe(false);
  });
});

describe('phone confirmation', () => {
  it('the texted code confirms a number; confirmed stays confirmed; no number, no confirmation', () => {
    const phone = { phone: '+15555550100' };
    expect(decidePhoneConfirmation('unconfirmed', phone, { type: 'phone.confirm', ...as('none') })).toMatchObject({ ok: true, to: 'confirmed' });
    expect(decidePhoneConfirmation('unconfirmed', { phone: null }, { type: 'phone.confirm', ...as('none') })).toMatchObject({
      ok: false,
      blockedBy: [{ guard: 'hasPhone' }],
    });
    const again = decidePhoneConfirmation('confirmed', phone, { type: 'phone.confirm', ...as('none') });
    expect(again).toMatchObject({ ok: false, code: 'not_allowed_in_status' });
    expect(phoneConfirmationAt('confirmed', phone).can({ type: 'phone.confirm', ...as('none') })).toBe(false);
  });

  it('a new number confirmed from the profile replaces the one before, confirmed or not; an ill-formed one is refused', () => {
    const change = { type: 'phone.change', phone: '+15555550177', ...as('vendor') } as const;
    expect(decidePhoneConfirmation('confirmed', { phone: '+15555550100' }, change)).toMatchObject({ ok: true, to: 'confirmed', facts: { phone: '+15555550177' } });
    expect(decidePhoneConfirmation('unconfirmed', { phone: null }, change)).toMatchObject({ ok: true, to: 'confirmed', facts: { phone: '+15555550177' } });
    expect(decidePhoneConfirmation('confirmed', { phone: '+15555550100' }, { ...change, phone: '555-0177' })).toMatchObject({
      ok: false,
      blockedBy: [{ guard: 'newPhoneValid' }],
    });
  });
});
