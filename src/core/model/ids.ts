import * as Schema from 'effect/Schema';
import { OBJECT_ID_PATTERN, REFERRAL_ID_PATTERN } from './id-patterns';

export { OBJECT_ID_PATTERN, REFERRAL_ID_PATTERN, isObjectId } from './id-patterns';

/**
 * The unbranded record-id schema; use a branded one below for a field. Each kind of record gets its own brand,
 * so an AccountId can never be passed where an AppointmentId is expected.
 */
export const ObjectId = Schema.String.pipe(
  Schema.check(Schema.isPattern(OBJECT_ID_PATTERN, { message: 'Expected a record id (24 lower-case hex characters)' })),
);

export const UserId = ObjectId.pipe(Schema.brand('UserId'));
export type UserId = typeof UserId.Type;

/** The id of an account of any type: customer, vendor, organization or affiliate. */
export const AccountId = ObjectId.pipe(Schema.brand('AccountId'));
export type AccountId = typeof AccountId.Type;

export const NotificationId = ObjectId.pipe(Schema.brand('NotificationId'));
export type NotificationId = typeof NotificationId.Type;

export const MediaId = ObjectId.pipe(Schema.brand('MediaId'));
export type MediaId = typeof MediaId.Type;

export const TicketId = ObjectId.pipe(Schema.brand('TicketId'));
export type TicketId = typeof TicketId.Type;

export const AppointmentId = ObjectId.pipe(Schema.brand('AppointmentId'));
export type AppointmentId = typeof AppointmentId.Type;

export const SubscriptionId = ObjectId.pipe(Schema.brand('SubscriptionId'));
export type SubscriptionId = typeof SubscriptionId.Type;

export const OrderId = ObjectId.pipe(Schema.brand('OrderId'));
export type OrderId = typeof OrderId.Type;

export const InvoiceId = ObjectId.pipe(Schema.brand('InvoiceId'));
export type InvoiceId = typeof InvoiceId.Type;

export const ServiceId = ObjectId.pipe(Schema.brand('ServiceId'));
export type ServiceId = typeof ServiceId.Type;

export const ApprovalId = ObjectId.pipe(Schema.brand('ApprovalId'));
export type ApprovalId = typeof ApprovalId.Type;

export const AddressId = ObjectId.pipe(Schema.brand('AddressId'));
export type AddressId = typeof AddressId.Type;

export const PhoneId = ObjectId.pipe(Schema.brand('PhoneId'));
export type PhoneId = typeof PhoneId.Type;

export const CommunicationId = ObjectId.pipe(Schema.brand('CommunicationId'));
export type CommunicationId = typeof CommunicationId.Type;

/** An affiliate's public referral id (see REFERRAL_ID_PATTERN in ./id-patterns.ts). */
export const ReferralId = Schema.String.pipe(
  Schema.check(Schema.isPattern(REFERRAL_ID_PATTERN, { message: 'Expected a referral id (2–40 letters, digits, _ or -, no spaces)' })),
  Schema.brand('ReferralId'),
);
export type ReferralId = typeof ReferralId.Type;
