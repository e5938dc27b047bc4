/**
 * The organization's money reports (issue 11 "Money") over the money-report chart with fake actors: the summary,
 * the chart's figures in words, the table of every row, the shortcuts and a custom range (the 366-day refusal is
 * said before anything is asked), "Download CSV" of the same range, the empty and error states; in English and
 * Spanish.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AccountId, UserId } from '../../../src/core/model/ids';
import type { Payout, Transfer } from '../../../src/core/model/payouts';
import type { Account, UserInfo } from '../../../src/core/model/user';
import { moneyReportMachine, type MoneyLoad, type MoneyQuery } from '../../../src/machines/features/money-report.machine';
import moneyEn from '../../../src/ui/i18n/money.en.json';
import moneyEs from '../../../src/ui/i18n/money.es.json';
import type { MoneyMachines } from '../../../src/ui/shared/Money';
import { account } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';

const ORG = '6bbbbbbbbbbbbbbbbbbbbbbb' as AccountId;
const organizationUser = (language: 'en' | 'es' = 'en'): UserInfo => {
  const active: Account = { ...account(ORG, 'organization', language, { initialSetup: true, isApproved: true }), settings: { language_preference: language, stripe_id: 'acct_3' } };
  return { _id: 'e1000000000000000000000e' as UserId, email: 'organization@tendwell.test', role: 'organization', first_name: 'Pat', accounts: [{ id: ORG, type: 'organization' }], account: active };
};

const transfer = (week: number, amount: number, status: Transfer['status'] = 'paid'): Transfer => {
  const start = new Date(Date.UTC(2026, 4, 25) - week * 7 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    _id: `tr_${week}`,
    amount,
    currency: 'usd',
    status,
    period_start: day(start),
    period_end: day(new Date(start.getTime() + 6 * 86_400_000)),
    created: new Date(start.getTime() + 7 * 86_400_000 + 2 * 3_600_000).toISOString(),
  };
};
const TRANSFERS = [transfer(0, 14500), transfer(1, 21000), transfer(2, 9000, 'failed')];
const PAYOUTS: Payout[] = [{ _id: 'po_1', amount: 14500, currency: 'usd', status: 'in_transit', arrival_date: '2026-06-03', bank_last4: '6789', created: '2026-06-01T03:00:00.000Z' }];

function fakeMoney({ items = TRANSFERS, fail = false }: { items?: readonly Transfer[]; fail?: boolean } = {}) {
  const load = vi.fn(async (query: MoneyQuery): Promise<MoneyLoad> => {
    if (fail) throw { _tag: 'NetworkError', message: 'offline' };
    const from = query.range.from ?? '2026-03-04';
    const to = query.range.to ?? '2026-06-01';
    const summary = (rows: readonly { amount: number; status: string }[]) => ({
      count: rows.length,
      amount: rows.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount, 0),
      currency: 'usd' as const,
      from,
      to,
    });
    if (query.report === 'payouts') return { report: 'payouts', items: PAYOUTS, summary: summary(PAYOUTS) };
    const shown = query.range.from === '2026-05-03' ? items.slice(0, 1) : items;
    return { report: 'transfers', items: shown, summary: summary(shown) };
  });
  const download = vi.fn(async (_query: MoneyQuery) => new TextEncoder().encode('Date,Period start\n'));
  const machines: MoneyMachines = {
    report: moneyReportMachine.provide({ actors: { load: fromPromise(({ input }) => load(input)), download: fromPromise(({ input }) => download(input)) } }),
  };
  return { machines, load, download };
}

describe('/organization/view-transfers', () => {
  it('shows the summary, the chart in words and every transfer of the last 3 months; a shortcut and a custom range read again', async () => {
    const user = userEvent.setup();
    const { machines, load } = fakeMoney();
    renderApp('/organization/view-transfers', { storedToken: 'token-1', user: organizationUser() }, { money: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfers' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Transfers from Mar 4, 2026 to Jun 1, 2026' });
    expect(load).toHaveBeenCalledWith({ organizationId: ORG, report: 'transfers', range: {} });
    expect(within(table).getAllByRole('row')).toHaveLength(4); // the header and three transfers
    expect(within(table).getByText('$145.00')).toBeTruthy();
    expect(within(table).getByText('Failed')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('$355.00')).toBeTruthy(); // the failed one is not in the total
    const chart = screen.getByRole('img', { name: /Earnings over time/ });
    expect(chart.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByText(/Bar chart of 3 transfers from Mar 4, 2026 to Jun 1, 2026\. Highest: \$210\.00/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '3 months' }).getAttribute('aria-pressed')).toBe('true');
    const reports = screen.getByRole('navigation', { name: 'Money reports' });
    expect(within(reports).getByRole('link', { name: 'Payouts' }).getAttribute('href')).toBe('/organization/view-payouts');
    expect(within(reports).getByRole('link', { name: 'Transfers' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ organizationId: ORG, report: 'transfers', range: { from: '2026-05-03', to: '2026-06-01' } }));
    expect(await screen.findByRole('table', { name: 'Transfers from May 3, 2026 to Jun 1, 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last month' }).getAttribute('aria-pressed')).toBe('true');

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Show this range' }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ organizationId: ORG, report: 'transfers', range: { from: '2026-01-01', to: '2026-03-31' } }));
    expect(await screen.findByRole('table', { name: 'Transfers from Jan 1, 2026 to Mar 31, 2026' })).toBeTruthy();
  });

  it('a custom range longer than 366 days is refused with the rule\'s message, and nothing is asked', async () => {
    const user = userEvent.setup();
    const { machines, load } = fakeMoney();
    renderApp('/organization/payment-transfers', { storedToken: 'token-1', user: organizationUser() }, { money: machines });
    await screen.findByRole('table', { name: /Transfers from/ });
    const calls = load.mock.calls.length;
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Show this range' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The date range is longer than 366 days');
    expect(screen.getByLabelText('From').getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    expect(load.mock.calls.length).toBe(calls);
  });

  it('"Download CSV" asks for the CSV of the same range and says when it is done', async () => {
    const user = userEvent.setup();
    const { machines, download } = fakeMoney();
    renderApp('/organization/view-transfers', { storedToken: 'token-1', user: organizationUser() }, { money: machines });
    await screen.findByRole('table', { name: /Transfers from/ });
    expect(screen.getByRole('button', { name: /Download CSV/ }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('The 3 rows shown above, as a spreadsheet file.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(download).toHaveBeenCalledWith({ organizationId: ORG, report: 'transfers', range: { from: '2026-03-04', to: '2026-06-01' } }));
    expect(await screen.findByText('The CSV was downloaded.')).toBeTruthy();
  });

  it('an empty range says so; a failed read says so with a retry', async () => {
    const user = userEvent.setup();
    const empty = fakeMoney({ items: [] });
    const first = renderApp('/organization/view-transfers', { storedToken: 'token-1', user: organizationUser() }, { money: empty.machines });
    expect(await screen.findByRole('heading', { name: 'No transfers in this range.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).toBeNull();
    first.unmount();

    const failing = fakeMoney({ fail: true });
    renderApp('/organization/view-transfers', { storedToken: 'token-1', user: organizationUser() }, { money: failing.machines });
    expect((await screen.findByRole('alert')).textContent).toContain('The report could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(failing.load).toHaveBeenCalledTimes(2));
  });
});

describe('/organization/view-payouts, in Spanish', () => {
  it('shows the payouts with their arrival day, and the bank account they go to', async () => {
    const { machines, load } = fakeMoney();
    renderApp('/organization/view-payouts', { storedToken: 'token-1', user: organizationUser('es') }, { money: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagos' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: /^Pagos del/ });
    expect(load).toHaveBeenCalledWith({ organizationId: ORG, report: 'payouts', range: {} });
    expect(within(table).getByText('En tránsito')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Resumen' })).getByText('Cuenta terminada en 6789')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Descargar CSV/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Último mes' })).toBeTruthy();
  });
});

describe('the money catalogues', () => {
  it('have the same keys in English and Spanish, translated', () => {
    expect(Object.keys(moneyEs).sort()).toEqual(Object.keys(moneyEn).sort());
    const en: Record<string, string> = moneyEn;
    const es: Record<string, string> = moneyEs;
    expect(Object.keys(en).filter((k) => en[k] === es[k] && k !== 'money.chart.bar')).toEqual([]);
  });
});
