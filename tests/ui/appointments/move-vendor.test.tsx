import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountId } from '../../../src/core/model/ids';
import type { Vendor } from '../../../src/core/model/vendor';
import { laterVisit, soonVisit, VENDOR_ACCOUNT_ID } from '../../machines/models/appointments.fixtures';
import { superUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';
import { fakeAppointments, ORGANIZATION_ID } from './fakes';

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

const pick = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, option: RegExp) => {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(screen.getByRole('option', { name: option }));
};

describe('/admin/move-vendor-appointments', () => {
  it('moves one vendor’s visits of a range after the confirmation, and says how many moved', async () => {
    const user = userEvent.setup();
    // soonVisit: Nov 26; laterVisit: Dec 3 (both Vera's).
    const { machines, moveVisits } = fakeAppointments([soonVisit, laterVisit], { team: TEAM });
    renderApp('/admin/move-vendor-appointments', { storedToken: 'token-1', user: superUser }, { appointments: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Move vendor appointments' })).toBeTruthy();
    await pick(user, /From vendor/, /Vera Vendor/);
    await pick(user, /To vendor/, /Rita Rivera/);
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-11-24' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move visits' }));
    const confirm = await screen.findByRole('group', { name: 'Move these visits?' });
    expect(moveVisits).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, move them' }));
    expect(await screen.findByRole('heading', { name: '1 visit moved to Rita Rivera' })).toBeTruthy();
    expect(moveVisits).toHaveBeenCalledWith({ from: VENDOR_ACCOUNT_ID, to: RITA_ID, start: '2026-11-24', end: '2026-11-30' });
    expect(screen.getByRole('link', { name: /Lawn mowing/ }).getAttribute('href')).toBe(`/admin/appointment/${soonVisit._id}`);
  });

  it('refuses the same vendor twice and a range that ends before it starts, without calling the server', async () => {
    const user = userEvent.setup();
    const { machines, moveVisits } = fakeAppointments([], { team: TEAM });
    renderApp('/admin/move-vendor-appointments', { storedToken: 'token-1', user: superUser }, { appointments: machines });
    fireEvent.click(await screen.findByRole('button', { name: 'Move visits' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Missing required fields');
    await pick(user, /From vendor/, /Vera Vendor/);
    await pick(user, /To vendor/, /Vera Vendor/);
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move visits' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose another vendor than the one the visits come from');
    await pick(user, /To vendor/, /Rita Rivera/);
    fireEvent.click(screen.getByRole('button', { name: 'Move visits' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The date range must end after it starts');
    expect(moveVisits).not.toHaveBeenCalled();
  });

  it('shows the all-or-nothing refusal with the visits that cannot go, and goes back to the form', async () => {
    const user = userEvent.setup();
    const message = 'Nothing was moved: one visit cannot go to the new vendor. 2026-11-26T15:00:00.000Z: The vendor is not available at this time';
    const { machines } = fakeAppointments([soonVisit], { team: TEAM, move: () => Promise.reject({ _tag: 'ApiError', status: 409, code: 'move_refused', message }) });
    renderApp('/admin/move-vendor-appointments', { storedToken: 'token-1', user: superUser }, { appointments: machines });
    await pick(user, /From vendor/, /Vera Vendor/);
    await pick(user, /To vendor/, /Rita Rivera/);
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-11-24' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move visits' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, move them' }));
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByRole('heading', { name: 'Nothing was moved' })).toBeTruthy();
    expect(refusal.textContent).toContain('2026-11-26T15:00:00.000Z: The vendor is not available at this time');
    fireEvent.click(within(refusal).getByRole('button', { name: 'Move other visits' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move visits' })).toBeTruthy());
    expect((screen.getByLabelText('First day') as HTMLInputElement).value).toBe('2026-11-24');
  });

  it('speaks Spanish', async () => {
    const { machines } = fakeAppointments([], { team: TEAM });
    renderApp('/admin/move-vendor-appointments', { storedToken: 'token-1', user: superUser, browserLanguage: 'es-ES' }, { appointments: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mover citas de un proveedor' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: /Del proveedor/ })).toBeTruthy();
  });
});
