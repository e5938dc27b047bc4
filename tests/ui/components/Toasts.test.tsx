import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_TIMEOUT_MS } from '../../../src/core/rules/constants';
import { createToastStore } from '../../../src/ui/components/Toasts/toastStore';
import type { ToastStore } from '../../../src/ui/components/Toasts/toastStore';
import { ToastProvider, ToastRegion } from '../../../src/ui/components/Toasts/Toasts';
import { useToasts } from '../../../src/ui/components/Toasts/useToasts';
import { renderUi } from '../render';

function ShowButton() {
  const { show } = useToasts();
  return (
    <button type="button" onClick={() => show({ kind: 'success', message: { id: 'error.code.password_updated' } })}>
      Save
    </button>
  );
}

const region = () => screen.getByRole('region');

describe('Toasts', () => {
  let store: ToastStore;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createToastStore();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const renderRegion = (locale: 'en' | 'es' = 'en') =>
    renderUi(
      <ToastProvider store={store}>
        <ShowButton />
        <ToastRegion />
      </ToastProvider>,
      { locale },
    );

  it('are announced through a polite live region that is always present', () => {
    renderRegion();
    expect(screen.getByRole('region', { name: 'Status messages' })).toBe(region());
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().children).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(region()).getByText('Password updated!')).toBeTruthy();
  });

  it('translate server errors by code and fall back to the server message', () => {
    renderRegion('es');
    act(() => {
      store.show({ kind: 'error', message: { error: { code: 'switch_account_failed', message: 'Unable to switch account' } } });
      store.show({ kind: 'error', message: { error: { code: 'unknown', message: 'Server says no' } } });
    });
    expect(within(region()).getByText('No se pudo cambiar de cuenta')).toBeTruthy();
    expect(within(region()).getByText('Server says no')).toBeTruthy();
  });

  it('close when clicked', () => {
    renderRegion();
    act(() => {
      store.show({ message: { text: 'Hello' } });
    });
    fireEvent.click(within(region()).getByRole('button', { name: /Hello/ }));
    expect(within(region()).queryByText('Hello')).toBeNull();
  });

  it('vanish after 5 seconds', () => {
    renderRegion();
    act(() => {
      store.show({ message: { text: 'Saved' } });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1);
    });
    expect(within(region()).getByText('Saved')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(region()).queryByText('Saved')).toBeNull();
    expect(TOAST_TIMEOUT_MS).toBe(5000);
  });

  it('keep a toast with timeout 0 until it is clicked', () => {
    renderRegion();
    act(() => {
      store.show({ message: { text: 'Sticky' }, timeoutMs: 0 });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(within(region()).getByText('Sticky')).toBeTruthy();
  });
});
