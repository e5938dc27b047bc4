import * as Schema from 'effect/Schema';
import { AppointmentId, ApprovalId, SubscriptionId } from './ids';
import { IsoDateTime } from './common';
import { AccountKind } from './roles';
import { PersonData } from './person';
import { HomeSize } from './service';

/** Approval request types (bookings §3). */
export const ApprovalTypes = ['home_size', 'start_time'] as const;
export const ApprovalType = Schema.Literals(ApprovalTypes);
export type ApprovalType = (typeof ApprovalTypes)[number];

/**
 * Approval statuses as the contract sends them. The approval chart (rules/approvals.ts) has the first
 * three as states; 'canceled' is the requester withdrawing a request, which the chart does not model yet.
 */
export const ApprovalStatuses = ['pending', 'approved', 'declined', 'canceled'] as const;
export const ApprovalStatus = Schema.Literals(ApprovalStatuses);
export type ApprovalStatus = (typeof ApprovalStatuses)[number];

/**
 * Approval request (bookings §3): type home_size (data.homeSize, data.subscriptionData.service_data.name)
 * or start_time (data.startTime, data.appointmentData.start_time), plus a note.
 */
export const Approval = Schema.Struct({
  _id: ApprovalId,
  type: ApprovalType,
  status: ApprovalStatus,
  note: Schema.optional(Schema.NullOr(Schema.String)),
  data: Schema.Struct({
    appointmentId: Schema.optional(AppointmentId),
    subscriptionId: Schema.optional(SubscriptionId),
    homeSize: Schema.optional(HomeSize),
    startTime: Schema.optional(IsoDateTime),
    subscriptionData: Schema.optional(
      Schema.Struct({ service_data: Schema.optional(Schema.Struct({ name: Schema.optional(Schema.String) })) }),
    ),
    appointmentData: Schema.optional(Schema.Struct({ start_time: Schema.optional(IsoDateTime) })),
  }),
  requested_by: Schema.optional(PersonData),
  requested_by_account_type: Schema.optional(AccountKind),
  decided_by: Schema.optional(Schema.NullOr(PersonData)),
  decision_note: Schema.optional(Schema.NullOr(Schema.String)),
  created: Schema.optional(IsoDateTime),
  decided_at: Schema.optional(Schema.NullOr(IsoDateTime)),
});
export type Approval = typeof Approval.Type;

/** POST approvals: the appointment the request is about, the asked change, and the note that explains it. */
export type CreateApprovalInput =
  | { readonly type: 'home_size'; readonly appointment_id: AppointmentId; readonly data: { readonly homeSize: HomeSize }; readonly note: string }
  | { readonly type: 'start_time'; readonly appointment_id: AppointmentId; readonly data: { readonly startTime: string }; readonly note: string };

/** PUT approvals/{id}: approve or decline (canceled is for the requester only). */
export interface DecideApprovalInput {
  readonly status: Exclude<ApprovalStatus, 'pending'>;
  readonly note?: string;
}
