import * as Schema from 'effect/Schema';
import { AccountId, MediaId, ServiceId } from './ids';
import { Day, DayOfWeek, IsoDateTime, RecordStatus, ZipCode } from './common';
import { Phone } from './phone';
import { Address } from './address';
import { PersonData } from './person';
import { AccountMetaFlags, AccountSettingsFields } from './account-parts';
import { Today } from './appointment';

/** A working window of a vendor: HHMM to HHMM on one day of the week. */
export const AvailabilityWindow = Schema.Struct({ day_of_week: DayOfWeek, start: Schema.String, end: Schema.String });
export type AvailabilityWindow = typeof AvailabilityWindow.Type;

/** The approval of a vendor schedule change (bookings §3 "Vendor schedule: schedule_id, approval"). */
export const VendorScheduleApprovals = ['pending', 'approved', 'rejected'] as const;
export const VendorScheduleApproval = Schema.Literals(VendorScheduleApprovals);
export type VendorScheduleApproval = (typeof VendorScheduleApprovals)[number];

/** A time-off request of a vendor (a schedule change), decided by its organization. */
export const VendorSchedule = Schema.Struct({
  schedule_id: Schema.String,
  vendor_id: AccountId,
  vendor_data: Schema.optional(PersonData),
  organization_id: Schema.optional(Schema.NullOr(AccountId)),
  start_time: IsoDateTime,
  end_time: IsoDateTime,
  note: Schema.optional(Schema.NullOr(Schema.String)),
  approval: VendorScheduleApproval,
  decision_note: Schema.optional(Schema.NullOr(Schema.String)),
  created: Schema.optional(IsoDateTime),
});
export type VendorSchedule = typeof VendorSchedule.Type;

/** Vendor (bookings §3: is_part_of_org), with the contract's fields. */
export const Vendor = Schema.Struct({
  _id: AccountId,
  type: Schema.optional(Schema.Literal('vendor')),
  status: Schema.optional(RecordStatus),
  first_name: Schema.String,
  last_name: Schema.String,
  primary_email: Schema.String,
  phones: Schema.optional(Schema.Array(Phone)),
  address: Schema.optional(Schema.Array(Address)),
  bio: Schema.optional(Schema.NullOr(Schema.String)),
  image: Schema.optional(Schema.NullOr(Schema.String)),
  is_part_of_org: Schema.Boolean,
  organization_id: Schema.optional(Schema.NullOr(AccountId)),
  /** The name of its organization; null for an independent vendor. */
  company_name: Schema.optional(Schema.NullOr(Schema.String)),
  /** Invited by its organization; the claim link has not been used yet. */
  invitation_pending: Schema.optional(Schema.Boolean),
  services: Schema.optional(Schema.Array(ServiceId)),
  availability: Schema.optional(Schema.Array(AvailabilityWindow)),
  time_off: Schema.optional(Schema.Array(VendorSchedule)),
  zip_codes: Schema.optional(Schema.Array(ZipCode)),
  meta: Schema.optional(AccountMetaFlags),
  settings: Schema.optional(AccountSettingsFields),
  created: Schema.optional(IsoDateTime),
});
export type Vendor = typeof Vendor.Type;

/** A vendor as search results list it. */
export const VendorSummary = Schema.Struct({
  _id: AccountId,
  first_name: Schema.String,
  last_name: Schema.String,
  primary_email: Schema.optional(Schema.String),
  image: Schema.optional(Schema.NullOr(Schema.String)),
  organization_id: Schema.optional(Schema.NullOr(AccountId)),
  company_name: Schema.optional(Schema.NullOr(Schema.String)),
  distance_miles: Schema.optional(Schema.NullOr(Schema.Number)),
});
export type VendorSummary = typeof VendorSummary.Type;

/** One item of the vendor's onboarding checklist (insurance documents carry a validity period). */
export const ChecklistItem = Schema.Struct({
  item_id: Schema.String,
  label: Schema.String,
  done: Schema.Boolean,
  requires_document: Schema.optional(Schema.Boolean),
  media_id: Schema.optional(Schema.NullOr(MediaId)),
  valid_until: Schema.optional(Schema.NullOr(Day)),
});
export type ChecklistItem = typeof ChecklistItem.Type;

export const Checklist = Schema.Struct({ items: Schema.Array(ChecklistItem), complete: Schema.optional(Schema.Boolean) });
export type Checklist = typeof Checklist.Type;

/** A vendor's working windows (the reply of update-availability). */
export const Availability = Schema.Struct({ vendor_id: AccountId, availability: Schema.Array(AvailabilityWindow) });
export type Availability = typeof Availability.Type;

/** What the vendor dashboard needs on first entry. */
export const VendorInit = Schema.Struct({
  vendor: Vendor,
  today: Schema.optional(Today),
  checklist: Schema.optional(Checklist),
  pending_time_off: Schema.optional(Schema.Array(VendorSchedule)),
  new_tickets: Schema.optional(Schema.Int),
});
export type VendorInit = typeof VendorInit.Type;

export interface UpdateVendorInput {
  readonly first_name?: string;
  readonly last_name?: string;
  readonly bio?: string;
  readonly image?: MediaId;
  readonly services?: ServiceId[];
  readonly zip_codes?: string[];
  readonly status?: RecordStatus;
  readonly meta?: { readonly initialSetup?: boolean };
}

/** A vendor asks for time off; it needs approval by its organization (bookings §4). */
export interface TimeOffInput {
  readonly vendor_id?: AccountId;
  readonly start_time: string;
  readonly end_time: string;
  readonly note?: string;
}

export interface AvailabilityWindowInput {
  readonly day_of_week: DayOfWeek;
  readonly start: string;
  readonly end: string;
}

export interface UpdateAvailabilityInput {
  readonly vendor_id?: AccountId;
  readonly availability: AvailabilityWindowInput[];
}

export interface ChecklistUpdateInput {
  readonly item_id: string;
  readonly done: boolean;
  readonly media_id?: MediaId;
  readonly valid_until?: string;
  readonly vendor_id?: AccountId;
}
