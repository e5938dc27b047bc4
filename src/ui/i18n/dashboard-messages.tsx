import { areaMessages } from './area-messages';
import dashboardEn from './dashboard.en.json';
import dashboardEs from './dashboard.es.json';

/** The texts of the signed-in dashboards (src/ui/screens/shared/DashboardScreen.tsx): `dashboard.*` (English and Spanish), loaded with the components they wrap, not with the app. */
export const dashboardCatalogues = { en: dashboardEn, es: dashboardEs };

export const withDashboardMessages = areaMessages('Dashboard', dashboardCatalogues);
