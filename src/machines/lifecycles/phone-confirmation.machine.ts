/**
 * The confirmation of a user's phone number (accounts §5): a user who registered to confirm by SMS signs
 * in only once the texted code confirmed the number (`users.phone_confirmed`). A signed-in person adds or
 * changes the number from the profile: the code texted to the new number confirms it and it replaces the
 * one before (`phone.change`, from either status; until then the new number waits with its code, so an
 * unconfirmed number never replaces a confirmed one).
 */
import { assertEvent, assign, setup } from 'xstate';
import { phoneConfirmationRules, type PhoneConfirmationStatus } from '../../core/rules/users';
import { decide, lifecycleAt, ruleGuards, type ActorEvent, type GuardArgsOf } from './lifecycle';

export interface PhoneConfirmationContext {
  /** The number the code was texted to. */
  readonly phone: string | null;
}

export type PhoneConfirmationEvent =
  | ({ readonly type: 'phone.confirm' } & ActorEvent)
  /** The code texted to `phone` was entered by the signed-in person: that number is the user's, confirmed. */
  | ({ readonly type: 'phone.change'; readonly phone: string } & ActorEvent);

export const emptyPhoneConfirmation: PhoneConfirmationContext = { phone: null };

type Args = GuardArgsOf<PhoneConfirmationContext, PhoneConfirmationEvent>;
const factsOf = ({ context }: Args) => ({ phone: context.phone });
const newPhoneOf = ({ event }: Args) => ({ newPhone: event.type === 'phone.change' ? event.phone : '' });

export const phoneConfirmationMachine = setup({
  types: {
    context: {} as PhoneConfirmationContext,
    events: {} as PhoneConfirmationEvent,
  },
  guards: {
    ...ruleGuards({ hasPhone: phoneConfirmationRules.hasPhone }, factsOf),
    ...ruleGuards({ newPhoneValid: phoneConfirmationRules.newPhoneValid }, newPhoneOf),
  },
  actions: {
    recordPhone: assign(({ event }) => {
      assertEvent(event, 'phone.change');
      return { phone: event.phone };
    }),
  },
}).createMachine({
  id: 'phoneConfirmation',
  description: 'Phone confirmation (accounts §5). Events carry { actor: { role }, now }.',
  initial: 'unconfirmed',
  context: emptyPhoneConfirmation,
  states: {
    unconfirmed: {
      description: 'No texted code accepted yet.',
      on: {
        'phone.confirm': { target: 'confirmed', guard: 'hasPhone' },
        'phone.change': { target: 'confirmed', guard: 'newPhoneValid', actions: 'recordPhone' },
      },
    },
    confirmed: {
      description: 'The number received a code and the code came back; a new number replaces it only once confirmed the same way.',
      on: { 'phone.change': { target: 'confirmed', guard: 'newPhoneValid', actions: 'recordPhone' } },
    },
  },
});

export const phoneConfirmationAt = (status: PhoneConfirmationStatus, facts: PhoneConfirmationContext = emptyPhoneConfirmation) =>
  lifecycleAt(phoneConfirmationMachine, status, facts);

export const decidePhoneConfirmation = (status: string, facts: PhoneConfirmationContext, event: PhoneConfirmationEvent) =>
  decide(phoneConfirmationMachine, status, facts, event);
