import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Appointment } from '../../core/model/appointment';
import type { Order } from '../../core/model/service';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * /order-success/{id} (issue 8): what was bought (GET services/order/{id}) and its first visit (the order's
 * first appointment), which the view offers as an .ics file. A failed load shows an error with Retry.
 */

export interface OrderSuccessInput {
  readonly orderId: string;
}
export interface OrderSuccessLoad {
  readonly order: Order;
  /** The first visit; null when the order has none yet (or it could not be read). */
  readonly visit: Appointment | null;
}
export interface OrderSuccessContext extends OrderSuccessInput {
  readonly order: Order | null;
  readonly visit: Appointment | null;
  readonly error: FlowMessage | null;
}
export type OrderSuccessEvent = { readonly type: 'order.retry' };

export const orderSuccessMachine = setup({
  types: { context: {} as OrderSuccessContext, events: {} as OrderSuccessEvent, input: {} as OrderSuccessInput },
  actors: {
    loadOrder: fromPromise<OrderSuccessLoad, OrderSuccessInput>(notProvided('loadOrder')),
  },
  actions: {
    keep: assign((_, load: OrderSuccessLoad) => ({ order: load.order, visit: load.visit, error: null })),
    showError: assign((_, error: unknown) => ({ error: failureOf(error) })),
  },
}).createMachine({
  id: 'orderSuccess',
  description: 'The order just paid for, and its first visit.',
  context: ({ input }) => ({ orderId: input.orderId, order: null, visit: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: errorOf } },
      },
    },
    ready: { tags: ['ready'] },
    failed: { tags: ['error'], on: { 'order.retry': 'loading' } },
  },
});

export type OrderSuccessSnapshot = SnapshotFrom<typeof orderSuccessMachine>;
export const selectOrderMode = (s: OrderSuccessSnapshot): 'loading' | 'ready' | 'error' => (s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : 'ready');
