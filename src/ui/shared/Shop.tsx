import { createContext, use, useContext } from 'react';
import type { ReactNode } from 'react';
import type { ShopMachines } from '../../machines/features/shop-actors';

/**
 * The shop's per-screen charts (checkout, order success) with their real actors, as the composition root
 * builds them (`shopMachines(ports)` in src/machines/features/shop-actors.ts). The root passes a loader, so
 * the charts, their actors and the payments adapter travel in a lazy chunk only the shop screens wait for.
 */
export type ShopSource = ShopMachines | (() => Promise<ShopMachines>);

const ShopContext = createContext<ShopSource | null>(null);
const loaded = new WeakMap<() => Promise<ShopMachines>, Promise<ShopMachines>>();

export function ShopProvider({ value, children }: { value: ShopSource; children: ReactNode }) {
  return <ShopContext.Provider value={value}>{children}</ShopContext.Provider>;
}

/** The shop's charts; a screen suspends (its lazy-screen loading state) while the loader fetches them. */
export function useShopMachines(): ShopMachines {
  const source = useContext(ShopContext);
  if (!source) throw new Error('useShopMachines: wrap the app in <ShopProvider> (src/main.tsx)');
  if (typeof source !== 'function') return source;
  let promise = loaded.get(source);
  if (!promise) {
    promise = source();
    loaded.set(source, promise);
  }
  return use(promise);
}
