/** Add-on rules (bookings §3, §4): add, remove, approve or decline, update an add-on on an appointment. */
import { hasText, roleRule, specRule, type ActorRole, type SpecRule } from './spec-rule';

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
