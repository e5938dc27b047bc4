/**
 * The appointment screen chart's model: a customer (reschedule, cancel), a vendor (complete, rain delay,
 * exception) and an organization (re-enable, reassign the vendor) on visits the lifecycle chart lets them change or not; an
 * unknown id; slots loaded or refused (501); changes accepted and refused; live updates of it and of others.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { appointmentDetailMachine } from '../../../src/machines/features/appointment-detail.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { appointmentUpdate, canceledVisit, exceptionVisit, laterVisit, NOW, slotsOf, soonVisit, ticketUpdateEvent } from './appointments.fixtures';
import { done, fail, initialSnapshot } from './session.model';

const now = () => NOW;
/** A visit of a subscription: its reschedule asks "this visit only" or "this and all later visits". */
const seriesVisit = { ...laterVisit, subscription_id: 'f00000000000000000000001' as NonNullable<typeof laterVisit.subscription_id> };
const notFound = { _tag: 'ApiError', status: 404, message: 'Appointment not found', code: 'not_found' };
const refused = { _tag: 'ApiError', status: 409, message: "appointment: 'appointment.cancel' is not allowed in status 'canceled'", code: 'illegal_transition' };
/** The organization's vendors: the visit's own (Vera) and another (Rita). */
const team = [
  { _id: laterVisit.vendor_data!._id, first_name: 'Vera', last_name: 'Vendor', primary_email: 'vendor@tendwell.test' },
  { _id: 'b0000000000000000000000b', first_name: 'Rita', last_name: 'Rivera', primary_email: 'rita@tendwell.test' },
];
const vendorsRefused = { _tag: 'ApiError', status: 403, message: 'Forbidden', code: 'forbidden' };
const notImplemented = { _tag: 'ApiError', status: 501, message: 'Not implemented yet: getAvailabilityDay', code: 'not_implemented' };

export function detailEvents(s: AnyMachineSnapshot): AnyEventObject[] {
  if (s.matches('loading')) return [done('load', laterVisit), done('load', seriesVisit), done('load', soonVisit), done('load', exceptionVisit), done('load', canceledVisit), fail('load', notFound)];
  if (s.matches('failed')) return [{ type: 'detail.retry' }, appointmentUpdate(laterVisit._id), ticketUpdateEvent];
  if (s.matches({ ready: 'changing' })) return [done('change', { ...laterVisit, status: 'canceled' }), fail('change', refused)];
  if (s.matches({ ready: 'refreshing' })) return [done('refresh', soonVisit), fail('refresh', notFound)];
  if (s.matches({ ready: 'confirmingCancel' })) return [{ type: 'detail.confirm' }, { type: 'detail.dismiss' }];
  if (s.matches({ ready: { picking: 'suggesting' } }))
    return [done('next', { next: slotsOf('2026-11-27').slots[0] }), done('next', { next: null }), fail('next', notImplemented)];
  if (s.matches({ ready: { picking: 'loadingSlots' } })) return [done('slots', slotsOf('2026-12-10')), fail('slots', notImplemented)];
  if (s.matches({ ready: { picking: 'choosingSlot' } }))
    return [{ type: 'detail.pickSlot', startTime: '2026-12-10T15:15:00.000Z' }, { type: 'detail.pickScope', scope: 'all_later' }, { type: 'detail.dismiss' }];
  if (s.matches({ ready: { reassigning: 'loadingVendors' } })) return [done('vendors', team), done('vendors', []), fail('vendors', vendorsRefused)];
  if (s.matches({ ready: { reassigning: 'vendorsFailed' } })) return [{ type: 'detail.retry' }, { type: 'detail.dismiss' }];
  if (s.matches({ ready: { reassigning: 'choosing' } }))
    return [
      { type: 'detail.pickVendor', vendorId: team[1]!._id },
      { type: 'detail.pickVendor', vendorId: team[0]!._id },
      { type: 'detail.confirmReassign' },
      { type: 'detail.dismiss' },
    ];
  if (s.matches({ ready: 'picking' })) return [{ type: 'detail.pickDay', day: '2026-12-10' }, { type: 'detail.pickScope', scope: 'all_later' }, { type: 'detail.dismiss' }];
  if (s.matches({ ready: 'idle' }))
    return [
      { type: 'detail.cancel' },
      { type: 'detail.reschedule' },
      { type: 'detail.rainDelay' },
      { type: 'detail.complete', note: 'Done.' },
      { type: 'detail.exception', note: '' },
      { type: 'detail.exception', note: 'Gate locked.' },
      { type: 'detail.reenable' },
      { type: 'detail.reassign' },
      appointmentUpdate(s.context.appointmentId),
      ticketUpdateEvent,
    ];
  return [];
}

export const model: ChartModel = {
  machine: appointmentDetailMachine,
  events: detailEvents,
  starts: () => [
    initialSnapshot(appointmentDetailMachine, { appointmentId: laterVisit._id, role: 'customer', now }),
    initialSnapshot(appointmentDetailMachine, { appointmentId: soonVisit._id, role: 'vendor', now }),
    initialSnapshot(appointmentDetailMachine, { appointmentId: exceptionVisit._id, role: 'organization', now }),
  ],
};
