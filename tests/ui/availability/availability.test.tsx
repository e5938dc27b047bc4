import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AccountId } from '../../../src/core/model/ids';
import type { UserInfo } from '../../../src/core/model/user';
import type { VendorSchedule } from '../../../src/core/model/vendor';
import type { WindowInput } from '../../../src/core/rules/availability';
import { vendorAvailabilityMachine, type TimeOffAsk, type VendorCalendar } from '../../../src/machines/features/availability.machine';
import type { AvailabilityMachines } from '../../../src/ui/shared/Availability';
import { account, multiUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';

const vendorAccount = account('b0000000000000000000000b' as AccountId, 'vendor', 'en');
const vendor: UserInfo = { ...multiUser, email: 'vendor@tendwell.test', role: 'vendor', accounts: [{ id: vendorAccount._id, type: 'vendor' }], account: vendorAccount };
const spanishVendor: UserInfo = { ...vendor, account: { ...vendorAccount, settings: { language_preference: 'es' } } };

const TODAY = '2026-11-23';
const MONDAY: WindowInput = { day_of_week: 'monday', start: '0800', end: '1700' };
const request = (ask: TimeOffAsk): VendorSchedule => ({
  schedule_id: 'c'.repeat(24),
  vendor_id: vendorAccount._id,
  start_time: `${ask.startDay}T06:00:00.000Z`,
  end_time: `${ask.endDay}T06:00:00.000Z`,
  note: ask.note || null,
  approval: 'pending',
});

function fakeCalendar(load: () => Promise<VendorCalendar> = async () => ({ windows: [MONDAY], timeOff: [] })) {
  const loadCalendar = vi.fn(load);
  const saveHours = vi.fn(async (windows: readonly WindowInput[]) => windows);
  const askTimeOff = vi.fn(async (ask: TimeOffAsk) => request(ask));
  const machines: AvailabilityMachines = {
    availability: vendorAvailabilityMachine.provide({
      actors: {
        loadCalendar: fromPromise(() => loadCalendar()),
        saveHours: fromPromise(({ input }) => saveHours(input.windows)),
        askTimeOff: fromPromise(({ input }) => askTimeOff(input)),
      },
    }),
    today: () => TODAY,
  };
  return { machines, loadCalendar, saveHours, askTimeOff };
}

describe('/vendor/availability', () => {
  it('shows the weekly hours, refuses hours that end before they start (the core rule, nothing sent), saves good ones', async () => {
    const user = userEvent.setup();
    const { machines, saveHours } = fakeCalendar();
    renderApp('/vendor/availability', { storedToken: 'token-1', user: vendor }, { vendorCalendar: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Availability' })).toBeTruthy();
    const from = screen.getByLabelText('Monday, hours 1: from') as HTMLSelectElement;
    const to = screen.getByLabelText('Monday, hours 1: to') as HTMLSelectElement;
    expect([from.value, to.value]).toEqual(['0800', '1700']);
    // 15-minute steps inside 8AM–8PM only
    const options = [...from.options].map((o) => o.textContent);
    expect(options[0]).toBe('08:00');
    expect(options[1]).toBe('08:15');
    expect(options.at(-1)).toBe('20:00');
    expect(within(screen.getByRole('heading', { level: 3, name: 'Sunday' }).closest('li')!).getByText('Not working')).toBeTruthy();

    await user.selectOptions(from, '1800');
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Working hours must end after they start');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(saveHours).not.toHaveBeenCalled();

    await user.selectOptions(from, '0900');
    await user.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    await user.selectOptions(screen.getByLabelText('Tuesday, hours 1: to'), '1200');
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    await waitFor(() => expect(saveHours).toHaveBeenCalledTimes(1));
    expect(saveHours.mock.calls[0]![0]).toEqual([
      { day_of_week: 'monday', start: '0900', end: '1700' },
      { day_of_week: 'tuesday', start: '0800', end: '1200' },
    ]);
    expect((await screen.findByText('Working hours saved')).getAttribute('role')).toBe('status');

    await user.click(screen.getByRole('button', { name: 'Remove Tuesday hours 1' }));
    expect(screen.queryByLabelText('Tuesday, hours 1: from')).toBeNull();
  });

  it('time off: a first day that is not in the future is refused with the spec text; a good one is asked for and listed as waiting', async () => {
    const user = userEvent.setup();
    const { machines, askTimeOff } = fakeCalendar();
    renderApp('/vendor/availability', { storedToken: 'token-1', user: vendor }, { vendorCalendar: machines });
    expect(await screen.findByText('No time off coming up.')).toBeTruthy();
    const first = screen.getByLabelText(/First day off/) as HTMLInputElement;
    await user.type(first, TODAY);
    await user.click(screen.getByRole('button', { name: 'Ask for time off' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Start date must be in the future, between this year and next year.');
    expect(askTimeOff).not.toHaveBeenCalled();

    await user.clear(first);
    await user.type(first, '2026-12-24');
    await user.type(screen.getByLabelText(/Last day off/), '2026-12-26');
    await user.type(screen.getByLabelText('Note (optional)'), 'Holidays');
    await user.click(screen.getByRole('button', { name: 'Ask for time off' }));
    await waitFor(() => expect(askTimeOff).toHaveBeenCalledWith({ startDay: '2026-12-24', endDay: '2026-12-26', note: 'Holidays' }));
    const list = await screen.findByRole('list', { name: 'Your time off' });
    expect(within(list).getByText('Waiting for approval')).toBeTruthy();
    expect(screen.getByText('Time off requested')).toBeTruthy();
  });

  it('in Spanish, and keyboard only: every control is reachable by Tab and named', async () => {
    const user = userEvent.setup();
    const { machines } = fakeCalendar();
    renderApp('/vendor/availability', { storedToken: 'token-1', user: spanishVendor }, { vendorCalendar: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Disponibilidad' })).toBeTruthy();
    expect(screen.getByLabelText('Lunes, horario 1: desde')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Guardar horario' })).toBeTruthy();
    const addMonday = screen.getByRole('button', { name: 'Añadir horas el Lunes' });
    addMonday.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByLabelText('Lunes, horario 2: desde')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Lunes, horario 1: desde'));
  });

  it('a failed load says so and offers a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { machines, loadCalendar } = fakeCalendar(async () => {
      if (fail) throw new Error('down');
      return { windows: [], timeOff: [] };
    });
    renderApp('/vendor/availability', { storedToken: 'token-1', user: vendor }, { vendorCalendar: machines });
    expect((await screen.findByRole('alert')).textContent).toContain('Your availability could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Monday' })).toBeTruthy();
    expect(loadCalendar).toHaveBeenCalledTimes(2);
  });
});
