/**
 * Add-on on an appointment (bookings §3, §4): add, remove, approve or decline, update. An add-on
 * proposed by the vendor or organization waits for the customer; one added by the customer does not.
 * Status names are ours.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { addOnRules, type AddOnFacts, type AddOnStatus, type AddOnTerms } from '../../core/rules/addons';
import { decide, lifecycleAt, ruleGuards, type ActorEvent, type GuardArgsOf } from './lifecycle';

export interface AddOnContext {
  readonly serviceId: string | null;
  readonly description: string | null;
  readonly valueCents: number | null;
}

type Ev<T extends string, P = unknown> = { readonly type: T } & ActorEvent & P;

export type AddOnEvent =
  | Ev<'addon.add', AddOnTerms>
  | Ev<'addon.update', AddOnTerms>
  | Ev<'addon.approve'>
  | Ev<'addon.decline'>
  | Ev<'addon.remove'>;

export type AddOnChartStatus = AddOnStatus | 'new';

export const emptyAddOn: AddOnContext = { serviceId: null, description: null, valueCents: null };

const factsOf = ({ event }: GuardArgsOf<AddOnContext, AddOnEvent>): AddOnFacts => ({
  role: event.actor?.role ?? 'none',
  now: event.now,
  serviceId: 'serviceId' in event ? event.serviceId : undefined,
  description: 'description' in event ? event.description : undefined,
  valueCents: 'valueCents' in event ? event.valueCents : undefined,
});

const guards = ruleGuards(
  {
    isCustomerSide: addOnRules.customerSide,
    isProviderSide: addOnRules.providerSide,
    mayDecide: addOnRules.decider,
    mayRemove: addOnRules.remover,
    described: addOnRules.described,
  },
  factsOf,
);

const remove = { target: 'removed', guard: 'mayRemove' } as const;

export const addOnMachine = setup({
  types: {
    context: {} as AddOnContext,
    events: {} as AddOnEvent,
  },
  guards,
  actions: {
    recordTerms: assign(({ event }) => {
      assertEvent(event, ['addon.add', 'addon.update']);
      return { serviceId: event.serviceId ?? null, description: event.description ?? null, valueCents: event.valueCents ?? null };
    }),
  },
}).createMachine({
  id: 'addon',
  description: 'Add-on on an appointment (bookings §4). Events carry { actor: { role }, now }.',
  initial: 'new',
  context: emptyAddOn,
  states: {
    new: {
      description: 'No record yet.',
      on: {
        'addon.add': [
          { target: 'approved', guard: and(['isCustomerSide', 'described']), actions: 'recordTerms' },
          { target: 'pending', guard: and(['isProviderSide', 'described']), actions: 'recordTerms' },
        ],
      },
    },
    pending: {
      description: "Waiting for the customer's approval.",
      on: {
        'addon.approve': { target: 'approved', guard: 'mayDecide' },
        'addon.decline': { target: 'declined', guard: 'mayDecide' },
        'addon.update': { target: 'pending', guard: and(['isProviderSide', 'described']), actions: 'recordTerms' },
        'addon.remove': remove,
      },
    },
    approved: {
      on: {
        'addon.update': [
          { target: 'approved', guard: and(['isCustomerSide', 'described']), actions: 'recordTerms' },
          {
            target: 'pending',
            guard: and(['isProviderSide', 'described']),
            actions: 'recordTerms',
            description: 'A change by the vendor or organization needs the customer again.',
          },
        ],
        'addon.remove': remove,
      },
    },
    declined: { type: 'final' },
    removed: { type: 'final' },
  },
});

export const addOnAt = (status: AddOnChartStatus, facts: AddOnContext) => lifecycleAt(addOnMachine, status, facts);

export const decideAddOn = (status: string, facts: AddOnContext, event: AddOnEvent) => decide(addOnMachine, status, facts, event);
