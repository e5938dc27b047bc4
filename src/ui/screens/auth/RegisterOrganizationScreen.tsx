import type { ScreenProps } from '../../app/routing';
import { RegistrationForm } from './RegistrationForm';

/** /register-organization — a provider joins; the organization is approved before use. */
export function RegisterOrganizationScreen(_: Partial<ScreenProps>) {
  return <RegistrationForm kind="organization" />;
}
