/**
 * Part of the composition root (src/main.tsx), loaded with the first shop screen: the payments adapter
 * (Stripe Elements when a publishable key is configured, the sandbox card form otherwise) and the shop's
 * charts with their real actors.
 */
import { checkoutApi } from './adapters/http/checkout';
import { createHttpClient, type TokenSource } from './adapters/http/client';
import { createPayments } from './adapters/payments/choose';
import { shopMachines, type ShopPorts } from './machines/features/shop-actors';

export const buildShop = (ports: Omit<ShopPorts, 'payments' | 'newKey' | 'checkout'> & { readonly token: TokenSource; readonly appVersion: string; readonly publishableKey?: string | undefined; readonly onUnauthorized?: () => void }) => {
  const http = createHttpClient({ token: ports.token, appVersion: ports.appVersion, ...(ports.onUnauthorized ? { onUnauthorized: ports.onUnauthorized } : {}) });
  return shopMachines({
    api: ports.api,
    checkout: checkoutApi(http),
    storage: ports.storage,
    clock: ports.clock,
    payments: createPayments({ http, publishableKey: ports.publishableKey }),
    newKey: () => crypto.randomUUID(),
  });
};
