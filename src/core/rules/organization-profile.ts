/**
 * The organization's profile forms (issue 11 "/organization/profile"; bookings §5 validators and the phone mask
 * 3-3-4): which fields a details, address or contact form may not send as they are. One home for the rule: the
 * profile chart refuses to send with these problems; the server's contract checks the same shapes.
 */
import { nationalDigits } from './phone';

export type FieldProblem = 'required' | 'phone' | 'email' | 'state' | 'zip';
export type Problems = Readonly<Record<string, FieldProblem>>;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const blank = (v: string | undefined) => (v ?? '').trim() === '';
/** A typed phone is good when it is empty or ten digits (with or without the mask). */
const badPhone = (v: string | undefined) => !blank(v) && nationalDigits(v ?? '').length !== 10;

export interface DetailsDraft {
  readonly company_name: string;
  readonly phone: string;
}

export interface AddressDraft {
  readonly street_number: string;
  readonly street: string;
  readonly unit: string;
  readonly city: string;
  readonly state: string;
  readonly postal_code: string;
}

export interface ContactDraft {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly phone: string;
  readonly title: string;
}

export const detailsProblems = (d: DetailsDraft): Problems => ({
  ...(blank(d.company_name) ? { company_name: 'required' as const } : {}),
  ...(badPhone(d.phone) ? { phone: 'phone' as const } : {}),
});

export const addressProblems = (a: AddressDraft): Problems => {
  const problems: Record<string, FieldProblem> = {};
  for (const field of ['street_number', 'street', 'city', 'state', 'postal_code'] as const) if (blank(a[field])) problems[field] = 'required';
  if (!problems.state && !/^[A-Za-z]{2}$/.test(a.state.trim())) problems.state = 'state';
  if (!problems.postal_code && !/^[0-9]{5}$/.test(a.postal_code.trim())) problems.postal_code = 'zip';
  return problems;
};

export const contactProblems = (c: ContactDraft): Problems => ({
  ...(blank(c.first_name) ? { first_name: 'required' as const } : {}),
  ...(blank(c.last_name) ? { last_name: 'required' as const } : {}),
  ...(!blank(c.email) && !EMAIL.test(c.email.trim()) ? { email: 'email' as const } : {}),
  ...(badPhone(c.phone) ? { phone: 'phone' as const } : {}),
});
