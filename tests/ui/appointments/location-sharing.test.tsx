import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../../src/core/model/appointment';
import { laterVisit, todayVisit, vendorUser } from '../../machines/models/appointments.fixtures';
import { renderApp } from '../session/harness';
import { fakeAppointments, ORGANIZATION_ID, organizationUser } from './fakes';

// "Now" is 2026-11-23 12:00 UTC: this visit starts in 10 minutes (under way: from 30 minutes before its start).
const underWay: Appointment = { ...todayVisit, start_time: '2026-11-23T12:10:00.000Z' };
const vendorInSpanish = { ...vendorUser, account: vendorUser.account ? { ...vendorUser.account, settings: { ...vendorUser.account.settings, language_preference: 'es' as const } } : null };
const share = () => screen.findByRole('switch', { name: 'Share my location while working' });

describe('share my location while working (/vendor)', () => {
  it('asks the browser on turning it on, then sends the position for the visit under way, each period', async () => {
    const { machines, readPosition, pings, tick } = fakeAppointments([underWay]);
    renderApp('/vendor', { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('region', { name: "Today's route" });
    const control = (await share()) as HTMLInputElement;
    expect(control.checked).toBe(false);
    expect(readPosition).not.toHaveBeenCalled();
    fireEvent.click(control);
    await waitFor(() => expect(pings).toHaveBeenCalledWith({ position: { lat: 39.7817, lng: -89.6501, accuracy: 10 }, appointmentId: underWay._id }));
    expect(await screen.findByText('On: your position is sent every minute while this visit is under way.')).toBeTruthy();
    expect(await screen.findByText(/^Last sent at/)).toBeTruthy();
    tick();
    await waitFor(() => expect(pings).toHaveBeenCalledTimes(2));
    fireEvent.click(control);
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false));
    tick();
    expect(pings).toHaveBeenCalledTimes(2);
  });

  it('sends nothing while no visit is under way, and says so', async () => {
    const { machines, pings, tick } = fakeAppointments([todayVisit]);
    renderApp('/vendor', { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('region', { name: "Today's route" });
    fireEvent.click(await share());
    expect(await screen.findByText(/no visit is under way now/)).toBeTruthy();
    tick();
    await new Promise((r) => setTimeout(r, 50));
    expect(pings).not.toHaveBeenCalled();
  });

  it('says clearly when the permission is denied, and when the device cannot tell', async () => {
    const { machines, pings } = fakeAppointments([underWay], { position: () => Promise.reject({ _tag: 'GeoFailure', reason: 'denied' }) });
    renderApp('/vendor', { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('region', { name: "Today's route" });
    fireEvent.click(await share());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Location permission was denied.');
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(pings).not.toHaveBeenCalled();
  });

  it('the device without a position: unavailable', async () => {
    const { machines } = fakeAppointments([underWay], { position: () => Promise.reject({ _tag: 'GeoFailure', reason: 'unavailable' }) });
    renderApp('/vendor', { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    await screen.findByRole('region', { name: "Today's route" });
    fireEvent.click(await share());
    expect((await screen.findByRole('alert')).textContent).toContain('Your device cannot tell its location right now');
  });

  it('speaks Spanish', async () => {
    const { machines } = fakeAppointments([underWay]);
    renderApp('/vendor', { storedToken: 'token-1', user: vendorInSpanish }, { appointments: machines });
    expect(await screen.findByRole('switch', { name: 'Compartir mi ubicación mientras trabajo' })).toBeTruthy();
  });
});

describe("the vendor's last known position on the organization's appointment page", () => {
  it('shows the coordinates, accuracy and time, with a map link', async () => {
    const visit: Appointment = {
      ...laterVisit,
      organization_id: ORGANIZATION_ID,
      vendor_location: { lat: 39.78171, lng: -89.65012, accuracy: 12.4, at: '2026-11-23T11:58:00.000Z' },
    };
    const { machines } = fakeAppointments([visit]);
    renderApp(`/organization/appointment/${visit._id}`, { storedToken: 'token-1', user: organizationUser() }, { appointments: machines });
    const label = await screen.findByText("Vendor's last known position");
    const value = label.nextElementSibling as HTMLElement;
    expect(value.textContent).toContain('39.78171, -89.65012 (±12 m) at Mon, Nov 23, 2026 at 11:58 AM');
    expect(within(value).getByRole('link', { name: 'Open in a map' }).getAttribute('href')).toContain('mlat=39.78171&mlon=-89.65012');
  });
});
