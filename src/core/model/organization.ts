import * as Schema from 'effect/Schema';
import { AccountId, MediaId } from './ids';
import { Currency, Day, IsoDateTime, RecordStatus, ZipCode } from './common';
import { Appointment } from './appointment';
import { Phone } from './phone';
import { Address, type AddressInput } from './address';
import { Contribution } from './affiliate';
import { AccountSettingsFields } from './account-parts';
import { Balance, BusinessType } from './payouts';
import { Vendor, VendorSchedule } from './vendor';

export const EntityTypes = ['sole_proprietorship', 'single_member_llc'] as const;
export const EntityType = Schema.Literals(EntityTypes);
export type EntityType = (typeof EntityTypes)[number];

/** An organization's approval as the admin area sees it (pending → approved, or rejected). */
export const OrganizationApprovalStates = ['pending', 'approved', 'rejected'] as const;
export const OrganizationApprovalState = Schema.Literals(OrganizationApprovalStates);
export type OrganizationApprovalState = (typeof OrganizationApprovalStates)[number];

/** A person to contact at an organization. */
export const Contact = Schema.Struct({
  contact_id: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
  email: Schema.optional(Schema.NullOr(Schema.String)),
  phone: Schema.optional(Schema.NullOr(Schema.String)),
  title: Schema.optional(Schema.NullOr(Schema.String)),
});
export type Contact = typeof Contact.Type;

export const DocumentTypes = ['insurance', 'identity'] as const;
export const DocumentType = Schema.Literals(DocumentTypes);
export type DocumentType = (typeof DocumentTypes)[number];

export const DocumentStatuses = ['pending', 'verified', 'rejected', 'expired'] as const;
export const DocumentStatus = Schema.Literals(DocumentStatuses);
export type DocumentStatus = (typeof DocumentStatuses)[number];

/** An insurance (or identity) document with its validity period (bookings §3 "Other"). */
export const VerificationDocument = Schema.Struct({
  document_type: DocumentType,
  media_id: MediaId,
  back_media_id: Schema.optional(Schema.NullOr(MediaId)),
  valid_from: Day,
  valid_until: Day,
  status: Schema.optional(DocumentStatus),
});
export type VerificationDocument = typeof VerificationDocument.Type;

/** A circle around a ZIP code's centre; radius in miles. */
export const ServiceArea = Schema.Struct({
  _id: Schema.optional(Schema.String),
  label: Schema.optional(Schema.String),
  postal_code: ZipCode,
  radius_miles: Schema.Number,
  lat: Schema.optional(Schema.NullOr(Schema.Number)),
  lng: Schema.optional(Schema.NullOr(Schema.Number)),
});
export type ServiceArea = typeof ServiceArea.Type;

/** A circle as the organization sets it (ServiceAreasRequest's items). */
export interface ServiceAreaInput {
  readonly label?: string;
  readonly postal_code: string;
  readonly radius_miles: number;
}

/** Organization (bookings §3: company_name), with the contract's fields. */
export const Organization = Schema.Struct({
  _id: AccountId,
  type: Schema.optional(Schema.Literal('organization')),
  status: Schema.optional(RecordStatus),
  company_name: Schema.String,
  first_name: Schema.optional(Schema.String),
  last_name: Schema.optional(Schema.String),
  primary_email: Schema.String,
  phones: Schema.optional(Schema.Array(Phone)),
  address: Schema.optional(Schema.Array(Address)),
  contacts: Schema.optional(Schema.Array(Contact)),
  business_type: Schema.optional(BusinessType),
  entity_type: Schema.optional(Schema.NullOr(EntityType)),
  vendor_count: Schema.optional(Schema.Int),
  max_vendors: Schema.optional(Schema.NullOr(Schema.Int)),
  service_areas: Schema.optional(Schema.Array(ServiceArea)),
  zip_codes: Schema.optional(Schema.Array(ZipCode)),
  verification_document: Schema.optional(Schema.NullOr(VerificationDocument)),
  agreement_accepted_at: Schema.optional(Schema.NullOr(IsoDateTime)),
  affiliates: Schema.optional(Schema.Array(Contribution)),
  meta: Schema.Struct({
    initialSetup: Schema.optional(Schema.Boolean),
    isApproved: Schema.optional(Schema.Boolean),
    approval_status: Schema.optional(OrganizationApprovalState),
  }),
  settings: Schema.optional(AccountSettingsFields),
  created: Schema.optional(IsoDateTime),
});
export type Organization = typeof Organization.Type;

/** An organization as search results list it. */
export const OrganizationSummary = Schema.Struct({
  _id: AccountId,
  company_name: Schema.String,
  primary_email: Schema.optional(Schema.String),
  isApproved: Schema.optional(Schema.Boolean),
});
export type OrganizationSummary = typeof OrganizationSummary.Type;

/** Survey/form statuses (bookings §4: draft, open, closed). */
export const SurveyStatuses = ['draft', 'open', 'closed'] as const;
export const SurveyStatus = Schema.Literals(SurveyStatuses);
export type SurveyStatus = (typeof SurveyStatuses)[number];

export const Survey = Schema.Struct({
  status: SurveyStatus,
  answers: Schema.Array(Schema.Struct({ question: Schema.String, answer: Schema.String })),
  updated: Schema.optional(Schema.NullOr(IsoDateTime)),
});
export type Survey = typeof Survey.Type;

/** What the organization's completed visits earned this month (cents). */
export const MonthEarnings = Schema.Struct({ month: Schema.String, amount: Schema.Int, visits: Schema.Int, currency: Currency });
export type MonthEarnings = typeof MonthEarnings.Type;

/** What the organization dashboard needs on first entry. */
export const OrganizationInit = Schema.Struct({
  organization: Organization,
  vendors: Schema.optional(Schema.Array(Vendor)),
  pending_time_off: Schema.optional(Schema.Array(VendorSchedule)),
  balance: Schema.optional(Balance),
  new_tickets: Schema.optional(Schema.Int),
  survey_status: Schema.optional(SurveyStatus),
  /** The organization's local day and the zone it is counted in. */
  today: Schema.optional(Day),
  time_zone: Schema.optional(Schema.String),
  today_appointments: Schema.optional(Schema.Array(Appointment)),
  month_earnings: Schema.optional(MonthEarnings),
  /** Approval requests on its visits still waiting. */
  pending_approvals: Schema.optional(Schema.Int),
});
export type OrganizationInit = typeof OrganizationInit.Type;

/** `{ zip_codes }` — the ZIP codes an organization serves. */
export const ZipCodes = Schema.Struct({ zip_codes: Schema.Array(ZipCode) });
export type ZipCodes = typeof ZipCodes.Type;

// ---- requests ----------------------------------------------------------------------------------

export interface UpdateOrganizationInput {
  readonly company_name?: string;
  readonly first_name?: string;
  readonly last_name?: string;
  readonly business_type?: BusinessType;
  readonly entity_type?: EntityType;
  /** SSN (3-2-4) or EIN (2-7). */
  readonly tax_id?: string;
  readonly meta?: { readonly initialSetup?: boolean };
}

/** Without contact_id a contact is added; with it, that contact is changed. */
export interface ContactInput {
  readonly contact_id?: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly email?: string;
  readonly phone?: string;
  readonly title?: string;
}

export interface NewVendorInput {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly phone?: string;
  readonly services?: string[];
  readonly zip_codes?: string[];
}

export interface VerificationDocumentInput {
  readonly document_type: DocumentType;
  readonly media_id: MediaId;
  readonly back_media_id?: MediaId;
  readonly valid_from: string;
  readonly valid_until: string;
}

export interface SurveyInput {
  readonly status?: Extract<SurveyStatus, 'draft' | 'open'>;
  readonly answers: { readonly question: string; readonly answer: string }[];
}

/** Without address_id an address is added to the customer; with it, that address is changed. */
export interface CustomerAddressInput {
  readonly address_id?: string;
  readonly address: AddressInput;
  readonly is_default?: boolean;
}

export interface OrganizationVendorQuery {
  readonly start?: number;
  readonly num?: number;
  readonly type?: RecordStatus | 'all';
  readonly _id?: AccountId;
  /** Name or e-mail contains (3 characters or more). */
  readonly search?: string;
}
