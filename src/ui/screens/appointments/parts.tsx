import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'wouter';
import type { Appointment, AppointmentStatus } from '../../../core/model/appointment';
import { personName } from '../../../core/rules/appointment-views';
import type { VisitZone } from '../../../core/rules/visit-time';
import { visitDate, visitTime } from '../../shared/visit-time';
import { Tag } from '../../components/Tag/Tag';
import styles from './Appointments.module.css';

export type T = (id: string, values?: Record<string, string | number>) => string;

export const useT = (): { intl: IntlShape; t: T } => {
  const intl = useIntl();
  return { intl, t: (id, values) => intl.formatMessage({ id }, values) };
};

const TONES: Record<AppointmentStatus, 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info'> = {
  pending: 'info',
  active: 'brand',
  complete: 'success',
  past: 'neutral',
  exception: 'warning',
  suspended: 'warning',
  canceled: 'danger',
  deleted: 'danger',
};

export function StatusTag({ status }: { status: AppointmentStatus }) {
  const { t } = useT();
  return <Tag tone={TONES[status]}>{t(`appointments.status.${status}`)}</Tag>;
}

/**
 * "Tue, Nov 24, 2026 at 9:00 AM" in the person's language, in the visit's zone (`zone`: the appointment or its
 * `time_zone`), with the zone named when the browser's clock reads another time ("9:00 AM CST"): the rule of
 * src/core/rules/visit-time.ts, the same on every screen (src/ui/shared/visit-time.ts).
 */
export const whenOf = (intl: IntlShape, iso: string, zone: VisitZone): string =>
  intl.formatMessage({ id: 'appointments.at' }, { date: visitDate(intl, iso, zone), time: visitTime(intl, iso, zone) });

/** "9:00 AM" (or "9:00 AM CST") of a visit, by the same rule. */
export const timeOf = visitTime;

/** One appointment in a list: the card's fields (service, address, date, vendor or customer), its status. */
export function AppointmentRow({ appointment, href, who, extra }: { appointment: Appointment; href: string; who: 'vendor' | 'customer'; extra?: ReactNode }) {
  const { intl, t } = useT();
  const person = who === 'vendor' ? personName(appointment.vendor_data) || t('appointment.noVendor') : personName(appointment.customer_data);
  return (
    <li className={styles.row}>
      <Link href={href} className={styles.rowLink}>
        <span className={styles.name}>{appointment.service_data.name}</span>
        <span className={styles.meta}>
          <time dateTime={appointment.start_time}>{whenOf(intl, appointment.start_time, appointment)}</time>
        </span>
        {appointment.address_data?.address_formatted ? <span className={styles.meta}>{appointment.address_data.address_formatted}</span> : null}
        <span className={styles.meta}>
          {t(who === 'vendor' ? 'appointment.field.vendor' : 'appointment.field.customer')}: {person}
        </span>
      </Link>
      <span className={styles.tags}>
        {extra}
        <StatusTag status={appointment.status} />
      </span>
    </li>
  );
}
