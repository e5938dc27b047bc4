import { userMachine } from '../../src/machines/lifecycles/user.machine';
import { chartAccess } from '../services/transitions';
import { defineOperation, type OperationModule } from './define';

/** Who manages a team: the organization itself (its own id only; server/services/team.ts), super and admin. */
const MANAGERS = ['super', 'admin', 'organization'] as const;

/**
 * The organization's team (server/services/team.ts): the list is server/operations/vendor-assignment.ts's
 * (with the team's search); inviting one (who may invite is the user
 * chart's `user.invite` rule), removing one.
 */
export const operations: OperationModule = [
  defineOperation('createOrganizationVendor', {
    access: chartAccess(userMachine, 'user.invite').filter((role) => (MANAGERS as readonly string[]).includes(role)),
    handler: async ({ auth, params, body, services, requestId, reply }) => {
      const vendor = await services.team.invite(auth, params.id, body, requestId);
      reply.code(201);
      return vendor;
    },
  }),
  defineOperation('removeOrganizationVendor', {
    access: MANAGERS,
    handler: async ({ auth, params, services }) => services.team.remove(auth, params.id, params.vendorId),
  }),
];
