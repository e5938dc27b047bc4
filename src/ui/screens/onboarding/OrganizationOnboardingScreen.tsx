import { useIntl } from 'react-intl';
import type { ScreenProps } from '../../app/routing';
import { OnboardingFlow } from './OnboardingFlow';

/** /organization/onboarding — the payment-provider account and agreement arrive with the organization area. */
export function OrganizationOnboardingScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  return <OnboardingFlow role="organization" remaining={<p>{intl.formatMessage({ id: 'onboarding.organization.remaining' })}</p>} />;
}
