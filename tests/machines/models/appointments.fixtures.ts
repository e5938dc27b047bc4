/** Appointments shared by the appointment chart models and the appointment screen tests ("now" is 2026-11-23 12:00 UTC). */
import type { Appointment } from '../../../src/core/model/appointment';
import type { AccountId, AppointmentId, UserId } from '../../../src/core/model/ids';
import type { UserInfo } from '../../../src/core/model/user';
import { account, CUSTOMER_ACCOUNT_ID } from './session.fixtures';

export const NOW = '2026-11-23T12:00:00.000Z';
export const VENDOR_ACCOUNT_ID = 'b0000000000000000000000a' as AccountId;
const DAY = 86_400_000;
const inDays = (n: number, hourUtc = 15) => new Date(Date.parse('2026-11-23T00:00:00.000Z') + n * DAY + hourUtc * 3_600_000).toISOString();

const base: Appointment = {
  _id: 'd00000000000000000000001' as AppointmentId,
  status: 'active',
  start_time: inDays(10),
  duration: 45,
  service_data: { _id: 'e00000000000000000000001' as never, name: 'Lawn mowing', category: { name: 'Lawn care' } },
  order_data: { type: 'subscription', plan_id: 'mowing-small-week' },
  customer_data: { _id: CUSTOMER_ACCOUNT_ID, first_name: 'Casey', last_name: 'Customer', primary_email: 'customer@tendwell.test' },
  vendor_data: { _id: VENDOR_ACCOUNT_ID, first_name: 'Vera', last_name: 'Vendor', primary_email: 'vendor@tendwell.test' },
  address_data: {
    address_formatted: '12 Elm Street, Springfield, IL 62701',
    street: 'Elm Street',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    address_meta: { additional_details: 'Gate code 1234', home_size: 'small' },
  } as Appointment['address_data'],
  price: 3500,
  note: null,
  paymentIntentId: null,
};

const id = (n: number) => `d0000000000000000000000${n}` as AppointmentId;
/** Active, 10 days ahead: the customer may reschedule and cancel. */
export const laterVisit: Appointment = base;
/** Active, 3 days ahead: inside the 7-day window (no reschedule; the vendor may complete). */
export const soonVisit: Appointment = { ...base, _id: id(2), start_time: inDays(3) };
/** Today at 15:00 UTC, active (the vendor's route). */
export const todayVisit: Appointment = { ...base, _id: id(3), start_time: inDays(0, 15), customer_data: { ...base.customer_data, _id: 'c0000000000000000000000b' as AccountId, first_name: 'Dana', last_name: 'Doe' } };
/** Completed a week ago. */
export const completedVisit: Appointment = { ...base, _id: id(4), status: 'complete', start_time: inDays(-7), note: 'Mowed and edged.', completed_at: inDays(-7, 16) };
/** Canceled, 5 days ahead. */
export const canceledVisit: Appointment = { ...base, _id: id(5), status: 'canceled', start_time: inDays(5) };
/** Pending, 17 days ahead. */
export const pendingVisit: Appointment = { ...base, _id: id(6), status: 'pending', start_time: inDays(17) };
/** In exception, tomorrow. */
export const exceptionVisit: Appointment = { ...base, _id: id(7), status: 'exception', start_time: inDays(1), note: 'Gate locked.' };

export const slotsOf = (day: string) => ({
  day,
  slots: [
    { start_time: `${day}T15:00:00.000Z`, end_time: `${day}T15:45:00.000Z` },
    { start_time: `${day}T15:15:00.000Z`, end_time: `${day}T16:00:00.000Z` },
  ],
});

export const appointmentUpdate = (resourceId: string) => ({ type: 'live.resourceUpdated' as const, update: { reason: 'updated', resourceType: 'appointment', resourceId } });
export const ticketUpdateEvent = { type: 'live.resourceUpdated' as const, update: { reason: 'updated', resourceType: 'ticket', resourceId: 't00000000000000000000001' } };

export const vendorAccount = account(VENDOR_ACCOUNT_ID, 'vendor');
export const vendorUser: UserInfo = {
  _id: 'e0000000000000000000000b' as UserId,
  email: 'vendor@tendwell.test',
  role: 'vendor',
  first_name: 'Vera',
  accounts: [{ id: VENDOR_ACCOUNT_ID, type: 'vendor' }],
  account: { ...vendorAccount, settings: { language_preference: 'en' } },
};
