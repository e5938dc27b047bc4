import { useIntl } from 'react-intl';
import type { ScreenProps } from '../../app/routing';
import { WhatIsTendwell } from '../../app/shell/WhatIsTendwell';
import { OnboardingFlow } from './OnboardingFlow';

/** /customer/onboarding — with the 'What is Tendwell?' link and modal (accounts §2). */
export function CustomerOnboardingScreen(_: Partial<ScreenProps>) {
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
