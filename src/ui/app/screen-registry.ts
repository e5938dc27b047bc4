import { authScreens } from '../screens/auth/registry';
import { billingScreens } from '../screens/billing/registry';
import { devScreens } from '../screens/dev/registry';
import { organizationScreens } from '../screens/organization/registry';
import { moneyScreens } from '../screens/money/registry';
import type { ScreenRegistry } from './routing';
import { lazyScreen, type ScreenLoader } from './lazy-screen';

/**
 * The screens the app has, keyed by route name (src/core/routes.ts), each loaded on first use. A route
 * without an entry here (or in the shell's own SHELL_SCREENS) shows 'coming soon'; `npm run
 * routes:status` reads these registries to report what is built.
 */
const dashboard: ScreenLoader = () => import('../screens/notifications/DashboardScreen');
/** One profile page for every account type: facts, change password, phone. */
const profile: ScreenLoader = () => import('../screens/profile/ProfileScreen');
/** The help desk's lists (active, and closed in the past 7 days) for every role with a help desk. */
const helpDeskList: ScreenLoader = () => import('../screens/tickets/HelpDeskListScreen');

/** One ticket and its comments, for every role with a help desk. */
const ticketThread: ScreenLoader = () => import('../screens/tickets/TicketThreadScreen');

/** A new ticket, or a server draft resumed (customer and super). */
const newTicket: ScreenLoader = () => import('../screens/tickets/NewTicketScreen');

/** One appointment, for the customer and the vendor (its actions come from the appointment chart). */
const appointment: ScreenLoader = () => import('../screens/appointments/AppointmentScreen');

/** The shop's screens (one chunk, src/ui/screens/shop/ShopScreens.ts), each by its export name. */
const shopScreen =
  (name: 'ServicesScreen' | 'ServiceScreen' | 'CartScreen' | 'OrderScreen' | 'OrderSuccessScreen'): ScreenLoader =>
  () =>
    import('../screens/shop/ShopScreens').then((module) => ({ default: module[name] }));

export const SCREEN_LOADERS: Readonly<Record<string, ScreenLoader>> = {
  login: () => import('../screens/auth/LoginScreen'),
  logout: () => import('../screens/auth/LogoutScreen'),
  switchAccount: () => import('../screens/auth/SwitchAccountScreen'),
  'customer.dashboard': dashboard,
  'affiliate.dashboard': dashboard,
  'vendor.dashboard': () => import('../screens/appointments/VendorHomeScreen'),
  'customer.profile': profile,
  // the shared profile page and the vendor's own sections (name, bio, organization, hours, payouts)
  'vendor.profile': () => import('../screens/profile/VendorProfileScreen'),
  'affiliate.profile': profile,
  'customer.alert': () => import('../screens/notifications/AlertScreen'),
  'customer.helpDesk': helpDeskList,
  'customer.helpDeskHistory': helpDeskList,
  'vendor.helpDesk': helpDeskList,
  'vendor.helpDeskHistory': helpDeskList,
  'organization.helpDesk': helpDeskList,
  'organization.helpDeskHistory': helpDeskList,
  'admin.helpDesk': helpDeskList,
  'admin.helpDeskHistory': helpDeskList,
  ticketHistory: helpDeskList,
  'customer.ticket': ticketThread,
  'vendor.ticket': ticketThread,
  'organization.ticket': ticketThread,
  'admin.ticket': ticketThread,
  'customer.ticketNew': newTicket,
  'customer.ticketDraft': newTicket,
  'admin.ticketNew': newTicket,
  'admin.ticketDraft': newTicket,
  'customer.appointments': () => import('../screens/appointments/CustomerAppointmentsScreen'),
  'customer.appointment': appointment,
  'vendor.appointments': () => import('../screens/appointments/VendorAppointmentsScreen'),
  'vendor.appointment': appointment,
  // The organization's and super's calendar (issue 9).
  'organization.appointments': () => import('../screens/appointments/TeamAppointmentsScreen'),
  'organization.appointment': appointment,
  'admin.appointment': appointment,
  actionsAppointments: () => import('../screens/appointments/WorkQueueScreens').then((module) => ({ default: module.ActionsScreen })),
  requirements: () => import('../screens/appointments/WorkQueueScreens').then((module) => ({ default: module.RequirementsScreen })),
  'customer.publicReviews': () => import('../screens/reviews/PublicReviewsScreen'),
  'vendor.availability': () => import('../screens/availability/VendorAvailabilityScreen'),
  'admin.appointmentImages': () => import('../screens/appointments/AppointmentImagesScreen'),
  'admin.moveVendorAppointments': () => import('../screens/appointments/MoveVendorAppointmentsScreen'),
  // The shop (issue 8): catalogue, quote, cart, order and its success page, in one chunk.
  'customer.services': shopScreen('ServicesScreen'),
  'customer.service': shopScreen('ServiceScreen'),
  'customer.cart': shopScreen('CartScreen'),
  'customer.order': shopScreen('OrderScreen'),
  'customer.orderSuccess': shopScreen('OrderSuccessScreen'),
};

/** Loaders as screens: each through `lazyScreen` (loading state, the spec's 120 s time-out, Retry). */
export const screensFrom = (loaders: Readonly<Record<string, ScreenLoader>>, timeoutMs?: number): ScreenRegistry =>
  Object.fromEntries(Object.entries(loaders).map(([name, load]) => [name, lazyScreen(load, timeoutMs)]));

/**
 * Every registered screen: the sign-up, SMS and onboarding screens of src/ui/screens/auth/registry.ts, the
 * developer tools of src/ui/screens/dev/registry.ts, the billing screens of src/ui/screens/billing/registry.ts, the approval
 * and team screens of src/ui/screens/organization/registry.ts (/admin among them), then ours — all loaders, all wrapped alike.
 */
export const APP_SCREEN_LOADERS: Readonly<Record<string, ScreenLoader>> = { ...authScreens, ...devScreens, ...billingScreens, ...organizationScreens, ...moneyScreens, ...SCREEN_LOADERS };

export const APP_SCREENS: ScreenRegistry = screensFrom(APP_SCREEN_LOADERS);
