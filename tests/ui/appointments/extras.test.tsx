/**
 * The add-on and home-size pickers of the appointment screen (AddOnsPanel, ApprovalPanel) use the project's Dropdown
 * (an ARIA select-only combobox): reached by keyboard, named by their label, opened with the arrow keys, an option
 * chosen with Enter, and the choice sent to the server through the appointment-extras chart.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Service } from '../../../src/core/model/service';
import { appointmentExtrasMachine, type ExtrasChange } from '../../../src/machines/features/appointment-extras.machine';
import { soonVisit, vendorUser } from '../../machines/models/appointments.fixtures';
import { hedge } from '../../machines/models/shop.fixtures';
import { renderApp } from '../session/harness';
import { fakeAppointments } from './fakes';

const edging = { ...hedge, _id: 'a0000000000000000000000a', name: 'Edging', prices: [{ plan_id: 'addon-edging', label: 'Edging', value: 1500 }] } as unknown as Service;

const withExtras = (catalogue: readonly Service[] = [hedge, edging]) => {
  const { machines } = fakeAppointments([soonVisit]);
  const loadCatalogue = vi.fn(async () => catalogue);
  const changeExtras = vi.fn(async (_: { readonly appointmentId: string; readonly change: ExtrasChange }): Promise<unknown> => ({}));
  const extras = appointmentExtrasMachine.provide({
    actors: {
      loadCatalogue: fromPromise(loadCatalogue),
      changeExtras: fromPromise(({ input }: { input: { readonly appointmentId: string; readonly change: ExtrasChange } }) => changeExtras(input)),
    },
  });
  return { machines: { ...machines, extras }, loadCatalogue, changeExtras };
};

describe('the add-on picker', () => {
  it('loads the catalogue on focus, opens with the arrow key, and adds the add-on chosen with Enter', async () => {
    const user = userEvent.setup();
    const { machines, loadCatalogue, changeExtras } = withExtras();
    renderApp(`/vendor/appointment/${soonVisit._id}`, { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    const picker = await screen.findByRole('combobox', { name: 'Add-on service' });
    expect(picker.textContent).toContain('Select Add-on Service');
    picker.focus();
    await waitFor(() => expect(loadCatalogue).toHaveBeenCalledTimes(1));
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox', { name: 'Add-on service' });
    await waitFor(() => expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Hedge trim · $20.00', 'Edging · $15.00']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    expect(picker.textContent).toContain('Edging · $15.00');
    await user.click(screen.getByRole('button', { name: 'Send to the customer' }));
    await waitFor(() =>
      expect(changeExtras).toHaveBeenCalledWith({ appointmentId: soonVisit._id, change: { kind: 'addCatalogue', serviceId: edging._id, planId: 'addon-edging' } }),
    );
  });

  it('without a choice, says to pick one and sends nothing', async () => {
    const user = userEvent.setup();
    const { machines, changeExtras } = withExtras();
    renderApp(`/vendor/appointment/${soonVisit._id}`, { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    await user.click(await screen.findByRole('button', { name: 'Send to the customer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose an add-on service.');
    expect(changeExtras).not.toHaveBeenCalled();
  });
});

describe('the home-size picker', () => {
  it('offers the other sizes by keyboard and asks for the chosen one with the note', async () => {
    const user = userEvent.setup();
    const { machines, changeExtras } = withExtras();
    renderApp(`/vendor/appointment/${soonVisit._id}`, { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    const picker = await screen.findByRole('combobox', { name: 'New home size' });
    const send = screen.getByRole('button', { name: 'Send request' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    picker.focus();
    await user.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox', { name: 'New home size' });
    // the visit's own size (small) is not offered
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Medium', 'Large']);
    await user.keyboard('{End}{Enter}');
    expect(picker.textContent).toContain('Large');
    await user.type(screen.getByLabelText('Why (shown to the customer)'), 'Bigger than it looks.');
    await user.click(send);
    await waitFor(() =>
      expect(changeExtras).toHaveBeenCalledWith({ appointmentId: soonVisit._id, change: { kind: 'requestHomeSize', homeSize: 'large', note: 'Bigger than it looks.' } }),
    );
  });
});
