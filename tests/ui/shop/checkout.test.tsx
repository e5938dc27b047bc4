/** The shop screens over the real checkout chart with fake ports: the cart's coupon, the order's decline and success, Spanish. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shopMachines } from '../../../src/machines/features/shop-actors';
import { fakePorts, type Outcome } from '../../machines/shop-ports';
import { MOWING_ID } from '../../machines/models/shop.fixtures';
import { customerAccount, multiUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';

const customer = (language: 'en' | 'es' = 'en') => ({
  ...multiUser,
  accounts: [{ id: customerAccount._id, type: 'customer' as const }],
  account: { ...customerAccount, meta: { ...customerAccount.meta, initialSetup: true }, settings: { language_preference: language } },
});
const complete = { service_id: MOWING_ID, home_size: 'medium', frequency: 'biweek', start_time: '2026-12-01T15:00:00.000Z' };

const shopOver = (opts: { charges?: Outcome[]; stored?: Record<string, string>; slots?: { start_time: string; end_time: string }[] } = {}) => {
  const fake = fakePorts({ stored: opts.stored ?? complete, charges: opts.charges, slots: opts.slots });
  return { fake, shop: shopMachines(fake.ports) };
};

describe('the cart', () => {
  it('shows the lines with tax by postal code; a coupon changes the total; an unknown one says so', async () => {
    const { shop } = shopOver();
    renderApp('/cart', { storedToken: 'token-1', user: customer() }, { shop });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeTruthy();
    const total = () => screen.getByRole('row', { name: /^Total/ }).textContent;
    expect(total()).toContain('$54.13');
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'SAVE10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(total()).toContain('$48.71'));
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid coupon code')).toBeTruthy();
    await waitFor(() => expect(total()).toContain('$54.13'));
  });

  it('without a complete quote, says so and links back', async () => {
    const { shop } = shopOver({ stored: { service_id: MOWING_ID } });
    renderApp('/cart', { storedToken: 'token-1', user: customer() }, { shop });
    expect(await screen.findByText('Your quote is not complete')).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    const { shop } = shopOver();
    renderApp('/cart', { storedToken: 'token-1', user: customer('es') }, { shop });
    expect(await screen.findByRole('heading', { level: 1, name: 'Su carrito' })).toBeTruthy();
  });
});

describe('the order', () => {
  it('a declined saved card shows the decline in plain words and stays; the next attempt succeeds and opens the order', async () => {
    const { shop, fake } = shopOver({ charges: ['declined', 'created'] });
    const app = renderApp('/order', { storedToken: 'token-1', user: customer() }, { shop });
    const pay = await screen.findByRole('button', { name: /^Pay/ });
    fireEvent.click(pay);
    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    expect(app.current()).toBe('/order');
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(app.current()).toBe('/order-success/e00000000000000000000001'));
    expect(fake.calls.map((c) => c.key)).toEqual(['key-1', 'key-2']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Add to calendar (.ics)' })).getAttribute('download')).toMatch(/\.ics$/);
  });

  it('"Add New" with the sandbox form refuses a bad number before sending anything', async () => {
    const { shop, fake } = shopOver();
    renderApp('/order', { storedToken: 'token-1', user: customer() }, { shop });
    await screen.findByRole('button', { name: /^Pay/ });
    fireEvent.click(screen.getByRole('combobox', { name: 'Card' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Add New' }));
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your card number is invalid.');
    expect(fake.calls).toEqual([]);
  });
});

describe('the quote', () => {
  it('pre-selects the home size from the default address, marks the lowest price and offers to switch and save', async () => {
    const { shop } = shopOver({ stored: {} });
    renderApp(`/services/${MOWING_ID}?quote_set_frequency=month`, { storedToken: 'token-1', user: customer() }, { shop });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' })).toBeTruthy();
    expect((await screen.findByRole('radio', { name: 'Medium' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /^Monthly/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Lowest price!')).toBeTruthy();
    expect(screen.getAllByText(/^Weekly costs \$(5|20)\.00 less per visit$/)).toHaveLength(2);
    expect(screen.getByText('$15.00 less per visit than your choice')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /^Weekly/ }));
    const switches = await screen.findAllByRole('button', { name: /^Switch to/ });
    expect(switches.map((b) => b.textContent)).toEqual(['Switch to monthly and save $130.00', 'Switch to biweekly and save $86.67']);
    expect((screen.getByRole('button', { name: 'Continue to cart' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('start times that cannot be loaded show an error with a way to try again', async () => {
    const { shop } = shopOver({ stored: {} });
    renderApp(`/services/${MOWING_ID}`, { storedToken: 'token-1', user: customer() }, { shop });
    const day = (await screen.findByLabelText('Day of the first visit')) as HTMLInputElement;
    fireEvent.change(day, { target: { value: day.min } });
    expect((await screen.findByRole('alert')).textContent).toContain('The start times could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
