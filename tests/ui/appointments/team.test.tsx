import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountId, AppointmentId } from '../../../src/core/model/ids';
import type { Vendor } from '../../../src/core/model/vendor';
import { todayVisit, VENDOR_ACCOUNT_ID } from '../../machines/models/appointments.fixtures';
import { renderApp } from '../session/harness';
import { fakeAppointments, ORGANIZATION_ID, organizationUser } from './fakes';

const RITA_ID = 'b0000000000000000000000b' as AccountId;
const IDLE_ID = 'b0000000000000000000000c' as AccountId;


const vendor = (_id: AccountId, first_name: string, last_name: string): Vendor => ({ _id, first_name, last_name, primary_email: `${first_name.toLowerCase()}@tendwell.test`, is_part_of_org: true, organization_id: ORGANIZATION_ID });
const TEAM = [vendor(VENDOR_ACCOUNT_ID, 'Vera', 'Vendor'), vendor(RITA_ID, 'Rita', 'Rivera'), vendor(IDLE_ID, 'Ivan', 'Idle')];

// todayVisit: 2026-11-23 15:00 UTC, Vera's, customer Dana Doe. Rita's visit: customer Casey.
const ritaVisit = {
  ...todayVisit,
  _id: 'd00000000000000000000031' as AppointmentId,
  start_time: '2026-11-23T17:00:00.000Z',
  customer_data: { _id: 'c0000000000000000000000a' as AccountId, first_name: 'Casey', last_name: 'Customer' },
  vendor_data: { _id: RITA_ID, first_name: 'Rita', last_name: 'Rivera' },
};
const tomorrowVisit = { ...ritaVisit, _id: 'd00000000000000000000032' as AppointmentId, start_time: '2026-11-24T15:00:00.000Z' };

describe("the organization's day", () => {
  it('shows a column per vendor of the team (even without a visit), each with its own timeline, and asks for its own vendors', async () => {
    const { machines, loadList } = fakeAppointments([todayVisit, ritaVisit, tomorrowVisit], { team: TEAM });
    renderApp('/organization/appointments', { storedToken: 'token-1', user: organizationUser() }, { appointments: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointments' }, { timeout: 5000 })).toBeTruthy();
    const columns = await screen.findByRole('region', { name: 'The day by vendor' });
    expect(within(columns).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Vera Vendor', 'Rita Rivera', 'Ivan Idle']);
    const rita = within(columns).getByRole('region', { name: 'Visits of Rita Rivera from 8 AM to 8 PM' });
    expect(within(rita).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([`/organization/appointment/${ritaVisit._id}`]);
    const idle = within(columns).getByRole('region', { name: 'Visits of Ivan Idle from 8 AM to 8 PM' });
    expect(within(idle).queryAllByRole('link')).toEqual([]);
    expect(loadList).toHaveBeenCalledWith(expect.objectContaining({ kind: 'team', day: '2026-11-23', owner: ORGANIZATION_ID, serverToday: true }));
  });

  it("opens on the organization's today as the server counts it, not the browser's day, and its Today button comes back to that day", async () => {
    // The browser's clock says 2026-11-23; in the organization's zone (its service area's) it is still the 22nd.
    const sundayVisit = { ...ritaVisit, _id: 'd00000000000000000000033' as AppointmentId, start_time: '2026-11-22T17:00:00.000Z', time_zone: 'America/Chicago' };
    const { machines, loadList } = fakeAppointments([todayVisit, ritaVisit, sundayVisit], { team: TEAM, serverToday: '2026-11-22' });
    const app = renderApp('/organization/appointments', { storedToken: 'token-1', user: organizationUser() }, { appointments: machines });
    expect(await screen.findByText('Sunday, November 22, 2026', {}, { timeout: 5000 })).toBeTruthy();
    expect(loadList).toHaveBeenCalledWith(expect.objectContaining({ kind: 'team', serverToday: true }));
    const columns = await screen.findByRole('region', { name: 'The day by vendor' });
    const rita = within(columns).getByRole('region', { name: 'Visits of Rita Rivera from 8 AM to 8 PM' });
    expect(within(rita).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([`/organization/appointment/${sundayVisit._id}`]);
    const vera = within(columns).getByRole('region', { name: 'Visits of Vera Vendor from 8 AM to 8 PM' });
    expect(within(vera).queryAllByRole('link')).toEqual([]);
    // On its today there is no "Today" button; a day later there is, and it returns to the 22nd, not the browser's 23rd.
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Next day/ }));
    expect(await screen.findByText('Monday, November 23, 2026')).toBeTruthy();
    expect(loadList).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'team', day: '2026-11-23' }));
    expect(loadList.mock.lastCall?.[0]).not.toHaveProperty('serverToday');
    fireEvent.click(await screen.findByRole('button', { name: 'Today' }));
    expect(await screen.findByText('Sunday, November 22, 2026')).toBeTruthy();
    expect(app.current()).toContain('date=2026-11-22');
  });

  it('with ?date= shows that day and does not ask for the server\'s today', async () => {
    const { machines, loadList } = fakeAppointments([todayVisit, tomorrowVisit], { team: TEAM, serverToday: '2026-11-22' });
    renderApp('/organization/appointments?date=2026-11-24', { storedToken: 'token-1', user: organizationUser() }, { appointments: machines });
    expect(await screen.findByText('Tuesday, November 24, 2026', {}, { timeout: 5000 })).toBeTruthy();
    expect(loadList).toHaveBeenCalledWith(expect.objectContaining({ kind: 'team', day: '2026-11-24' }));
    for (const [question] of loadList.mock.calls) expect(question).toEqual(expect.not.objectContaining({ serverToday: true }));
  });

  it('filters by vendor, lists the day with each visit’s vendor, and moves to the next day', async () => {
    const { machines, loadList } = fakeAppointments([todayVisit, ritaVisit, tomorrowVisit], { team: TEAM });
    renderApp('/organization/appointments?vendor=' + RITA_ID, { storedToken: 'token-1', user: organizationUser() }, { appointments: machines });
    const columns = await screen.findByRole('region', { name: 'The day by vendor' }, { timeout: 5000 });
    expect(within(columns).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Rita Rivera']);

    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    const main = screen.getByRole('main');
    const rows = await within(main).findAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('a')!.getAttribute('href'))).toEqual([`/organization/appointment/${ritaVisit._id}`]);
    expect(rows[0]!.textContent).toContain('Rita Rivera');

    fireEvent.click(screen.getByRole('button', { name: /Next day/ }));
    expect(await screen.findByText(/Tuesday, November 24, 2026/)).toBeTruthy();
    expect(loadList).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'team', day: '2026-11-24' }));
    expect((await within(main).findAllByRole('listitem')).map((r) => r.querySelector('a')!.getAttribute('href'))).toEqual([`/organization/appointment/${tomorrowVisit._id}`]);
  });

  it('speaks Spanish', async () => {
    const { machines } = fakeAppointments([todayVisit], { team: TEAM });
    renderApp('/organization/appointments', { storedToken: 'token-1', user: organizationUser('es') }, { appointments: machines });
    expect(await screen.findByRole('region', { name: 'El día por proveedor' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Día siguiente|Siguiente/ })).toBeTruthy();
  });
});
