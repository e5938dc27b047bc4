/**
 * Demo payments data: customer@ has one saved card, the sandbox's Visa 4242 (default), so a demo charge
 * works at once. It exists at the sandbox (its tables stand in for Stripe) and in the app's view of the
 * customer's cards. Under Stripe (STRIPE_SECRET_KEY set) sandbox cards are not listed.
 */
import type { Db } from './client';
import { paymentCustomers, paymentMethods, sandboxPaymentMethods } from './schema';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const DEMO_CARD = {
  customer: 'cus_sandbox_demo_customer',
  paymentMethod: 'pm_sandbox_demo_customer_visa',
  brand: 'Visa',
  last4: '4242',
  expMonth: 12,
} as const;

export const seedPayments = async (tx: SeedTx, { customerAccountId, cardId }: { customerAccountId: string; cardId: string }, now: Date): Promise<void> => {
  const expYear = now.getUTCFullYear() + 4;
  await tx.insert(paymentCustomers).values({ accountId: customerAccountId, provider: 'sandbox', providerCustomerId: DEMO_CARD.customer, createdAt: now });
  await tx.insert(sandboxPaymentMethods).values({
    id: DEMO_CARD.paymentMethod,
    brand: DEMO_CARD.brand,
    last4: DEMO_CARD.last4,
    expMonth: DEMO_CARD.expMonth,
    expYear,
    behaviour: 'ok',
    customerId: DEMO_CARD.customer,
    createdAt: now,
  });
  await tx.insert(paymentMethods).values({
    id: cardId,
    accountId: customerAccountId,
    provider: 'sandbox',
    providerPaymentMethodId: DEMO_CARD.paymentMethod,
    brand: DEMO_CARD.brand,
    last4: DEMO_CARD.last4,
    expMonth: DEMO_CARD.expMonth,
    expYear,
    isDefault: true,
    createdAt: now,
  });
};
