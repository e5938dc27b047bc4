/**
 * A user's account status (bookings §4): pending_email, claim_account, active, inactive — the values of
 * `users.status`. `new` is the record before registration or invitation. Transitions are ours
 * (docs/decisions.md): registration by email waits for the address; SMS and verified social sign-ups are
 * active at once; an invited user claims the account; an admin deactivates and reactivates.
 */
import { and, setup } from 'xstate';
import type { ConfirmationMethod } from '../../core/model/registration';
import { userRules, type RegistrationProof, type UserStatus } from '../../core/rules/users';
import type { ActorRole } from '../../core/rules/spec-rule';
import { decide, lifecycleAt, ruleGuards, type ActorEvent, type GuardArgsOf } from './lifecycle';

export type UserContext = Record<string, never>;

type Ev<T extends string, P = unknown> = { readonly type: T } & ActorEvent & P;

export type UserEvent =
  | Ev<'user.register', { readonly method: ConfirmationMethod; readonly verifiedEmail: boolean }>
  | Ev<'user.invite'>
  | Ev<'user.confirm'>
  | Ev<'user.claim'>
  | Ev<'user.deactivate'>
  | Ev<'user.activate'>;

export type UserChartStatus = UserStatus | 'new';

export const emptyUser: UserContext = {};

const factsOf = ({ event }: GuardArgsOf<UserContext, UserEvent>): RegistrationProof & { role: ActorRole } => ({
  role: event.actor?.role ?? 'none',
  method: 'method' in event ? event.method : 'email',
  verifiedEmail: 'verifiedEmail' in event ? event.verifiedEmail : false,
});

const deactivate = { target: 'inactive', guard: 'isAdministrator' } as const;

export const userMachine = setup({
  types: {
    context: {} as UserContext,
    events: {} as UserEvent,
  },
  guards: ruleGuards(
    {
      isRegistrant: userRules.registrant,
      isAdministrator: userRules.administrator,
      isInviter: userRules.inviter,
      waitsForEmail: userRules.waitsForEmail,
      activeAtOnce: userRules.activeAtOnce,
    },
    factsOf,
  ),
}).createMachine({
  id: 'user',
  description: 'User account status (bookings §4). Events carry { actor: { role }, now }.',
  initial: 'new',
  context: emptyUser,
  states: {
    new: {
      description: 'No user yet.',
      on: {
        'user.register': [
          { target: 'pending_email', guard: and(['isRegistrant', 'waitsForEmail']) },
          { target: 'active', guard: and(['isRegistrant', 'activeAtOnce']) },
        ],
        'user.invite': { target: 'claim_account', guard: 'isInviter' },
      },
    },
    pending_email: {
      description: 'Registered; the email address is not proven yet.',
      on: { 'user.confirm': { target: 'active' }, 'user.deactivate': deactivate },
    },
    claim_account: {
      description: 'Created for someone, who has not claimed it yet.',
      on: { 'user.claim': { target: 'active' }, 'user.deactivate': deactivate },
    },
    active: {
      description: 'May sign in.',
      on: { 'user.deactivate': deactivate },
    },
    inactive: {
      description: 'Deactivated: sign-in, resets and tokens are refused.',
      on: { 'user.activate': { target: 'active', guard: 'isAdministrator' } },
    },
  },
});

export const userAt = (status: UserChartStatus, facts: UserContext = emptyUser) => lifecycleAt(userMachine, status, facts);

export const decideUser = (status: string, facts: UserContext, event: UserEvent) => decide(userMachine, status, facts, event);
