/** The ZIP-code finder chart (src/machines/features/zip-lookup.machine.ts): short and searchable texts, answers and refusals. */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { zipLookupMachine } from '../../../src/machines/features/zip-lookup.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { done, failed, initialSnapshot } from './flow-support';

const SPRINGFIELD = { zip_code: '62701', city: 'Springfield', state: 'IL', serviced: true, time_zone: 'America/Chicago' };

export function zipLookupEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  const finds: AnyEventObject[] = [
    { type: 'zip.find', text: '62' },
    { type: 'zip.find', text: '627' },
  ];
  if (s.matches('searching')) return [done('search', [SPRINGFIELD]), failed('search'), ...finds];
  return finds;
}

export const model: ChartModel = {
  machine: zipLookupMachine,
  events: zipLookupEvents,
  starts: () => [initialSnapshot(zipLookupMachine, undefined)],
};
