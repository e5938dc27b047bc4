import { eq } from 'drizzle-orm';
import { paymentMethods, paymentWebhookEvents } from '../db/schema';
import { verifyStripeWebhook } from '../adapters/payments/stripe';
import { PaymentProviderError } from '../adapters/payments/port';
import { badRequest, notFound } from '../errors';
import { defineOperation, type OperationModule } from './define';

/** The request's raw body, kept by app.ts for the webhook (the signature is over the exact bytes). */
export const WEBHOOK_PATH = '/api/payments/stripe/webhook';

/** The payment provider's own calls: the sandbox card form, and Stripe's webhook. */
export const operations: OperationModule = [
  defineOperation('createSandboxPaymentMethod', {
    // Signed in: the card form shows only on the signed-in payment screens, and strangers should not fill
    // the sandbox's tables.
    access: 'signed-in',
    fullSignIn: true,
    handler: async ({ body, services, reply }) => {
      const sandbox = services.payments.sandbox;
      if (!sandbox) throw notFound('The sandbox is off: payments go through Stripe.');
      try {
        const card = await sandbox.createCardPaymentMethod(body);
        reply.code(201);
        return { id: card.id, brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw badRequest(error.message, error.code);
        throw error;
      }
    },
  }),
  defineOperation('receiveStripeWebhook', {
    access: 'public',
    handler: async ({ request, headers, services, body }) => {
      const secret = services.config.stripeWebhookSecret;
      if (services.payments.provider.name !== 'stripe' || !secret) throw notFound('No Stripe webhook is configured.');
      const raw = (request as { rawBody?: Buffer }).rawBody;
      let event;
      try {
        event = verifyStripeWebhook(raw ?? JSON.stringify(body), headers['stripe-signature'] ?? '', secret);
      } catch {
        throw badRequest('Invalid webhook signature', 'invalid_signature');
      }
      const { db, clock } = services;
      const [fresh] = await db
        .insert(paymentWebhookEvents)
        .values({ eventId: event.id, type: event.type, receivedAt: clock.now() })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return { received: true, duplicate: true };
      if (event.type === 'payment_intent.succeeded') {
        const intent = event.data.object;
        const key = intent.metadata?.idempotency_key;
        const accountId = intent.metadata?.account_id;
        if (key && accountId) {
          await services.charges.recordCharge({
            accountId,
            amount: intent.amount_received || intent.amount,
            currency: 'usd',
            description: intent.description ?? 'Payment',
            reference: intent.metadata?.reference ?? null,
            idempotencyKey: key,
            provider: 'stripe',
            providerPaymentIntentId: intent.id,
            providerPaymentMethodId: typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null),
          });
        }
      } else if (event.type === 'payment_method.detached') {
        await db.delete(paymentMethods).where(eq(paymentMethods.providerPaymentMethodId, event.data.object.id));
      }
      return { received: true };
    },
  }),
];
