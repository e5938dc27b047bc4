import type { ScreenProps } from '../../app/routing';
import { withOnboardingMessages } from '../../i18n/onboarding-messages';
import { PayoutOnboardingFlow } from './PayoutOnboardingFlow';

/**
 * /affiliate/onboarding (accounts §4; issue 11): the payout account at the payment provider, the bank account its
 * give-back is paid to, finishing; then /affiliate/dashboard. Referral ids arrive with the affiliate area.
 */
function AffiliateOnboarding(_: Partial<ScreenProps>) {
  return <PayoutOnboardingFlow kind="affiliate" />;
}

export const AffiliateOnboardingScreen = withOnboardingMessages(AffiliateOnboarding);
