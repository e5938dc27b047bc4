import { createContext, useContext, useSyncExternalStore } from 'react';
import { createToastStore } from './toastStore';
import type { ShowToast, Toast, ToastStore } from './toastStore';

/** The app-wide store; the composition root may provide its own through ToastContext. */
export const defaultToastStore: ToastStore = createToastStore();

export const ToastContext = createContext<ToastStore>(defaultToastStore);

export interface UseToasts {
  toasts: readonly Toast[];
  show: (toast: ShowToast) => number;
  dismiss: (key: number) => void;
}

export function useToasts(): UseToasts {
  const store = useContext(ToastContext);
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { toasts, show: store.show, dismiss: store.dismiss };
}
