import type { ReactNode } from 'react';
import { AppointmentsProvider, type AppointmentSource } from '../shared/Appointments';
import { AuthFlowsProvider, type AuthFlows } from '../shared/AuthFlows';
import { BillingProvider, type BillingSource } from '../shared/Billing';
import type { FeatureSource } from '../shared/feature-source';
import { TicketsProvider, type TicketsSource } from '../shared/Tickets';
import { MoneyProvider, type MoneySource } from '../shared/Money';
import { OnboardingProvider, type OnboardingSource } from '../shared/Onboarding';
import { ProfileProvider, type ProfileSource } from '../shared/Profile';
import { ShopProvider, type ShopSource } from '../shared/Shop';
import { OrganizationProvider, type OrganizationSource } from '../shared/Organization';
import { AvailabilityProvider, type AvailabilitySource } from '../shared/Availability';

/** Every feature's per-screen charts, or a loader of them (src/features-root.ts builds the app's). */
export interface FeatureSources {
  readonly flows: FeatureSource<AuthFlows>;
  readonly tickets: TicketsSource;
  readonly appointments: AppointmentSource;
  readonly billing: BillingSource;
  readonly availability: AvailabilitySource;
  readonly profile: ProfileSource;
  readonly shop: ShopSource;
  readonly organization: OrganizationSource;
  readonly money: MoneySource;
  readonly onboarding: OnboardingSource;
}

/**
 * Hands each feature's charts to the screens that use them. The browser (src/main.tsx) and the build-time render of
 * the public pages (src/prerender.tsx) wrap the app in the same providers, so both render the same tree.
 */
export function FeatureProviders({ sources, children }: { sources: FeatureSources; children: ReactNode }) {
  return (
    <AuthFlowsProvider value={sources.flows}>
      <TicketsProvider value={sources.tickets}>
        <AppointmentsProvider value={sources.appointments}>
          <BillingProvider value={sources.billing}>
            <AvailabilityProvider value={sources.availability}>
              <ShopProvider value={sources.shop}>
                <OrganizationProvider value={sources.organization}>
                  <MoneyProvider value={sources.money}>
                    <OnboardingProvider value={sources.onboarding}>
                      <ProfileProvider value={sources.profile}>{children}</ProfileProvider>
                    </OnboardingProvider>
                  </MoneyProvider>
                </OrganizationProvider>
              </ShopProvider>
            </AvailabilityProvider>
          </BillingProvider>
        </AppointmentsProvider>
      </TicketsProvider>
    </AuthFlowsProvider>
  );
}
