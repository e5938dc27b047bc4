/**
 * The confirmation of a user's phone number (accounts §5): a user who registered to confirm by SMS signs
 * in only once the texted code confirmed the number (`users.phone_confirmed`). Confirmed is final here:
 * the API has no call that changes a confirmed number.
 */
import { setup } from 'xstate';
import { phoneConfirmationRules, type PhoneConfirmationStatus } from '../../core/rules/users';
import { decide, lifecycleAt, ruleGuards, type ActorEvent, type GuardArgsOf } from './lifecycle';

export interface PhoneConfirmationContext {
  /** The number the code was texted to. */
  readonly phone: string | null;
}

export type PhoneConfirmationEvent = { readonly type: 'phone.confirm' } & ActorEvent;

export const emptyPhoneConfirmation: PhoneConfirmationContext = { phone: null };

const factsOf = ({ context }: GuardArgsOf<PhoneConfirmationContext, PhoneConfirmationEvent>) => ({ phone: context.phone });

export const phoneConfirmationMachine = setup({
  types: {
    context: {} as PhoneConfirmationContext,
    events: {} as PhoneConfirmationEvent,
  },
  guards: ruleGuards({ hasPhone: phoneConfirmationRules.hasPhone }, factsOf),
}).createMachine({
  id: 'phoneConfirmation',
  description: 'Phone confirmation (accounts §5). Events carry { actor: { role }, now }.',
  initial: 'unconfirmed',
  context: emptyPhoneConfirmation,
  states: {
    unconfirmed: {
      description: 'No texted code accepted yet.',
      on: { 'phone.confirm': { target: 'confirmed', guard: 'hasPhone' } },
    },
    confirmed: { type: 'final' },
  },
});

export const phoneConfirmationAt = (status: PhoneConfirmationStatus, facts: PhoneConfirmationContext = emptyPhoneConfirmation) =>
  lifecycleAt(phoneConfirmationMachine, status, facts);

export const decidePhoneConfirmation = (status: string, facts: PhoneConfirmationContext, event: PhoneConfirmationEvent) =>
  decide(phoneConfirmationMachine, status, facts, event);
