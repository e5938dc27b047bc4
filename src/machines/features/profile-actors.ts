import { Effect } from 'effect';
import { fromPromise } from 'xstate';
import type { AccountId } from '../../core/model/ids';
import type { Api } from '../../core/ports/api/registry';
import type { VendorProfileDraft } from '../../core/rules/vendor-profile';
import { vendorOwnProfileMachine, type VendorProfileData } from './vendor-profile.machine';
import { runToEnd as run } from '../run-effect';

/** The ports the profile feature's chart uses. */
export interface ProfilePorts {
  readonly api: Pick<Api, 'vendors'>;
}

/** The vendor's own profile chart with its real actors: init and onboarding read together (onboarding may fail alone). */
export const vendorOwnProfileMachineFrom = ({ api }: ProfilePorts) =>
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

/** What the UI's ProfileProvider takes (src/ui/shared/Profile.tsx): the profile feature's charts with their actors. */
export const profileMachines = (ports: ProfilePorts) => ({ vendorProfile: vendorOwnProfileMachineFrom(ports) });
