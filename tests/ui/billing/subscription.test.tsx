import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activeSubscription, canceledSubscription, pausedSubscription, suspendedSubscription } from '../../machines/models/billing.fixtures';
import { renderApp } from '../session/harness';
import { customer, customerInSpanish, fakeBilling } from './fakes';

const path = `/subscriptions/${activeSubscription._id}`;

describe('/subscriptions/{id}', () => {
  it('shows the new price before a change is confirmed, and changes only on Confirm', async () => {
    const { machines, runCommand } = fakeBilling({ subscription: activeSubscription });
    renderApp(path, { storedToken: 'token-1', user: customer }, { billing: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('$35.00 per visit')).toBeTruthy();
    // Add-ons: the approved and the pending one, with their state.
    expect(screen.getByText('Hedge trimming')).toBeTruthy();
    expect(screen.getByText('Waiting for approval')).toBeTruthy();

    const confirm = screen.getByRole('button', { name: 'Confirm change' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Every two weeks/ }));
    expect(await screen.findByText(/New price: \$40\.00 per visit \(Every two weeks\), \$5\.00 more than today/)).toBeTruthy();
    expect(runCommand).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm change' }));
    await waitFor(() => expect(runCommand).toHaveBeenCalledWith({ kind: 'change', frequency: 'biweek', planId: 'mowing-small-biweek' }));
    expect(await screen.findByText('$40.00 per visit')).toBeTruthy();
  });

  it('cancels only after a confirmation that says billing and future visits stop', async () => {
    const { machines, runCommand } = fakeBilling({ subscription: activeSubscription });
    renderApp(path, { storedToken: 'token-1', user: customer }, { billing: machines });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this subscription?' });
    expect(within(dialog).getByText(/stops billing and cancels all future visits/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(runCommand).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(runCommand).toHaveBeenCalledWith({ kind: 'cancel' }));
    // Canceled: nothing more is offered, and the screen says why.
    expect(await screen.findByText(/A canceled subscription takes no further action/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause subscription' })).toBeNull();
  });

  it('unpauses a paused subscription with the before-schedule choice', async () => {
    const { machines, runCommand } = fakeBilling({ subscription: pausedSubscription });
    renderApp(path, { storedToken: 'token-1', user: customer }, { billing: machines });
    expect(await screen.findByText(/Paused since/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause subscription' })).toBeNull();
    expect(screen.getByText('It is paused already: unpause it first.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unpause subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpause this subscription' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Before the schedule/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpause' }));
    await waitFor(() => expect(runCommand).toHaveBeenCalledWith({ kind: 'unpause', beforeSchedule: true }));
  });

  it('a suspended subscription says why and offers to update the card', async () => {
    const { machines } = fakeBilling({ subscription: suspendedSubscription });
    renderApp(path, { storedToken: 'token-1', user: customer }, { billing: machines });
    expect(await screen.findByText(/suspended because the last charge to your card failed/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update your card' }).getAttribute('href')).toBe('/billing');
    expect(screen.queryByRole('button', { name: 'Pause subscription' })).toBeNull();
    expect(screen.getByText(/A suspended subscription cannot be paused/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
  });

  it('a canceled subscription offers nothing and, in Spanish, says why', async () => {
    const { machines } = fakeBilling({ subscription: canceledSubscription });
    renderApp(path, { storedToken: 'token-1', user: customerInSpanish }, { billing: machines });
    expect(await screen.findByText(/Una suscripción cancelada no admite más acciones/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar suscripción' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('an unknown subscription is an error with Try again', async () => {
    const { machines } = fakeBilling({});
    renderApp(path, { storedToken: 'token-1', user: customer }, { billing: machines });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
