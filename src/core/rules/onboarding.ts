import type { Account } from '../model/user';
import type { AccountType } from '../model/roles';
import type { RegistrationType } from '../model/registration';
import { findRoute } from '../routes';

export const ONBOARDING_PATHS: Readonly<Record<AccountType, string>> = {
  customer: '/customer/onboarding',
  affiliate: '/affiliate/onboarding',
  vendor: '/vendor/onboarding',
  organization: '/organization/onboarding',
};
export const PENDING_APPROVAL_PATH = '/organization/pending-approval';
export const VENDOR_HOME_PATH = '/vendor';
export const ORGANIZATION_HOME_PATH = '/organization';
export const AFFILIATE_HOME_PATH = '/affiliate/dashboard';

type GateAccount = Pick<Account, 'type' | 'meta' | 'settings'>;

/** An organization is set up when it has initialSetup and a payment-provider id (accounts §4). */
export const isOrganizationSetUp = (account: GateAccount): boolean =>
  account.meta.initialSetup === true && typeof account.settings.stripe_id === 'string' && account.settings.stripe_id !== '';

/**
 * The shop routes a customer in set-up may open: booking is how a customer finishes onboarding (issue 8: "a
 * customer who books, or who chooses to skip, is onboarded"), so the gate lets the booking steps through.
 */
export const CUSTOMER_SETUP_PATHS: readonly string[] = ['/services', '/services/:id', '/cart', '/order', '/order-success/:id'];

/** Whether the account still has to go through onboarding. */
export const needsOnboarding = (account: GateAccount): boolean => {
  switch (account.type) {
    case 'customer':
    case 'affiliate':
      return account.meta.initialSetup !== true && account.meta.skipOnboarding !== true;
    case 'vendor':
      return account.meta.initialSetup !== true;
    case 'organization':
      return !isOrganizationSetUp(account);
  }
};

/** A new organization must be approved before use: anything but isApproved true waits. */
export const awaitsApproval = (account: GateAccount): boolean =>
  account.type === 'organization' && account.meta.isApproved !== true;

/**
 * The onboarding gates of accounts §4: where the active account must go instead of `path`, or
 * undefined to stay. Public routes are never gated.
 *  - customer/affiliate without initialSetup and without skipOnboarding → their onboarding route;
 *  - vendor without initialSetup → /vendor/onboarding; once set, /vendor/onboarding → /vendor;
 *  - organization without initialSetup + stripe_id → /organization/onboarding; once set up, that
 *    route → /organization; then isApproved not true → /organization/pending-approval; once
 *    approved, that route → /organization.
 */
export const onboardingRedirect = (account: GateAccount, location: string): string | undefined => {
  const { route } = findRoute(location);
  if (!route.meta.requiresAuth) return undefined;
  const path = route.path;
  const onboardingPath = ONBOARDING_PATHS[account.type];
  const pending = needsOnboarding(account);

  if (pending) return path === onboardingPath || (account.type === 'customer' && CUSTOMER_SETUP_PATHS.includes(path)) ? undefined : onboardingPath;

  switch (account.type) {
    case 'customer':
    case 'affiliate':
      return undefined;
    case 'vendor':
      return path === onboardingPath ? VENDOR_HOME_PATH : undefined;
    case 'organization': {
      if (path === onboardingPath) return awaitsApproval(account) ? PENDING_APPROVAL_PATH : ORGANIZATION_HOME_PATH;
      if (awaitsApproval(account)) return path === PENDING_APPROVAL_PATH ? undefined : PENDING_APPROVAL_PATH;
      return path === PENDING_APPROVAL_PATH ? ORGANIZATION_HOME_PATH : undefined;
    }
  }
};

/** After e-mail registration (accounts §4): each type lands on its onboarding route. */
export const afterEmailRegistrationPath = (type: RegistrationType): string => ONBOARDING_PATHS[type];

/** After social registration (accounts §4). */
export const AFTER_SOCIAL_REGISTRATION_PATH = '/';
