import type { ScreenProps } from '../../app/routing';
import { withOnboardingMessages } from '../../i18n/onboarding-messages';
import { PayoutOnboardingFlow } from './PayoutOnboardingFlow';

/**
 * /organization/onboarding (accounts §4; issue 11): the payout account at the payment provider, business details,
 * bank account, verification document, agreement and survey; then finishing, after which the organization waits
 * for approval.
 */
function OrganizationOnboarding(_: Partial<ScreenProps>) {
  return <PayoutOnboardingFlow kind="organization" />;
}

export const OrganizationOnboardingScreen = withOnboardingMessages(OrganizationOnboarding);
