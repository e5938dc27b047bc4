import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { appointmentPath, customersOf, filterByCustomer } from '../../../core/rules/appointment-views';
import { selectDay, selectItems, selectListMode, type ListActor } from '../../../machines/features/appointment-list.machine';
import { selectRole } from '../../../machines/flows/session.machine';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { useAppointmentMachines } from '../../shared/Appointments';
import { AppointmentRow, useT } from './parts';
import { DayNav, Timeline, ViewToggle } from './DayView';
import { useListNotices } from './CustomerAppointmentsScreen';
import { AppointmentMessages } from './AppointmentMessages';
import { useAskedDay, useDayViewAddress, useDayViewToday } from './useDayViewAddress';
import styles from './Appointments.module.css';

const ALL = '';

/**
 * The vendor's work schedule (/vendor/appointments, bookings §2): one day at a time — a timeline from 8 AM to
 * 8 PM by default, or a list — with previous and next day and a customer filter. The day, the view and the
 * customer are in the address (?date=&view=list&customer=), so a day can be shared and reloaded. The list chart
 * reloads the day on a live appointment update.
 */
export default function VendorAppointmentsScreen() {
  const { list: machine, now } = useAppointmentMachines();
  const { day, asked } = useAskedDay(now);
  // Without ?date= the schedule opens on the vendor's today as the server counts it (its service area's zone).
  const list = useActorRef(machine, { input: { kind: 'day', day, ...(asked ? {} : { serverToday: true }) } });
  return (
    <AppointmentMessages>
      <Schedule list={list} now={now} />
    </AppointmentMessages>
  );
}

function Schedule({ list, now }: { list: ListActor; now: () => string }) {
  const { t } = useT();
  const today = useDayViewToday(list, now);
  const role = useSessionSelector(selectRole);
  const mode = useSelector(list, selectListMode);
  const items = useSelector(list, selectItems);
  const day = useSelector(list, selectDay);
  const {
    view,
    filters: { customer },
    go,
    showDay,
  } = useDayViewAddress(list, day, ['customer']);
  useListNotices(list);
  const customers = useMemo(() => customersOf(items), [items]);
  const shown = useMemo(() => filterByCustomer(items, customer || undefined), [items, customer]);

  let body;
  if (mode === 'loading') body = <ScreenLoading />;
  else if (mode === 'error')
    body = (
      <div role="alert" className={styles.error}>
        <p>{t('appointments.loadError')}</p>
        <Button variant="text" onClick={() => list.send({ type: 'list.retry' })}>
          {t('appointments.retry')}
        </Button>
      </div>
    );
  else if (view === 'list')
    body =
      shown.length === 0 ? (
        <p className={styles.muted}>{t('vendor.schedule.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {shown.map((a) => (
            <AppointmentRow key={a._id} appointment={a} href={appointmentPath(role, a._id)} who="customer" />
          ))}
        </ul>
      );
  else body = <Timeline visits={shown} viewer={role} label={t('vendor.schedule.timeline')} />;

  return (
    <section className={styles.page} aria-labelledby="schedule-title" aria-busy={mode === 'loading'}>
      <h1 id="schedule-title" className={styles.title}>
        {t('vendor.schedule.title')}
      </h1>
      <div className={styles.toolbar}>
        <DayNav day={day} today={today} label={t('vendor.schedule.title')} onDay={showDay} />
        <ViewToggle view={view} onView={(next) => go({ view: next })} />
        <Dropdown
          label={t('vendor.schedule.customer')}
          options={[{ value: ALL, label: t('vendor.schedule.allCustomers') }, ...customers.map((c) => ({ value: c.id, label: c.name }))]}
          value={customer}
          onChange={(value) => go({ customer: value })}
          width={220}
        />
      </div>
      {body}
    </section>
  );
}
