import { TOAST_TIMEOUT_MS } from '../../../core/rules/constants';

/**
 * A tiny external store of toasts (accounts §9: top-centre, 5 s, closes on click). The composition
 * root can feed it from chart notifications; views use `useToasts()`.
 */
export type ToastKind = 'info' | 'success' | 'warning' | 'error';

/** What a toast says: a message id (translated), a server error (translated by code), or ready text. */
export type ToastMessage =
  | { id: string; values?: Record<string, string | number> }
  | { error: { message?: string; code?: string } }
  | { text: string };

export interface Toast {
  key: number;
  kind: ToastKind;
  message: ToastMessage;
}

export interface ShowToast {
  kind?: ToastKind;
  message: ToastMessage;
  /** Override of the 5 s timeout; 0 keeps the toast until it is clicked. */
  timeoutMs?: number;
}

export interface ToastStore {
  show(toast: ShowToast): number;
  dismiss(key: number): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Toast[];
}


export function createToastStore(options: { timeoutMs?: number } = {}): ToastStore {
  const timeoutMs = options.timeoutMs ?? TOAST_TIMEOUT_MS;
  let toasts: readonly Toast[] = [];
  let nextKey = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const dismiss = (key: number) => {
    const timer = timers.get(key);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(key);
    if (!toasts.some((toast) => toast.key === key)) return;
    toasts = toasts.filter((toast) => toast.key !== key);
    emit();
  };

  return {
    show({ kind = 'info', message, timeoutMs: own }) {
      const key = nextKey++;
      toasts = [...toasts, { key, kind, message }];
      const wait = own ?? timeoutMs;
      if (wait > 0) timers.set(key, setTimeout(() => dismiss(key), wait));
      emit();
      return key;
    },
    dismiss,
    clear() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      toasts = [];
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
  };
}
