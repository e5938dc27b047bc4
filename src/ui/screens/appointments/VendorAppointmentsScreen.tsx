import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { appointmentPath, customersOf, dayOf, filterByCustomer } from '../../../core/rules/appointment-views';
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
import styles from './Appointments.module.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ALL = '';

/**
 * The vendor's work schedule (/vendor/appointments, bookings §2): one day at a time — a timeline from 8 AM to
 * 8 PM by default, or a list — with previous and next day and a customer filter. The day, the view and the
 * customer are in the address (?date=&view=list&customer=), so a day can be shared and reloaded. The list chart
 * reloads the day on a live appointment update.
 */
export default function VendorAppointmentsScreen() {
  const { list: machine, now } = useAppointmentMachines();
  const search = new URLSearchParams(useSearch());
  const asked = search.get('date') ?? '';
  const day = DAY.test(asked) ? asked : dayOf(new Date(now()));
  const list = useActorRef(machine, { input: { kind: 'day', day } });
  return (
    <AppointmentMessages>
      <Schedule list={list} today={dayOf(new Date(now()))} />
    </AppointmentMessages>
  );
}

function Schedule({ list, today }: { list: ListActor; today: string }) {
  const { t } = useT();
  const role = useSessionSelector(selectRole);
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const view = search.get('view') === 'list' ? 'list' : 'day';
  const customer = search.get('customer') ?? ALL;
  const mode = useSelector(list, selectListMode);
  const items = useSelector(list, selectItems);
  const day = useSelector(list, selectDay);
  useListNotices(list);
  const customers = useMemo(() => customersOf(items), [items]);
  const shown = useMemo(() => filterByCustomer(items, customer || undefined), [items, customer]);

  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams({ date: day, view, customer, ...changes });
    for (const [key, value] of [...next]) if (!value || (key === 'view' && value === 'day')) next.delete(key);
    navigate(`/vendor/appointments?${next.toString()}`, { replace: true });
  };
  const showDay = (next: string) => {
    list.send({ type: 'list.showDay', day: next });
    go({ date: next, customer: ALL });
  };

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
