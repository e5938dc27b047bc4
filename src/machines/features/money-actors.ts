import { Effect } from 'effect';
import { fromPromise } from 'xstate';
import type { Api } from '../../core/ports/api/registry';
import { runToEnd as run } from '../run-effect';
import { moneyReportMachine, type MoneyLoad, type MoneyQuery } from './money-report.machine';

/** The ports the money reports use. */
export interface MoneyPorts {
  readonly api: Pick<Api, 'organizations'>;
}

/** Every row of a range fits one read: a range is at most 366 days, and there is one transfer and payout a week. */
const ALL_ROWS = 100;

/** The money report chart with its real actors. */
export const moneyReportMachineFrom = ({ api }: MoneyPorts) =>
  moneyReportMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: MoneyQuery }) => {
        const { organizationId: id, range } = input;
        const read: Effect.Effect<MoneyLoad, unknown> =
          input.report === 'transfers'
            ? Effect.all([api.organizations.transfers(id, { ...range, pageSize: ALL_ROWS }), api.organizations.transfersSummary(id, range)]).pipe(
                Effect.map(([items, summary]): MoneyLoad => ({ report: 'transfers', items, summary })),
              )
            : Effect.all([api.organizations.payouts(id, { ...range, pageSize: ALL_ROWS }), api.organizations.payoutsSummary(id, range)]).pipe(
                Effect.map(([items, summary]): MoneyLoad => ({ report: 'payouts', items, summary })),
              );
        return run(read);
      }),
      download: fromPromise(({ input }: { input: MoneyQuery }) => run(api.organizations.exportCsv(input.organizationId, input.report, input.range))),
    },
  });

/** What the UI's MoneyProvider takes (src/ui/shared/Money.tsx). */
export const moneyMachines = (ports: MoneyPorts) => ({ report: moneyReportMachineFrom(ports) });
