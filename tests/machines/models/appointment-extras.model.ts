/**
 * The add-ons and approvals panel (src/machines/features/appointment-extras.machine.ts): the catalogue loads or
 * fails; a home-size request without a note stays (Note is required!); an allowed change is sent and answered
 * or refused.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { appointmentExtrasMachine } from '../../../src/machines/features/appointment-extras.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { NOW, laterVisit } from './appointments.fixtures';
import { done, failed, initialSnapshot } from './flow-support';

export function events(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loadingCatalogue')) return [done('0.appointmentExtras.loadingCatalogue', []), failed('0.appointmentExtras.loadingCatalogue')];
  if (s.matches('changing')) return [done('0.appointmentExtras.changing', {}), failed('0.appointmentExtras.changing')];
  return [
    { type: 'extras.openCatalogue' },
    { type: 'extras.change', appointment: laterVisit, change: { kind: 'requestHomeSize', homeSize: 'large', note: ' ' } },
    { type: 'extras.change', appointment: laterVisit, change: { kind: 'addCustom', description: 'Trim the hedge', valueCents: 2500 } },
  ];
}

export const model: ChartModel = {
  machine: appointmentExtrasMachine,
  events,
  starts: () => [initialSnapshot(appointmentExtrasMachine, { appointmentId: laterVisit._id, role: 'customer', now: () => NOW })],
};
