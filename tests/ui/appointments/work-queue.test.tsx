import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountId } from '../../../src/core/model/ids';
import type { Vendor, VendorSchedule } from '../../../src/core/model/vendor';
import { exceptionVisit, laterVisit, VENDOR_ACCOUNT_ID, vendorUser } from '../../machines/models/appointments.fixtures';
import { renderApp } from '../session/harness';
import { fakeAppointments, organizationUser } from './fakes';

const RITA_ID = 'b0000000000000000000000b' as AccountId;
const request: VendorSchedule = {
  schedule_id: 'sched-1',
  vendor_id: VENDOR_ACCOUNT_ID,
  vendor_data: { _id: VENDOR_ACCOUNT_ID, first_name: 'Vera', last_name: 'Vendor' },
  start_time: '2026-12-14T06:00:00.000Z',
  end_time: '2026-12-16T06:00:00.000Z',
  note: 'Family wedding out of town.',
  approval: 'pending',
};
// laterVisit: active, 10 days ahead (no action); exceptionVisit: tomorrow, an exception (needs action);
// a confirmed visit of yesterday not completed (needs action).
const overdue = { ...laterVisit, _id: 'd00000000000000000000041' as typeof laterVisit._id, start_time: '2026-11-22T15:00:00.000Z' };

describe('/actions/appointments', () => {
  it('the organization sees the visits that need action and approves a time-off request waiting', async () => {
    const { machines, decideTimeOff } = fakeAppointments([laterVisit, exceptionVisit, overdue], { timeOff: [request] });
    renderApp('/actions/appointments', { storedToken: 'token-1', user: organizationUser() }, { appointments: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Needs action' }, { timeout: 5000 })).toBeTruthy();
    const visits = await screen.findByRole('region', { name: 'Visits that need action' });
    expect(within(visits).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      `/organization/appointment/${overdue._id}`,
      `/organization/appointment/${exceptionVisit._id}`,
    ]);
    const waiting = screen.getByRole('region', { name: 'Time-off requests waiting' });
    expect(within(waiting).getByText('Family wedding out of town.')).toBeTruthy();
    fireEvent.click(within(waiting).getByRole('button', { name: 'Approve the time off of Vera Vendor' }));
    await waitFor(() => expect(decideTimeOff).toHaveBeenCalledWith(expect.objectContaining({ scheduleId: 'sched-1', approval: 'approved' })));
    expect(await within(waiting).findByText('No time-off request is waiting.')).toBeTruthy();
  });

  it('the vendor sees its own request waiting, without the buttons to decide it', async () => {
    const { machines } = fakeAppointments([], { timeOff: [request] });
    renderApp('/actions/appointments', { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    const waiting = await screen.findByRole('region', { name: 'Time-off requests waiting' }, { timeout: 5000 });
    expect(within(waiting).getByText('Waiting for your organization')).toBeTruthy();
    expect(within(waiting).queryByRole('button')).toBeNull();
    expect(screen.getByText('No visit needs action.')).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    const { machines } = fakeAppointments([], { timeOff: [request] });
    renderApp('/actions/appointments', { storedToken: 'token-1', user: organizationUser('es') }, { appointments: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Requiere acción' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Aprobar el tiempo libre de Vera Vendor' })).toBeTruthy();
  });
});

describe('/requirements', () => {
  it('shows per vendor its working hours, organization and waiting time off', async () => {
    const team: Vendor[] = [
      { _id: VENDOR_ACCOUNT_ID, first_name: 'Vera', last_name: 'Vendor', primary_email: 'vera@tendwell.test', is_part_of_org: true, availability: [{ day_of_week: 'monday', start: '0800', end: '1700' }] },
      { _id: RITA_ID, first_name: 'Rita', last_name: 'Rivera', primary_email: 'rita@tendwell.test', is_part_of_org: true, availability: [] },
    ];
    const { machines } = fakeAppointments([], { timeOff: [request], team });
    renderApp('/requirements', { storedToken: 'token-1', user: organizationUser() }, { appointments: machines });
    const vera = await screen.findByRole('list', { name: 'Requirements of Vera Vendor' }, { timeout: 5000 });
    expect(within(vera).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'DoneWorking hours are set',
      'DonePart of an organization',
      'To doNo time-off request is waiting for a decision',
    ]);
    const rita = screen.getByRole('list', { name: 'Requirements of Rita Rivera' });
    expect(within(rita).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'To doWorking hours are set',
      'DonePart of an organization',
      'DoneNo time-off request is waiting for a decision',
    ]);
  });
});
