import type { ShopMachines } from '../../machines/features/shop-actors';
import { featureSource, type FeatureSource } from './feature-source';

/** The charts, or a loader of them (src/ui/shared/feature-source.tsx). */
export type ShopSource = FeatureSource<ShopMachines>;

const source = featureSource<ShopMachines>({ hook: 'useShopMachines', provider: 'ShopProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const ShopProvider = source.Provider;
/** The feature's charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export const useShopMachines = source.useMachines;
