import { subscriptionMachine } from '../../src/machines/lifecycles/subscription.machine';
import { chartAccess } from '../services/transitions';
import { defineOperation, type OperationModule } from './define';

/** Who reads subscriptions; the service narrows it to the caller's own (customer, vendor, organization). */
const READERS = ['super', 'admin', 'customer', 'vendor', 'organization'] as const;

/** The roles the subscription chart lets send an event: the access of the operation that sends it. */
const senders = (event: string) => chartAccess(subscriptionMachine, event);

/**
 * Subscriptions. Every change is an event of the subscription chart (server/services/transitions.ts);
 * cancel, suspend and restore carry on to the future appointments through the appointment chart. Creating
 * a subscription (createSubscription) is checkout (server/services/checkout.ts): it takes the first charge with
 * the request's Idempotency-Key and answers 201.
 */
export const operations: OperationModule = [
  defineOperation('createSubscription', {
    access: senders('subscription.create'),
    fullSignIn: true,
    handler: async ({ auth, body, headers, services, reply, requestId }) => {
      const result = await services.checkout.createSubscription(auth, body, headers['idempotency-key'] ?? '', requestId);
      reply.code(201);
      return result;
    },
  }),
  defineOperation('listSubscriptions', {
    access: READERS,
    handler: async ({ auth, query, services }) => services.subscriptions.list(auth, query),
  }),
  defineOperation('getSubscription', {
    access: READERS,
    handler: async ({ auth, params, query, services }) => services.subscriptions.get(auth, params.id, query.customer_id),
  }),
  defineOperation('updateSubscription', {
    access: senders('subscription.update'),
    handler: async ({ auth, body, services, requestId }) => services.subscriptions.update(auth, body, requestId),
  }),
  defineOperation('cancelSubscription', {
    access: senders('subscription.cancel'),
    handler: async ({ auth, body, services, requestId }) => services.subscriptions.cancel(auth, body.subscription_id, body.note, requestId),
  }),
  defineOperation('pauseSubscription', {
    access: senders('subscription.pause'),
    handler: async ({ auth, body, services, requestId }) => services.subscriptions.pause(auth, body.orderId, requestId),
  }),
  defineOperation('unpauseSubscription', {
    access: senders('subscription.unpause'),
    handler: async ({ auth, body, services, requestId }) =>
      services.subscriptions.unpause(auth, body.orderId, body.beforeSchedule ?? false, requestId),
  }),
  defineOperation('suspendSubscription', {
    access: senders('subscription.suspend'),
    handler: async ({ auth, body, services, requestId }) => services.subscriptions.suspend(auth, body.orderId, requestId),
  }),
  defineOperation('restoreSubscription', {
    access: senders('subscription.restore'),
    handler: async ({ auth, body, services, requestId }) => services.subscriptions.restore(auth, body.orderId, requestId),
  }),
];
