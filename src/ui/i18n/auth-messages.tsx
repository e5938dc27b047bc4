import { areaMessages } from './area-messages';
import authEn from './auth.en.json';
import authEs from './auth.es.json';

/**
 * The texts of the sign-up and SMS-confirmation screens, the profile pages' phone and change-password panels, and the
 * logout and account-switch screens (English and Spanish): `auth.register.*`, `auth.phone.*`, `auth.changePassword.*`
 * and three status texts, loaded with the components they wrap, not with the app. The login screen's own texts (its
 * password forms, `auth.field.*`, the e-mail and name fields the other flows share) stay in en.json.
 */
export const authCatalogues = { en: authEn, es: authEs };

export const withAuthMessages = areaMessages('Auth', authCatalogues);
