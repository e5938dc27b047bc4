/**
 * Model of the registration chart: every sign-up page (and every customer template), forms that pass and
 * fail the field rules (with and without a home size, by e-mail and by SMS), and every outcome of each
 * actor — the referral read back or not, e-mail and SMS registrations, server refusals.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { RegistrationForm } from '../../../src/core/rules/registration';
import { SignupVersions } from '../../../src/core/model/registration';
import { registrationMachine, type RegistrationInput } from '../../../src/machines/flows/registration.machine';
import type { ChartModel } from '../../../tools/machine-graph';
import { delayedEvents, done, failed, initialSnapshot } from './flow-support';

export const VALID_FORM: RegistrationForm = {
  first_name: 'Pat',
  last_name: 'Doe',
  email: 'pat@example.com',
  phone_number: '555-123-4567',
  address: '1 Main St, Springfield',
  password: 'garden-path',
  confirmation: 'garden-path',
  account_confirmation_method: 'email',
  home_size: '',
};
export const FORMS: readonly Partial<RegistrationForm>[] = [
  VALID_FORM,
  { ...VALID_FORM, home_size: 'large' },
  { ...VALID_FORM, account_confirmation_method: 'sms' },
  { ...VALID_FORM, email: 'not-an-email', password: '123', confirmation: '' },
];

const USER = { _id: 'u1', email: 'pat@example.com', role: 'customer', accounts: [] };
export const EMAIL_EXISTS = { _tag: 'ApiError', message: 'Email already exists', code: 'email_exists', status: 409 };

export const INPUTS: readonly RegistrationInput[] = [
  ...SignupVersions.map((version) => ({ kind: 'customer' as const, search: `?version=${version}&aff=GREEN_1&quote_set_home_size=large` })),
  { kind: 'customerQuick', search: '?version=homeSize' },
  { kind: 'customerQuick', search: '' },
  { kind: 'quick', search: '?email=pat@example.com' },
  { kind: 'organization' },
  { kind: 'affiliate' },
];

export const registrationEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => [
  done('rememberSignup', { referredBy: 'GREEN_1' }),
  done('rememberSignup', {}),
  failed('rememberSignup'),
  ...FORMS.map((values) => ({ type: 'registration.change', values })),
  { type: 'registration.submit' },
  { type: 'registration.social', provider: 'google', credential: 'dev:pat@example.com:Pat Doe' },
  done('keepChoices'),
  failed('keepChoices'),
  done('register', { userData: USER, confirmation: 'sms', message: 'We texted you a code.' }),
  done('register', { userData: USER, confirmation: 'email', token: 'session-token', message: 'Welcome' }),
  failed('register', EMAIL_EXISTS),
  done('keepSmsMarker'),
  failed('keepSmsMarker'),
  done('registerQuick', { id_token: 'session-token', reset_token: 'reset-token', message: 'Welcome' }),
  failed('registerQuick', EMAIL_EXISTS),
  done('keepResetToken'),
  failed('keepResetToken'),
  done('socialRegister', { token: 'social-token' }),
  failed('socialRegister', { _tag: 'ApiError', message: 'Signup Error', code: 'social_token_invalid' }),
  ...delayedEvents(snapshot),
];

export const model: ChartModel = {
  machine: registrationMachine,
  events: registrationEvents,
  starts: () => INPUTS.map((input) => initialSnapshot(registrationMachine, input)),
};
