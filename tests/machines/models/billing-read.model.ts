/** The read-only billing screens' chart: a read answers something, nothing, or fails; retry reads again. */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { billingReadMachine } from '../../../src/machines/features/billing-read.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { activeSubscription, BILLING_CUSTOMER, charge } from './billing.fixtures';
import { done, fail, initialSnapshot } from './session.model';

const notImplemented = { _tag: 'ApiError', status: 501, message: 'Not implemented yet: listSubscriptionInvoices', code: 'not_implemented' };

export function readEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading'))
    return [
      done('read', { kind: 'subscriptions', items: [activeSubscription] }),
      done('read', { kind: 'subscriptions', items: [] }),
      done('read', { kind: 'receipt', receipt: { kind: 'charge', charge } }),
      fail('read', notImplemented),
    ];
  return [{ type: 'read.retry' }];
}

export const model: ChartModel = {
  machine: billingReadMachine,
  events: readEvents,
  starts: () => [initialSnapshot(billingReadMachine, { request: { kind: 'subscriptions', customerId: BILLING_CUSTOMER } })],
};
