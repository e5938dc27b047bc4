import { Effect } from 'effect';
import { fromCallback, fromPromise } from 'xstate';
import type { Appointment } from '../../core/model/appointment';
import type { AccountId, AppointmentId, MediaId } from '../../core/model/ids';
import type { UploadFile } from '../../core/ports/api/media';
import type { Review } from '../../core/model/review';
import { appointmentImagesMachine, type ImageRow } from './appointment-images.machine';
import { photoUploadsMachine } from './photo-uploads.machine';
import { visitAfterMachine, type VisitAfterInput, type VisitPhoto } from './visit-after.machine';
import type { Api } from '../../core/ports/api/registry';
import type { ClockPort } from '../../core/ports/clock';
import type { GeolocationPort } from '../../core/ports/geolocation';
import { PING_EVERY_MS } from '../../core/rules/location-sharing';
import { locationSharingMachine, type PingInput } from './location-sharing.machine';
import type { LivePort } from '../../core/ports/live';
import { liveUpdatesFrom } from '../live-updates';
import { appointmentDetailMachine, type AppointmentChange } from './appointment-detail.machine';
import { appointmentExtrasMachine, type ExtrasChange } from './appointment-extras.machine';
import type { ApprovalId } from '../../core/model/ids';
import { appointmentListMachine, type ListLoad, type ListQuestion } from './appointment-list.machine';
import { teamQueueMachine, type QueueInput, type QueueLoad, type TimeOffDecision } from './team-queue.machine';
import { runToEnd as run } from '../run-effect';
import { vendorMoveMachine } from './vendor-move.machine';

/**
 * The real actors of the per-screen appointment charts (one appointment, a list or a vendor's day), built from
 * ports. The composition root hands a loader of `appointmentMachines(ports)` to the UI
 * (src/ui/shared/Appointments.tsx); each screen creates its own chart from them.
 */
export interface AppointmentPorts {
  readonly api: Pick<Api, 'appointments' | 'approvals' | 'services' | 'organizations' | 'vendors' | 'media' | 'reviews' | 'admin'>;
  readonly live: Pick<LivePort, 'subscribe'>;
  readonly clock: ClockPort;
  /** The device's position (the vendor's "share my location while working"). */
  readonly geolocation: GeolocationPort;
}


/** The customer's list: the latest 100 visits (the view splits upcoming and past). */
const CUSTOMER_PAGE = 100;

/** The call of each kind of list: the vendor's day, an organization's day with its vendors, the customer's visits. */
const loadOf = (api: AppointmentPorts['api'], input: ListQuestion): Effect.Effect<ListLoad, unknown> => {
  switch (input.kind) {
    case 'day':
      return api.appointments.today(input.serverToday ? {} : { date: input.day }).pipe(Effect.map((t): ListLoad => ({ items: t.items, note: t.note ?? null, day: t.date })));
    case 'team': {
      // Without a day asked (serverToday), the organization's today as the server counts it (its service area's zone).
      const day = api.appointments.sorted(input.serverToday ? {} : { date: input.day });
      const vendors = input.owner ? api.organizations.vendors(input.owner as AccountId, {}) : Effect.succeed([]);
      return Effect.all([day, vendors], { concurrency: 2 }).pipe(
        Effect.map(([answer, team]): ListLoad => ({ items: answer.items, note: null, vendors: team, day: answer.date })),
      );
    }
    case 'customer':
      return api.appointments.list({ order: 'desc', pageSize: CUSTOMER_PAGE }).pipe(Effect.map((items): ListLoad => ({ items, note: null })));
  }
};

export const listActors = ({ api, live }: AppointmentPorts) => ({
  loadList: fromPromise(({ input, signal }: { input: ListQuestion; signal: AbortSignal }) => run(loadOf(api, input), signal)),
  saveNote: fromPromise(({ input, signal }: { input: { readonly note: string; readonly status: 'open' | 'done'; readonly date: string }; signal: AbortSignal }) =>
    run(api.appointments.saveTodayNote(input), signal),
  ),
  liveUpdates: liveUpdatesFrom(live),
});

const changeCall = (api: AppointmentPorts['api'], id: AppointmentId, change: AppointmentChange): Effect.Effect<Appointment, unknown> => {
  switch (change.kind) {
    case 'cancel':
      return api.appointments.cancel(id, change.note ? { note: change.note } : {});
    case 'reschedule':
      return api.appointments.update(id, { start_time: change.startTime, ...(change.scope ? { scope: change.scope } : {}) });
    case 'rainDelay':
      return api.appointments.rainDelay(id, { start_time: change.startTime });
    case 'complete':
      return api.appointments.complete({
        appointment_id: id,
        ...(change.note.trim() ? { note: change.note } : {}),
        ...(change.images?.length ? { images: [...change.images] as MediaId[] } : {}),
      });
    case 'exception':
      return api.appointments.exception(id, { note: change.note });
    case 'reenable':
      return api.appointments.reinstate(id);
    case 'reassign':
      return api.appointments.update(id, { vendor_id: change.vendorId as AccountId });
  }
};

/** The most vendors the reassign picker lists (one organization's team; the contract's page maximum). */
const VENDORS_PAGE = 100;

/**
 * The vendors a visit may go to: its organization's (an organization reads its own; super any); a visit of no
 * organization (staff only), every vendor.
 */
const vendorsFor = (api: AppointmentPorts['api'], appointment: Appointment) =>
  appointment.organization_id
    ? api.organizations.vendors(appointment.organization_id, { num: VENDORS_PAGE })
    : api.admin.vendors({ sort: 'name', order: 'asc', pageSize: VENDORS_PAGE }).pipe(Effect.map((page) => page.items));

export const detailActors = ({ api, live }: AppointmentPorts) => ({
  loadAppointment: fromPromise(({ input, signal }: { input: { readonly appointmentId: string }; signal: AbortSignal }) =>
    run(api.appointments.get(input.appointmentId as AppointmentId), signal),
  ),
  loadSlots: fromPromise(({ input, signal }: { input: { readonly appointment: Appointment; readonly day: string }; signal: AbortSignal }) =>
    run(
      api.appointments.availabilityDay({
        requested_day: input.day,
        exclude_id: input.appointment._id,
        ...(input.appointment.duration ? { duration: input.appointment.duration } : {}),
        ...(input.appointment.vendor_data?._id ? { vendor_id: input.appointment.vendor_data._id } : {}),
      }),
      signal,
    ),
  ),
  loadNext: fromPromise(({ input, signal }: { input: { readonly appointment: Appointment }; signal: AbortSignal }) =>
    run(
      api.appointments.availabilityNext({
        exclude_id: input.appointment._id,
        ...(input.appointment.duration ? { duration: input.appointment.duration } : {}),
        ...(input.appointment.vendor_data?._id ? { vendor_id: input.appointment.vendor_data._id } : {}),
      }),
      signal,
    ),
  ),
  loadVendors: fromPromise(({ input, signal }: { input: { readonly appointment: Appointment }; signal: AbortSignal }) => run(vendorsFor(api, input.appointment), signal)),
  changeAppointment: fromPromise(({ input, signal }: { input: { readonly appointmentId: string; readonly change: AppointmentChange }; signal: AbortSignal }) =>
    run(changeCall(api, input.appointmentId as AppointmentId, input.change), signal),
  ),
  liveUpdates: liveUpdatesFrom(live),
});

/** A stored file read with the viewer's token, as an address the page can show (null when it cannot be read). */
const addressOf = (api: AppointmentPorts['api'], key: string): Effect.Effect<string | null> =>
  api.media.fileAddress(key).pipe(Effect.catch(() => Effect.succeed<string | null>(null)));

/** The photos of a visit, then its review (issue 9, after the visit). */
export const afterActors = ({ api }: AppointmentPorts) => ({
  loadAfter: fromPromise(({ input, signal }: { input: VisitAfterInput; signal: AbortSignal }): Promise<{ readonly photos: readonly VisitPhoto[]; readonly review: Review | null }> =>
    run(
      Effect.all({
        photos: Effect.forEach(
          input.imageIds,
          (id) =>
            api.media.getOne(id as MediaId).pipe(
              Effect.flatMap((media) => addressOf(api, media.key).pipe(Effect.map((src): VisitPhoto => ({ id, name: media.file.name, src })))),
              Effect.catch(() => Effect.succeed<VisitPhoto>({ id, name: '', src: null })),
            ),
          { concurrency: 3 },
        ),
        review: api.reviews.ofAppointment(input.appointmentId as AppointmentId),
      }),
      signal,
    ),
  ),
  sendReview: fromPromise(({ input, signal }: { input: { readonly appointmentId: string; readonly rating: number; readonly comment: string }; signal: AbortSignal }) =>
    run(
      api.reviews.create({ appointment_id: input.appointmentId as AppointmentId, rating: input.rating, ...(input.comment.trim() ? { comment: input.comment.trim() } : {}) }),
      signal,
    ),
  ),
  uploadPhoto: fromPromise(({ input, signal }: { input: { readonly file: UploadFile }; signal: AbortSignal }) => {
    const { body: _bytes, ...described } = input.file;
    return run(api.media.getUploadUrl({ data: { purpose: 'appointment' }, file: described }).pipe(Effect.flatMap((ticket) => api.media.upload(ticket, input.file))), signal);
  }),
  loadImages: fromPromise(({ input, signal }: { input: { readonly page: number; readonly pageSize: number }; signal: AbortSignal }): Promise<{ readonly rows: readonly ImageRow[]; readonly total: number }> =>
    run(
      api.admin.appointmentImages(input).pipe(
        Effect.flatMap((page) =>
          Effect.forEach(page.items, (image) => addressOf(api, image.media.key).pipe(Effect.map((src): ImageRow => ({ image, src }))), { concurrency: 4 }).pipe(
            Effect.map((rows) => ({ rows, total: page.total })),
          ),
        ),
      ),
      signal,
    ),
  ),
});

const extrasCall = (api: AppointmentPorts['api'], id: AppointmentId, change: ExtrasChange): Effect.Effect<unknown, unknown> => {
  switch (change.kind) {
    case 'addCatalogue':
      return api.appointments.addOnAdd({ appointment_id: id, service_id: change.serviceId as never, plan_id: change.planId });
    case 'addCustom':
      return api.appointments.addOnAdd({ appointment_id: id, custom: { description: change.description, value: change.valueCents } });
    case 'remove':
      return api.appointments.addOnRemove({ addon_id: change.addOnId });
    case 'decideAddOn':
      return api.appointments.addOnApprove({ addon_id: change.addOnId, approved: change.approved });
    case 'decideApproval':
      return api.approvals.update(change.approvalId as ApprovalId, { status: change.approved ? 'approved' : 'declined' });
    case 'requestHomeSize':
      return api.approvals.create({ type: 'home_size', appointment_id: id, data: { homeSize: change.homeSize }, note: change.note });
  }
};

/** The add-ons and approvals panel's actors. */
export const extrasActors = ({ api }: AppointmentPorts) => ({
  loadCatalogue: fromPromise(({ signal }: { signal: AbortSignal }) => run(api.services.list({ addons: true }), signal)),
  changeExtras: fromPromise(({ input, signal }: { input: { readonly appointmentId: string; readonly change: ExtrasChange }; signal: AbortSignal }) =>
    run(extrasCall(api, input.appointmentId as AppointmentId, input.change), signal),
  ),
});

/** The visits a work queue looks at: exceptions, and open visits whose start passed (the view keeps those the rule names). */
const QUEUE_PAGE = 100;
const queueVisits = (api: AppointmentPorts['api'], now: string): Effect.Effect<readonly Appointment[], unknown> =>
  Effect.all(
    [
      api.appointments.list({ status: 'exception', pageSize: QUEUE_PAGE }),
      api.appointments.list({ status: 'active', to: now, order: 'desc', pageSize: QUEUE_PAGE }),
      api.appointments.list({ status: 'pending', to: now, order: 'desc', pageSize: QUEUE_PAGE }),
      api.appointments.list({ status: 'past', to: now, order: 'desc', pageSize: QUEUE_PAGE }),
    ],
    { concurrency: 4 },
  ).pipe(Effect.map((lists) => lists.flat()));

/** What a work queue shows: an organization's from its own calls, a vendor's from its init (its own requests). */
const queueLoad = ({ api, clock }: AppointmentPorts, input: QueueInput): Effect.Effect<QueueLoad, unknown> => {
  const owner = input.owner as AccountId;
  if (input.role === 'vendor') {
    const init = api.vendors.init(owner);
    const visits = input.view === 'actions' ? queueVisits(api, clock.now().toISOString()) : Effect.succeed([]);
    return Effect.all([init, visits], { concurrency: 2 }).pipe(
      Effect.map(([i, v]): QueueLoad => ({ visits: v, timeOff: i.pending_time_off ?? [], vendors: [i.vendor] })),
    );
  }
  const timeOff = api.organizations.timeOff(owner, { approval: 'pending', pageSize: 100 });
  const second = input.view === 'actions' ? queueVisits(api, clock.now().toISOString()) : api.organizations.vendors(owner, {});
  return Effect.all([timeOff, second], { concurrency: 2 }).pipe(
    Effect.map(([t, rest]): QueueLoad =>
      input.view === 'actions' ? { visits: rest as readonly Appointment[], timeOff: t, vendors: [] } : { visits: [], timeOff: t, vendors: rest as QueueLoad['vendors'] },
    ),
  );
};

export const queueActors = (ports: AppointmentPorts) => ({
  loadQueue: fromPromise(({ input, signal }: { input: QueueInput; signal: AbortSignal }) => run(queueLoad(ports, input), signal)),
  decideTimeOff: fromPromise(({ input, signal }: { input: TimeOffDecision; signal: AbortSignal }) =>
    run(ports.api.organizations.scheduleStatus(input.owner as AccountId, { schedule_id: input.scheduleId, approval: input.approval }), signal),
  ),
  liveUpdates: liveUpdatesFrom(ports.live),
});

/** Support's move of one vendor's visits: every vendor by name, then the all-or-nothing move. */
export const vendorMoveActors = ({ api }: AppointmentPorts) => ({
  loadVendors: fromPromise(({ signal }: { signal: AbortSignal }) =>
    run(api.admin.vendors({ sort: 'name', order: 'asc', pageSize: VENDORS_PAGE }).pipe(Effect.map((page) => page.items)), signal),
  ),
  moveVisits: fromPromise(({ input, signal }: { input: { readonly from: string | null; readonly to: string | null; readonly start: string; readonly end: string }; signal: AbortSignal }) =>
    run(
      api.admin.moveVendorAppointments({ from_vendor_id: input.from as AccountId, to_vendor_id: input.to as AccountId, start_date: input.start, end_date: input.end }),
      signal,
    ),
  ),
});

/** The vendor's location sharing: the geolocation port, the ping call, and a tick every PING_EVERY_MS. */
export const locationActors = ({ api, geolocation }: AppointmentPorts) => ({
  readPosition: fromPromise(() => geolocation.current()),
  sendPing: fromPromise(({ input, signal }: { input: PingInput; signal: AbortSignal }) =>
    run(
      api.vendors.pingLocation({
        lat: input.position.lat,
        lng: input.position.lng,
        ...(input.position.accuracy !== undefined ? { accuracy: input.position.accuracy } : {}),
        ...(input.appointmentId ? { appointment_id: input.appointmentId as AppointmentId } : {}),
      }),
      signal,
    ),
  ),
  ticker: fromCallback(({ sendBack }) => {
    const timer = setInterval(() => sendBack({ type: 'location.tick' }), PING_EVERY_MS);
    return () => clearInterval(timer);
  }),
});

export const appointmentMachines = (ports: AppointmentPorts) => ({
  locationSharing: locationSharingMachine.provide({ actors: locationActors(ports) }),
  vendorMove: vendorMoveMachine.provide({ actors: vendorMoveActors(ports) }),
  extras: appointmentExtrasMachine.provide({ actors: extrasActors(ports) }),
  queue: teamQueueMachine.provide({ actors: queueActors(ports) }),
  detail: appointmentDetailMachine.provide({ actors: detailActors(ports) }),
  list: appointmentListMachine.provide({ actors: listActors(ports) }),
  photoUploads: photoUploadsMachine.provide({ actors: { uploadPhoto: afterActors(ports).uploadPhoto } }),
  visitAfter: visitAfterMachine.provide({ actors: { loadAfter: afterActors(ports).loadAfter, sendReview: afterActors(ports).sendReview } }),
  appointmentImages: appointmentImagesMachine.provide({ actors: { loadImages: afterActors(ports).loadImages } }),
  now: () => ports.clock.now().toISOString(),
});
