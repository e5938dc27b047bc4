import type { ScreenProps } from '../../app/routing';
import { RegistrationForm } from './RegistrationForm';

/**
 * /register — customer sign-up with a password. The `version` query picks the template variant
 * (default, homeSize, 23343, quote, 23f3g4); `email` prefills; `aff` is the referring affiliate.
 */
export function RegisterCustomerScreen(_: Partial<ScreenProps>) {
  return <RegistrationForm kind="customer" />;
}

/** /register-customer-quick — the customer template without a password (chosen at onboarding). */
export function RegisterCustomerQuickScreen(_: Partial<ScreenProps>) {
  return <RegistrationForm kind="customerQuick" />;
}
