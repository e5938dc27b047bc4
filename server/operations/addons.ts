import { addOnMachine } from '../../src/machines/lifecycles/addon.machine';
import { appointmentMachine } from '../../src/machines/lifecycles/appointment.machine';
import { approvalMachine } from '../../src/machines/lifecycles/approval.machine';
import { chartAccess } from '../services/transitions';
import { defineOperation, type OperationModule } from './define';

/** Who reads an approval request; the service narrows it to the parties of the appointment. */
const READERS = ['super', 'admin', 'customer', 'vendor', 'organization'] as const;

/** The roles the add-on chart lets send an event (the union over its transitions). */
const addOnSenders = (...events: string[]) => [...new Set(events.flatMap((e) => chartAccess(addOnMachine, e)))];

/**
 * Add-ons and approval requests on appointments (server/services/addons.ts). Every change is an event of the
 * add-on or the approval chart; the access of each operation is read from the chart's role rules, so the
 * registry's 403 and the chart agree. Ownership is the service's (404 for a record the caller may not see).
 */
export const operations: OperationModule = [
  defineOperation('addAddOn', {
    access: addOnSenders('addon.add'),
    handler: async ({ auth, body, services, requestId, reply }) => {
      const result = await services.addOns.add(auth, body, requestId);
      void reply.code(201);
      return result;
    },
  }),
  defineOperation('removeAddOn', {
    access: addOnSenders('addon.remove'),
    handler: async ({ auth, body, services, requestId }) => services.addOns.remove(auth, body, requestId),
  }),
  defineOperation('approveAddOn', {
    access: addOnSenders('addon.approve', 'addon.decline'),
    handler: async ({ auth, body, services, requestId }) => services.addOns.approve(auth, body, requestId),
  }),
  defineOperation('updateAddOn', {
    access: addOnSenders('addon.update'),
    handler: async ({ auth, body, services, requestId }) => services.addOns.updatePlan(auth, body, requestId),
  }),
  defineOperation('updateCustomAddOn', {
    access: addOnSenders('addon.update'),
    handler: async ({ auth, body, services, requestId }) => services.addOns.updateCustom(auth, body, requestId),
  }),
  defineOperation('createApproval', {
    // Who may ask: the appointment chart's rule (home size: organization or vendor; start time: nobody at present).
    access: chartAccess(appointmentMachine, 'appointment.requestHomeSize'),
    handler: async ({ auth, body, services, requestId, reply }) => {
      const result = await services.addOns.createApproval(auth, body, requestId);
      void reply.code(201);
      return result;
    },
  }),
  defineOperation('getApproval', {
    access: READERS,
    handler: async ({ auth, params, services }) => services.addOns.getApproval(auth, params.id),
  }),
  defineOperation('decideApproval', {
    access: chartAccess(approvalMachine, 'approval.approve'),
    handler: async ({ auth, params, body, services, requestId }) => services.addOns.decideApproval(auth, params.id, body, requestId),
  }),
];
