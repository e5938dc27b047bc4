import type { AnyEventObject } from 'xstate';
import { ActorRoles } from '../../../src/core/rules/spec-rule';
import { ticketMachine } from '../../../src/machines/lifecycles/ticket.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const ticketEvents = (): AnyEventObject[] =>
  withActors(ActorRoles, [T], [
    { type: 'ticket.saveDraft' },
    { type: 'ticket.create' },
    { type: 'ticket.comment', comment: 'Any news?' },
    { type: 'ticket.comment', comment: '   ' },
    { type: 'ticket.updateFields', priority: 'high', ticketType: 'appointment' },
    { type: 'ticket.updateFields', priority: 'critical' },
    { type: 'ticket.close' },
  ]);

export const model: ChartModel = { machine: ticketMachine, events: ticketEvents };
