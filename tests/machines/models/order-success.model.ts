/** The order success chart's model: the order loads (with or without its first visit) or fails and is retried. */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { orderSuccessMachine } from '../../../src/machines/features/order-success.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, fail, initialSnapshot } from './session.model';
import { firstVisit, networkError, order, ORDER_ID } from './shop.fixtures';

export function orderSuccessEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('loadOrder', { order, visit: firstVisit }), done('loadOrder', { order, visit: null }), fail('loadOrder', networkError)];
  if (s.matches('failed')) return [{ type: 'order.retry' }];
  return [];
}

export const model: ChartModel = {
  machine: orderSuccessMachine,
  events: orderSuccessEvents,
  starts: () => [initialSnapshot(orderSuccessMachine, { orderId: ORDER_ID })],
};
