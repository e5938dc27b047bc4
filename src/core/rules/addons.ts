/** Add-on rules (bookings §3, §4): add, remove, approve or decline, update an add-on on an appointment. */
import type { AppointmentStatus } from '../model/appointment';
import { appointmentScopes } from './appointments';
import { MESSAGES } from './messages';
import { hasText, instant, roleRule, specRule, type ActorRole, type SpecRule } from './spec-rule';

// The add-on statuses live in src/core/model/appointment.ts; re-exported for the chart.
export { AddOnStatuses, type AddOnStatus } from '../model/appointment';

/** What an add-on names: a service, or a custom request with a description and a value in cents. */
export interface AddOnTerms {
  readonly serviceId?: string | null | undefined;
  readonly description?: string | null | undefined;
  readonly valueCents?: number | null | undefined;
}

export interface AddOnFacts extends AddOnTerms {
  readonly role: ActorRole;
  readonly now: string;
}

/** A service, or a custom request whose description is not blank and whose value is a positive whole number of cents. */
export const isDescribedAddOn = (t: AddOnTerms): boolean =>
  hasText(t.serviceId) ||
  (hasText(t.description) && typeof t.valueCents === 'number' && Number.isInteger(t.valueCents) && t.valueCents > 0);

export const addOnRules = {
  described: specRule<AddOnTerms>({
    id: 'addon.described',
    spec: 'Add-on: service_data or a custom request (description, value), plan_id, and appointment_id or subscription_id.',
    source: 'bookings §3',
    test: isDescribedAddOn,
  }),
  customerSide: roleRule(
    'addon.customerSide',
    'An add-on added by the customer (or an admin) needs no approval.',
    'decision',
    ['customer', 'super', 'admin'],
  ),
  providerSide: roleRule(
    'addon.providerSide',
    'An add-on proposed by the vendor or the organization waits for the customer to approve or decline it (approvedByCustomer).',
    'bookings §3 + decision',
    ['vendor', 'organization'],
  ),
  decider: roleRule(
    'addon.deciderRoles',
    'Add-on on an appointment: approve or decline — by the customer (approvedByCustomer), or an admin for them.',
    'bookings §3, §4 + decision',
    ['customer', 'super', 'admin'],
  ),
  remover: roleRule(
    'addon.removerRoles',
    'Anyone party to the appointment (customer, vendor, organization) or an admin may remove an add-on.',
    'decision',
    ['customer', 'vendor', 'organization', 'super', 'admin'],
  ),
} as const;

export const addOnRuleList: readonly SpecRule<never>[] = Object.values(addOnRules);

/** What an add-on call names: exactly one target (appointment or subscription) and one kind (catalogue or custom). */
export interface AddOnRequestShape {
  readonly appointment_id?: string | undefined;
  readonly subscription_id?: string | undefined;
  readonly service_id?: string | undefined;
  readonly plan_id?: string | undefined;
  readonly custom?: { readonly description?: string; readonly value?: number } | undefined;
}

/** 'Missing required fields' (bookings §8) unless the call names exactly one target and exactly one kind. */
export const addOnRequestRefusal = (body: AddOnRequestShape): string | null => {
  const targets = Number(hasText(body.appointment_id)) + Number(hasText(body.subscription_id));
  const catalogue = hasText(body.service_id) || hasText(body.plan_id);
  const kinds = Number(catalogue) + Number(body.custom !== undefined);
  if (targets !== 1 || kinds !== 1) return MESSAGES.missing_required_fields;
  if (catalogue && !(hasText(body.service_id) && hasText(body.plan_id))) return MESSAGES.missing_required_fields;
  return null;
};

/** The plan id of a catalogue add-on service: `addon-<service id>` (as the catalogue lists it). */
export const addOnPlanId = (serviceId: string): string => `addon-${serviceId}`;

export interface AddOnVisitFacts {
  readonly status: AppointmentStatus;
  readonly startTime: string;
  readonly now: string;
}

/**
 * An add-on is added to, changed on or approved for a visit that is still open and ahead: the appointment's
 * own scopes (most actions are blocked when suspended, deleted, canceled or complete; many when the start is
 * in the past).
 */
export const addOnVisitRule = specRule<AddOnVisitFacts>({
  id: 'addon.visitOpen',
  spec: 'Most actions are blocked when status is suspended, deleted, canceled or complete; many are also blocked when the start date is in the past.',
  source: 'bookings §4',
  test: (f) =>
    appointmentScopes.open.allowed.includes(f.status) && appointmentScopes.notPastStatus.allowed.includes(f.status) && instant(f.startTime) > instant(f.now),
});

/**
 * Which approved add-ons of a subscription's visits the next charge carries: one not charged yet, on a visit that
 * starts before the end of the period that charge pays for (later visits wait for their own period). Each is
 * charged once (the cycle that charged it is written on it).
 */
export const chargedWithPeriod = (visitStart: string, periodEnd: string): boolean => instant(visitStart) < instant(periodEnd);
