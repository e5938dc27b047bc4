import type { ScreenLoader } from '../../app/lazy-screen';

/**
 * The approval and team screens (issue 11), keyed by route name (src/core/routes.ts), one lazy chunk each. Their
 * charts come from src/ui/shared/Organization.tsx (loaded with the first of these screens); their texts from
 * src/ui/i18n/organization.*.json.
 */
export const organizationScreens: Readonly<Record<string, ScreenLoader>> = {
  'admin.dashboard': () => import('./AdminDashboardScreen'),
  'admin.organization.tab': () => import('./AdminOrganizationScreen'),
  'organization.vendors': () => import('./VendorsScreen'),
  'organization.vendorNew': () => import('./VendorNewScreen'),
  'organization.vendor': () => import('./VendorScreen'),
  'organization.dashboard': () => import('./OrganizationDashboardScreen'),
  'organization.profile': () => import('./OrganizationProfileScreen'),
};
