import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { BillingHistoryEntry, BillingSource } from '../../core/model/billing';
import type { AccountId } from '../../core/model/ids';
import type { CardInput } from '../../core/ports/payments';
import { cardsInOrder } from '../../core/rules/billing';
import { specRule } from '../../core/rules/spec-rule';
import { errorOf, failureOf, notProvided, withRule, type FlowMessage } from '../flows/auth-flow-support';

/**
 * The customer's cards and charges (issue 8 "/billing"): created by the billing screen with the customer id.
 *
 * - `loading` (tag `loading`) reads the cards and the charge history; a failure is `failed` (tag `error`) until
 *   `billing.retry`.
 * - `ready.idle` (tag `ready`) accepts `billing.addCard {card}` (the card form's details, or Stripe's mounted
 *   field: the payments port makes a payment method and the server saves it as the default), `billing.remove {id}`
 *   for a listed card, and `billing.makeDefault {id}` for a listed card that is not the default. One command at a
 *   time (`ready.adding`, `ready.changing`, tag `changing`); each answer replaces the cards.
 * - A refused card (declined, invalid number) stays in the form as `addError`; a refused change (the last card of
 *   a customer with a live subscription) emits `notify` with the server's message and reads the cards again.
 */

export interface BillingInput {
  readonly customerId: AccountId;
}

export interface BillingContext {
  readonly customerId: AccountId;
  readonly cards: readonly BillingSource[];
  readonly history: readonly BillingHistoryEntry[];
  readonly error: FlowMessage | null;
  readonly addError: FlowMessage | null;
}

export type BillingEvent =
  | { readonly type: 'billing.addCard'; readonly card: CardInput }
  | { readonly type: 'billing.remove'; readonly id: string }
  | { readonly type: 'billing.makeDefault'; readonly id: string }
  | { readonly type: 'billing.clearAddError' }
  | { readonly type: 'billing.retry' };

export type BillingEmitted =
  | { readonly type: 'notify'; readonly kind: 'error' | 'success'; readonly code: string; readonly message: string }
  | { readonly type: 'cardAdded' };

export interface BillingLoad {
  readonly cards: readonly BillingSource[];
  readonly history: readonly BillingHistoryEntry[];
}

export type CardChange = { readonly kind: 'remove' | 'default'; readonly id: string };

export const billingRules = {
  listed: specRule<{ readonly cards: readonly BillingSource[]; readonly id: string }>({
    id: 'billing.listedCard',
    spec: 'Remove or make default: a card of the customer\'s list (billing source, bookings §3).',
    source: 'issue 8',
    test: ({ cards, id }) => cards.some((c) => c.stripe_src_id === id),
  }),
  notDefault: specRule<{ readonly cards: readonly BillingSource[]; readonly id: string }>({
    id: 'billing.notDefault',
    spec: 'Make default: a listed card that is not the default already.',
    source: 'issue 8',
    test: ({ cards, id }) => cards.some((c) => c.stripe_src_id === id && c.is_default !== true),
  }),
} as const;

const outputOf = <T>({ event }: { readonly event: { readonly output: T } }): T => event.output;
type Args = { readonly context: BillingContext; readonly event: BillingEvent };
const idOf = (event: BillingEvent): string => ('id' in event ? event.id : '');

export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
    emitted: {} as BillingEmitted,
    input: {} as BillingInput,
  },
  actors: {
    /** GET customer/{id}/billing/list and customer/{id}/billing/history. */
    loadBilling: fromPromise<BillingLoad, { readonly customerId: AccountId }>(notProvided('loadBilling')),
    /** The payments port's payment method from the card, then POST customer/{id}/billing/update: the cards after. */
    addCard: fromPromise<readonly BillingSource[], { readonly customerId: AccountId; readonly card: CardInput }>(notProvided('addCard')),
    /** PUT customer/{id}/billing/remove or /default: the cards after. */
    changeCard: fromPromise<readonly BillingSource[], { readonly customerId: AccountId; readonly change: CardChange }>(notProvided('changeCard')),
  },
  guards: {
    isListed: withRule(billingRules.listed, ({ context, event }: Args) => billingRules.listed.test({ cards: context.cards, id: idOf(event) })),
    isNotDefault: withRule(billingRules.notDefault, ({ context, event }: Args) => billingRules.notDefault.test({ cards: context.cards, id: idOf(event) })),
  },
  actions: {
    takeLoad: assign((_, load: BillingLoad) => ({ cards: cardsInOrder(load.cards), history: load.history, error: null })),
    takeCards: assign((_, cards: readonly BillingSource[]) => ({ cards: cardsInOrder(cards) })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error) })),
    addFailed: assign((_, error: unknown) => ({ addError: failureOf(error) })),
    clearAddError: assign({ addError: null }),
    notifyAdded: emit(() => ({ type: 'cardAdded' as const })),
    notifyRefused: emit((_, error: unknown) => {
      const failure = failureOf(error);
      return { type: 'notify' as const, kind: 'error' as const, code: failure.code ?? 'error', message: failure.message };
    }),
  },
}).createMachine({
  id: 'billing',
  description: "The customer's cards (add through the payments port, remove, make default) and charge history.",
  context: ({ input }) => ({ customerId: input.customerId, cards: [], history: [], error: null, addError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadBilling',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: { target: 'ready', actions: { type: 'takeLoad', params: outputOf } },
        onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'billing.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'billing.addCard': { target: 'adding', actions: 'clearAddError' },
            'billing.remove': { guard: 'isListed', target: 'changing' },
            'billing.makeDefault': { guard: 'isNotDefault', target: 'changing' },
            'billing.clearAddError': { actions: 'clearAddError' },
          },
        },
        adding: {
          tags: ['changing', 'adding'],
          invoke: {
            id: 'addCard',
            src: 'addCard',
            input: ({ context, event }) => ({ customerId: context.customerId, card: (event as Extract<BillingEvent, { type: 'billing.addCard' }>).card }),
            onDone: { target: 'idle', actions: [{ type: 'takeCards', params: outputOf }, 'notifyAdded'] },
            onError: { target: 'idle', actions: { type: 'addFailed', params: errorOf } },
          },
        },
        changing: {
          tags: ['changing'],
          invoke: {
            id: 'changeCard',
            src: 'changeCard',
            input: ({ context, event }) => ({
              customerId: context.customerId,
              change: { kind: event.type === 'billing.remove' ? ('remove' as const) : ('default' as const), id: idOf(event) },
            }),
            onDone: { target: 'idle', actions: { type: 'takeCards', params: outputOf } },
            onError: { target: 'refreshing', actions: { type: 'notifyRefused', params: errorOf } },
          },
        },
        refreshing: {
          tags: ['changing'],
          invoke: {
            id: 'refresh',
            src: 'loadBilling',
            input: ({ context }) => ({ customerId: context.customerId }),
            onDone: { target: 'idle', actions: { type: 'takeLoad', params: outputOf } },
            onError: 'idle',
          },
        },
      },
    },
  },
});

// ── selectors ──

export type BillingActor = ActorRefFrom<typeof billingMachine>;
export type BillingSnapshot = SnapshotFrom<typeof billingMachine>;

export const selectBillingMode = (s: BillingSnapshot): 'loading' | 'error' | 'ready' => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready');
export const selectCards = (s: BillingSnapshot): readonly BillingSource[] => s.context.cards;
export const selectHistory = (s: BillingSnapshot): readonly BillingHistoryEntry[] => s.context.history;
export const selectBillingError = (s: BillingSnapshot): FlowMessage | null => s.context.error;
export const selectAddError = (s: BillingSnapshot): FlowMessage | null => s.context.addError;
export const selectBillingBusy = (s: BillingSnapshot): boolean => s.hasTag('changing');
export const selectAdding = (s: BillingSnapshot): boolean => s.hasTag('adding');
/** Card ids the chart accepts `billing.remove` for now. */
export const selectRemovable = (s: BillingSnapshot): readonly string[] =>
  s.context.cards.filter((c) => s.can({ type: 'billing.remove', id: c.stripe_src_id })).map((c) => c.stripe_src_id);
/** Card ids the chart accepts `billing.makeDefault` for now. */
export const selectDefaultable = (s: BillingSnapshot): readonly string[] =>
  s.context.cards.filter((c) => s.can({ type: 'billing.makeDefault', id: c.stripe_src_id })).map((c) => c.stripe_src_id);
export const selectCanAddCard = (s: BillingSnapshot): boolean => s.can({ type: 'billing.addCard', card: { kind: 'details', details: { number: '', exp_month: 1, exp_year: 2000, cvc: '' } } });
