import type { ComponentType } from 'react';
import type { ScreenLoader } from '../../app/lazy-screen';
import type { ScreenProps } from '../../app/routing';

/**
 * A named export as a screen loader (one chunk per file). src/ui/app/screen-registry.ts wraps every loader
 * with `lazyScreen`: the loading state, the spec's 120 s time-out and Retry.
 */
const screen =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ScreenProps>): ScreenLoader =>
  () =>
    load().then((module) => ({ default: pick(module) }));

/**
 * The screens of the sign-up, SMS confirmation and onboarding routes, keyed by route name
 * (src/core/routes.ts). The login screen shows the password screens in place (LostPasswordScreen,
 * ResetPasswordScreen for ?password_reset=, TemporaryPasswordScreen); the profile pages embed
 * ChangePasswordPanel and PhoneVerifyPanel (src/ui/shared).
 */
export const authScreens: Readonly<Record<string, ScreenLoader>> = {
  register: screen(() => import('./RegisterCustomerScreen'), (m) => m.RegisterCustomerScreen),
  registerCustomerQuick: screen(() => import('./RegisterCustomerScreen'), (m) => m.RegisterCustomerQuickScreen),
  registerQuick: screen(() => import('./RegisterQuickScreen'), (m) => m.RegisterQuickScreen),
  registerOrganization: screen(() => import('./RegisterOrganizationScreen'), (m) => m.RegisterOrganizationScreen),
  registerAffiliate: screen(() => import('./RegisterAffiliateScreen'), (m) => m.RegisterAffiliateScreen),
  registerVerifySms: screen(() => import('./VerifySmsScreen'), (m) => m.VerifySmsScreen),
  'customer.onboarding': screen(() => import('../onboarding/CustomerOnboardingScreen'), (m) => m.CustomerOnboardingScreen),
  'vendor.onboarding': screen(() => import('../onboarding/VendorOnboardingScreen'), (m) => m.VendorOnboardingScreen),
  'organization.onboarding': screen(() => import('../onboarding/OrganizationOnboardingScreen'), (m) => m.OrganizationOnboardingScreen),
  'organization.pendingApproval': screen(() => import('../onboarding/PendingApprovalScreen'), (m) => m.PendingApprovalSessionScreen),
  'affiliate.onboarding': screen(() => import('../onboarding/AffiliateOnboardingScreen'), (m) => m.AffiliateOnboardingScreen),
};
