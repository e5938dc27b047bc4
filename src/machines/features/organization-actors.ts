import { fromPromise } from 'xstate';
import type { Api } from '../../core/ports/api/registry';
import type { AccountId, AddressId } from '../../core/model/ids';
import type { InviteInput } from '../../core/rules/team';
import { organizationReviewMachine, type DecideInput, type ReviewLoaded, type ReviewRequest } from './organization-review.machine';
import { teamListMachine, type ListQuery } from './team-list.machine';
import { vendorInviteMachine } from './vendor-invite.machine';
import { vendorProfileMachine } from './team-vendor.machine';
import { organizationDashboardMachine } from './organization-dashboard.machine';
import { organizationProfileMachine, type ProfileCommand } from './organization-profile.machine';
import { serviceAreasMachine, type AreaSaveInput } from './service-areas.machine';
import { zipLookupMachine } from './zip-lookup.machine';
import { toE164Us } from '../../core/rules/phone';
import type { Organization } from '../../core/model/organization';
import type { ApiCall } from '../../core/ports/errors';
import { runToEnd as run } from '../run-effect';
import { Effect } from 'effect';

/** The ports the team and approval charts use. */
export interface OrganizationPorts {
  readonly api: Pick<Api, 'admin' | 'organizations' | 'account' | 'appointments' | 'search'>;
  /** Now (the vendor page's visits to come start here); the browser's clock when left out. */
  readonly now?: () => Date;
}

/** Super's review of organizations with its real actors. */
export const organizationReviewMachineFrom = ({ api }: OrganizationPorts) =>
  organizationReviewMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: ReviewRequest }) =>
        run<ReviewLoaded, unknown>(
          input.kind === 'queue'
            ? api.admin.organizations({ approval: 'pending', pageSize: input.pageSize, sort: 'created', order: 'asc' })
            : api.admin.organization(input.id).pipe(Effect.map((organization) => ({ items: [organization], total: 1 }))),
        ),
      ),
      decide: fromPromise(({ input }: { input: DecideInput }) => run(api.admin.decideOrganization(input.id, input.decision, input.note))),
    },
  });

/** The organization's team charts with their real actors. */
export const teamListMachineFrom = ({ api }: OrganizationPorts) =>
  teamListMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: ListQuery }) =>
        run(
          api.organizations.vendorPage(input.organizationId, {
            start: (input.page - 1) * input.pageSize,
            num: input.pageSize,
            type: 'all',
            ...(input.search ? { search: input.search } : {}),
          }),
        ),
      ),
    },
  });

export const vendorInviteMachineFrom = ({ api }: OrganizationPorts) =>
  vendorInviteMachine.provide({
    actors: {
      invite: fromPromise(({ input }: { input: { readonly organizationId: AccountId; readonly input: InviteInput } }) =>
        run(api.organizations.newVendor(input.organizationId, input.input)),
      ),
    },
  });

export const vendorProfileMachineFrom = ({ api, now }: OrganizationPorts) =>
  vendorProfileMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { readonly organizationId: AccountId; readonly vendorId: AccountId } }) =>
        run(
          api.organizations.vendorPage(input.organizationId, { _id: input.vendorId, type: 'all', num: 1 }).pipe(
            Effect.map((page) => page.items.find((v) => v._id === input.vendorId) ?? null),
            Effect.flatMap((vendor) =>
              vendor === null
                ? Effect.succeed(null)
                : Effect.all([
                    api.organizations.timeOff(input.organizationId, { vendor_id: input.vendorId, pageSize: 20 }),
                    api.appointments.list({ vendor_id: input.vendorId, from: (now ?? (() => new Date()))().toISOString(), order: 'asc', pageSize: 10 }),
                  ]).pipe(Effect.map(([timeOff, visits]) => ({ vendor, timeOff, visits }))),
            ),
          ),
        ),
      ),
      remove: fromPromise(({ input }: { input: { readonly organizationId: AccountId; readonly vendorId: AccountId } }) =>
        run(api.organizations.deleteVendor(input.organizationId, input.vendorId).pipe(Effect.asVoid)),
      ),
    },
  });

/** The organization's dashboard (GET organization/{id}/init). */
export const organizationDashboardMachineFrom = ({ api }: OrganizationPorts) =>
  organizationDashboardMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { readonly organizationId: AccountId } }) => run(api.organizations.init(input.organizationId))),
    },
  });

/** The service-area editor: both lists are read together, and saved one after the other (circles, then ZIP codes). */
export const serviceAreasMachineFrom = ({ api }: OrganizationPorts) =>
  serviceAreasMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { readonly organizationId: AccountId } }) =>
        run(
          Effect.all([api.organizations.serviceAreas(input.organizationId), api.organizations.zipCodes(input.organizationId)]).pipe(
            Effect.map(([areas, zipCodes]) => ({ areas, zipCodes })),
          ),
        ),
      ),
      save: fromPromise(({ input }: { input: AreaSaveInput }) =>
        run(
          api.organizations
            .setServiceAreas(input.organizationId, input.areas)
            .pipe(Effect.flatMap((areas) => api.organizations.setZipCodes(input.organizationId, input.zipCodes).pipe(Effect.map((zipCodes) => ({ areas, zipCodes }))))),
        ),
      ),
    },
  });

/** The service-area form's ZIP-code finder: search/zipcodes (the adapter answers [] under 3 characters without a call). */
export const zipLookupMachineFrom = ({ api }: OrganizationPorts) =>
  zipLookupMachine.provide({
    actors: {
      search: fromPromise(({ input }: { input: { readonly text: string } }) => run(api.search.zipcodes({ text: input.text, count: 8 }))),
    },
  });

/** A typed optional text: trimmed, or left out when empty. */
const given = <K extends string>(key: K, value: string): Partial<Record<K, string>> => (value.trim() ? ({ [key]: value.trim() } as Record<K, string>) : {});

/** The organization's profile: each command through its call, answered with the organization after it. */
export const organizationProfileMachineFrom = ({ api }: OrganizationPorts) => {
  const organizationOf = (id: AccountId) => api.organizations.init(id).pipe(Effect.map((init) => init.organization));
  const applyCommand = (id: AccountId, command: ProfileCommand): ApiCall<Organization> => {
    switch (command.kind) {
      case 'details':
        return api.organizations.update(id, { company_name: command.company_name.trim(), ...(toE164Us(command.phone) ? { phone: toE164Us(command.phone)! } : {}) });
      case 'address':
        return api.account
          .updateAddress(
            { id, type: 'organization' },
            {
              ...(command.address_id ? { address_id: command.address_id as AddressId } : {}),
              address: {
                street_number: command.address.street_number.trim(),
                street: command.address.street.trim(),
                ...given('unit', command.address.unit),
                city: command.address.city.trim(),
                state: command.address.state.trim().toUpperCase(),
                postal_code: command.address.postal_code.trim(),
              },
              is_default: true,
            },
          )
          .pipe(Effect.flatMap(() => organizationOf(id)));
      case 'contact':
        return api.organizations.updateContact(id, {
          ...(command.contact_id ? { contact_id: command.contact_id } : {}),
          first_name: command.first_name.trim(),
          last_name: command.last_name.trim(),
          ...given('email', command.email),
          ...given('title', command.title),
          ...(toE164Us(command.phone) ? { phone: toE164Us(command.phone)! } : {}),
        });
      case 'deleteContact':
        return api.organizations.deleteContact(id, { contact_id: command.contact_id });
    }
  };
  return organizationProfileMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { readonly organizationId: AccountId } }) => run(organizationOf(input.organizationId))),
      apply: fromPromise(({ input }: { input: { readonly organizationId: AccountId; readonly command: ProfileCommand } }) => run(applyCommand(input.organizationId, input.command))),
    },
  });
};

/** What the UI's OrganizationProvider takes (src/ui/shared/Organization.tsx): the charts with their actors. */
export const organizationMachines = (ports: OrganizationPorts) => ({
  review: organizationReviewMachineFrom(ports),
  list: teamListMachineFrom(ports),
  invite: vendorInviteMachineFrom(ports),
  profile: vendorProfileMachineFrom(ports),
  dashboard: organizationDashboardMachineFrom(ports),
  areas: serviceAreasMachineFrom(ports),
  orgProfile: organizationProfileMachineFrom(ports),
  zipLookup: zipLookupMachineFrom(ports),
});
