import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { MoneySummary, Payout, Transfer } from '../../core/model/payouts';
import type { PeriodQuery } from '../../core/ports/api/types';
import { reportRangeProblem, shortcutRange, type DateRangeShortcut, type RangeProblem } from '../../core/rules/payouts';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * The organization's money reports (issue 11 "Money"): /organization/payment-transfers and /view-transfers (the
 * transfers), /organization/payouts and /view-payouts (the payouts). One chart per screen:
 *
 * - `loading` (tag `loading`) reads the rows and the summary of the range; the first read asks for no range, so
 *   the server answers its default (the 3-months shortcut ending on the server's today), and that `to` is the
 *   chart's `today` for the shortcuts. → `ready` (tag `ready`), `empty` (tag `empty`) or `failed` (tag `error`).
 * - `money.shortcut {shortcut}` (last month, 3 months) and `money.range {from, to}` (a custom range) read again;
 *   a custom range the rule refuses (src/core/rules/payouts.ts: longer than 366 days, backwards, incomplete)
 *   stays where it is with the problem — nothing is asked. `money.retry` reads again.
 * - `money.download` (from `ready`) asks for the CSV of the same range (tag `busy`) → `downloaded` (tag
 *   `downloaded`, the bytes in context) until the view has saved the file (`money.saved`), or back to `ready`
 *   with the refusal as `downloadError`.
 */

export type MoneyReportKind = 'transfers' | 'payouts';

export type MoneyLoad =
  | { readonly report: 'transfers'; readonly items: readonly Transfer[]; readonly summary: MoneySummary }
  | { readonly report: 'payouts'; readonly items: readonly Payout[]; readonly summary: MoneySummary };

export interface MoneyQuery {
  readonly organizationId: AccountId;
  readonly report: MoneyReportKind;
  /** Absent on the first read: the server's default range. */
  readonly range: PeriodQuery;
}

export type RangeChoice = DateRangeShortcut | 'custom';

export interface MoneyContext {
  readonly organizationId: AccountId;
  readonly report: MoneyReportKind;
  readonly range: { readonly from: string; readonly to: string } | null;
  readonly choice: RangeChoice;
  /** The server's today (the `to` of its default range), once known. */
  readonly today: string | null;
  readonly load: MoneyLoad | null;
  readonly error: FlowMessage | null;
  readonly rangeProblem: RangeProblem;
  readonly csv: Uint8Array | null;
  readonly downloadError: FlowMessage | null;
}

export type MoneyEvent =
  | { readonly type: 'money.shortcut'; readonly shortcut: DateRangeShortcut }
  | { readonly type: 'money.range'; readonly from: string; readonly to: string }
  | { readonly type: 'money.retry' }
  | { readonly type: 'money.download' }
  | { readonly type: 'money.saved' };

const queryOf = (context: MoneyContext): MoneyQuery => ({
  organizationId: context.organizationId,
  report: context.report,
  range: context.range ? { from: context.range.from, to: context.range.to } : {},
});

export const moneyReportMachine = setup({
  types: {
    context: {} as MoneyContext,
    events: {} as MoneyEvent,
    input: {} as { readonly organizationId: AccountId; readonly report: MoneyReportKind },
  },
  actors: {
    /** GET organization/{id}/transfers or payouts (every row of the range) and …-summary. */
    load: fromPromise<MoneyLoad, MoneyQuery>(notProvided('load')),
    /** GET organization/{id}/csv/{report}?from&to: the CSV of the same rows. */
    download: fromPromise<Uint8Array, MoneyQuery>(notProvided('download')),
  },
  guards: {
    isEmpty: (_, load: MoneyLoad) => load.items.length === 0,
    knowsToday: ({ context }) => context.today !== null,
    rangeRefused: ({ event }) => event.type === 'money.range' && reportRangeProblem(event.from, event.to) !== null,
  },
  actions: {
    takeLoad: assign(({ context }, load: MoneyLoad) => ({
      load,
      error: null,
      today: context.today ?? load.summary.to ?? null,
      range: load.summary.from && load.summary.to ? { from: load.summary.from, to: load.summary.to } : context.range,
    })),
    loadFailed: assign((_, error: unknown) => ({ error: failureOf(error) })),
    takeShortcut: assign(({ context, event }) =>
      event.type === 'money.shortcut' && context.today ? { choice: event.shortcut, range: shortcutRange(event.shortcut, context.today), rangeProblem: null } : {},
    ),
    takeRange: assign(({ event }) => (event.type === 'money.range' ? { choice: 'custom' as const, range: { from: event.from, to: event.to }, rangeProblem: null } : {})),
    takeProblem: assign(({ event }) => (event.type === 'money.range' ? { rangeProblem: reportRangeProblem(event.from, event.to) } : {})),
    clearDownload: assign({ csv: null, downloadError: null }),
    takeCsv: assign((_, csv: Uint8Array) => ({ csv })),
    downloadFailed: assign((_, error: unknown) => ({ downloadError: failureOf(error) })),
  },
}).createMachine({
  id: 'moneyReport',
  description: "The organization's transfers or payouts over a range of days: summary, chart, table and CSV download.",
  context: ({ input }) => ({
    organizationId: input.organizationId,
    report: input.report,
    range: null,
    choice: 'threeMonths',
    today: null,
    load: null,
    error: null,
    rangeProblem: null,
    csv: null,
    downloadError: null,
  }),
  initial: 'active',
  states: {
    active: {
      initial: 'loading',
      on: {
        'money.shortcut': { guard: 'knowsToday', target: '.loading', reenter: true, actions: ['takeShortcut', 'clearDownload'] },
        'money.range': [
          { guard: 'rangeRefused', actions: 'takeProblem' },
          { target: '.loading', reenter: true, actions: ['takeRange', 'clearDownload'] },
        ],
        'money.retry': { target: '.loading', reenter: true },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => queryOf(context),
            onDone: [
              { guard: { type: 'isEmpty', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'takeLoad', params: ({ event }) => event.output } },
              { target: 'ready', actions: { type: 'takeLoad', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: { type: 'loadFailed', params: errorOf } },
          },
        },
        ready: {
          tags: ['ready'],
          on: { 'money.download': { target: 'downloading', actions: 'clearDownload' } },
        },
        downloading: {
          tags: ['ready', 'busy'],
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context }) => queryOf(context),
            onDone: { target: 'downloaded', actions: { type: 'takeCsv', params: ({ event }) => event.output } },
            onError: { target: 'ready', actions: { type: 'downloadFailed', params: errorOf } },
          },
        },
        downloaded: {
          tags: ['ready', 'downloaded'],
          on: { 'money.saved': { target: 'ready', actions: 'clearDownload' } },
        },
        empty: { tags: ['empty'] },
        failed: { tags: ['error'] },
      },
    },
  },
});

export type MoneyReportActor = ActorRefFrom<typeof moneyReportMachine>;
type MoneySnapshot = SnapshotFrom<typeof moneyReportMachine>;
export const selectMoneyMode = (s: MoneySnapshot): 'loading' | 'error' | 'empty' | 'ready' =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'error' : s.hasTag('empty') ? 'empty' : 'ready';
export const selectMoneyLoad = (s: MoneySnapshot): MoneyLoad | null => s.context.load;
export const selectMoneyRange = (s: MoneySnapshot) => s.context.range;
export const selectMoneyChoice = (s: MoneySnapshot): RangeChoice => s.context.choice;
export const selectMoneyError = (s: MoneySnapshot): FlowMessage | null => s.context.error;
export const selectRangeProblem = (s: MoneySnapshot): RangeProblem => s.context.rangeProblem;
export const selectDownloading = (s: MoneySnapshot): boolean => s.hasTag('busy');
export const selectCsv = (s: MoneySnapshot): Uint8Array | null => (s.hasTag('downloaded') ? s.context.csv : null);
export const selectDownloadError = (s: MoneySnapshot): FlowMessage | null => s.context.downloadError;
