import { Effect } from 'effect';
import { fromPromise } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { Api } from '../../core/ports/api/registry';
import type { ClockPort } from '../../core/ports/clock';
import type { WindowInput } from '../../core/rules/availability';
import type { VendorProfileDraft } from '../../core/rules/vendor-profile';
import { vendorAvailabilityMachine, type TimeOffAsk, type VendorCalendar } from './vendor-availability.machine';
import { vendorOwnProfileMachine, type VendorProfileData } from './vendor-profile.machine';
import { runToEnd as run } from '../run-effect';

/** The ports the vendor availability chart uses. */
export interface VendorAvailabilityPorts {
  readonly api: Pick<Api, 'vendors'>;
  readonly clock: ClockPort;
}

/** YYYY-MM-DD of an instant in the browser's zone. */
export const localDay = (at: Date): string =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** What the UI's VendorCalendarProvider takes: the vendor's charts with their actors, and today. */
export const vendorCalendarMachines = (ports: VendorAvailabilityPorts) => ({
  availability: vendorAvailabilityMachineFrom(ports),
  profile: vendorOwnProfileMachineFrom(ports),
  today: () => localDay(ports.clock.now()),
});

/** The vendor's own profile chart with its real actors: init and onboarding read together (onboarding may fail alone). */
export const vendorOwnProfileMachineFrom = ({ api }: Pick<VendorAvailabilityPorts, 'api'>) =>
  vendorOwnProfileMachine.provide({
    actors: {
      load: fromPromise(({ input, signal }: { input: { readonly vendorId: AccountId }; signal: AbortSignal }) =>
        run(
          Effect.all([api.vendors.init(input.vendorId), api.vendors.onboarding(input.vendorId).pipe(Effect.orElseSucceed(() => null))]).pipe(
            Effect.map(([init, onboarding]): VendorProfileData => ({ vendor: init.vendor, onboarding })),
          ),
          signal,
        ),
      ),
      save: fromPromise(({ input, signal }: { input: { readonly vendorId: AccountId; readonly draft: VendorProfileDraft }; signal: AbortSignal }) =>
        run(
          api.vendors.update(input.vendorId, {
            first_name: input.draft.first_name.trim(),
            last_name: input.draft.last_name.trim(),
            bio: input.draft.bio.trim(),
          }),
          signal,
        ),
      ),
    },
  });


/** Local midnight of a YYYY-MM-DD day, `plusDays` later, as an instant (the browser's zone is the vendor's). */
export const localMidnight = (day: string, plusDays = 0): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
};

/** The chart with its real actors (the composition root hands it to the UI, src/ui/shared/VendorCalendar.tsx). */
export const vendorAvailabilityMachineFrom = ({ api }: VendorAvailabilityPorts) =>
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
