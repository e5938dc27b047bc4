import { areaMessages } from './area-messages';
import profileEn from './profile.en.json';
import profileEs from './profile.es.json';

/** The texts of the profile pages (src/ui/screens/profile/ProfileScreen.tsx, the vendor's profile section): `profile.*` (English and Spanish), loaded with the components they wrap, not with the app. */
export const profileCatalogues = { en: profileEn, es: profileEs };

export const withProfileMessages = areaMessages('Profile', profileCatalogues);
