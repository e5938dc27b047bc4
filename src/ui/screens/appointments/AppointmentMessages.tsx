import type { ReactNode } from 'react';
import { AreaMessages } from '../../i18n/area-messages';
import { appointmentsCatalogues } from '../../i18n/appointments-messages';

/**
 * The appointment screens' own texts (src/ui/i18n/appointments.{en,es}.json) added to the app's catalogue for these
 * screens only: they travel in the screens' lazy chunks, not in the first paint of every page (tools/budgets.ts).
 */
export function AppointmentMessages({ children }: { children: ReactNode }) {
  return <AreaMessages catalogues={appointmentsCatalogues}>{children}</AreaMessages>;
}
