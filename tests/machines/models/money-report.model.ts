/**
 * The money report chart (src/machines/features/money-report.machine.ts): a read answers rows, nothing, or fails;
 * shortcuts, a custom range (refused or taken) and retry read again; a download answers the CSV or fails, and the
 * saved file brings the screen back.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AccountId } from '../../../src/core/model/ids';
import type { MoneySummary, Transfer } from '../../../src/core/model/payouts';
import { moneyReportMachine, type MoneyLoad } from '../../../src/machines/features/money-report.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, failed, initialSnapshot } from './flow-support';

export const MONEY_ORGANIZATION = 'c1000000000000000000000c' as AccountId;
export const moneySummary: MoneySummary = { count: 1, amount: 3500, currency: 'usd', from: '2026-03-04', to: '2026-06-01' };
export const moneyTransfer: Transfer = {
  _id: 'tr_1',
  amount: 3500,
  currency: 'usd',
  status: 'paid',
  period_start: '2026-05-25',
  period_end: '2026-05-31',
  created: '2026-06-01T02:00:00.000Z',
};
const rows: MoneyLoad = { report: 'transfers', items: [moneyTransfer], summary: moneySummary };
const none: MoneyLoad = { report: 'transfers', items: [], summary: { ...moneySummary, count: 0, amount: 0 } };

export function moneyEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches({ active: 'loading' })) return [done('load', rows), done('load', none), failed('load')];
  if (s.matches({ active: 'downloading' })) return [done('download', new Uint8Array([68, 97, 116, 101])), failed('download')];
  return [
    { type: 'money.shortcut', shortcut: 'lastMonth' },
    { type: 'money.range', from: '2025-01-01', to: '2026-06-01' },
    { type: 'money.range', from: '2026-01-01', to: '2026-03-31' },
    { type: 'money.retry' },
    { type: 'money.download' },
    { type: 'money.saved' },
  ];
}

export const model: ChartModel = {
  machine: moneyReportMachine,
  events: moneyEvents,
  starts: () => [initialSnapshot(moneyReportMachine, { organizationId: MONEY_ORGANIZATION, report: 'transfers' })],
};
