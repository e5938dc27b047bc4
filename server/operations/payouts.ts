import { defineOperation, type OperationModule } from './define';

/** Who reads an organization's money: the organization itself (its own id only; server/services/payouts.ts), super and admin. */
const READERS = ['super', 'admin', 'organization'] as const;

/** The organization's transfers and payouts, their summaries and CSV exports (issue 11 "Money"). */
export const operations: OperationModule = [
  defineOperation('listOrganizationTransfers', {
    access: READERS,
    handler: async ({ auth, params, query, services }) => services.payouts.transfers(auth, params.id, query),
  }),
  defineOperation('getOrganizationTransfersSummary', {
    access: READERS,
    handler: async ({ auth, params, query, services }) => services.payouts.transfersSummary(auth, params.id, query),
  }),
  defineOperation('listOrganizationPayouts', {
    access: READERS,
    handler: async ({ auth, params, query, services }) => services.payouts.payouts(auth, params.id, query),
  }),
  defineOperation('getOrganizationPayoutsSummary', {
    access: READERS,
    handler: async ({ auth, params, query, services }) => services.payouts.payoutsSummary(auth, params.id, query),
  }),
  defineOperation('exportOrganizationCsv', {
    access: READERS,
    handler: async ({ auth, params, query, services, reply }) => {
      const csv = await services.payouts.csv(auth, params.id, params.report, query);
      const name = `${params.report}-${query.from ?? 'from'}-${query.to ?? 'to'}.csv`.replace(/[^\w.-]/g, '');
      await reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
    },
  }),
];
