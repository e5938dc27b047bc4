import { vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { Appointment, AvailabilityDay, NextAvailability, VendorTodayNote } from '../../../src/core/model/appointment';
import type { AccountId, UserId } from '../../../src/core/model/ids';
import type { UserInfo } from '../../../src/core/model/user';
import { account } from '../../machines/models/session.fixtures';
import type { ResourceUpdate } from '../../../src/core/model/live';
import type { Vendor, VendorSchedule } from '../../../src/core/model/vendor';
import { teamQueueMachine, type QueueInput, type QueueLoad, type TimeOffDecision } from '../../../src/machines/features/team-queue.machine';
import { appointmentDetailMachine, type AppointmentChange } from '../../../src/machines/features/appointment-detail.machine';
import { appointmentListMachine, type ListKind, type ListLoad } from '../../../src/machines/features/appointment-list.machine';
import { locationSharingMachine, type PingInput } from '../../../src/machines/features/location-sharing.machine';
import type { GeoPosition } from '../../../src/core/ports/geolocation';
import { vendorMoveMachine, type VendorMoveResult } from '../../../src/machines/features/vendor-move.machine';
import type { VendorMoveForm } from '../../../src/core/rules/vendor-move';
import { appointmentImagesMachine } from '../../../src/machines/features/appointment-images.machine';
import { photoUploadsMachine } from '../../../src/machines/features/photo-uploads.machine';
import { visitAfterMachine, type VisitPhoto } from '../../../src/machines/features/visit-after.machine';
import type { Review } from '../../../src/core/model/review';
import type { AppointmentMachines } from '../../../src/ui/shared/Appointments';
import { NOW, slotsOf } from '../../machines/models/appointments.fixtures';

const STATUS_OF: Record<AppointmentChange['kind'], Appointment['status']> = {
  cancel: 'canceled',
  reschedule: 'active',
  rainDelay: 'active',
  complete: 'complete',
  exception: 'exception',
  reenable: 'active',
  reassign: 'active',
};

/**
 * The appointment charts over a fake server holding `appointments`: a change applies to the stored record the
 * way the server would; `server.push(update)` is a live event on every open chart; `slots` answers a day.
 */
export function fakeAppointments(
  start: readonly Appointment[],
  options: {
    slots?: (day: string) => Promise<AvailabilityDay>;
    next?: () => Promise<NextAvailability>;
    note?: VendorTodayNote | null;
    team?: readonly Vendor[];
    /** The move of a vendor's visits (support): its answer; by default it moves the stored visits of the range. */
    move?: (form: VendorMoveForm) => Promise<VendorMoveResult>;
    /** The device's position (default: Springfield, 10 m), or its refusal. */
    position?: () => Promise<GeoPosition>;
    /** The reassign call's refusal (the new vendor's calendar), when it refuses. */
    reassignRefusal?: unknown;
    /** The time-off requests the work queue holds (pending ones are waiting). */
    timeOff?: readonly VendorSchedule[];
    /** The vendor's or the organization's today as the server counts it (its service area's zone), when asked without a day; default: the asked day. */
    serverToday?: string;
  } = {},
) {
  let timeOff = [...(options.timeOff ?? [])];
  const loadQueue = vi.fn(async (input: QueueInput): Promise<QueueLoad> => ({
    visits: input.view === 'actions' ? [...records.values()] : [],
    timeOff: timeOff.filter((t) => t.approval === 'pending'),
    vendors: input.view === 'requirements' ? (options.team ?? []) : [],
  }));
  const decideTimeOff = vi.fn(async ({ scheduleId, approval }: TimeOffDecision): Promise<VendorSchedule> => {
    timeOff = timeOff.map((t) => (t.schedule_id === scheduleId ? { ...t, approval } : t));
    return timeOff.find((t) => t.schedule_id === scheduleId)!;
  });
  const records = new Map(start.map((a) => [a._id as string, a]));
  let note = options.note ?? null;
  const listeners = new Set<(update: ResourceUpdate) => void>();
  const change = vi.fn(async ({ appointmentId, change: c }: { appointmentId: string; change: AppointmentChange }): Promise<Appointment> => {
    const current = records.get(appointmentId)!;
    if (c.kind === 'reassign') {
      if (options.reassignRefusal) throw options.reassignRefusal;
      const vendor = (options.team ?? []).find((v) => v._id === c.vendorId)!;
      const moved: Appointment = { ...current, vendor_data: { _id: vendor._id, first_name: vendor.first_name, last_name: vendor.last_name, primary_email: vendor.primary_email } };
      records.set(appointmentId, moved);
      return moved;
    }
    const next: Appointment = {
      ...current,
      status: STATUS_OF[c.kind],
      ...('startTime' in c ? { start_time: c.startTime } : {}),
      ...('note' in c && c.note ? { note: c.note } : {}),
    };
    records.set(appointmentId, next);
    return next;
  });
  const loadList = vi.fn(async ({ kind, day: asked, serverToday }: { kind: ListKind; day: string; owner?: string; serverToday?: boolean }): Promise<ListLoad> => {
    const day = kind !== 'customer' && serverToday ? (options.serverToday ?? asked) : asked;
    const all = [...records.values()];
    const items = kind === 'customer' ? all : all.filter((a) => a.start_time.startsWith(day));
    if (kind === 'team') return { items, note: null, vendors: options.team ?? [], day };
    return { items, note: kind === 'day' && note?.date === day ? note : null, ...(kind === 'day' ? { day } : {}) };
  });
  const saveNote = vi.fn(async (input: VendorTodayNote) => (note = input));
  const loadVendors = vi.fn(async (_input: { appointment: Appointment }): Promise<readonly Vendor[]> => options.team ?? []);
  const loadSlots = vi.fn(({ day }: { day: string }) => (options.slots ? options.slots(day) : Promise.resolve(slotsOf(day))));
  const live = fromCallback(({ sendBack }) => {
    const listener = (update: ResourceUpdate) => sendBack({ type: 'live.resourceUpdated', update });
    listeners.add(listener);
    return () => listeners.delete(listener);
  });
  const moveVisits = vi.fn(async (form: VendorMoveForm): Promise<VendorMoveResult> => {
    if (options.move) return options.move(form);
    const moved = [...records.values()].filter((a) => a.vendor_data?._id === form.from && a.start_time.slice(0, 10) >= form.start && a.start_time.slice(0, 10) <= form.end);
    const to = (options.team ?? []).find((v) => v._id === form.to);
    const items = moved.map((a) => ({ ...a, vendor_data: to ? { _id: to._id, first_name: to.first_name, last_name: to.last_name } : null }));
    for (const a of items) records.set(a._id, a);
    return { moved: items.length, items };
  });
  const readPosition = vi.fn(() => (options.position ? options.position() : Promise.resolve<GeoPosition>({ lat: 39.7817, lng: -89.6501, accuracy: 10 })));
  const pings = vi.fn(async (_input: PingInput) => undefined);
  const tickers = new Set<(event: { type: 'location.tick' }) => void>();
  const machines: AppointmentMachines = {
    locationSharing: locationSharingMachine.provide({
      actors: {
        readPosition: fromPromise(() => readPosition()),
        sendPing: fromPromise(({ input }) => pings(input)),
        ticker: fromCallback(({ sendBack }) => {
          tickers.add(sendBack);
          return () => tickers.delete(sendBack);
        }),
      },
    }),
    vendorMove: vendorMoveMachine.provide({
      actors: { loadVendors: fromPromise(async () => options.team ?? []), moveVisits: fromPromise(({ input }) => moveVisits(input)) },
    }),
    detail: appointmentDetailMachine.provide({
      actors: {
        loadAppointment: fromPromise(async ({ input }) => {
          const found = records.get(input.appointmentId);
          if (!found) throw { _tag: 'ApiError', status: 404, code: 'not_found', message: 'Appointment not found' };
          return found;
        }),
        loadSlots: fromPromise(({ input }) => loadSlots(input)),
        // Until the availability calls are real they answer 501 (the vendor then picks a day).
        loadNext: fromPromise(() => (options.next ? options.next() : Promise.reject({ _tag: 'ApiError', status: 501, code: 'not_implemented', message: 'Not implemented yet: getNextAvailability' }))),
        loadVendors: fromPromise(({ input }) => loadVendors(input)),
        changeAppointment: fromPromise(({ input }) => change(input)),
        liveUpdates: live,
      },
    }),
    list: appointmentListMachine.provide({
      actors: { loadList: fromPromise(({ input }) => loadList(input)), saveNote: fromPromise(({ input }) => saveNote(input)), liveUpdates: live },
    }),
    // After the visit: no photos and no review yet; a review is taken as sent. Uploads and support's list are not faked.
    photoUploads: photoUploadsMachine,
    visitAfter: visitAfterMachine.provide({
      actors: {
        loadAfter: fromPromise(async (): Promise<{ readonly photos: readonly VisitPhoto[]; readonly review: Review | null }> => ({ photos: [], review: null })),
        sendReview: fromPromise(async ({ input }) => ({ _id: 'review-1', appointment_id: input.appointmentId as never, rating: input.rating, comment: input.comment || null, created: NOW })),
      },
    }),
    appointmentImages: appointmentImagesMachine,
    queue: teamQueueMachine.provide({
      actors: { loadQueue: fromPromise(({ input }) => loadQueue(input)), decideTimeOff: fromPromise(({ input }) => decideTimeOff(input)), liveUpdates: live },
    }),
    now: () => NOW,
  };
  /** One period of the location ticker (what PING_EVERY_MS does in the app). */
  const tick = () => {
    for (const send of tickers) send({ type: 'location.tick' });
  };
  const server = {
    /** Changes a record behind the screen's back (another person's action) and pushes the live event. */
    update(id: string, fields: Partial<Appointment>) {
      records.set(id, { ...records.get(id)!, ...fields });
      for (const listener of listeners) listener({ reason: 'updated', resourceType: 'appointment', resourceId: id });
    },
  };
  return { machines, change, loadList, saveNote, loadSlots, loadVendors, moveVisits, readPosition, pings, tick, loadQueue, decideTimeOff, server };
}

export const ORGANIZATION_ID = '0a000000000000000000000a' as AccountId;

/** organization@: an approved organization with a payout account (its home is /organization). */
export const organizationUser = (language: 'en' | 'es' = 'en'): UserInfo => ({
  _id: 'e0000000000000000000000c' as UserId,
  email: 'organization@tendwell.test',
  role: 'organization',
  first_name: 'Greenway',
  accounts: [{ id: ORGANIZATION_ID, type: 'organization' }],
  account: {
    ...account(ORGANIZATION_ID, 'organization', language, { initialSetup: true, isApproved: true }),
    first_name: 'Greenway Lawn Co.',
    settings: { language_preference: language, stripe_id: 'acct_demo_organization' },
  },
});
