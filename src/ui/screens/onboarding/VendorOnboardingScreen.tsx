import type { ScreenProps } from '../../app/routing';
import { withOnboardingMessages } from '../../i18n/onboarding-messages';
import { PayoutOnboardingFlow } from './PayoutOnboardingFlow';

/** /vendor/onboarding (accounts §4; issue 11): the payout account at the payment provider, the checklist (insurance), finishing. */
function VendorOnboarding(_: Partial<ScreenProps>) {
  return <PayoutOnboardingFlow kind="vendor" />;
}

export const VendorOnboardingScreen = withOnboardingMessages(VendorOnboarding);
