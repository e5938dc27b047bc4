import type { AnyEventObject } from 'xstate';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { organizationApprovalMachine } from '../../../src/machines/lifecycles/organization-approval.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const organizationApprovalEvents = (): AnyEventObject[] => withActors(ActorRoles, [T], [{ type: 'organization.approve' }, { type: 'organization.reject' }]);

export const model: ChartModel = { machine: organizationApprovalMachine, events: organizationApprovalEvents };
