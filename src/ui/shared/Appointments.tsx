import type { appointmentDetailMachine } from '../../machines/features/appointment-detail.machine';
import type { appointmentListMachine } from '../../machines/features/appointment-list.machine';
import type { appointmentImagesMachine } from '../../machines/features/appointment-images.machine';
import type { photoUploadsMachine } from '../../machines/features/photo-uploads.machine';
import type { visitAfterMachine } from '../../machines/features/visit-after.machine';
import type { appointmentExtrasMachine } from '../../machines/features/appointment-extras.machine';
import type { teamQueueMachine } from '../../machines/features/team-queue.machine';
import type { vendorMoveMachine } from '../../machines/features/vendor-move.machine';
import type { locationSharingMachine } from '../../machines/features/location-sharing.machine';
import { featureSource, type FeatureSource } from './feature-source';

/**
 * The per-screen appointment charts with their real actors, as the composition root builds them
 * (`appointmentMachines(ports)` in src/machines/features/appointments-actors.ts). A screen creates its own
 * chart from them (`useActorRef(machines.detail, { input })`), so it lives and dies with the screen and
 * listens to the live connection while open. Tests provide the charts with fake actors.
 */
export interface AppointmentMachines {
  readonly detail: typeof appointmentDetailMachine;
  readonly list: typeof appointmentListMachine;
  /** The photos a vendor adds when completing a visit. */
  readonly photoUploads: typeof photoUploadsMachine;
  /** A completed visit's photos and review. */
  readonly visitAfter: typeof visitAfterMachine;
  /** Support's list of visit photos. */
  readonly appointmentImages: typeof appointmentImagesMachine;
  /** Add-ons and approval requests of one appointment (its panels on the appointment screen). */
  readonly extras?: typeof appointmentExtrasMachine;
  /** The work queue of /actions/appointments and /requirements. */
  readonly queue: typeof teamQueueMachine;
  /** Support's move of one vendor's visits to another (/admin/move-vendor-appointments). */
  readonly vendorMove: typeof vendorMoveMachine;
  /** The vendor's "share my location while working" on /vendor. */
  readonly locationSharing: typeof locationSharingMachine;
  /** The clock as ISO text (the detail chart asks the lifecycle chart with it). */
  readonly now: () => string;
}

/** The charts, or a loader of them (src/ui/shared/feature-source.tsx). */
export type AppointmentSource = FeatureSource<AppointmentMachines>;

const source = featureSource<AppointmentMachines>({ hook: 'useAppointmentMachines', provider: 'AppointmentsProvider' });
/** The provider the composition root (src/main.tsx) and the UI test harness wrap the app in. */
export const AppointmentsProvider = source.Provider;
/** The feature's charts; a screen suspends (its lazy-screen loading state) while a loader fetches them. */
export const useAppointmentMachines = source.useMachines;
