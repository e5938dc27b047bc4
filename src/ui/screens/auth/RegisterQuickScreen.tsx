import type { ScreenProps } from '../../app/routing';
import { RegistrationForm } from './RegistrationForm';

/** /register-quick — the short customer sign-up: name and e-mail; the password comes at onboarding. */
export function RegisterQuickScreen(_: Partial<ScreenProps>) {
  return <RegistrationForm kind="quick" />;
}
