import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../src/core/model/user';
import {
  canceledVisit,
  completedVisit,
  exceptionVisit,
  laterVisit,
  soonVisit,
  vendorUser,
} from '../../machines/models/appointments.fixtures';
import { customerAccount, multiUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';
import { fakeAppointments } from './fakes';

const customer: UserInfo = { ...multiUser, accounts: [{ id: customerAccount._id, type: 'customer' }], account: { ...customerAccount, settings: { language_preference: 'en' } } };
const customerInSpanish: UserInfo = { ...customer, account: { ...customerAccount, settings: { language_preference: 'es' } } };
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe("the customer's appointment screen", () => {
  it("shows the date and the offered times in the address's zone, named for a browser elsewhere (UTC here)", async () => {
    const chicago = { ...laterVisit, start_time: '2026-12-03T15:00:00.000Z', time_zone: 'America/Chicago' };
    const { machines } = fakeAppointments([chicago]);
    renderApp(`/appointment/${chicago._id}`, { storedToken: 'token-1', user: customer }, { appointments: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' })).toBeTruthy();
    const card = (await screen.findByText('Service')).closest('dl')!;
    expect(within(card).getByText('Thu, Dec 3, 2026 at 9:00 AM CST')).toBeTruthy();
    fireEvent.click(button('Reschedule'));
    fireEvent.change(await screen.findByLabelText('Day'), { target: { value: '2026-12-10' } });
    const slots = await screen.findByRole('list', { name: 'Available times' });
    expect(within(slots).getAllByRole('button').map((b) => b.textContent)).toEqual(['9:00 AM CST', '9:15 AM CST']);
  });

  it('shows the appointment card (service, date, address, access details, home size, vendor, order, price)', async () => {
    const { machines } = fakeAppointments([laterVisit]);
    renderApp(`/appointment/${laterVisit._id}`, { storedToken: 'token-1', user: customer }, { appointments: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' })).toBeTruthy();
    const card = screen.getByText('Service').closest('dl')!;
    expect(within(card).getByText('Lawn mowing · Lawn care')).toBeTruthy();
    expect(within(card).getByText('Thu, Dec 3, 2026 at 3:00 PM')).toBeTruthy();
    expect(within(card).getByText('12 Elm Street, Springfield, IL 62701')).toBeTruthy();
    expect(within(card).getByText('Gate code 1234')).toBeTruthy();
    expect(within(card).getByText('Small')).toBeTruthy();
    expect(within(card).getByText('Vera Vendor')).toBeTruthy();
    expect(within(card).getByText('Subscription visit')).toBeTruthy();
    expect(within(card).getByText('$35.00')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    // A customer is never offered the vendor's actions.
    expect(screen.queryByRole('button', { name: 'Complete visit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rain delay' })).toBeNull();
  });

  it('cancels only after the confirmation, and the card shows Canceled; keeping it changes nothing', async () => {
    const { machines, change } = fakeAppointments([laterVisit]);
    renderApp(`/appointment/${laterVisit._id}`, { storedToken: 'token-1', user: customer }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    fireEvent.click(button('Cancel appointment'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this appointment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(change).not.toHaveBeenCalled();

    fireEvent.click(button('Cancel appointment'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(screen.getByText('Canceled')).toBeTruthy());
    expect(change).toHaveBeenCalledWith({ appointmentId: laterVisit._id, change: { kind: 'cancel' } });
    // Canceled: the chart takes no cancel or reschedule any more, and says why in the spec's words.
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
    expect(screen.getByText('There is nothing to change on this appointment.')).toBeTruthy();
    expect(screen.getByText('Most actions are blocked when the appointment is suspended, deleted, canceled or complete.')).toBeTruthy();
  });

  it('reschedules to a 15-minute slot of the chosen day (the availability call excludes the appointment itself)', async () => {
    const { machines, change, loadSlots } = fakeAppointments([laterVisit]);
    renderApp(`/appointment/${laterVisit._id}`, { storedToken: 'token-1', user: customer }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    fireEvent.click(button('Reschedule'));
    const day = screen.getByLabelText('Day') as HTMLInputElement;
    // The date picker's window: from tomorrow to the end of the month after next.
    expect([day.min, day.max]).toEqual(['2026-11-24', '2027-01-31']);
    fireEvent.change(day, { target: { value: '2026-12-10' } });
    const slots = await screen.findByRole('list', { name: 'Available times' });
    expect(loadSlots).toHaveBeenCalledWith(expect.objectContaining({ day: '2026-12-10', appointment: expect.objectContaining({ _id: laterVisit._id }) }));
    fireEvent.click(within(slots).getByRole('button', { name: '3:15 PM' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith({ appointmentId: laterVisit._id, change: { kind: 'reschedule', startTime: '2026-12-10T15:15:00.000Z' } }));
    expect(await screen.findByText('Thu, Dec 10, 2026 at 3:15 PM')).toBeTruthy();
    expect(screen.queryByLabelText('Day')).toBeNull();
  });

  it('shows an error state when the availability calls answer 501, and stays usable', async () => {
    const { machines, change } = fakeAppointments([laterVisit], {
      slots: () => Promise.reject({ _tag: 'ApiError', status: 501, code: 'not_implemented', message: 'Not implemented yet: getAvailabilityDay' }),
    });
    renderApp(`/appointment/${laterVisit._id}`, { storedToken: 'token-1', user: customer }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    fireEvent.click(button('Reschedule'));
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-12-10' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Available times could not be loaded.');
    fireEvent.click(button('Close'));
    await waitFor(() => expect(screen.queryByLabelText('Day')).toBeNull());
    expect(change).not.toHaveBeenCalled();
    expect(button('Cancel appointment').disabled).toBe(false);
  });

  it("explains a refused reschedule within 7 days in the spec's words, while cancel stays offered", async () => {
    const { machines } = fakeAppointments([soonVisit]);
    renderApp(`/appointment/${soonVisit._id}`, { storedToken: 'token-1', user: customer }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    const reschedule = button('Reschedule');
    expect(reschedule.disabled).toBe(true);
    const reason = document.getElementById(reschedule.getAttribute('aria-describedby')!)!;
    expect(reason.textContent).toBe('Rescheduling is blocked when the start is within 7 days.');
    expect(button('Cancel appointment').disabled).toBe(false);
  });

  it('a completed visit shows the note, the completion and the photos section, and offers nothing to change', async () => {
    const { machines } = fakeAppointments([completedVisit]);
    renderApp(`/appointment/${completedVisit._id}`, { storedToken: 'token-1', user: customer }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    expect(await screen.findByText('Mowed and edged.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Photos of the visit' })).toBeTruthy();
    expect(screen.getByText('No photos were added for this visit.')).toBeTruthy();
    expect(screen.getByText('There is nothing to change on this appointment.')).toBeTruthy();
  });

  it('reloads when a live update of this appointment arrives (the vendor completed it), without leaving the page', async () => {
    const { machines, server } = fakeAppointments([soonVisit]);
    const app = renderApp(`/appointment/${soonVisit._id}`, { storedToken: 'token-1', user: customer }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    expect(await screen.findByText('Confirmed')).toBeTruthy();
    server.update(soonVisit._id, { status: 'complete', note: 'All done, gate closed.' });
    expect(await screen.findByText('All done, gate closed.')).toBeTruthy();
    expect(screen.getByText('Complete')).toBeTruthy();
    expect(app.current()).toBe(`/appointment/${soonVisit._id}`);
  });

  it("says 'The received appointment reference is invalid or does not exist' for an unknown id", async () => {
    const { machines } = fakeAppointments([]);
    renderApp('/appointment/d000000000000000000000ff', { storedToken: 'token-1', user: customer }, { appointments: machines });
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain('The received appointment reference is invalid or does not exist');
  });

  it('speaks Spanish', async () => {
    const { machines } = fakeAppointments([soonVisit]);
    renderApp(`/appointment/${soonVisit._id}`, { storedToken: 'token-1', user: customerInSpanish }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    expect(button('Reprogramar').disabled).toBe(true);
    expect(await screen.findByText('No se puede reprogramar cuando faltan 7 días o menos para el inicio.')).toBeTruthy();
    expect(button('Cancelar la cita').disabled).toBe(false);
  });
});

describe("the vendor's appointment screen", () => {
  it("refuses an exception without a note with 'Note is required!', then sets it with one", async () => {
    const { machines, change } = fakeAppointments([soonVisit]);
    renderApp(`/vendor/appointment/${soonVisit._id}`, { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    // The vendor's actions; the customer's reschedule and cancel are not offered to a vendor.
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
    fireEvent.click(button('Set as exception'));
    expect((await screen.findByRole('alert')).textContent).toBe('Note is required!');
    expect(change).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Note for this visit'), { target: { value: 'Gate locked, nobody home.' } });
    fireEvent.click(button('Set as exception'));
    await waitFor(() => expect(screen.getByText('Exception')).toBeTruthy());
    expect(change).toHaveBeenCalledWith({ appointmentId: soonVisit._id, change: { kind: 'exception', note: 'Gate locked, nobody home.' } });
  });

  it('completes a visit with a note', async () => {
    const { machines, change } = fakeAppointments([soonVisit]);
    renderApp(`/vendor/appointment/${soonVisit._id}`, { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    fireEvent.change(screen.getByLabelText('Note for this visit'), { target: { value: 'Mowed and edged.' } });
    fireEvent.click(button('Complete visit'));
    await waitFor(() => expect(screen.getByText('Complete')).toBeTruthy());
    expect(change).toHaveBeenCalledWith({ appointmentId: soonVisit._id, change: { kind: 'complete', note: 'Mowed and edged.' } });
    expect(screen.getByText('Casey Customer')).toBeTruthy();
  });

  it('moves a visit for rain to a slot of another day', async () => {
    const { machines, change } = fakeAppointments([soonVisit]);
    renderApp(`/vendor/appointment/${soonVisit._id}`, { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    fireEvent.click(button('Rain delay'));
    expect(await screen.findByRole('heading', { name: 'Move the visit to another day' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-27' } });
    fireEvent.click(within(await screen.findByRole('list', { name: 'Available times' })).getByRole('button', { name: '3:00 PM' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith({ appointmentId: soonVisit._id, change: { kind: 'rainDelay', startTime: '2026-11-27T15:00:00.000Z' } }));
  });

  it('offers the next available time first for a rain delay', async () => {
    const next = { start_time: '2026-11-27T16:30:00.000Z', end_time: '2026-11-27T17:15:00.000Z' };
    const { machines, change } = fakeAppointments([soonVisit], { next: async () => ({ next }) });
    renderApp(`/vendor/appointment/${soonVisit._id}`, { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    fireEvent.click(button('Rain delay'));
    const slots = await screen.findByRole('list', { name: 'Available times' });
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('2026-11-27');
    fireEvent.click(within(slots).getByRole('button', { name: '4:30 PM' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith({ appointmentId: soonVisit._id, change: { kind: 'rainDelay', startTime: next.start_time } }));
  });

  it('re-enabling is an organization action: the vendor sees an exception visit without a re-enable button', async () => {
    const { machines } = fakeAppointments([exceptionVisit, canceledVisit]);
    renderApp(`/vendor/appointment/${exceptionVisit._id}`, { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    expect(screen.queryByRole('button', { name: 'Re-enable' })).toBeNull();
    expect(button('Complete visit').disabled).toBe(false);
  });
});
