import { Effect } from 'effect';
import { fromPromise } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { Api } from '../../core/ports/api/registry';
import type { ClockPort } from '../../core/ports/clock';
import type { WindowInput } from '../../core/rules/availability';
import { dayOf } from '../../core/rules/visit-time';
import { vendorAvailabilityMachine, type TimeOffAsk, type VendorCalendar } from './availability.machine';
import { runToEnd as run } from '../run-effect';

/** The ports the vendor availability chart uses. */
export interface AvailabilityPorts {
  readonly api: Pick<Api, 'vendors'>;
  readonly clock: ClockPort;
}


/** What the UI's AvailabilityProvider takes: the availability chart with its actors, and today. */
export const availabilityMachines = (ports: AvailabilityPorts) => ({
  availability: vendorAvailabilityMachineFrom(ports),
  today: () => dayOf(ports.clock.now()),
});

/** Local midnight of a YYYY-MM-DD day, `plusDays` later, as an instant (the browser's zone is the vendor's). */
export const localMidnight = (day: string, plusDays = 0): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
};

/** The chart with its real actors (the composition root hands it to the UI, src/ui/shared/Availability.tsx). */
export const vendorAvailabilityMachineFrom = ({ api }: AvailabilityPorts) =>
  vendorAvailabilityMachine.provide({
    actors: {
      loadCalendar: fromPromise(({ input, signal }: { input: { readonly vendorId: AccountId }; signal: AbortSignal }) =>
        run(
          api.vendors.init(input.vendorId).pipe(
            Effect.map((init): VendorCalendar => ({ windows: init.vendor.availability ?? [], timeOff: init.vendor.time_off ?? [] })),
          ),
          signal,
        ),
      ),
      saveHours: fromPromise(({ input, signal }: { input: { readonly windows: readonly WindowInput[] }; signal: AbortSignal }) =>
        run(
          api.vendors
            .updateAvailability({ availability: input.windows.map((w) => ({ day_of_week: w.day_of_week, start: w.start, end: w.end })) })
            .pipe(Effect.map((saved): readonly WindowInput[] => saved.availability)),
          signal,
        ),
      ),
      askTimeOff: fromPromise(({ input, signal }: { input: TimeOffAsk; signal: AbortSignal }) =>
        run(
          api.vendors.requestTimeOff({
            start_time: localMidnight(input.startDay),
            end_time: localMidnight(input.endDay, 1),
            ...(input.note.trim() ? { note: input.note.trim() } : {}),
          }),
          signal,
        ),
      ),
    },
  });

export type VendorAvailabilityMachine = ReturnType<typeof vendorAvailabilityMachineFrom>;
