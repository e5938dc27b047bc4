import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ScreenProps } from '../../app/routing';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

/** A named export as a lazily loaded screen (one chunk per file). */
const screen = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ScreenProps>): Screen =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

/**
 * The screens of the sign-up, SMS confirmation and onboarding routes, keyed by route name
 * (src/core/routes.ts). The login screen shows the password screens in place (LostPasswordScreen,
 * ResetPasswordScreen for ?password_reset=, TemporaryPasswordScreen); settings pages embed
 * ChangePasswordPanel and PhoneVerifyPanel.
 */
export const authScreens: Readonly<Record<string, Screen>> = {
  register: screen(() => import('./RegisterCustomerScreen'), (m) => m.RegisterCustomerScreen),
  registerCustomerQuick: screen(() => import('./RegisterCustomerScreen'), (m) => m.RegisterCustomerQuickScreen),
  registerQuick: screen(() => import('./RegisterQuickScreen'), (m) => m.RegisterQuickScreen),
  registerOrganization: screen(() => import('./RegisterOrganizationScreen'), (m) => m.RegisterOrganizationScreen),
  registerAffiliate: screen(() => import('./RegisterAffiliateScreen'), (m) => m.RegisterAffiliateScreen),
  registerVerifySms: screen(() => import('./VerifySmsScreen'), (m) => m.VerifySmsScreen),
  'customer.onboarding': screen(() => import('../onboarding/CustomerOnboardingScreen'), (m) => m.CustomerOnboardingScreen),
  'vendor.onboarding': screen(() => import('../onboarding/VendorOnboardingScreen'), (m) => m.VendorOnboardingScreen),
  'organization.onboarding': screen(() => import('../onboarding/OrganizationOnboardingScreen'), (m) => m.OrganizationOnboardingScreen),
  'organization.pendingApproval': screen(() => import('../onboarding/PendingApprovalScreen'), (m) => m.PendingApprovalScreen),
  'affiliate.onboarding': screen(() => import('../onboarding/AffiliateOnboardingScreen'), (m) => m.AffiliateOnboardingScreen),
};
