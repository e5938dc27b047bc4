import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { appointmentPath, customersOf, filterByCustomer, filterByVendor, personName, teamColumns, vendorsOf } from '../../../core/rules/appointment-views';
import { selectDay, selectItems, selectListMode, selectVendors, type ListActor } from '../../../machines/features/appointment-list.machine';
import { selectAccount, selectRole } from '../../../machines/flows/session.machine';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { useAppointmentMachines } from '../../shared/Appointments';
import { AppointmentRow, useT } from './parts';
import { useListNotices } from './CustomerAppointmentsScreen';
import { AppointmentMessages } from './AppointmentMessages';
import { DayNav, Timeline, ViewToggle } from './DayView';
import { useAskedDay, useDayViewAddress, useDayViewToday } from './useDayViewAddress';
import styles from './Appointments.module.css';

const ALL = '';

/**
 * The organization's day (/organization/appointments, bookings §2): a column per vendor of the team (the
 * vendor's own timeline, shared with /vendor/appointments), or a list; previous and next day; customer and
 * vendor filters. The day, view and filters are in the address (?date=&view=list&customer=&vendor=); without a
 * ?date= it opens on the organization's today as the server counts it (its service area's zone). At 360 px
 * the columns scroll inside their own region; the page never scrolls sideways. Live updates reload the day.
 */
export default function TeamAppointmentsScreen() {
  const { list: machine, now } = useAppointmentMachines();
  const account = useSessionSelector(selectAccount);
  const { day, asked } = useAskedDay(now);
  // Without ?date= the day opens on the organization's today as the server counts it (its service area's zone).
  const list = useActorRef(machine, { input: { kind: 'team', day, ...(account?._id ? { owner: account._id } : {}), ...(asked ? {} : { serverToday: true }) } });
  return (
    <AppointmentMessages>
      <TeamDay list={list} now={now} />
    </AppointmentMessages>
  );
}

function TeamDay({ list, now }: { list: ListActor; now: () => string }) {
  const { t } = useT();
  const today = useDayViewToday(list, now);
  const role = useSessionSelector(selectRole);
  const mode = useSelector(list, selectListMode);
  const items = useSelector(list, selectItems);
  const team = useSelector(list, selectVendors);
  const day = useSelector(list, selectDay);
  const {
    view,
    filters: { customer, vendor },
    go,
    showDay,
  } = useDayViewAddress(list, day, ['customer', 'vendor']);
  useListNotices(list);
  const customers = useMemo(() => customersOf(items), [items]);
  const vendors = useMemo(() => vendorsOf(team, items), [team, items]);
  const shown = useMemo(() => filterByVendor(filterByCustomer(items, customer || undefined), vendor || undefined), [items, customer, vendor]);
  const columns = useMemo(() => teamColumns(team, shown, vendor || undefined), [team, shown, vendor]);

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
            <AppointmentRow
              key={a._id}
              appointment={a}
              href={appointmentPath(role, a._id)}
              who="customer"
              extra={<span className={styles.meta}>{personName(a.vendor_data) || t('appointment.noVendor')}</span>}
            />
          ))}
        </ul>
      );
  else
    body =
      columns.length === 0 ? (
        <p className={styles.muted}>{t('team.schedule.noVendors')}</p>
      ) : (
        <div className={styles.columns} role="region" aria-label={t('team.schedule.columns')} tabIndex={0}>
          {columns.map((c) => {
            const name = c.id ? c.name : t('appointment.noVendor');
            return (
              <section key={c.id ?? 'none'} className={styles.column} aria-label={name}>
                <h2 className={styles.columnTitle}>{name}</h2>
                <Timeline visits={c.visits} viewer={role} label={t('team.schedule.timelineOf', { name })} compact />
              </section>
            );
          })}
        </div>
      );

  return (
    <section className={styles.wide} aria-labelledby="team-schedule-title" aria-busy={mode === 'loading'}>
      <h1 id="team-schedule-title" className={styles.title}>
        {t('team.schedule.title')}
      </h1>
      <div className={styles.toolbar}>
        <DayNav day={day} today={today} label={t('team.schedule.title')} onDay={showDay} />
        <ViewToggle view={view} onView={(next) => go({ view: next })} />
        <Dropdown
          label={t('team.schedule.vendor')}
          options={[{ value: ALL, label: t('team.schedule.allVendors') }, ...vendors.map((v) => ({ value: v.id, label: v.name }))]}
          value={vendor}
          onChange={(value) => go({ vendor: value })}
          width={220}
        />
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
