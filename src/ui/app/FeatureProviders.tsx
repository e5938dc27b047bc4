import type { ReactNode } from 'react';
import { AppointmentsProvider, type AppointmentSource } from '../shared/Appointments';
import { AuthFlowsProvider, type AuthFlows } from '../shared/AuthFlows';
import { BillingProvider, type BillingSource } from '../shared/Billing';
import type { FeatureSource } from '../shared/feature-source';
import { HelpDeskProvider, type HelpDeskSource } from '../shared/HelpDesk';
import { MoneyProvider, type MoneySource } from '../shared/Money';
import { PayoutOnboardingProvider, type PayoutOnboardingSource } from '../shared/PayoutOnboarding';
import { ShopProvider, type ShopSource } from '../shared/Shop';
import { TeamProvider, type TeamSource } from '../shared/Team';
import { VendorCalendarProvider, type VendorCalendarSource } from '../shared/VendorCalendar';

/** Every feature's per-screen charts, or a loader of them (src/features-root.ts builds the app's). */
export interface FeatureSources {
  readonly flows: FeatureSource<AuthFlows>;
  readonly helpDesk: HelpDeskSource;
  readonly appointments: AppointmentSource;
  readonly billing: BillingSource;
  readonly vendorCalendar: VendorCalendarSource;
  readonly shop: ShopSource;
  readonly team: TeamSource;
  readonly money: MoneySource;
  readonly payoutOnboarding: PayoutOnboardingSource;
}

/**
 * Hands each feature's charts to the screens that use them. The browser (src/main.tsx) and the build-time render of
 * the public pages (src/prerender.tsx) wrap the app in the same providers, so both render the same tree.
 */
export function FeatureProviders({ sources, children }: { sources: FeatureSources; children: ReactNode }) {
  return (
    <AuthFlowsProvider value={sources.flows}>
      <HelpDeskProvider value={sources.helpDesk}>
        <AppointmentsProvider value={sources.appointments}>
          <BillingProvider value={sources.billing}>
            <VendorCalendarProvider value={sources.vendorCalendar}>
              <ShopProvider value={sources.shop}>
                <TeamProvider value={sources.team}>
                  <MoneyProvider value={sources.money}>
                    <PayoutOnboardingProvider value={sources.payoutOnboarding}>{children}</PayoutOnboardingProvider>
                  </MoneyProvider>
                </TeamProvider>
              </ShopProvider>
            </VendorCalendarProvider>
          </BillingProvider>
        </AppointmentsProvider>
      </HelpDeskProvider>
    </AuthFlowsProvider>
  );
}
