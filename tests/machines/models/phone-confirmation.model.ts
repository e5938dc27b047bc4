import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { phoneConfirmationAt, phoneConfirmationMachine } from '../../../src/machines/lifecycles/phone-confirmation.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const phoneConfirmationEvents = (): AnyEventObject[] => withActors(['none', 'super'], [T], [{ type: 'phone.confirm' }]);

/** A user with the number the code was texted to, and one without a number (the chart refuses that one). */
export const model: ChartModel = {
  machine: phoneConfirmationMachine,
  events: phoneConfirmationEvents,
  starts: () => [phoneConfirmationAt('unconfirmed', { phone: '+15555550100' }), phoneConfirmationAt('unconfirmed', { phone: null })] as AnyMachineSnapshot[],
};
