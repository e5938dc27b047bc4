import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../../src/core/model/appointment';
import type { AccountId } from '../../../src/core/model/ids';
import type { Vendor } from '../../../src/core/model/vendor';
import { canceledVisit, laterVisit, VENDOR_ACCOUNT_ID } from '../../machines/models/appointments.fixtures';
import { customerAccount, multiUser, superUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';
import { fakeAppointments, ORGANIZATION_ID, organizationUser } from './fakes';

const RITA_ID = 'b0000000000000000000000b' as AccountId;
const vendor = (_id: AccountId, first_name: string, last_name: string): Vendor => ({
  _id,
  first_name,
  last_name,
  primary_email: `${first_name.toLowerCase()}@tendwell.test`,
  is_part_of_org: true,
  organization_id: ORGANIZATION_ID,
});
const TEAM = [vendor(VENDOR_ACCOUNT_ID, 'Vera', 'Vendor'), vendor(RITA_ID, 'Rita', 'Rivera')];
const visit: Appointment = { ...laterVisit, organization_id: ORGANIZATION_ID };
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const vendorOnCard = () => within(screen.getByText('Service').closest('dl')!);

describe('reassigning the vendor (organization and support)', () => {
  it("lists the organization's other vendors, keeps Reassign off until one is picked, then the card shows the new vendor", async () => {
    const user = userEvent.setup();
    const { machines, change, loadVendors } = fakeAppointments([visit], { team: TEAM });
    renderApp(`/organization/appointment/${visit._id}`, { storedToken: 'token-1', user: organizationUser() }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    expect(await vendorOnCard().findByText('Vera Vendor')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Reassign vendor' }));
    const panel = await screen.findByRole('group', { name: 'Reassign vendor' });
    const picker = await within(panel).findByRole('combobox', { name: /New vendor/ });
    expect(loadVendors).toHaveBeenCalledWith({ appointment: expect.objectContaining({ _id: visit._id, organization_id: ORGANIZATION_ID }) });
    expect((within(panel).getByRole('button', { name: 'Reassign' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(picker);
    // The visit's own vendor is not offered.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Rita Rivera']);
    await user.click(screen.getByRole('option', { name: 'Rita Rivera' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith({ appointmentId: visit._id, change: { kind: 'reassign', vendorId: RITA_ID } }));
    expect(await vendorOnCard().findByText('Rita Rivera')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Reassign vendor' })).toBeNull());
  });

  it("shows the new vendor's refusal in the spec's words and keeps the vendor", async () => {
    const user = userEvent.setup();
    const refusal = { _tag: 'ApiError', status: 409, code: 'vendor_time_off', message: 'The vendor has approved time off at this time' };
    const { machines } = fakeAppointments([visit], { team: TEAM, reassignRefusal: refusal });
    renderApp(`/organization/appointment/${visit._id}`, { storedToken: 'token-1', user: organizationUser() }, { appointments: machines });
    fireEvent.click(await screen.findByRole('button', { name: 'Reassign vendor' }));
    await user.click(await screen.findByRole('combobox', { name: /New vendor/ }));
    await user.click(screen.getByRole('option', { name: 'Rita Rivera' }));
    fireEvent.click(button('Reassign'));
    expect(await screen.findByText('The vendor has approved time off at this time')).toBeTruthy();
    expect(await vendorOnCard().findByText('Vera Vendor')).toBeTruthy();
  });

  it('a canceled visit cannot be reassigned: the button is off and says why', async () => {
    const { machines } = fakeAppointments([{ ...canceledVisit, organization_id: ORGANIZATION_ID }], { team: TEAM });
    renderApp(`/organization/appointment/${canceledVisit._id}`, { storedToken: 'token-1', user: organizationUser() }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Lawn mowing' });
    // Re-enable is the only action the chart takes on a canceled visit.
    expect((await screen.findByRole('button', { name: 'Re-enable' })).hasAttribute('disabled')).toBe(false);
    const reassign = button('Reassign vendor');
    expect(reassign.disabled).toBe(true);
    expect(document.getElementById(reassign.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Most actions are blocked when the appointment is suspended, deleted, canceled or complete.',
    );
  });

  it('support reassigns from /admin/appointment/{id}, among the appointment organization’s vendors', async () => {
    const user = userEvent.setup();
    const { machines, change, loadVendors } = fakeAppointments([visit], { team: TEAM });
    renderApp(`/admin/appointment/${visit._id}`, { storedToken: 'token-1', user: superUser }, { appointments: machines });
    fireEvent.click(await screen.findByRole('button', { name: 'Reassign vendor' }));
    await user.click(await screen.findByRole('combobox', { name: /New vendor/ }));
    await user.click(screen.getByRole('option', { name: 'Rita Rivera' }));
    fireEvent.click(button('Reassign'));
    await waitFor(() => expect(change).toHaveBeenCalledWith({ appointmentId: visit._id, change: { kind: 'reassign', vendorId: RITA_ID } }));
    expect(loadVendors).toHaveBeenCalledWith({ appointment: expect.objectContaining({ organization_id: ORGANIZATION_ID }) });
  });

  it('a customer is never offered it', async () => {
    const { machines } = fakeAppointments([visit], { team: TEAM });
    const customer = { ...multiUser, accounts: [{ id: customerAccount._id, type: 'customer' as const }], account: { ...customerAccount, settings: { language_preference: 'en' as const } } };
    renderApp(`/appointment/${visit._id}`, { storedToken: 'token-1', user: customer }, { appointments: machines });
    expect(await screen.findByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reassign vendor' })).toBeNull();
  });

  it('speaks Spanish', async () => {
    const { machines } = fakeAppointments([visit], { team: TEAM });
    renderApp(`/organization/appointment/${visit._id}`, { storedToken: 'token-1', user: organizationUser('es') }, { appointments: machines });
    fireEvent.click(await screen.findByRole('button', { name: 'Reasignar proveedor' }));
    const panel = await screen.findByRole('group', { name: 'Reasignar proveedor' });
    expect(await within(panel).findByRole('combobox', { name: /Nuevo proveedor/ })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Reasignar' })).toBeTruthy();
  });
});
