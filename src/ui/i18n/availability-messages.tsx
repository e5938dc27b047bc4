import { areaMessages } from './area-messages';
import availabilityEn from './availability.en.json';
import availabilityEs from './availability.es.json';

/** The texts of the vendor's availability screen (src/ui/screens/availability/VendorAvailabilityScreen.tsx): `availability.*` (English and Spanish), loaded with the components they wrap, not with the app. */
export const availabilityCatalogues = { en: availabilityEn, es: availabilityEs };

export const withAvailabilityMessages = areaMessages('Availability', availabilityCatalogues);
