/**
 * What a user's status allows (sign-in, a texted code first), and the user's own status changes — events of
 * the user account chart sent through the transition service.
 */
import { forbidden } from '../../errors';
import type { Actor, TransitionService, UserChanges } from '../transitions';
import type { UserRow } from '../users';
import { AUTH_TEXTS } from './texts';

export const needsSmsConfirmation = (user: UserRow) => user.confirmationMethod === 'sms' && !user.phoneConfirmed;

export const assertMaySignIn = (user: UserRow) => {
  if (user.status === 'inactive') throw forbidden(AUTH_TEXTS.accountInactive, 'account_inactive');
  if (user.status === 'claim_account') throw forbidden(AUTH_TEXTS.accountNotClaimed, 'account_not_claimed');
};

/** The person acting on their own user record without a session (a link, a code): themselves, role none (super for super). */
export const selfActor = (user: UserRow): Actor => ({ userId: user.id, accountId: null, role: user.role === 'super' ? 'super' : 'none' });

/** One event of the user account chart on `user`, with the columns that change with it. */
export const createUserEvents = (transitions: TransitionService) => ({
  userEvent: (user: UserRow, type: 'user.confirm' | 'user.claim', changes?: UserChanges) =>
    transitions.change('user', { auth: selfActor(user), requestId: null, target: user.id, event: { type }, ...(changes ? { changes } : {}) }),
});
