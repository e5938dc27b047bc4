import { useIntl } from 'react-intl';
import type { ScreenProps } from '../../app/routing';
import { OnboardingFlow } from './OnboardingFlow';

/** /vendor/onboarding — payout onboarding arrives with the vendor area. */
export function VendorOnboardingScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  return <OnboardingFlow role="vendor" remaining={<p>{intl.formatMessage({ id: 'onboarding.vendor.remaining' })}</p>} />;
}
