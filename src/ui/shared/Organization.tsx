import type { organizationReviewMachine } from '../../machines/features/organization-review.machine';
import type { teamListMachine } from '../../machines/features/team-list.machine';
import type { vendorInviteMachine } from '../../machines/features/vendor-invite.machine';
import type { vendorProfileMachine } from '../../machines/features/team-vendor.machine';
import type { organizationDashboardMachine } from '../../machines/features/organization-dashboard.machine';
import type { organizationProfileMachine } from '../../machines/features/organization-profile.machine';
import type { serviceAreasMachine } from '../../machines/features/service-areas.machine';
import type { zipLookupMachine } from '../../machines/features/zip-lookup.machine';
import { featureSource, type FeatureSource } from './feature-source';

/**
 * The approval and team screens' per-screen charts with their real actors, as the composition root builds them
 * (`organizationMachines(ports)`, src/machines/features/organization-actors.ts), or a loader of them, so the charts travel in the
 * screens' lazy chunk. Each screen creates its own chart from them; tests provide the charts with fake actors.
 */
export interface OrganizationMachines {
  /** Super's review of organizations: the pending queue of /admin, or one organization. */
  readonly review: typeof organizationReviewMachine;
  /** The organization's vendors: a page with search (/organization/vendors). */
  readonly list: typeof teamListMachine;
  /** Inviting a vendor by e-mail (/organization/vendor/new). */
  readonly invite: typeof vendorInviteMachine;
  /** One vendor: its profile, and removing it (/organization/vendor/{id}). */
  readonly profile: typeof vendorProfileMachine;
  /** The organization's dashboard (/organization). */
  readonly dashboard: typeof organizationDashboardMachine;
  /** The organization's service area (/organization/profile). */
  readonly areas: typeof serviceAreasMachine;
  /** The organization's business details, address and contacts (/organization/profile). */
  readonly orgProfile: typeof organizationProfileMachine;
  /** Finding ZIP codes by number or city for the service-area form (/organization/profile). */
  readonly zipLookup: typeof zipLookupMachine;
}

/** The charts, or a loader of them (src/ui/shared/feature-source.tsx). */
export type OrganizationSource = FeatureSource<OrganizationMachines>;

const source = featureSource<OrganizationMachines>({ hook: 'useOrganizationMachines', provider: 'OrganizationProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const OrganizationProvider = source.Provider;
/** The feature's charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export const useOrganizationMachines = source.useMachines;
