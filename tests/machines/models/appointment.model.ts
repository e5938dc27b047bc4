/**
 * Model of the appointment chart: in every snapshot, every event with roles that pass and fail each role
 * rule, and times far before the start (> 7 days), within the 7-day window, and after the start.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ActorRole } from '../../../src/core/rules/spec-rule';
import { appointmentMachine, type AppointmentContext } from '../../../src/machines/lifecycles/appointment.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { HOUR_MS, T, days, shift, withActors } from './support';

/** One role inside and one outside every appointment role rule. */
export const ROLES: readonly ActorRole[] = ['customer', 'vendor', 'organization', 'super', 'admin', 'system', 'affiliate'];

/** Starts a reschedule may move to (a fixed set, so the state space is finite). */
export const LATER = shift(T, days(14));
export const NEXT_DAY = shift(T, days(1));

export const appointmentEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const context = snapshot.context as AppointmentContext;
  const start = context.startTime || T;
  const nows = [shift(start, -days(30)), shift(start, -days(3)), shift(start, HOUR_MS)];
  const out: AnyEventObject[] = [];
  for (const now of nows) {
    const past = shift(now, -days(1));
    out.push(
      ...withActors(ROLES, [now], [
        { type: 'appointment.create', startTime: T, orderType: 'subscription' },
        { type: 'appointment.create', startTime: T, orderType: 'onetime' },
        { type: 'appointment.create', startTime: past, orderType: 'onetime' },
        { type: 'appointment.enable' },
        { type: 'appointment.update', startTime: LATER },
        { type: 'appointment.update', startTime: past },
        { type: 'appointment.complete' },
        { type: 'appointment.rainDelay', startTime: NEXT_DAY },
        { type: 'appointment.rainDelay', startTime: past },
        { type: 'appointment.exception', note: 'Gate was locked' },
        { type: 'appointment.exception', note: '  ' },
        { type: 'appointment.flagForReassignment', note: 'Vendor time off' },
        { type: 'appointment.flagForReassignment', note: ' ' },
        { type: 'appointment.cancel' },
        { type: 'appointment.delete' },
        { type: 'appointment.reenable' },
        { type: 'appointment.requestHomeSize' },
        { type: 'appointment.requestStartTime', startTime: LATER },
        { type: 'appointment.addSubscriptionAddOn' },
        { type: 'appointment.charge', paymentIntentId: 'pi_test' },
        { type: 'appointment.refund' },
        { type: 'appointment.suspend' },
        { type: 'appointment.restore' },
        { type: 'appointment.lapse' },
        { type: 'appointment.followSchedule', startTime: LATER },
        { type: 'appointment.followSchedule', startTime: past },
      ]),
    );
  }
  return out;
};

export const model: ChartModel = { machine: appointmentMachine, events: appointmentEvents };
