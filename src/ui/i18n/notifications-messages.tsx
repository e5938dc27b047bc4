import { areaMessages } from './area-messages';
import notificationsEn from './notifications.en.json';
import notificationsEs from './notifications.es.json';

/** The texts of the signed-in dashboards (src/ui/screens/notifications/DashboardScreen.tsx): `dashboard.*` (English and Spanish), loaded with the components they wrap, not with the app. */
export const notificationsCatalogues = { en: notificationsEn, es: notificationsEs };

export const withNotificationsMessages = areaMessages('Dashboard', notificationsCatalogues);
