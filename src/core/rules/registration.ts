import type { ReferralId } from '../model/ids';
import type { ConfirmationMethod, RegistrationPayload, RegistrationType, SignupVersion } from '../model/registration';
import { HomeSizes, type HomeSize } from '../model/service';
import type { QuoteData, SetDefaultData } from '../model/storage';
import { QUICK_REGISTER_CUSTOMER_WAIT_MS, QUICK_REGISTER_WAIT_MS } from './constants';
import { confirmPasswordError, isValidPassword } from './password';
import { isValidResendPhone, toE164Us } from './phone';
import { parseSignupQuery, type SignupQuery } from './signup';
import { EMAIL_RE, isValidReferralId } from './validators';

/**
 * The sign-up pages of accounts §2 and what each one asks (accounts §3, §4, §9):
 *  - `customer`       /register — the customer template (variant by `version`), with a password;
 *  - `customerQuick`  /register-customer-quick — the customer template without a password (register-quick);
 *  - `quick`          /register-quick — the short customer sign-up (register-quick);
 *  - `organization`   /register-organization;
 *  - `affiliate`      /register-affiliate.
 */
export const SignupKinds = ['customer', 'customerQuick', 'quick', 'organization', 'affiliate'] as const;
export type SignupKind = (typeof SignupKinds)[number];

export const SIGNUP_KIND_TYPE: Readonly<Record<SignupKind, RegistrationType>> = {
  customer: 'customer',
  customerQuick: 'customer',
  quick: 'customer',
  organization: 'organization',
  affiliate: 'affiliate',
};

/** Quick sign-ups call auth/register-quick: no password now (it is chosen at onboarding), e-mail confirmation only. */
export const isQuickSignup = (kind: SignupKind): boolean => kind === 'customerQuick' || kind === 'quick';

/** The customer pages read version, email, aff and the quote-set/default-set prefixes (accounts §2). */
export const readsSignupQuery = (kind: SignupKind): boolean => SIGNUP_KIND_TYPE[kind] === 'customer';

/** Pages that render the customer template variants chosen by `version`. */
export const usesCustomerTemplate = (kind: SignupKind): boolean => kind === 'customer' || kind === 'customerQuick';

/** Quick register waits 500 ms (1000 ms for the customer template) before going on (accounts §9). */
export const quickRegisterWaitMs = (kind: SignupKind): number =>
  usesCustomerTemplate(kind) ? QUICK_REGISTER_CUSTOMER_WAIT_MS : QUICK_REGISTER_WAIT_MS;

/** The signup query a page acts on: the customer pages read theirs; the others ignore it. */
export const signupQueryFor = (kind: SignupKind, query: string): SignupQuery =>
  readsSignupQuery(kind) ? parseSignupQuery(query) : parseSignupQuery('');

// ---- the form ---------------------------------------------------------------------------------

/** What the person types. Empty strings for fields a page does not show. */
export interface RegistrationForm {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  /** As typed (masked or not); sent as '+1' and ten digits. */
  readonly phone_number: string;
  readonly address: string;
  readonly password: string;
  readonly confirmation: string;
  readonly account_confirmation_method: ConfirmationMethod;
  /** The homeSize template's choice, kept under the set-default key. */
  readonly home_size: HomeSize | '';
}

export const emptyRegistrationForm = (email = ''): RegistrationForm => ({
  first_name: '',
  last_name: '',
  email,
  phone_number: '',
  address: '',
  password: '',
  confirmation: '',
  account_confirmation_method: 'email',
  home_size: '',
});

export type RegistrationField = Exclude<keyof RegistrationForm, 'account_confirmation_method'> | 'account_confirmation_method';

/** Why a field is refused; the view translates `auth.field.<problem>`. */
export type FieldProblem = 'required' | 'email' | 'phone' | 'password' | 'mismatch';
export type FieldErrors<F extends string = string> = Readonly<Partial<Record<F, FieldProblem>>>;

/**
 * The fields of each page and template (docs/decisions.md, "Sign-up templates"). The spec names the
 * variants but not their contents; ours differ in what they ask besides name and e-mail:
 *  - default: phone, password, confirmation by e-mail or SMS;
 *  - homeSize: the default form plus the home size (kept under the set-default key for booking);
 *  - 23343: the default form plus the service address;
 *  - quote: the service address, under a summary of the stored quote;
 *  - 23f3g4: the shortest form — first name, e-mail and password.
 * Quick pages drop the password, the phone and the confirmation method (register-quick confirms by e-mail).
 */
export interface SignupTemplate {
  readonly fields: readonly RegistrationField[];
  /** Fields that must not be empty (the phone is also required when confirming by SMS). */
  readonly required: readonly RegistrationField[];
  /** The quote template shows the stored quote above the form. */
  readonly showsQuote: boolean;
}

const NAME: readonly RegistrationField[] = ['first_name', 'last_name', 'email'];
const SECURE: readonly RegistrationField[] = ['phone_number', 'password', 'confirmation', 'account_confirmation_method'];

const customerFields = (version: SignupVersion): readonly RegistrationField[] => {
  switch (version) {
    case 'homeSize':
      return [...NAME, 'home_size', ...SECURE];
    case '23343':
      return [...NAME, 'address', ...SECURE];
    case 'quote':
      return [...NAME, 'address', ...SECURE];
    case '23f3g4':
      return ['first_name', 'email', 'password', 'confirmation'];
    case 'default':
      return [...NAME, ...SECURE];
  }
};

const WITHOUT_PASSWORD = new Set<RegistrationField>(['phone_number', 'password', 'confirmation', 'account_confirmation_method']);

export const signupTemplate = (kind: SignupKind, version: SignupVersion): SignupTemplate => {
  let fields: readonly RegistrationField[];
  switch (kind) {
    case 'customer':
      fields = customerFields(version);
      break;
    case 'customerQuick':
      fields = customerFields(version).filter((f) => !WITHOUT_PASSWORD.has(f));
      break;
    case 'quick':
      fields = NAME;
      break;
    case 'organization':
      fields = [...NAME, 'address', ...SECURE];
      break;
    case 'affiliate':
      fields = [...NAME, ...SECURE];
      break;
  }
  // The phone is required only for SMS confirmation; quick sign-ups ask the least: no last name needed.
  const optional = new Set<RegistrationField>(['phone_number', 'account_confirmation_method', ...(isQuickSignup(kind) ? (['last_name'] as const) : [])]);
  const required = fields.filter((f) => !optional.has(f));
  return { fields, required, showsQuote: usesCustomerTemplate(kind) && version === 'quote' };
};

const blank = (value: string): boolean => value.trim() === '';

/**
 * Field problems of a registration form for a page and template: required fields, a well-formed
 * e-mail, the new-password rules of accounts §5 and 'Passwords do not match', and a US phone that
 * becomes exactly 12 characters — required when the account is confirmed by SMS.
 */
export const registrationFieldErrors = (form: RegistrationForm, kind: SignupKind, version: SignupVersion): FieldErrors<RegistrationField> => {
  const template = signupTemplate(kind, version);
  const shown = new Set(template.fields);
  const errors: Partial<Record<RegistrationField, FieldProblem>> = {};
  for (const field of template.required) {
    const value = form[field];
    if (typeof value === 'string' && blank(value)) errors[field] = 'required';
  }
  if (!errors.email && !EMAIL_RE.test(form.email.trim())) errors.email = 'email';
  if (shown.has('password') && !errors.password && !isValidPassword(form.password)) errors.password = 'password';
  if (shown.has('confirmation') && !errors.password && !errors.confirmation && confirmPasswordError(form.password, form.confirmation) !== undefined) {
    errors.confirmation = 'mismatch';
  }
  if (shown.has('phone_number')) {
    const bySms = shown.has('account_confirmation_method') && form.account_confirmation_method === 'sms';
    if (blank(form.phone_number)) {
      if (bySms) errors.phone_number = 'required';
    } else if (!isValidResendPhone(toE164Us(form.phone_number) ?? form.phone_number.trim())) {
      errors.phone_number = 'phone';
    }
  }
  if (shown.has('home_size') && form.home_size !== '' && !(HomeSizes as readonly string[]).includes(form.home_size)) errors.home_size = 'required';
  return errors;
};

export const isRegistrationFormValid = (form: RegistrationForm, kind: SignupKind, version: SignupVersion): boolean =>
  Object.keys(registrationFieldErrors(form, kind, version)).length === 0;

/** The confirmation method a page sends: quick sign-ups and forms without the choice confirm by e-mail. */
export const confirmationMethodOf = (form: RegistrationForm, kind: SignupKind, version: SignupVersion): ConfirmationMethod =>
  signupTemplate(kind, version).fields.includes('account_confirmation_method') ? form.account_confirmation_method : 'email';

/** The registration payload of accounts §3 from a valid form (only the fields the page shows). */
export const registrationPayload = (
  form: RegistrationForm,
  page: { readonly kind: SignupKind; readonly version: SignupVersion; readonly referredBy?: string | undefined },
): RegistrationPayload => {
  const { kind, version } = page;
  const shown = new Set(signupTemplate(kind, version).fields);
  const text = (field: 'last_name' | 'address'): string | undefined => (shown.has(field) && !blank(form[field]) ? form[field].trim() : undefined);
  const phone = shown.has('phone_number') && !blank(form.phone_number) ? (toE164Us(form.phone_number) ?? form.phone_number.trim()) : undefined;
  const lastName = text('last_name');
  const address = text('address');
  return {
    email: form.email.trim(),
    first_name: form.first_name.trim(),
    last_name: lastName ?? '',
    ...(phone !== undefined ? { phone_number: phone } : {}),
    ...(address !== undefined ? { address } : {}),
    account_confirmation_method: confirmationMethodOf(form, kind, version),
    platform: 'web',
    // The brand is earned by the pattern check (REFERRAL_ID_PATTERN); an invalid stored id is not sent.
    ...(page.referredBy && isValidReferralId(page.referredBy) ? { referred_by: page.referredBy as ReferralId } : {}),
    ...(usesCustomerTemplate(kind) ? { version } : {}),
    type: SIGNUP_KIND_TYPE[kind],
    ...(!isQuickSignup(kind) && shown.has('password') ? { password: form.password } : {}),
  };
};

/** The homeSize template keeps its choice under the set-default key (accounts §3), for booking. */
export const setDefaultOfForm = (form: RegistrationForm, kind: SignupKind, version: SignupVersion): SetDefaultData =>
  signupTemplate(kind, version).fields.includes('home_size') && form.home_size !== '' ? { home_size: form.home_size } : {};

export const hasValues = (data: QuoteData | SetDefaultData): boolean => Object.values(data).some((v) => v !== undefined && v !== '');

/** After SMS registration the marker remembers who waits for the texted code (accounts §4). */
export const smsMarkerOf = (payload: RegistrationPayload) => ({
  email: payload.email,
  ...(payload.phone_number ? { phone_number: payload.phone_number } : {}),
});
