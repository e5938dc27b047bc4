import { fromPromise } from 'xstate';
import type { Api } from '../../core/ports/api/registry';
import { organizationReviewMachine, type DecideInput, type ReviewLoaded, type ReviewRequest } from './organization-review.machine';
import { runToEnd as run } from '../run-effect';
import { Effect } from 'effect';

/** The ports the team and approval charts use. */
export interface TeamPorts {
  readonly api: Pick<Api, 'admin' | 'organizations'>;
}

/** Super's review of organizations with its real actors. */
export const organizationReviewMachineFrom = ({ api }: TeamPorts) =>
  organizationReviewMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: ReviewRequest }) =>
        run<ReviewLoaded, unknown>(
          input.kind === 'queue'
            ? api.admin.organizations({ approval: 'pending', pageSize: input.pageSize, sort: 'created', order: 'asc' })
            : api.admin.organization(input.id).pipe(Effect.map((organization) => ({ items: [organization], total: 1 }))),
        ),
      ),
      decide: fromPromise(({ input }: { input: DecideInput }) => run(api.admin.decideOrganization(input.id, input.decision, input.note))),
    },
  });

/** What the UI's TeamProvider takes (src/ui/shared/Team.tsx): the charts with their actors. */
export const teamMachines = (ports: TeamPorts) => ({
  review: organizationReviewMachineFrom(ports),
});
