import * as Schema from 'effect/Schema';
import type { AddressId, ServiceId} from './ids';
import { AccountId, AppointmentId, ApprovalId, MediaId, SubscriptionId } from './ids';
import { Cents, Day, type DayOfWeek, IsoDateTime } from './common';
import { PersonData } from './person';
import { Address } from './address';
import { HomeSize, OrderData, ServiceData } from './service';
import { AccountKind } from './roles';
import { ApprovalStatus, ApprovalType } from './approval';

/** Appointment statuses (bookings §4). */
export const AppointmentStatuses = ['pending', 'active', 'complete', 'past', 'exception', 'suspended', 'canceled', 'deleted'] as const;
export const AppointmentStatus = Schema.Literals(AppointmentStatuses);
export type AppointmentStatus = (typeof AppointmentStatuses)[number];

/** A custom request (bookings §3 custom: description, value in cents). */
export const Custom = Schema.Struct({ description: Schema.String, value: Cents });
export type Custom = typeof Custom.Type;

/** Add-on statuses; the names are ours (the spec shows approvedByCustomer). */
export const AddOnStatuses = ['pending', 'approved', 'declined', 'removed'] as const;
export const AddOnStatus = Schema.Literals(AddOnStatuses);
export type AddOnStatus = (typeof AddOnStatuses)[number];

/** Add-on (bookings §3): service_data or a custom request, plan_id, and appointment_id or subscription_id. */
export const AddOn = Schema.Struct({
  _id: Schema.String,
  appointment_id: Schema.optional(Schema.NullOr(AppointmentId)),
  subscription_id: Schema.optional(Schema.NullOr(SubscriptionId)),
  service_data: Schema.optional(Schema.NullOr(ServiceData)),
  plan_id: Schema.optional(Schema.NullOr(Schema.String)),
  custom: Schema.optional(Schema.NullOr(Custom)),
  price: Schema.optional(Cents),
  status: AddOnStatus,
  requested_by: Schema.optional(PersonData),
  created: Schema.optional(IsoDateTime),
});
export type AddOn = typeof AddOn.Type;

/** approval_data (bookings §3): status, type, data.appointmentId. */
export const ApprovalData = Schema.Struct({
  _id: Schema.optional(ApprovalId),
  status: ApprovalStatus,
  type: ApprovalType,
  note: Schema.optional(Schema.NullOr(Schema.String)),
  data: Schema.optional(
    Schema.Struct({ appointmentId: Schema.optional(AppointmentId), homeSize: Schema.optional(HomeSize), startTime: Schema.optional(IsoDateTime) }),
  ),
  requested_by_account_type: Schema.optional(AccountKind),
  created: Schema.optional(IsoDateTime),
});
export type ApprovalData = typeof ApprovalData.Type;

/** A vendor's last known position (location/ping; Tendwell's): shown to its organization and staff. */
export const VendorLocation = Schema.Struct({
  lat: Schema.Number,
  lng: Schema.Number,
  /** Meters. */
  accuracy: Schema.optional(Schema.Number),
  appointment_id: Schema.optional(AppointmentId),
  /** When the server received it. */
  at: IsoDateTime,
});
export type VendorLocation = typeof VendorLocation.Type;

/** Appointment (bookings §3), with the contract's extra fields. */
export const Appointment = Schema.Struct({
  _id: AppointmentId,
  status: AppointmentStatus,
  start_time: IsoDateTime,
  end_time: Schema.optional(IsoDateTime),
  /** Minutes. */
  duration: Schema.optional(Schema.Int),
  service_data: ServiceData,
  order_data: Schema.optional(OrderData),
  subscription_id: Schema.optional(Schema.NullOr(SubscriptionId)),
  customer_data: PersonData,
  vendor_data: Schema.optional(Schema.NullOr(PersonData)),
  organization_id: Schema.optional(Schema.NullOr(AccountId)),
  address_data: Schema.optional(Address),
  /** The IANA zone of the address's ZIP code: the visit's times are shown in it (src/core/rules/visit-time.ts). */
  time_zone: Schema.optional(Schema.String),
  appointmentAddOnData: Schema.optional(Schema.Array(AddOn)),
  subscriptionAddOnData: Schema.optional(Schema.Array(AddOn)),
  approval_data: Schema.optional(Schema.NullOr(ApprovalData)),
  paymentIntentId: Schema.optional(Schema.NullOr(Schema.String)),
  custom: Schema.optional(Schema.NullOr(Custom)),
  approvedByCustomer: Schema.optional(Schema.Boolean),
  price: Schema.optional(Cents),
  note: Schema.optional(Schema.NullOr(Schema.String)),
  images: Schema.optional(Schema.Array(MediaId)),
  completed_at: Schema.optional(Schema.NullOr(IsoDateTime)),
  vendor_location: Schema.optional(Schema.NullOr(VendorLocation)),
  created: Schema.optional(IsoDateTime),
  updated: Schema.optional(IsoDateTime),
});
export type Appointment = typeof Appointment.Type;

export const TodayNoteStatuses = ['open', 'done'] as const;
export const TodayNoteStatus = Schema.Literals(TodayNoteStatuses);
export type TodayNoteStatus = (typeof TodayNoteStatuses)[number];

/** Vendor today note (bookings §3): note, status, date. */
export const VendorTodayNote = Schema.Struct({ note: Schema.String, status: TodayNoteStatus, date: Day });
export type VendorTodayNote = typeof VendorTodayNote.Type;

/** The vendor's day: the appointments and the day's note. */
export const Today = Schema.Struct({
  date: Day,
  note: Schema.optional(Schema.NullOr(VendorTodayNote)),
  items: Schema.Array(Appointment),
});
export type Today = typeof Today.Type;

/**
 * An organization's day (GET sort/appointments): the day's visits, the day they are of (the one asked, or the
 * organization's today as the server counts it) and, when the server counted it, the zone it counted it in.
 */
export const AppointmentDay = Schema.Struct({
  date: Day,
  time_zone: Schema.optional(Schema.String),
  items: Schema.Array(Appointment),
});
export type AppointmentDay = typeof AppointmentDay.Type;

/** A bookable time (slots start every 15 minutes inside 8AM–8PM). */
export const Slot = Schema.Struct({
  start_time: IsoDateTime,
  end_time: IsoDateTime,
  vendor_id: Schema.optional(AccountId),
  vendor_data: Schema.optional(PersonData),
});
export type Slot = typeof Slot.Type;

export const AvailabilityCheck = Schema.Struct({ available: Schema.Boolean, reason: Schema.optional(Schema.String) });
export type AvailabilityCheck = typeof AvailabilityCheck.Type;
export const AvailabilityDay = Schema.Struct({ day: Day, slots: Schema.Array(Slot) });
export type AvailabilityDay = typeof AvailabilityDay.Type;
export const AvailabilityRange = Schema.Struct({ days: Schema.Array(AvailabilityDay) });
export type AvailabilityRange = typeof AvailabilityRange.Type;
export const NextAvailability = Schema.Struct({ next: Schema.NullOr(Slot) });
export type NextAvailability = typeof NextAvailability.Type;

/** The reply of the add-on calls: the add-on and, when it changed, its appointment. */
export const AddOnResult = Schema.Struct({ addon: AddOn, appointment: Schema.optional(Appointment) });
export type AddOnResult = typeof AddOnResult.Type;

// ---- requests (the contract's request bodies; the server validates lengths and ranges) ----------

/** A custom request as a person types it: a description and a value in cents. */
export interface CustomInput {
  readonly description: string;
  readonly value: number;
}

export interface CreateAppointmentInput {
  readonly customer_id?: AccountId;
  readonly service_id: ServiceId;
  readonly plan_id: string;
  readonly start_time: string;
  readonly duration?: number;
  readonly address_id: AddressId;
  readonly vendor_id?: AccountId;
  readonly subscription_id?: SubscriptionId;
  readonly custom?: CustomInput;
  readonly promo_code?: string;
  readonly note?: string;
}

export interface UpdateAppointmentInput {
  readonly start_time?: string;
  readonly duration?: number;
  readonly vendor_id?: AccountId;
  readonly custom?: CustomInput;
  readonly approvedByCustomer?: boolean;
  readonly note?: string;
  /** A subscription visit's new start: this visit only, or this and all later visits (Tendwell's). */
  readonly scope?: 'this' | 'all_later';
}

export interface CompleteAppointmentInput {
  readonly appointment_id: AppointmentId;
  readonly note?: string;
  readonly images?: MediaId[];
}

/** Query of the vendor's day: a day (YYYY-MM-DD; default today) and, for staff and organizations, the vendor. */
export interface TodayQuery {
  readonly date?: string;
  readonly vendor_id?: AccountId;
}

/** Cancel and exception: an optional note (the exception's is required by the chart's rule). */
export interface NoteInput {
  readonly note?: string;
}

/** Rain delay: the new start and an optional note. */
export interface RainDelayInput {
  readonly start_time: string;
  readonly note?: string;
}

export interface TodayNoteInput {
  readonly note: string;
  readonly status: TodayNoteStatus;
  readonly date: string;
}

/** A catalogue add-on (service_id and plan_id) or a custom request, on an appointment or a subscription. */
export interface AddAddOnInput {
  readonly appointment_id?: AppointmentId;
  readonly subscription_id?: SubscriptionId;
  readonly service_id?: ServiceId;
  readonly plan_id?: string;
  readonly custom?: CustomInput;
}
export interface RemoveAddOnInput {
  readonly addon_id: string;
  readonly appointment_id?: AppointmentId;
  readonly subscription_id?: SubscriptionId;
}
export interface ApproveAddOnInput {
  readonly addon_id: string;
  readonly appointment_id?: AppointmentId;
  /** true approves, false declines. */
  readonly approved: boolean;
}
export interface UpdateAddOnInput {
  readonly addon_id: string;
  readonly service_id?: ServiceId;
  readonly plan_id: string;
}
export interface UpdateCustomAddOnInput {
  readonly addon_id: string;
  readonly description: string;
  readonly value: number;
}

/** Query of the appointment list (bookings §3 request parameters). */
export interface AppointmentListQuery {
  readonly status?: AppointmentStatus;
  readonly from?: string;
  readonly to?: string;
  readonly customer_id?: AccountId;
  readonly vendor_id?: AccountId;
  readonly organization_id?: AccountId;
  readonly subscription_id?: SubscriptionId;
  readonly order?: 'asc' | 'desc';
  readonly page?: number;
  readonly pageSize?: number;
}

/** Query of the sorted day (the organization's): a day (YYYY-MM-DD; default today as the server counts it). */
export interface SortedAppointmentsQuery {
  readonly date?: string;
  readonly vendor_id?: AccountId;
  readonly customer_id?: AccountId;
  readonly organization_id?: AccountId;
  readonly sort?: 'start_time' | 'route' | 'customer' | 'vendor';
}

/** What every availability call may narrow by. */
export interface AvailabilityFilter {
  readonly vendor_id?: AccountId;
  readonly zip_code?: string;
  readonly service_id?: ServiceId;
  readonly duration?: number;
  readonly exclude_id?: AppointmentId;
}
export interface AvailabilityCheckQuery extends AvailabilityFilter {
  readonly start_time: string;
}
export interface AvailabilityDayQuery extends AvailabilityFilter {
  readonly requested_day: string;
}
export interface AvailabilityRangeQuery extends AvailabilityFilter {
  readonly start_time: string;
  readonly end_time: string;
}
export interface AvailabilityNextQuery extends AvailabilityFilter {
  readonly day_of_week?: DayOfWeek;
}
export interface PublicAvailabilityNextQuery {
  readonly zip_code: string;
  readonly service_id?: ServiceId;
  readonly duration?: number;
  readonly day_of_week?: DayOfWeek;
}
