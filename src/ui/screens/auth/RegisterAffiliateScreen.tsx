import type { ScreenProps } from '../../app/routing';
import { RegistrationForm } from './RegistrationForm';

/** /register-affiliate — a referral or fundraising partner signs up. */
export function RegisterAffiliateScreen(_: Partial<ScreenProps>) {
  return <RegistrationForm kind="affiliate" />;
}
