import { areaMessages } from './area-messages';
import appointmentsEn from './appointments.en.json';
import appointmentsEs from './appointments.es.json';

/** The appointment screens' texts (src/ui/screens/appointments; English and Spanish), loaded with these screens rather than with the app's first page (tools/budgets.ts). Translated error codes the toasts show stay in the app's catalogue. */
export const appointmentsCatalogues = { en: appointmentsEn, es: appointmentsEs };

export const withAppointmentsMessages = areaMessages('Appointments', appointmentsCatalogues);
