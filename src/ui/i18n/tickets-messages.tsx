import { areaMessages } from './area-messages';
import ticketsEn from './tickets.en.json';
import ticketsEs from './tickets.es.json';

/**
 * The texts of the help-desk screens (src/ui/screens/tickets): `helpdesk.*`, English and Spanish, kept out of the
 * app's first chunk, since only those screens import them (/login's first paint, tools/budgets.ts; docs/performance.md). A screen is wrapped with
 * `withTicketsMessages`, which adds them to the app's catalogue for the current language (as `withShopMessages`).
 */
export const ticketsCatalogues = { en: ticketsEn, es: ticketsEs };

export const withTicketsMessages = areaMessages('Tickets', ticketsCatalogues);
