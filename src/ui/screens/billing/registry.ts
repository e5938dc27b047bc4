import type { ScreenLoader } from '../../app/lazy-screen';

/**
 * The customer's billing and subscription screens (issue 8), keyed by route name (src/core/routes.ts), one
 * lazy chunk each. Their charts come from src/ui/shared/Billing.tsx (loaded with the first of these screens).
 */
const subscriptions: ScreenLoader = () => import('./SubscriptionsScreen');

export const billingScreens: Readonly<Record<string, ScreenLoader>> = {
  'customer.billing': () => import('./BillingScreen'),
  'customer.subscriptions': subscriptions,
  'customer.manageSubscriptions': subscriptions,
  'customer.subscription': () => import('./SubscriptionScreen'),
  'customer.upcomingInvoice': () => import('./UpcomingInvoiceScreen'),
  'customer.pastInvoice': () => import('./ReceiptScreen'),
  'customer.listInvoices': () => import('./InvoiceListScreen'),
  // Issue 11: invoices written by an organization or super, paid or declined by the customer.
  'customer.viewInvoice': () => import('./InvoiceViewScreen'),
  'organization.viewInvoice': () => import('./InvoiceViewScreen'),
  'organization.listInvoices': () => import('./InvoiceIssuerListScreen'),
  'organization.createInvoice': () => import('./InvoiceWriteScreen'),
  'organization.editInvoice': () => import('./InvoiceWriteScreen'),
  'admin.createInvoice': () => import('./InvoiceWriteScreen'),
};
