import { useIntl } from 'react-intl';
import type { ScreenProps } from '../../app/routing';
import { WhatIsTendwell } from '../../app/shell/WhatIsTendwell';
import { OnboardingFlow } from './OnboardingFlow';
import { withOnboardingMessages } from '../../i18n/onboarding-messages';

/** /customer/onboarding — with the 'What is Tendwell?' link and modal (accounts §2). */
function CustomerOnboardingScreenView(_: Partial<ScreenProps>) {
  const intl = useIntl();
  return (
    <OnboardingFlow
      role="customer"
      intro={
        <div>
          <WhatIsTendwell />
        </div>
      }
      remaining={<p>{intl.formatMessage({ id: 'onboarding.customer.remaining' })}</p>}
    />
  );
}

/** With its texts (`onboarding.*.json`): they load with this component, not with the app. */
export const CustomerOnboardingScreen = withOnboardingMessages(CustomerOnboardingScreenView);
