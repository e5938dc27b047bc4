import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { charge, visa } from '../../machines/models/billing.fixtures';
import { renderApp } from '../session/harness';
import { customer, customerInSpanish, fakeBilling } from './fakes';

describe('/billing', () => {
  it('lists the saved cards and the charges, each charge with its receipt', async () => {
    const { machines } = fakeBilling({ cards: [visa], history: [charge] });
    renderApp('/billing', { storedToken: 'token-1', user: customer }, { billing: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' }, { timeout: 5000 })).toBeTruthy();
    // The heading shows while the cards load; wait for the card itself.
    expect(await screen.findByText('Visa ending in 4242', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Expires 12/30')).toBeTruthy();
    expect(screen.getByText('Default')).toBeTruthy();
    // The default card is not offered as the default again.
    expect(screen.queryByRole('button', { name: /Make Visa ending in 4242 the default/ })).toBeNull();
    expect(await screen.findByText('Lawn mowing — weekly')).toBeTruthy();
    expect(screen.getByText('$38.41')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Receipt of the charge of/ }).getAttribute('href')).toBe(`/billing/past/invoice/${charge._id}`);
  });

  it('checks the sandbox card form before anything is sent, then saves the card as the default', async () => {
    const { machines, addCard } = fakeBilling({ cards: [visa] });
    renderApp('/billing', { storedToken: 'token-1', user: customer }, { billing: machines });
    fireEvent.click(await screen.findByRole('button', { name: 'Add New' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Add a card' });
    fireEvent.change(within(form).getByLabelText(/Card number/), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.change(within(form).getByLabelText(/Expiry/), { target: { value: '12/30' } });
    fireEvent.change(within(form).getByLabelText(/Security code/), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(form).findByText('Your card number is invalid.')).toBeTruthy();
    expect(addCard).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText(/Card number/), { target: { value: '5555 5555 5555 4444' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Mastercard ending in 4444')).toBeTruthy();
    expect(addCard).toHaveBeenCalledWith({ kind: 'details', details: { number: '5555 5555 5555 4444', exp_month: 12, exp_year: 2030, cvc: '123' } });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull());
    // The old card can now be made the default.
    expect(screen.getByRole('button', { name: 'Make Visa ending in 4242 the default card' })).toBeTruthy();
  });

  it('removes a card only after a confirmation', async () => {
    const { machines, changeCard } = fakeBilling({ cards: [visa] });
    renderApp('/billing', { storedToken: 'token-1', user: customer }, { billing: machines });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Visa ending in 4242' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this card?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep card' }));
    expect(changeCard).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('No saved cards')).toBeTruthy();
    expect(changeCard).toHaveBeenCalledWith({ kind: 'remove', id: visa.stripe_src_id });
  });

  it('says when the cards could not be read, and reads them again on Try again', async () => {
    const { machines } = fakeBilling({ cards: [visa], failLoad: true });
    renderApp('/billing', { storedToken: 'token-1', user: customer }, { billing: machines });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Visa ending in 4242', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('with a publishable key, the form is Stripe\'s card field (mounted when the form opens), handed over as it is', async () => {
    const { machines: sandbox, addCard } = fakeBilling({ cards: [visa] });
    const unmount = vi.fn();
    const field = { _tag: 'MountedCardField' as const, unmount };
    const mountCardField = vi.fn(async (container: unknown) => {
      (container as HTMLElement).append(Object.assign(document.createElement('iframe'), { title: 'Secure card payment input frame' }));
      return field;
    });
    renderApp('/billing', { storedToken: 'token-1', user: customer }, { billing: { ...sandbox, provider: 'stripe', mountCardField } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add New' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Add a card' });
    expect(within(form).queryByLabelText(/Card number/)).toBeNull();
    expect(within(form).getByRole('group', { name: 'Card details' })).toBeTruthy();
    await waitFor(() => expect(mountCardField).toHaveBeenCalledTimes(1));
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(addCard).toHaveBeenCalledWith({ kind: 'field', field }));
    // The form closes once the card is saved, and Stripe's field leaves the page with it.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull());
    expect(unmount).toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    const { machines } = fakeBilling({ cards: [visa] });
    renderApp('/billing', { storedToken: 'token-1', user: customerInSpanish }, { billing: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Facturación' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('Visa terminada en 4242')).toBeTruthy();
    expect(screen.getByText('Todavía no hay cargos')).toBeTruthy();
  });
});
