import type { AnyEventObject } from 'xstate';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { invoiceMachine } from '../../../src/machines/lifecycles/invoice.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const invoiceEvents = (): AnyEventObject[] =>
  withActors(ActorRoles, [T], [
    { type: 'invoice.create', amountCents: 5000 },
    { type: 'invoice.create', amountCents: 0 },
    { type: 'invoice.create', amountCents: 12.5 },
    { type: 'invoice.update', amountCents: 6000 },
    { type: 'invoice.update', amountCents: -1 },
    { type: 'invoice.send' },
    { type: 'invoice.delete' },
    { type: 'invoice.pay', hasCard: true },
    { type: 'invoice.pay', hasCard: false },
    { type: 'invoice.decline' },
  ]);

export const model: ChartModel = { machine: invoiceMachine, events: invoiceEvents };
