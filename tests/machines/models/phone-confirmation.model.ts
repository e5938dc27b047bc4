import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { phoneConfirmationAt, phoneConfirmationMachine } from '../../../src/machines/lifecycles/phone-confirmation.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { T, withActors } from './support';

export const phoneConfirmationEvents = (): AnyEventObject[] => withActors(['none', 'super'], [T], [
    { type: 'phone.confirm' },
    { type: 'phone.change', phone: '+15555550177' },
    { type: 'phone.change', phone: '555-0177' },
  ]);

/** A user with the number the code was texted to, and one without a number (the chart refuses that one); a new number, well-formed or not. */
export const model: ChartModel = {
  machine: phoneConfirmationMachine,
  events: phoneConfirmationEvents,
  starts: () => [phoneConfirmationAt('unconfirmed', { phone: '+15555550100' }), phoneConfirmationAt('unconfirmed', { phone: null })] as AnyMachineSnapshot[],
};
