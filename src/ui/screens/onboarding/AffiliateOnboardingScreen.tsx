import { useIntl } from 'react-intl';
import type { ScreenProps } from '../../app/routing';
import { OnboardingFlow } from './OnboardingFlow';

/** /affiliate/onboarding — payout details and referral ids arrive with the affiliate area. */
export function AffiliateOnboardingScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  return <OnboardingFlow role="affiliate" remaining={<p>{intl.formatMessage({ id: 'onboarding.affiliate.remaining' })}</p>} />;
}
