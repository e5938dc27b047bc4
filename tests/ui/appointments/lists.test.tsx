import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../src/core/model/user';
import {
  canceledVisit,
  completedVisit,
  laterVisit,
  soonVisit,
  todayVisit,
  vendorUser,
} from '../../machines/models/appointments.fixtures';
import { customerAccount, multiUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';
import { fakeAppointments } from './fakes';

const customer: UserInfo = { ...multiUser, accounts: [{ id: customerAccount._id, type: 'customer' }], account: { ...customerAccount, settings: { language_preference: 'en' } } };
const vendorInSpanish: UserInfo = { ...vendorUser, account: { ...vendorUser.account!, settings: { language_preference: 'es' } } };

describe("the customer's appointments", () => {
  it('lists upcoming (soonest first) and past (latest first), with the date hints of today and the next two days', async () => {
    const tomorrow = { ...soonVisit, _id: 'd00000000000000000000011' as typeof soonVisit._id, start_time: '2026-11-24T15:00:00.000Z' };
    const { machines } = fakeAppointments([laterVisit, completedVisit, tomorrow, soonVisit]);
    renderApp('/appointments', { storedToken: 'token-1', user: customer }, { appointments: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointments' })).toBeTruthy();
    const hints = await screen.findByRole('region', { name: 'The next three days' });
    const days = within(hints).getAllByRole('listitem').filter((li) => li.parentElement === hints.querySelector('ul'));
    expect(days.map((d) => d.querySelector('span')!.textContent)).toEqual(['Today · Mon, Nov 23', 'Tomorrow · Tue, Nov 24', 'In two days · Wed, Nov 25']);
    expect(days[0]!.textContent).toContain('No visit');
    expect(days[1]!.textContent).toContain('3:00 PM · Lawn mowing');

    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    const rows = within(upcoming).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(rows).toEqual([`/appointment/${tomorrow._id}`, `/appointment/${soonVisit._id}`, `/appointment/${laterVisit._id}`]);
    expect(within(upcoming).getByText('Tomorrow')).toBeTruthy();
    const past = screen.getByRole('region', { name: 'Past' });
    expect(within(past).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([`/appointment/${completedVisit._id}`]);
    expect(within(past).getByText('Complete')).toBeTruthy();
  });

  it('says so when there is no appointment', async () => {
    const { machines } = fakeAppointments([]);
    renderApp('/appointments', { storedToken: 'token-1', user: customer }, { appointments: machines });
    expect(await screen.findByText('You have no appointments yet')).toBeTruthy();
  });

  it('refreshes the list on a live appointment update', async () => {
    const { machines, server } = fakeAppointments([laterVisit]);
    renderApp('/appointments', { storedToken: 'token-1', user: customer }, { appointments: machines });
    await screen.findByRole('heading', { level: 1, name: 'Appointments' });
    expect(await screen.findByText('Confirmed')).toBeTruthy();
    server.update(laterVisit._id, { status: 'canceled' });
    expect(await screen.findByText('Canceled')).toBeTruthy();
  });
});

describe("the vendor's home and work schedule", () => {
  it("/vendor shows today's route in start order (without canceled visits) and saves the today note", async () => {
    const early = { ...todayVisit, _id: 'd00000000000000000000021' as typeof todayVisit._id, start_time: '2026-11-23T13:00:00.000Z' };
    const dropped = { ...canceledVisit, start_time: '2026-11-23T14:00:00.000Z' };
    const { machines, saveNote } = fakeAppointments([todayVisit, early, dropped, laterVisit]);
    renderApp('/vendor', { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    const route = await screen.findByRole('region', { name: "Today's route" });
    const stops = within(route).getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/vendor/appointment/'));
    expect(stops.map((a) => a.getAttribute('href'))).toEqual([`/vendor/appointment/${early._id}`, `/vendor/appointment/${todayVisit._id}`]);
    expect(stops[0]!.textContent).toContain('Stop 1 · 1:00 PM · Lawn mowing');
    expect(stops[1]!.textContent).toContain('Dana Doe');

    fireEvent.change(screen.getByLabelText('Your note for today'), { target: { value: 'Bring the edger.' } });
    fireEvent.click(screen.getByLabelText('Done'));
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(saveNote).toHaveBeenCalledWith({ note: 'Bring the edger.', status: 'done', date: '2026-11-23' }));
  });

  it("/vendor asks for the vendor's today as the server counts it, not the browser's day, and shows that day", async () => {
    // The browser's clock says 2026-11-23 (UTC, past midnight); in the vendor's zone it is still the 22nd.
    const evening = { ...todayVisit, _id: 'd00000000000000000000023' as typeof todayVisit._id, start_time: '2026-11-22T15:00:00.000Z', time_zone: 'America/Chicago' };
    const { machines, loadList, saveNote } = fakeAppointments([todayVisit, evening], { serverToday: '2026-11-22' });
    renderApp('/vendor', { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Today · Sunday, November 22' })).toBeTruthy();
    const route = await screen.findByRole('region', { name: "Today's route" });
    const stops = within(route).getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/vendor/appointment/'));
    expect(stops.map((a) => a.getAttribute('href'))).toEqual([`/vendor/appointment/${evening._id}`]);
    expect(loadList).toHaveBeenCalledWith(expect.objectContaining({ kind: 'day', serverToday: true }));

    fireEvent.change(screen.getByLabelText('Your note for today'), { target: { value: 'Gate code 4411.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(saveNote).toHaveBeenCalledWith({ note: 'Gate code 4411.', status: 'open', date: '2026-11-22' }));
  });

  it("/vendor/appointments opens on the vendor's today as the server counts it, and its Today button comes back to that day", async () => {
    // The browser's clock says 2026-11-23 (UTC, past midnight); in the vendor's zone it is still the 22nd.
    const evening = { ...todayVisit, _id: 'd00000000000000000000023' as typeof todayVisit._id, start_time: '2026-11-22T15:00:00.000Z', time_zone: 'America/Chicago' };
    const { machines, loadList } = fakeAppointments([todayVisit, evening], { serverToday: '2026-11-22' });
    const app = renderApp('/vendor/appointments', { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    expect(await screen.findByText('Sunday, November 22, 2026')).toBeTruthy();
    expect(loadList).toHaveBeenCalledWith(expect.objectContaining({ kind: 'day', serverToday: true }));
    expect(within(await screen.findByRole('region', { name: 'Visits from 8 AM to 8 PM' })).getAllByRole('link')).toHaveLength(1);
    // On its today there is no "Today" button; a day later there is, and it returns to the 22nd, not the browser's 23rd.
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Next day/ }));
    expect(await screen.findByText('Monday, November 23, 2026')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Today' }));
    expect(await screen.findByText('Sunday, November 22, 2026')).toBeTruthy();
    expect(app.current()).toContain('date=2026-11-22');
  });

  it('/vendor/appointments shows the day on an 8 AM-8 PM timeline, moves by day, switches to a list and filters by customer', async () => {
    const sameDayOther = { ...todayVisit, _id: 'd00000000000000000000022' as typeof todayVisit._id, start_time: '2026-11-23T17:30:00.000Z', customer_data: soonVisit.customer_data };
    const { machines, loadList } = fakeAppointments([todayVisit, sameDayOther, { ...soonVisit, start_time: '2026-11-24T09:00:00.000Z' }]);
    const app = renderApp('/vendor/appointments', { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    const timeline = await screen.findByRole('region', { name: 'Visits from 8 AM to 8 PM' });
    const visits = within(timeline).getAllByRole('link');
    expect(visits.map((v) => v.textContent)).toEqual(['3:00 PM · Lawn mowingDana Doe · Confirmed', '5:30 PM · Lawn mowingCasey Customer · Confirmed']);
    // 3:00 PM is 7 of the 12 hours: 58.33 % down the timeline; 45 minutes tall.
    expect((visits[0] as HTMLElement).style.top).toBe('58.333333333333336%');
    expect(screen.getByText('Monday, November 23, 2026')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Customer' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Dana Doe' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Visits from 8 AM to 8 PM' })).getAllByRole('link')).toHaveLength(1));
    expect(app.current()).toContain('customer=');

    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Visits from 8 AM to 8 PM' })).toBeNull());
    expect(app.current()).toContain('view=list');

    fireEvent.click(screen.getByRole('button', { name: /Next day/ }));
    expect(await screen.findByText('Tuesday, November 24, 2026')).toBeTruthy();
    await waitFor(() => expect(loadList).toHaveBeenLastCalledWith({ kind: 'day', day: '2026-11-24' }));
    expect(app.current()).toContain('date=2026-11-24');
    expect(await screen.findByText('9:00 AM', { exact: false })).toBeTruthy();
  });

  it("a browser in UTC sees a Chicago visit at its address's 9:00 AM CST, placed at 9 AM on the timeline", async () => {
    // The test browser's zone is UTC: 15:00Z is 9:00 AM in Chicago (CST) on November 23.
    const chicago = { ...todayVisit, start_time: '2026-11-23T15:00:00.000Z', time_zone: 'America/Chicago' };
    const { machines } = fakeAppointments([chicago]);
    renderApp('/vendor/appointments?date=2026-11-23', { storedToken: 'token-1', user: vendorUser }, { appointments: machines });
    const timeline = await screen.findByRole('region', { name: 'Visits from 8 AM to 8 PM' });
    const [visit] = await within(timeline).findAllByRole('link');
    expect(visit!.textContent).toContain('9:00 AM CST · Lawn mowing');
    // 9 AM is 1 of the 12 hours down the timeline.
    expect(parseFloat((visit as HTMLElement).style.top)).toBeCloseTo(100 / 12);
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(await screen.findByText('Mon, Nov 23, 2026 at 9:00 AM CST')).toBeTruthy();
  });

  it('opens the day named in the address, in Spanish', async () => {
    const { machines, loadList } = fakeAppointments([{ ...soonVisit, start_time: '2026-11-26T15:00:00.000Z' }]);
    renderApp('/vendor/appointments?date=2026-11-26', { storedToken: 'token-1', user: vendorInSpanish }, { appointments: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Agenda de trabajo' })).toBeTruthy();
    await waitFor(() => expect(loadList).toHaveBeenCalledWith({ kind: 'day', day: '2026-11-26' }));
    expect(await screen.findByRole('button', { name: /Día siguiente/ })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Visitas de 8 AM a 8 PM' })).toBeTruthy();
  });
});
