import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { Appointment } from '../../../core/model/appointment';
import { appointmentPath, dateHintDays, daysFromToday, localDay, splitUpcomingPast, todayOf } from '../../../core/rules/appointment-views';
import { dayOf } from '../../../core/rules/visit-time';
import { selectItems, selectListMode, type ListActor } from '../../../machines/features/appointment-list.machine';
import { selectRole } from '../../../machines/flows/session.machine';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Tag } from '../../components/Tag/Tag';
import { useToasts } from '../../components/Toasts/useToasts';
import { useAppointmentMachines } from '../../shared/Appointments';
import { AppointmentRow, timeOf, useT } from './parts';
import { AppointmentMessages } from './AppointmentMessages';
import styles from './Appointments.module.css';

/**
 * The customer's appointments (bookings §2): the date hints of today and the next two days (bookings §6),
 * then the upcoming visits and the past ones. The screen creates its own list chart, which reloads on a live
 * appointment update.
 */
export default function CustomerAppointmentsScreen() {
  const machines = useAppointmentMachines();
  const today = dayOf(new Date(machines.now()));
  const list = useActorRef(machines.list, { input: { kind: 'customer', day: today } });
  return (
    <AppointmentMessages>
      <AppointmentList list={list} now={machines.now} />
    </AppointmentMessages>
  );
}

export function useListNotices(list: ListActor) {
  const toasts = useToasts();
  useEffect(() => {
    const notices = list.on('notify', (event) => toasts.show({ kind: event.kind, message: { error: { code: event.code, message: event.message } } }));
    return () => notices.unsubscribe();
  }, [list, toasts]);
}

function AppointmentList({ list, now }: { list: ListActor; now: () => string }) {
  const { intl, t } = useT();
  const role = useSessionSelector(selectRole);
  const mode = useSelector(list, selectListMode);
  const items = useSelector(list, selectItems);
  useListNotices(list);
  const at = now();
  // Today where the visits are (their addresses' zone), so "today" and "tomorrow" are the address's days.
  const today = todayOf(at, items);
  const { upcoming, past } = useMemo(() => splitUpcomingPast(items, at), [items, at]);
  const hintDays = dateHintDays(role, today);

  const row = (a: Appointment) => {
    const hint = daysFromToday(a, today);
    return (
      <AppointmentRow
        key={a._id}
        appointment={a}
        href={appointmentPath(role, a._id)}
        who="vendor"
        extra={hint !== undefined && hintDays.length > 0 && a.status !== 'complete' ? <Tag tone="info">{t(`appointments.hint.${hint}`)}</Tag> : null}
      />
    );
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
  else if (mode === 'empty') body = <EmptyState message={t('appointments.empty')} description={t('appointments.emptyHint')} />;
  else
    body = (
      <>
        {hintDays.length > 0 ? (
          <section aria-labelledby="hints-title">
            <h2 id="hints-title" className={styles.subtitle}>
              {t('appointments.hints.title')}
            </h2>
            <ul className={styles.hints}>
              {hintDays.map((day, n) => {
                const visits = upcoming.filter((a) => localDay(a) === day);
                return (
                  <li key={day} className={styles.hint}>
                    <span className={styles.hintDay}>
                      {t(`appointments.hint.${n}`)} · {intl.formatDate(`${day}T12:00:00`, { weekday: 'short', month: 'short', day: 'numeric' })}
                    </span>
                    <ul>
                      {visits.length === 0 ? <li className={styles.muted}>{t('appointments.hints.none')}</li> : null}
                      {visits.map((a) => (
                        <li key={a._id}>
                          {timeOf(intl, a.start_time, a)} · {a.service_data.name}
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="upcoming-title">
          <h2 id="upcoming-title" className={styles.subtitle}>
            {t('appointments.upcoming')}
          </h2>
          {upcoming.length === 0 ? <p className={styles.muted}>{t('appointments.emptyUpcoming')}</p> : <ul className={styles.list}>{upcoming.map(row)}</ul>}
        </section>
        <section aria-labelledby="past-title">
          <h2 id="past-title" className={styles.subtitle}>
            {t('appointments.past')}
          </h2>
          {past.length === 0 ? <p className={styles.muted}>{t('appointments.emptyPast')}</p> : <ul className={styles.list}>{past.map(row)}</ul>}
        </section>
      </>
    );

  return (
    <section className={styles.page} aria-labelledby="appointments-title" aria-busy={mode === 'loading'}>
      <h1 id="appointments-title" className={styles.title}>
        {t('appointments.title')}
      </h1>
      {body}
    </section>
  );
}
