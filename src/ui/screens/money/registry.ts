import type { ScreenLoader } from '../../app/lazy-screen';

/**
 * The organization's money reports (issue 11 "Money"), keyed by route name (src/core/routes.ts), one lazy chunk
 * each. The spec names two routes for each report (the screens payouts and payment transfers of bookings §2, and the
 * menu's view-transfers and view-payouts of accounts §2): both show the same screen. Their chart comes from
 * src/ui/shared/Money.tsx; their texts from src/ui/i18n/money.*.json.
 */
const transfers: ScreenLoader = () => import('./TransfersScreen');
const payouts: ScreenLoader = () => import('./PayoutsScreen');

export const moneyScreens: Readonly<Record<string, ScreenLoader>> = {
  'organization.paymentTransfers': transfers,
  'organization.viewTransfers': transfers,
  'organization.payouts': payouts,
  'organization.viewPayouts': payouts,
};
