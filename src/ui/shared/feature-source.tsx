import { createContext, use, useContext } from 'react';
import type { ReactNode } from 'react';

/**
 * A feature's per-screen charts (with their real actors), or a loader of them. The composition root passes a
 * loader, so the charts, their actors and their adapters travel in a lazy chunk that only the feature's screens
 * wait for (the first paint of /login stays small; tools/budgets.ts). Tests pass the charts themselves.
 */
export type FeatureSource<T> = T | (() => Promise<T>);

/**
 * One provider and one hook per feature (help desk, appointments, billing, shop, vendor calendar): the hook
 * answers the charts, and a screen suspends (its lazy-screen loading state) while the loader runs — once, on the
 * first screen that asks.
 */
export function featureSource<T extends object>(names: { readonly hook: string; readonly provider: string }) {
  const Context = createContext<FeatureSource<T> | null>(null);
  const loaded = new WeakMap<() => Promise<T>, Promise<T>>();

  function Provider({ value, children }: { value: FeatureSource<T>; children: ReactNode }) {
    return <Context.Provider value={value}>{children}</Context.Provider>;
  }

  function useMachines(): T {
    const source = useContext(Context);
    if (!source) throw new Error(`${names.hook}: wrap the app in <${names.provider}> (src/main.tsx)`);
    if (typeof source !== 'function') return source;
    let promise = loaded.get(source);
    if (!promise) {
      promise = source();
      loaded.set(source, promise);
    }
    return use(promise);
  }

  return { Provider, useMachines };
}
